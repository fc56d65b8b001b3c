package validate

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

func sources(texts ...string) []retrieve.Source {
	out := make([]retrieve.Source, len(texts))
	for i, t := range texts {
		out[i] = retrieve.Source{Chunk: store.Chunk{ID: "chunk-" + string(rune('a'+i)), DocumentID: "doc", Source: "manual.md", Text: t}}
	}
	return out
}

const pumpManual = "The PX-400 pump must be installed on a level concrete base at least 150 mm thick. " +
	"The maximum operating pressure is 16 bar at a fluid temperature of 40 °C. " +
	"Hydrotec service technicians should replace the impeller every 8,000 operating hours. " +
	"Firmware 2.4.1 was released in March 2021."

func TestValidateIssues(t *testing.T) {
	cases := []struct {
		name   string
		answer string
		want   []Issue // nil: supported
	}{
		{"verbatim", "The maximum operating pressure is 16 bar at a fluid temperature of 40 °C [S1].", nil},
		{"paraphrase", "At 40 °C fluid temperature the maximum operating pressure is 16 bar. [S1]", nil},
		{"thousands separator normalised", "Hydrotec technicians should replace the impeller every 8000 operating hours [S1].", nil},
		{"unit spacing normalised", "The maximum operating pressure is 16bar at a fluid temperature of 40°C [S1].", nil},
		{"number swap", "The maximum operating pressure is 18 bar at a fluid temperature of 40 °C [S1].", []Issue{NumberMismatch}},
		{"unit swap", "The maximum operating pressure is 16 psi at a fluid temperature of 40 °C [S1].", []Issue{NumberMismatch}},
		{"version swap", "Firmware 2.4.2 was released in March 2021 [S1].", []Issue{NumberMismatch}},
		{"year swap", "Firmware 2.4.1 was released in March 2022 [S1].", []Issue{NumberMismatch}},
		{"month swap", "Firmware 2.4.1 was released in April 2021 [S1].", []Issue{EntityMismatch, MissingTerm}},
		{"percentage not in source", "The pump reaches 95% efficiency at 16 bar [S1].", []Issue{NumberMismatch, MissingTerm}},
		{"code swap", "The PX-500 pump must be installed on a level concrete base at least 150 mm thick [S1].", []Issue{EntityMismatch, MissingTerm}},
		{"name swap", "The impeller should be replaced by Aquaflow technicians every 8,000 operating hours [S1].", []Issue{EntityMismatch, MissingTerm}},
		{"multi-word name at start", "Aquaflow Service should replace the impeller every 8,000 operating hours [S1].", []Issue{EntityMismatch, MissingTerm}},
		{"entity case-insensitive", "HYDROTEC service technicians should replace the impeller every 8,000 operating hours [S1].", nil},
		{"negation added", "The PX-400 pump must not be installed on a level concrete base at least 150 mm thick [S1].", []Issue{NegationMismatch}},
		{"unrelated", "Backups are encrypted and kept for a month [S1].", []Issue{LowOverlap, MissingTerm}},
		{"missing citation", "The maximum operating pressure is 16 bar at a fluid temperature of 40 °C.", []Issue{MissingCitation}},
		{"invalid label only", "The maximum operating pressure is 16 bar at a fluid temperature of 40 °C [S7].", []Issue{InvalidCitation}},
		{"invalid beside valid", "The maximum operating pressure is 16 bar at a fluid temperature of 40 °C [S1][S7].", []Issue{InvalidCitation}},
		{"unknown id", "The maximum operating pressure is 16 bar [SOURCE: Wikipedia].", []Issue{InvalidCitation}},
		{"cited by chunk id", "The maximum operating pressure is 16 bar [chunk: chunk-a].", nil},
	}
	v := New(Options{})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rep, err := v.Validate(context.Background(), c.answer, sources(pumpManual))
			require.NoError(t, err)
			require.Len(t, rep.Sentences, 1)
			s := rep.Sentences[0]
			require.Equal(t, c.want, s.Issues)
			require.Equal(t, c.want == nil, s.Supported)
			require.Equal(t, c.answer, s.Text)
			require.Equal(t, c.answer[s.Start:s.End], s.Text)
		})
	}
}

func TestValidateMultiCitation(t *testing.T) {
	src := sources(
		"The PX-400 motor is rated at 7.5 kW.",
		"The PX-400 pump must be installed on a concrete base at least 150 mm thick.",
	)
	answer := "The PX-400 has a 7.5 kW motor and needs a concrete base at least 150 mm thick [S1][S2]."
	v := New(Options{})
	rep, err := v.Validate(context.Background(), answer, src)
	require.NoError(t, err)
	require.Len(t, rep.Sentences, 1)
	require.True(t, rep.Sentences[0].Supported, "facts split across two cited sources: %v", rep.Sentences[0].Issues)
	require.Equal(t, []int{0, 1}, rep.Sentences[0].Sources)

	// Citing only one of them leaves the other fact unsupported.
	rep, err = v.Validate(context.Background(), "The PX-400 has a 7.5 kW motor and needs a concrete base at least 150 mm thick [S1].", src)
	require.NoError(t, err)
	require.Contains(t, rep.Sentences[0].Issues, NumberMismatch)

	// A source that was retrieved but not cited does not count.
	rep, err = v.Validate(context.Background(), "The PX-400 must be installed on a concrete base at least 150 mm thick [S1].", src)
	require.NoError(t, err)
	require.False(t, rep.Sentences[0].Supported)
}

