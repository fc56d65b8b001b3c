package chunker

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

type tcue struct {
	speaker    string
	start, dur float64 // seconds
	text       string
}

// transcriptDoc lays cues out as the transcript loaders do: a paragraph
// per turn with a "Speaker: " label, one Section per cue.
func transcriptDoc(cues []tcue) store.Document {
	var b strings.Builder
	var secs []store.Section
	for i, c := range cues {
		turn := i == 0 || c.speaker != cues[i-1].speaker
		if i > 0 {
			if turn {
				b.WriteString("\n\n")
			} else {
				b.WriteByte(' ')
			}
		}
		start := b.Len()
		if turn && c.speaker != "" {
			b.WriteString(c.speaker + ": ")
		}
		b.WriteString(c.text)
		if len(secs) > 0 {
			secs[len(secs)-1].End = start
		}
		ts := &store.TimeSpan{Start: time.Duration(c.start * float64(time.Second)), End: time.Duration((c.start + c.dur) * float64(time.Second))}
		if c.speaker != "" {
			ts.Speakers = []string{c.speaker}
		}
		secs = append(secs, store.Section{Start: start, Time: ts})
	}
	b.WriteByte('\n')
	secs[len(secs)-1].End = b.Len()
	return store.Document{ID: "talk.vtt", Title: "Talk", Text: b.String(), Sections: secs}
}

// monologue is n cues of dur seconds by speaker from start on.
func monologue(speaker string, start float64, n int, dur float64) []tcue {
	out := make([]tcue, n)
	for i := range out {
		out[i] = tcue{speaker, start + float64(i)*dur, dur, strings.TrimSpace(fmt.Sprintf("%s says thing %d about the pump.", speaker, i))}
	}
	return out
}

func cat(parts ...[]tcue) []tcue {
	var out []tcue
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// cueBounds are the trimmed spans of the cues.
func cueBounds(doc store.Document) (starts, ends map[int]bool) {
	starts, ends = map[int]bool{}, map[int]bool{}
	for i, s := range doc.Sections {
		e := len(doc.Text)
		if i+1 < len(doc.Sections) {
			e = doc.Sections[i+1].Start
		}
		starts[s.Start] = true
		ends[len(strings.TrimRight(doc.Text[:e], " \n"))] = true
	}
	return starts, ends
}

func TestSplitTimed(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cues  []tcue
		opts  Options
		spans [][2]float64 // expected chunk times, seconds
		who   [][]string
	}{
		{
			name:  "breaks at the speaker change once a minute is reached",
			cues:  cat(monologue("Alice", 0, 14, 5), monologue("Bob", 70, 6, 5)),
			spans: [][2]float64{{0, 70}, {70, 100}},
			who:   [][]string{{"Alice"}, {"Bob"}},
		},
		{
			name:  "short turns stay together up to the window",
			cues:  cat(monologue("Alice", 0, 2, 10), monologue("Bob", 20, 2, 10), monologue("Alice", 40, 2, 10)),
			spans: [][2]float64{{0, 60}},
			who:   [][]string{{"Alice", "Bob"}},
		},
		{
			name:  "a long monologue is cut at the two-minute window",
			cues:  monologue("Alice", 0, 60, 5),
			spans: [][2]float64{{0, 120}, {120, 240}, {240, 300}},
			who:   [][]string{{"Alice"}, {"Alice"}, {"Alice"}},
		},
		{
			name: "the token budget moves the cut back to the last speaker change",
			cues: cat(monologue("Alice", 0, 3, 4), monologue("Bob", 12, 6, 4)),
			opts: Options{MaxTokens: 80, MinTokens: 20},
			// Bob's six cues fit in 80 tokens, all nine do not: cut where Bob starts.
			spans: [][2]float64{{0, 12}, {12, 36}},
			who:   [][]string{{"Alice"}, {"Bob"}},
		},
		{
			name:  "no speakers: windows only",
			cues:  monologue("", 0, 30, 10),
			spans: [][2]float64{{0, 120}, {120, 240}, {240, 300}},
			who:   [][]string{nil, nil, nil},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := transcriptDoc(tc.cues)
			chunks, err := Split(doc, tc.opts)
			require.NoError(t, err)
			requireValidChunks(t, doc, tc.opts, chunks)
			starts, ends := cueBounds(doc)
			var spans [][2]float64
			var who [][]string
			for _, c := range chunks {
				require.Equal(t, doc.Text[c.Start:c.End], c.Text)
				require.True(t, starts[c.Start], "chunk %d starts inside a cue: %q", c.Index, c.Text)
				require.True(t, ends[c.End], "chunk %d ends inside a cue: %q", c.Index, c.Text)
				ts, ok := c.TimeSpan()
				require.True(t, ok)
				require.LessOrEqual(t, ts.End-ts.Start, DefaultMaxWindow)
				spans = append(spans, [2]float64{ts.Start.Seconds(), ts.End.Seconds()})
				who = append(who, ts.Speakers)
				// Every recorded cue offset is a cue start with its time.
				for _, q := range ts.Cues {
					require.True(t, starts[c.Start+q.Offset])
				}
				require.Equal(t, ts.Start, ts.Cues[0].Time)
				require.Zero(t, ts.Cues[0].Offset)
				require.Nil(t, c.Heading)
			}
			require.Equal(t, tc.spans, spans)
			require.Equal(t, tc.who, who)
		})
	}
}

