package hybridragtest

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// storeTranscript checks that a transcript's chunks keep their own time
// spans (store.Chunk.TimeSpan, kept in Metadata.Extra next to the
// document's own extras) through a write and every read, and that the
// stored document still compares equal to the one written.
func storeTranscript(t *testing.T, newStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	s := newStore(t)
	talk := suiteDoc{tenant: "t1", id: "talk.vtt", title: "Pump webinar",
		texts: []string{"Alice: prime the pump, quokka.", "Bob: replace the seal, quokka.", "Alice: thanks, quokka."},
		meta:  store.Metadata{SourceType: "transcript", Extra: map[string]string{"channel": "ops"}}}
	e := talk.entry()
	spans := []store.TimeSpan{
		{Start: 0, End: 65500 * time.Millisecond, Speakers: []string{"Alice"}, Cues: []store.Cue{{Offset: 0, Time: 0}, {Offset: 7, Time: 30 * time.Second}}},
		{Start: 65500 * time.Millisecond, End: 3 * time.Minute, Speakers: []string{"Bob", "Alice, Jr."}, Cues: []store.Cue{{Offset: 0, Time: 65500 * time.Millisecond}}},
		{Start: time.Hour, End: time.Hour + time.Second},
	}
	for i := range e.Chunks {
		e.Chunks[i].SetTimeSpan(spans[i])
	}
	require.NoError(t, s.Put(ctx, e))

	checkHits := func(hits []store.Hit) {
		t.Helper()
		require.Len(t, hits, len(spans))
		for _, h := range hits {
			requireSameChunk(t, e.Chunks[h.Chunk.Index], h.Chunk)
			ts, ok := h.Chunk.TimeSpan()
			require.True(t, ok, "chunk %d lost its time span", h.Chunk.Index)
			require.Equal(t, spans[h.Chunk.Index], ts)
			require.Equal(t, "ops", h.Chunk.Metadata.Extra["channel"], "the document's own extras stay")
		}
	}
	f := store.Filter{TenantID: "t1"}
	hits, err := s.SearchKeyword(ctx, "quokka", 10, f)
	require.NoError(t, err)
	checkHits(hits)
	hits, err = s.SearchVector(ctx, suiteVector(talk.texts[1]), 10, f)
	require.NoError(t, err)
	checkHits(hits)
	if sc, ok := s.(store.Scanner); ok {
		for _, got := range scanAll(t, sc, f) {
			requireSameChunk(t, e.Chunks[got.chunk.Index], got.chunk)
		}
	}
	if dl, ok := s.(store.DocumentLister); ok {
		infos, err := dl.LookupDocuments(ctx, "t1", "", "talk.vtt")
		require.NoError(t, err)
		require.Len(t, infos, 1)
		require.True(t, infos[0].Same(&e.Document), "per-chunk time keys must not make a stored transcript differ from its document: %+v", infos[0].Metadata)
	}
}
