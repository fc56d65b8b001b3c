package generate

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

func TestBuildTranscriptHeader(t *testing.T) {
	talk := testSource("talk", "Alice: Prime the pump before the first start.")
	talk.Chunk.Title = "Pump [webinar]"
	talk.Chunk.SetTimeSpan(store.TimeSpan{Start: 62 * time.Second, End: 130 * time.Second, Speakers: []string{"Alice", "Bob"}})
	quiet := testSource("quiet", "Nobody speaks here.")
	quiet.Chunk.SetTimeSpan(store.TimeSpan{Start: time.Hour, End: time.Hour + 5*time.Second})
	plain := testSource("faq", "Backups run nightly.")

	b := newTestBuilder(t, ContextOptions{})
	p, err := b.Build(t.Context(), BuildRequest{Question: "How do I prime it?", Sources: []retrieve.Source{talk, quiet, plain}})
	require.NoError(t, err)
	want := "<<<SOURCE S1 nonce=3f9c0a1b2d4e>>>\n" +
		"Document: Pump [webinar]\n" +
		"Time: 1:02–2:10 (cite a moment as [S1] or [source: Pump (webinar), t=M:SS] within this range)\n" +
		"Speakers: Alice, Bob\n" +
		"\n" +
		"Alice: Prime the pump before the first start.\n" +
		"<<<END S1 nonce=3f9c0a1b2d4e>>>\n" +
		"\n" +
		"<<<SOURCE S2 nonce=3f9c0a1b2d4e>>>\n" +
		"Document: docs/quiet.md\n" +
		"Time: 1:00:00–1:00:05 (cite a moment as [S2] or [source: docs/quiet.md, t=M:SS] within this range)\n" +
		"\n" +
		"Nobody speaks here.\n" +
		"<<<END S2 nonce=3f9c0a1b2d4e>>>\n" +
		"\n" +
		"<<<SOURCE S3 nonce=3f9c0a1b2d4e>>>\n" +
		"Document: docs/faq.md\n" +
		"\n" +
		"Backups run nightly.\n" +
		"<<<END S3 nonce=3f9c0a1b2d4e>>>"
	require.Equal(t, want, contextBlock(t, DefaultTemplate(), p.Messages[0].Content))
}