func TestValidateReport(t *testing.T) {
	src := sources(pumpManual)
	cases := []struct {
		name      string
		answer    string
		sentences []string
		supported []bool
		coverage  float64
		declined  bool
		block     bool
	}{
		{"mixed", "The maximum operating pressure is 16 bar [S1]. It is painted blue [S1]. Hydrotec replaces the impeller every 8,000 operating hours [S1].",
			[]string{"The maximum operating pressure is 16 bar [S1].", "It is painted blue [S1].", "Hydrotec replaces the impeller every 8,000 operating hours [S1]."},
			[]bool{true, false, true}, 2.0 / 3, false, false},
		{"structure skipped",
			"## Installation\n\n**Requirements**\n\nBefore you start:\n- The PX-400 pump must be installed on a level concrete base [S1].\n-\n\nAnswer:",
			[]string{"- The PX-400 pump must be installed on a level concrete base [S1]."}, []bool{true}, 1, false, false},
		{"numbered list with capitals", "Steps:\n1. Install the PX-400 pump on a level concrete base [S1].\n2. Paint it green [S1].",
			[]string{"1. Install the PX-400 pump on a level concrete base [S1].", "2. Paint it green [S1]."}, []bool{true, false}, 0.5, false, false},
		{"glued marker split", "The maximum operating pressure is 16 bar.[S1] Hydrotec replaces the impeller.[S1]",
			[]string{"The maximum operating pressure is 16 bar.[S1]", "Hydrotec replaces the impeller.[S1]"}, []bool{true, true}, 1, false, false},
		{"model sources block", "The maximum operating pressure is 16 bar [S1].\n\nSources:\n- [S1] manual.md, Install (score: 0.8)\n- The pump is red [S2].",
			[]string{"The maximum operating pressure is 16 bar [S1]."}, []bool{true}, 1, false, true},
		{"decline only", "The indexed documentation does not contain this information.", nil, nil, 0, true, false},
		{"decline variant", "I'm sorry, but the provided documents do not mention the warranty period.", nil, nil, 0, true, false},
		{"decline beside support", "The maximum operating pressure is 16 bar [S1]. The documentation does not specify the flow rate.",
			[]string{"The maximum operating pressure is 16 bar [S1]."}, []bool{true}, 1, false, false},
		{"decline beside unsupported", "The pump weighs 40 kg [S1]. The documentation does not contain this information.",
			[]string{"The pump weighs 40 kg [S1]."}, []bool{false}, 0, true, false},
		{"empty", "", nil, nil, 0, false, false},
	}
	v := New(Options{})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rep, err := v.Validate(context.Background(), c.answer, src)
			require.NoError(t, err)
			var texts []string
			var sup []bool
			for _, s := range rep.Sentences {
				texts = append(texts, s.Text)
				sup = append(sup, s.Supported)
			}
			require.Equal(t, c.sentences, texts)
			require.Equal(t, c.supported, sup)
			require.InDelta(t, c.coverage, rep.Coverage, 1e-9)
			require.Equal(t, c.declined, rep.Declined)
			require.Equal(t, c.block, rep.SourcesBlock != nil)
			require.NotNil(t, rep.Sentences)
		})
	}
}

func TestValidateOptions(t *testing.T) {
	// Recall 6/7: "millimetres", written out, is not a word of the source,
	// which abbreviates it inside the quantity (the fact check normalises
	// the unit; recall does not).
	answer := "The PX-400 pump is installed on a concrete base 150 millimetres thick [S1]."
	src := sources(pumpManual)
	strict, err := New(Options{MinRecall: 0.9}).Validate(context.Background(), answer, src)
	require.NoError(t, err)
	lenient, err := New(Options{MinRecall: 0.3}).Validate(context.Background(), answer, src)
	require.NoError(t, err)
	require.Equal(t, []Issue{LowOverlap}, strict.Sentences[0].Issues)
	require.True(t, lenient.Sentences[0].Supported)
	require.InDelta(t, strict.Sentences[0].Recall, lenient.Sentences[0].Recall, 1e-9)
}

func TestValidateCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := New(Options{}).Validate(ctx, "Anything [S1].", sources(pumpManual))
	require.ErrorIs(t, err, context.Canceled)
}

func TestValidateConcurrent(t *testing.T) {
	v := New(Options{})
	src := sources(pumpManual)
	done := make(chan *Report)
	for range 8 {
		go func() {
			rep, _ := v.Validate(context.Background(), "The maximum operating pressure is 16 bar [S1]. It is blue [S1].", src)
			done <- rep
		}()
	}
	for range 8 {
		rep := <-done
		require.NotNil(t, rep)
		require.InDelta(t, 0.5, rep.Coverage, 1e-9)
	}
}

func BenchmarkValidate(b *testing.B) {
	src := sources(pumpManual, pumpManual+" The pump is grey.", "Backups are kept for 30 days.")
	answer := "The maximum operating pressure is 16 bar at a fluid temperature of 40 °C [S1]. " +
		"Hydrotec service technicians should replace the impeller every 8,000 operating hours [S2]. " +
		"Backups are kept for 30 days [S3]. The pump is grey [S2]. It is painted blue [S1]."
	v := New(Options{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := v.Validate(context.Background(), answer, src); err != nil {
			b.Fatal(err)
		}
	}
}
