package validate

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestApply(t *testing.T) {
	src := sources(pumpManual)
	const (
		good1 = "The maximum operating pressure is 16 bar [S1]."
		good2 = "Hydrotec replaces the impeller every 8,000 operating hours [S1]."
		bad   = "The pump is painted blue [S1]."
	)
	cases := []struct {
		name   string
		answer string
		mode   Policy
		text   string
		out    Outcome
	}{
		{"all supported", good1 + " " + good2, Drop, good1 + " " + good2,
			Outcome{Kept: 2}},
		{"drop mid-line", good1 + " " + bad + " " + good2, Drop, good1 + " " + good2,
			Outcome{Kept: 2, Dropped: 1, Unsupported: 1, Low: true}},
		{"drop list item", "Steps:\n- " + good1 + "\n- " + bad + "\n- " + good2, Drop, "Steps:\n- " + good1 + "\n- " + good2,
			Outcome{Kept: 2, Dropped: 1, Unsupported: 1, Low: true}},
		{"drop numbered item", "Steps:\n1. " + good1 + "\n2. " + bad + "\n3. " + good2, Drop, "Steps:\n1. " + good1 + "\n3. " + good2,
			Outcome{Kept: 2, Dropped: 1, Unsupported: 1, Low: true}},
		{"drop paragraph", good1 + "\n\n" + bad + "\n\n" + good2, Drop, good1 + "\n\n" + good2,
			Outcome{Kept: 2, Dropped: 1, Unsupported: 1, Low: true}},
		{"drop first", bad + " " + good1, Drop, good1,
			Outcome{Kept: 1, Dropped: 1, Unsupported: 1, Low: true}},
		{"drop everything", bad, Drop, "",
			Outcome{Dropped: 1, Unsupported: 1, NothingSupported: true}},
		{"model sources block removed", good1 + "\n\nSources:\n- [S1] manual.md", Drop, good1,
			Outcome{Kept: 1}},
		{"regenerate", good1 + " " + bad, Regenerate, good1,
			Outcome{Kept: 1, Dropped: 1, Unsupported: 1, Low: true, NeedsRegeneration: true}},
		{"regenerate nothing to do", good1, Regenerate, good1,
			Outcome{Kept: 1}},
		{"mark low", good1 + " " + bad, MarkLow, good1 + " " + bad,
			Outcome{Kept: 2, Unsupported: 1, Low: true}},
		{"mark low nothing supported", bad, MarkLow, bad,
			Outcome{Kept: 1, Unsupported: 1, NothingSupported: true}},
		{"declined", DeclineMessage, Drop, DeclineMessage,
			Outcome{Declined: true}},
		{"declined regenerate", DeclineMessage, Regenerate, DeclineMessage,
			Outcome{Declined: true}},
		{"declined with unsupported", bad + " " + DeclineMessage, Regenerate, DeclineMessage,
			Outcome{Dropped: 1, Unsupported: 1, Declined: true}},
		{"unknown mode acts as drop", good1 + " " + bad, Policy(42), good1,
			Outcome{Kept: 1, Dropped: 1, Unsupported: 1, Low: true}},
		{"no claims", "## Heading", Drop, "## Heading",
			Outcome{NothingSupported: true}},
	}
	v := New(Options{})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rep, err := v.Validate(context.Background(), c.answer, src)
			require.NoError(t, err)
			text, out := Apply(c.answer, rep, c.mode)
			require.Equal(t, c.text, text)
			require.Equal(t, c.out, out)
			require.False(t, out.Declined && out.NothingSupported)
		})
	}
}

func TestApplyCoverageTarget(t *testing.T) {
	// Ten supported sentences and one unsupported: coverage 10/11 ≥ 0.90,
	// so dropping the one does not make the answer low confidence.
	answer := ""
	for range 10 {
		answer += "The maximum operating pressure is 16 bar [S1]. "
	}
	answer += "The pump is painted blue [S1]."
	rep, err := New(Options{}).Validate(context.Background(), answer, sources(pumpManual))
	require.NoError(t, err)
	_, out := Apply(answer, rep, Drop)
	require.Equal(t, 1, out.Dropped)
	require.False(t, out.Low)
}

func TestApplyNilAndStaleReport(t *testing.T) {
	text, out := Apply("  Some text.  ", nil, Drop)
	require.Equal(t, "Some text.", text)
	require.True(t, out.NothingSupported)

	rep := &Report{Sentences: []Sentence{{Start: 5, End: 500}, {Start: -1, End: 2}}, SourcesBlock: &Span{Start: 90, End: 99}}
	text, _ = Apply("Short text.", rep, Drop)
	require.Equal(t, "Short text.", text, "spans outside the answer are ignored")
}

func TestParsePolicy(t *testing.T) {
	for _, p := range []Policy{Drop, Regenerate, MarkLow} {
		got, err := ParsePolicy(p.String())
		require.NoError(t, err)
		require.Equal(t, p, got)
	}
	got, err := ParsePolicy(" Mark-Low ")
	require.NoError(t, err)
	require.Equal(t, MarkLow, got)
	_, err = ParsePolicy("ignore")
	require.ErrorIs(t, err, ErrUnknownPolicy)
	require.Equal(t, "Policy(9)", Policy(9).String())

	var cfg struct{ Policy Policy }
	require.NoError(t, json.Unmarshal([]byte(`{"Policy":"regenerate"}`), &cfg))
	require.Equal(t, Regenerate, cfg.Policy)
	b, err := json.Marshal(cfg)
	require.NoError(t, err)
	require.JSONEq(t, `{"Policy":"regenerate"}`, string(b))
	require.ErrorIs(t, json.Unmarshal([]byte(`{"Policy":"x"}`), &cfg), ErrUnknownPolicy)
}