func TestSplitTimedLongCue(t *testing.T) {
	long := strings.Repeat("The impeller must be primed before the first start. ", 40)
	doc := transcriptDoc([]tcue{{"Alice", 0, 5, "Hi."}, {"Bob", 5, 300, long}, {"Alice", 305, 2, "Thanks."}})
	chunks, err := Split(doc, Options{MaxTokens: 100})
	require.NoError(t, err)
	require.Greater(t, len(chunks), 3)
	for _, c := range chunks[1 : len(chunks)-1] {
		ts, ok := c.TimeSpan()
		require.True(t, ok)
		require.Equal(t, [2]time.Duration{5 * time.Second, 305 * time.Second}, [2]time.Duration{ts.Start, ts.End})
		require.Equal(t, []string{"Bob"}, ts.Speakers)
		require.LessOrEqual(t, c.Tokens, 100)
	}
}

// Sections out of order, or text before the first cue, still yield whole
// cues in text order.
func TestSplitTimedUnorderedSections(t *testing.T) {
	doc := transcriptDoc(monologue("Ann", 0, 3, 5))
	doc.Text = "Intro line.\n\n" + doc.Text
	for i := range doc.Sections {
		doc.Sections[i].Start += 13
		doc.Sections[i].End += 13
	}
	doc.Sections[0], doc.Sections[2] = doc.Sections[2], doc.Sections[0]
	chunks, err := Split(doc, Options{})
	require.NoError(t, err)
	require.Len(t, chunks, 1)
	require.True(t, strings.HasPrefix(chunks[0].Text, "Intro line."))
	ts, _ := chunks[0].TimeSpan()
	require.Equal(t, 15*time.Second, ts.End)
}

// FuzzSplitTimed cuts arbitrary text into cues at arbitrary rune
// boundaries with arbitrary (valid) times and speakers: chunks keep every
// Split invariant, carry a time span inside the cues' times, and start at
// a cue unless a single cue had to be split.
func FuzzSplitTimed(f *testing.F) {
	f.Add("Alice: hi there. Bob: yes. Alice: more words here, and more.", []byte{5, 9, 3, 200, 7, 1})
	f.Add(strings.Repeat("long cue text without a break ", 40), []byte{1, 255, 0})
	f.Add("日本語のテキスト。 😀 x", []byte{2, 2, 2, 2})
	f.Fuzz(func(t *testing.T, text string, cuts []byte) {
		if !utf8.ValidString(text) || strings.TrimSpace(text) == "" || len(cuts) == 0 {
			return
		}
		var secs []store.Section
		pos, at := 0, time.Duration(0)
		for k, b := range cuts {
			if pos >= len(text) {
				break
			}
			end := min(len(text), pos+1+int(b)%24)
			for end < len(text) && !utf8.RuneStart(text[end]) {
				end++
			}
			dur := time.Duration(b) * 700 * time.Millisecond
			ts := &store.TimeSpan{Start: at, End: at + dur}
			if b%3 != 0 {
				ts.Speakers = []string{[]string{"A", "B"}[k%2]}
			}
			secs = append(secs, store.Section{Start: pos, End: end, Time: ts})
			pos, at = end, at+dur/2
		}
		secs[len(secs)-1].End = len(text)
		doc := store.Document{ID: "fuzz", Text: text, Sections: secs}
		opts := Options{MaxTokens: 16 + int(cuts[0])%48, MaxWindow: time.Duration(1+int(cuts[len(cuts)-1])%120) * time.Second}
		opts.TargetTokens, opts.MinTokens, opts.MinWindow = opts.MaxTokens, opts.MaxTokens/2, opts.MaxWindow/2
		chunks, err := Split(doc, opts)
		require.NoError(t, err)
		requireValidChunks(t, doc, opts, chunks)
		for _, c := range chunks {
			ts, ok := c.TimeSpan()
			require.True(t, ok)
			require.GreaterOrEqual(t, ts.Start, time.Duration(0))
			require.LessOrEqual(t, ts.End, at*2+time.Minute)
			require.NotEmpty(t, ts.Cues)
		}
	})
}
