package validate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/retrieve"
)

var testMarkerRe = regexp.MustCompile(`\[S\d+\]`)

// equivalenceCase is an answer and its sources.
type equivalenceCase struct {
	name    string
	answer  string
	sources []retrieve.Source
}

// equivalenceCases gathers every labelled answer of testdata with its
// sources, and more answers built from the shipped sources: each source
// sentence quoted and cited, correctly and against the wrong source (an
// unsupported claim looks up most), and every sentence of the clause
// cases' answers citing every source of its case at once.
func equivalenceCases(t *testing.T) []equivalenceCase {
	var out []equivalenceCase
	add := func(name, answer string, srcs []retrieve.Source) {
		out = append(out, equivalenceCase{name, answer, srcs})
	}
	var texts []string
	for _, c := range loadClauseCases(t) {
		srcs := sources(c.Sources...)
		add(c.ID, c.Answer, srcs)
		var all strings.Builder
		for i := range c.Sources {
			fmt.Fprintf(&all, "[S%d]", i+1)
		}
		for _, sp := range textutil.Sentences(c.Answer) {
			s := strings.TrimRight(testMarkerRe.ReplaceAllString(c.Answer[sp.Start:sp.End], ""), ". ")
			add(c.ID+"/all", s+" "+all.String()+".", srcs)
		}
		texts = append(texts, c.Sources...)
	}
	for k, p := range loadPairs(t) {
		add("pair/"+p.ID, answerFor(p, k), sources(p.Source))
	}
	docs, err := filepath.Glob("../examples/quickstart/docs/*.md")
	require.NoError(t, err)
	for _, d := range docs {
		b, err := os.ReadFile(d)
		require.NoError(t, err)
		texts = append(texts, string(b))
	}
	for k, text := range texts {
		other := texts[(k+1)%len(texts)]
		srcs := sources(text, other)
		for _, sp := range textutil.Sentences(text) {
			s := strings.TrimSpace(text[sp.Start:sp.End])
			add(fmt.Sprintf("quote/%d", k), s+" [S1]", srcs)
			add(fmt.Sprintf("wrong/%d", k), s+" [S2]", srcs)
		}
	}
	for _, c := range loadDeclines(t) {
		add("decline", c.Text+" The maximum operating pressure is 16 bar [S1].", sources(pumpManual))
	}
	for _, s := range fuzzSeeds {
		add("fuzz", s, sources(pumpManual, "Backups are kept for 30 days. Run it at least 3 bar, up to 6 bar, no more than 55 °C."))
	}
	bench := benchSources(15, 800)
	add("bench", benchAnswer, sources(bench...))
	return out
}

// TestPrunedIndexIsExact: indexing only the source sentences the claims
// can reach (newEvidenceFor) gives exactly the report of a full index, on
// every labelled answer and more; and so does a bound validator (a full
// index and a verdict memo, as a Stream uses).
func TestPrunedIndexIsExact(t *testing.T) {
	pruned := New(Options{})
	full := New(Options{})
	full.full = true
	ctx := context.Background()
	cases := equivalenceCases(t)
	require.Greater(t, len(cases), 1000)
	t.Logf("%d answers", len(cases))
	for _, c := range cases {
		want, err := full.Validate(ctx, c.answer, c.sources)
		require.NoError(t, err)
		got, err := pruned.Validate(ctx, c.answer, c.sources)
		require.NoError(t, err)
		require.Equal(t, want, got, "%s: %q", c.name, c.answer)
		bound := pruned.Bind(c.sources)
		for range 2 { // the second time from the memo
			got, err = bound.Validate(ctx, c.answer, c.sources)
			require.NoError(t, err)
			require.Equal(t, want, got, "bound %s: %q", c.name, c.answer)
		}
	}
}

// TestPrunedIndexSkipsSentences: the pruning does happen; a claim about
// one sentence of a long source analyses few of its sentences.
func TestPrunedIndexSkipsSentences(t *testing.T) {
	text := benchSources(1, 800)[0]
	q := newQuery()
	q.addClaim("Backups of the configuration are kept for 90 days" + string(markerFill))
	e := newEvidenceFor(text, []*query{q})
	full := newEvidence(text)
	require.Equal(t, len(full.sentences), len(e.sentences))
	analysed := 0
	for i, s := range e.sentences {
		require.Equal(t, full.sentences[i].start, s.start)
		require.Equal(t, full.sentences[i].end, s.end)
		if s.facts != nil || s.negations > 0 || i == 0 {
			analysed++
		}
	}
	require.Less(t, analysed, len(e.sentences)/3, "analysed %d of %d", analysed, len(e.sentences))
}

// TestStreamedLabelledAnswers: streamed in small chunks through the memos
// of a bound validator and of the Stream's rendering, every labelled
// answer passes on a prefix of what a full index and a plain Render give,
// and Finish completes it to exactly that.
func TestStreamedLabelledAnswers(t *testing.T) {
	full := New(Options{})
	full.full = true
	ctx := context.Background()
	for _, c := range loadClauseCases(t) {
		srcs := sources(c.Sources...)
		for _, mode := range []Policy{Drop, MarkLow} {
			rep, err := full.Validate(ctx, c.Answer, srcs)
			require.NoError(t, err)
			want, out := Render(c.Answer, rep, mode, srcs)
			var got strings.Builder
			st := NewStream(StreamOptions{Sources: srcs, Policy: mode, Out: func(_ context.Context, b []byte) error {
				got.Write(b)
				return nil
			}})
			for i := 0; i < len(c.Answer); i += 7 {
				require.NoError(t, st.Write(ctx, []byte(c.Answer[i:min(i+7, len(c.Answer))])))
			}
			if out.NothingSupported || out.Declined {
				require.Empty(t, got.String(), c.ID)
				continue
			}
			require.True(t, strings.HasPrefix(want, got.String()), "%s: streamed %q, final %q", c.ID, got.String(), want)
			require.NoError(t, st.Finish(ctx, want), c.ID)
			require.Equal(t, want, got.String(), c.ID)
		}
	}
}
