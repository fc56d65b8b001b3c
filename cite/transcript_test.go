package cite

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

func timed(id, doc, title string, start, end time.Duration, speakers ...string) retrieve.Source {
	c := store.Chunk{ID: id, DocumentID: doc, Source: doc, Title: title, Text: "text of " + id}
	c.SetTimeSpan(store.TimeSpan{Start: start, End: end, Speakers: speakers,
		Cues: []store.Cue{{Offset: 0, Time: start}, {Offset: 5, Time: start + 20*time.Second}}})
	return retrieve.Source{Chunk: c, Relevance: 0.7}
}

// transcriptSources: two chunks of a webinar (0:00–2:00, 2:00–3:30), a
// manual page, a chunk of a second recording whose title has a comma.
func transcriptSources() []retrieve.Source {
	return []retrieve.Source{
		timed("w0", "talks/webinar.vtt", "Pump webinar", 0, 2*time.Minute, "Alice"),
		timed("w1", "talks/webinar.vtt", "Pump webinar", 2*time.Minute, 3*time.Minute+30*time.Second, "Alice", "Bob"),
		{Chunk: store.Chunk{ID: "m0", DocumentID: "manual.md", Source: "manual.md", Title: "Manual", Page: 2}},
		timed("q0", "qa.srt", "Q&A, part 2", time.Hour, time.Hour+90*time.Second),
	}
}

func TestExtractTimeQualifier(t *testing.T) {
	for _, tc := range []struct {
		name, answer string
		want         []cit
		invalid      int
	}{
		{"title and time in the first chunk", "Prime it [source: Pump webinar, t=1:05].", []cit{{"Pump webinar, t=1:05", 0}}, 0},
		{"title and time in the second chunk", "Prime it [source: Pump webinar, t=2:34].", []cit{{"Pump webinar, t=2:34", 1}}, 0},
		{"case, spaces and seconds", "X [SOURCE: pump WEBINAR , T = 150s].", []cit{{"pump WEBINAR , T = 150s", 1}}, 0},
		{"fractions and hours", "X [source: Pump webinar, t=0:03:10.5].", []cit{{"Pump webinar, t=0:03:10.5", 1}}, 0},
		{"bare clock", "X [source: Pump webinar, 0:45].", []cit{{"Pump webinar, 0:45", 0}}, 0},
		{"file name without extension", "X [source: webinar, t=3:00].", []cit{{"webinar, t=3:00", 1}}, 0},
		{"path", "X [source: talks/webinar.vtt, t=0:10].", []cit{{"talks/webinar.vtt, t=0:10", 0}}, 0},
		{"title with a comma", "X [source: Q&A, part 2, t=1:00:30].", []cit{{"Q&A, part 2, t=1:00:30", 3}}, 0},
		{"a second written without its fraction", "X [source: Pump webinar, t=3:31].", []cit{{"Pump webinar, t=3:31", 1}}, 0},
		{"label with time", "X [S2, t=2:10].", []cit{{"S2, t=2:10", 1}}, 0},
		{"two sources, one timed", "X [source: Pump webinar, t=0:30; manual.md].", []cit{{"Pump webinar, t=0:30", 0}, {"manual.md", 2}}, 0},

		{"time outside every retrieved chunk", "X [source: Pump webinar, t=9:00].", []cit{{"Pump webinar, t=9:00", -1}}, 1},
		{"unknown title", "X [source: Boiler webinar, t=1:00].", []cit{{"Boiler webinar, t=1:00", -1}}, 1},
		{"time on a document that is no transcript", "X [source: Manual, t=1:00].", []cit{{"Manual, t=1:00", -1}}, 1},
		{"label with a time outside it", "X [S1, t=2:30].", []cit{{"S1, t=2:30", -1}}, 1},
		{"label of a non-transcript with a time", "X [S3, t=0:01].", []cit{{"S3, t=0:01", -1}}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ex := Extract(tc.answer, transcriptSources())
			var got []cit
			for _, c := range ex.Citations {
				got = append(got, cit{c.Ref, c.Source})
			}
			require.Equal(t, tc.want, got)
			require.Equal(t, tc.invalid, ex.Invalid)
		})
	}
}

// A time that is not a qualifier leaves ordinary markers alone.
func TestExtractTimeNotAQualifier(t *testing.T) {
	ex := Extract("Set it to 12:30 [S3]. See [t=1:00] and [12:34].", transcriptSources())
	require.Equal(t, []int{2}, ex.Cited)
	require.Len(t, ex.Citations, 1)
}

func TestRenderTimes(t *testing.T) {
	srcs := transcriptSources()
	answer := "Prime the pump first [S1]. Bob agreed [S2, S3]. See the manual [S3]. Range [S1-S2]. Bad [S9]. Own [source: Pump webinar, t=2:01]."
	ex := Extract(answer, srcs)
	at := func(c Citation) time.Duration {
		ts, _ := srcs[c.Source].Chunk.TimeSpan()
		return ts.CueAt(5) // the second cue
	}
	got := RenderTimes(answer, ex, srcs, at)
	require.Equal(t, "Prime the pump first [source: Pump webinar, t=0:20]. Bob agreed [source: Pump webinar, t=2:20][S3]. "+
		"See the manual [S3]. Range [source: Pump webinar, t=0:20][source: Pump webinar, t=2:20]. Bad [S9]. "+
		"Own [source: Pump webinar, t=2:01].", got)

	// What is rendered parses back to the same sources.
	again := Extract(got, srcs)
	require.Equal(t, ex.Cited, again.Cited)
	require.Equal(t, ex.Invalid, again.Invalid)

	// nil at: the chunk's start.
	require.Equal(t, "X [source: Pump webinar, t=2:00].", RenderTimes("X [S2].", Extract("X [S2].", srcs), srcs, nil))
	// Nothing to rewrite: the same string.
	require.Equal(t, "X [S3].", RenderTimes("X [S3].", Extract("X [S3].", srcs), srcs, nil))
}

func TestTimeMarkerNames(t *testing.T) {
	s := timed("x", "d.vtt", "Intro [draft]", 61*time.Second, 70*time.Second)
	m := TimeMarker(s, 61*time.Second)
	require.Equal(t, "[source: Intro (draft), t=1:01]", m)
	s.Chunk.Title = ""
	require.Equal(t, "[source: d.vtt, t=1:01]", TimeMarker(s, 61*time.Second))
	require.Equal(t, []int{0}, Extract("Y "+TimeMarker(s, 65*time.Second), []retrieve.Source{s}).Cited)
	s.Chunk.Title = "Intro [draft]"
	require.Equal(t, []int{0}, Extract("Y "+TimeMarker(s, 65*time.Second), []retrieve.Source{s}).Cited, "a title with brackets round-trips")
}

func TestSourceLineTranscript(t *testing.T) {
	srcs := transcriptSources()
	require.Equal(t, "[S2] Pump webinar, t=2:00–3:30 (Alice, Bob) (score: 0.70)", SourceLine(1, srcs[1]))
	require.Equal(t, "[S4] Q&A, part 2, t=1:00:00–1:01:30 (score: 0.70)", SourceLine(3, srcs[3]))
}
