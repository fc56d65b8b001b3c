package hybridrag_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/openai"
	"github.com/hybridrag/hybridrag/hybridragtest"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/loader"
)

// webinarVTT is a four-minute talk: Alice on the pump until 2:10, Bob on
// the seal after. The priming sentence is in the cue at 1:05.
const webinarVTT = `WEBVTT - Pump webinar

NOTE recorded 2026-06-01

intro
00:00:01.000 --> 00:00:09.000
<v Alice>Welcome to the pump maintenance webinar.

00:00:09.000 --> 00:00:30.000
<v Alice>Today we cover the centrifugal pump in the plant room.

00:00:30.000 --> 00:01:05.000
<v Alice>Before anything else, close the discharge valve.

00:01:05.000 --> 00:01:40.000
<v Alice>Priming the pump casing with water takes about four minutes.

00:01:40.000 --> 00:02:10.000
<v Alice>Never run the pump dry, the impeller overheats within seconds.

00:02:10.000 --> 00:02:50.000
<v Bob>Thanks Alice. Let me talk about the mechanical seal.

00:02:50.000 --> 00:03:30.000
<v Bob>The mechanical seal should be replaced every eighteen months.

00:03:30.000 --> 00:04:00.000
<v Bob>Keep a spare seal kit on the shelf next to the pump.
`

func indexWebinar(t *testing.T, p *hybridrag.Pipeline) []store.Document {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "webinar.vtt"), []byte(webinarVTT), 0o600))
	var docs []store.Document
	require.NoError(t, loader.LoadDir(dir, func(d store.Document) error { docs = append(docs, d); return nil }))
	require.Len(t, docs, 1)
	stats, err := p.Index(context.Background(), docs...)
	require.NoError(t, err)
	require.Equal(t, 1, stats.New)
	require.GreaterOrEqual(t, stats.Chunks, 2, "a four-minute talk with a turn at 2:10 is at least two chunks")
	return docs
}

func TestTranscriptEndToEndExtractive(t *testing.T) {
	p := newPipeline(t, hybridrag.Config{})
	docs := indexWebinar(t, p)

	// Indexing the same transcript again changes nothing: the chunks' own
	// time keys are not document metadata.
	stats, err := p.Index(context.Background(), docs...)
	require.NoError(t, err)
	require.Equal(t, 1, stats.Unchanged)
	require.Zero(t, stats.Written)

	ans, err := p.Ask(context.Background(), hybridrag.Request{Question: "How long does priming the pump casing take?"})
	require.NoError(t, err)
	require.False(t, ans.Refused(), ans.Answer)
	require.Contains(t, ans.Answer, "four minutes")

	var cited *hybridrag.AnswerSource
	for i := range ans.Sources {
		if ans.Sources[i].Cited && strings.Contains(ans.Sources[i].Text, "four minutes") {
			cited = &ans.Sources[i]
		}
	}
	require.NotNil(t, cited, "%+v", ans.Sources)
	require.NotNil(t, cited.Start)
	require.NotNil(t, cited.End)
	require.LessOrEqual(t, *cited.Start, 65.0)
	require.Equal(t, 100.0, *cited.End)
	require.Equal(t, []string{"Alice"}, cited.Speakers)
	require.Equal(t, "1:05", cited.Time, "the time of the cue that supports the answer, not the chunk's start")

	// The rendered answer cites the moment; the Sources block gives the span.
	require.Contains(t, ans.Text, "[source: webinar.vtt, t=1:05]")
	// The first chunk ends where the next cue would pass the two-minute window.
	require.Contains(t, ans.Text, "webinar.vtt, t=0:01–1:40 (Alice)")

	raw, err := json.Marshal(ans)
	require.NoError(t, err)
	require.Contains(t, string(raw), `"start":1,"end":100,"speakers":["Alice"],"time":"1:05"`)

	// Retrieval-only output carries the time too.
	res, err := p.Retrieve(context.Background(), hybridrag.Request{Question: "mechanical seal replacement interval"})
	require.NoError(t, err)
	srcs := hybridrag.Sources(res.Sources)
	require.NotEmpty(t, srcs)
	require.NotNil(t, srcs[0].Start)
	require.Equal(t, []string{"Bob"}, srcs[0].Speakers)
	require.Equal(t, "2:10", srcs[0].Time)

	// Reindexing re-embeds the chunks as they are: times and all.
	_, err = p.Reindex(context.Background(), hybridrag.ReindexOptions{})
	require.NoError(t, err)
	res, err = p.Retrieve(context.Background(), hybridrag.Request{Question: "mechanical seal replacement interval"})
	require.NoError(t, err)
	again := hybridrag.Sources(res.Sources)
	require.Equal(t, srcs[0].Start, again[0].Start)
	require.Equal(t, srcs[0].Speakers, again[0].Speakers)
	stats, err = p.Index(context.Background(), docs...)
	require.NoError(t, err)
	require.Equal(t, 1, stats.Unchanged, "still the document that was indexed")
}

func TestTranscriptEndToEndOpenAI(t *testing.T) {
	var prompt string
	reply := ""
	srv := hybridragtest.NewOpenAIServer(t, func(msgs []generate.Message) string {
		prompt = msgs[0].Content
		return reply
	})
	g, err := openai.New(openai.Options{APIKey: "test", BaseURL: srv.BaseURL()})
	require.NoError(t, err)
	p := newPipeline(t, hybridrag.Config{Generator: g})
	indexWebinar(t, p)

	ask := func(answer string) *hybridrag.Answer {
		t.Helper()
		reply = answer
		ans, err := p.Ask(context.Background(), hybridrag.Request{Question: "How often should the mechanical seal be replaced?"})
		require.NoError(t, err)
		return ans
	}

	ans := ask("The mechanical seal should be replaced every eighteen months [source: webinar.vtt, t=2:50].")
	require.Contains(t, prompt, "Time: 2:10–4:00 (cite a moment as [S", "the prompt shows the time range")
	require.Contains(t, prompt, "Speakers: Bob")
	require.False(t, ans.Refused(), ans.Answer)
	require.Len(t, ans.Citations, 1)
	var src hybridrag.AnswerSource
	for _, s := range ans.Sources {
		if s.ID == ans.Citations[0] {
			src = s
		}
	}
	require.Contains(t, src.Text, "eighteen months")
	require.Equal(t, "2:50", src.Time)
	require.Contains(t, ans.Text, "[source: webinar.vtt, t=2:50]", "the model's own time marker is kept")
	require.Equal(t, 1.0, ans.Metadata.AttributionCoverage)

	// The same answer cited by label validates the same way.
	byLabel := ask("The mechanical seal should be replaced every eighteen months [" + src.ID + "].")
	require.False(t, byLabel.Refused())
	require.Equal(t, ans.Citations, byLabel.Citations)

	// A time outside every retrieved chunk of the talk, or an unknown
	// title, is no citation: nothing supported is left.
	for _, bad := range []string{
		"The mechanical seal should be replaced every eighteen months [source: webinar.vtt, t=9:30].",
		"The mechanical seal should be replaced every eighteen months [source: boiler talk, t=2:50].",
	} {
		a := ask(bad)
		require.Empty(t, a.Citations, bad)
		require.True(t, a.Refused(), "%s: %s", bad, a.Answer)
	}
}
