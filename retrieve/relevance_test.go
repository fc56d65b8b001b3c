package retrieve

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/hybridrag/hybridrag/store"
	"github.com/stretchr/testify/require"
)

func TestRelevanceBoundedAndMonotonicInCoverage(t *testing.T) {
	cals := []Calibration{
		{},
		{CosineFloor: 0.3, CosineCeiling: 0.8, CoverageWeight: 0.4, Exponent: 2},
		{CoverageWeight: -1}, // cosine only: flat in coverage, still monotonic
		{CoverageWeight: 1, Exponent: 0.5},
	}
	cosines := []float64{math.NaN(), -1, 0, 0.2, 0.45, 0.6, 0.99, 3}
	for _, c := range cals {
		for _, cos := range cosines {
			prev := -1.0
			for i := 0; i <= 100; i++ {
				cov := float64(i) / 100
				r := Relevance(cov, cos, c)
				require.GreaterOrEqual(t, r, 0.0)
				require.LessOrEqual(t, r, 1.0)
				require.GreaterOrEqual(t, r, prev, "cal %+v cos %v cov %v", c, cos, cov)
				prev = r
			}
		}
		for _, cov := range []float64{math.NaN(), -0.5, 1.5} {
			r := Relevance(cov, 0.3, c)
			require.False(t, math.IsNaN(r))
			require.GreaterOrEqual(t, r, 0.0)
			require.LessOrEqual(t, r, 1.0)
		}
	}
}

func TestRelevanceValues(t *testing.T) {
	tests := []struct {
		name          string
		coverage, cos float64
		cal           Calibration
		want          float64
	}{
		{"full evidence", 1, 0.9, Calibration{}, 1},
		{"no evidence", 0, -0.2, Calibration{}, 0},
		{"half and half", 0.5, 0.3, Calibration{}, math.Pow(0.7*0.5+0.3*0.5, DefaultExponent)},
		{"cosine unknown: coverage alone", 0.6, math.NaN(), Calibration{}, math.Pow(0.6, DefaultExponent)},
		{"cosine at ceiling, no terms", 0, 0.6, Calibration{}, math.Pow(0.3, DefaultExponent)},
		{"custom", 0.25, 0.55, Calibration{CosineFloor: 0.5, CosineCeiling: 0.7, CoverageWeight: 0.2, Exponent: 1}, 0.2*0.25 + 0.8*0.25},
		{"coverage weight exactly zero", 1, 0.3, Calibration{CoverageWeight: -1, Exponent: 1}, 0.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.InDelta(t, tt.want, Relevance(tt.coverage, tt.cos, tt.cal), 1e-12)
		})
	}
}

func TestRetrieveRelevanceUsesTermStatistics(t *testing.T) {
	// "pump" is in every chunk, "impeller" in one: covering the rare term
	// is worth far more than covering the common one.
	st, emb := newTestStore(
		"pump housing and pump base",
		"pump impeller",
		"pump motor",
		"pump cable",
	)
	h, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	require.NotNil(t, h.stats, "memStore offers term statistics")
	res, err := h.Retrieve(context.Background(), Query{Text: "pump impeller zebra", MMRLambda: 1})
	require.NoError(t, err)
	require.Equal(t, []string{"pump", "impel", "zebra"}, res.Analysis.Keywords)
	require.Equal(t, []string{"zebra"}, res.Analysis.Missing, "rare keyword in no source")
	byID := map[string]Source{}
	for _, s := range res.Sources {
		require.GreaterOrEqual(t, s.Relevance, 0.0)
		require.LessOrEqual(t, s.Relevance, 1.0)
		byID[s.Chunk.ID] = s
	}
	require.Equal(t, "d1", res.Sources[0].Chunk.ID)
	require.Greater(t, byID["d1"].Relevance, 2*byID["d2"].Relevance)

	// The same evidence with uniform weights: a keyword searcher without
	// TermStats falls back to textutil.ContentTerms.
	plain := keywordFunc(st.SearchKeyword)
	u, err := NewHybrid(plain, st, emb, Options{})
	require.NoError(t, err)
	require.Nil(t, u.stats)
	ures, err := u.Retrieve(context.Background(), Query{Text: "pump impeller zebra", MMRLambda: 1})
	require.NoError(t, err)
	require.Equal(t, res.Analysis.Keywords, ures.Analysis.Keywords)
	require.Equal(t, []string{"zebra"}, ures.Analysis.Missing)
	for _, s := range ures.Sources {
		if s.Chunk.ID == "d2" {
			require.Greater(t, s.Relevance, byID["d2"].Relevance, "uniform weights overrate the common term")
		}
	}
}

func TestRetrieveRelevanceMonotonicInCoverage(t *testing.T) {
	// Chunks covering more of the question's terms rank higher in Relevance.
	st, emb := newTestStore(
		"alpha beta gamma delta",
		"alpha beta gamma",
		"alpha beta",
		"alpha",
		"omega",
	)
	h, err := NewHybrid(nil, st, emb, Options{}) // vector only: no TermStatter, so uniform weights
	require.NoError(t, err)
	res, err := h.Retrieve(context.Background(), Query{Text: "alpha beta gamma delta", MMRLambda: 1})
	require.NoError(t, err)
	rel := map[string]float64{}
	for _, s := range res.Sources {
		rel[s.Chunk.ID] = s.Relevance
	}
	require.Equal(t, 1.0, rel["d0"])
	require.Greater(t, rel["d0"], rel["d1"])
	require.Greater(t, rel["d1"], rel["d2"])
	require.Greater(t, rel["d2"], rel["d3"])
	require.Greater(t, rel["d3"], rel["d4"])
	require.Zero(t, rel["d4"])
}

type failingStats struct {
	*memStore
	err error
}

func (f failingStats) TermStats(context.Context, string, store.Filter) (store.TermStats, error) {
	return store.TermStats{}, f.err
}

type badStats struct{ *memStore }

func (b badStats) TermStats(context.Context, string, store.Filter) (store.TermStats, error) {
	return store.TermStats{Docs: 3, Terms: []string{"pump"}}, nil
}

func TestRetrieveTermStatsErrors(t *testing.T) {
	st, emb := newTestStore(pumpDocs...)
	boom := errors.New("index closed")
	for _, kw := range []store.KeywordSearcher{failingStats{st, boom}, badStats{st}} {
		h, err := NewHybrid(kw, st, emb, Options{})
		require.NoError(t, err)
		_, err = h.Retrieve(context.Background(), Query{Text: "pump"})
		require.ErrorContains(t, err, "retrieve: term statistics: ")
	}
	h, err := NewHybrid(failingStats{st, boom}, nil, nil, Options{})
	require.NoError(t, err)
	_, err = h.Retrieve(context.Background(), Query{Text: "pump"})
	require.ErrorIs(t, err, boom)
}

func TestRetrieveMarksBestPassage(t *testing.T) {
	chunk := "The manual covers many topics. Pumps are described in chapter two. " +
		"Cleaning is done weekly. The seal must be replaced when the pressure drops. " +
		"Seal replacement needs the pressure gauge reading first. Ordering parts is online. " +
		"The warranty lasts two years. Returns are accepted within thirty days."
	other := "Nothing here mentions any of the question words at all."
	st, emb := newTestStore(chunk, other)
	h, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	res, err := h.Retrieve(context.Background(), Query{Text: "when is the seal replaced after a pressure drop", MMRLambda: 1})
	require.NoError(t, err)
	byID := map[string]Source{}
	for _, s := range res.Sources {
		byID[s.Chunk.ID] = s
	}
	p := byID["d0"].Passage
	require.NotNil(t, p)
	require.Equal(t, chunk[p.Start:p.End], p.Text)
	require.Contains(t, p.Text, "The seal must be replaced when the pressure drops.")
	require.NotContains(t, p.Text, "The manual covers", "the passage is a window, not the chunk")
	require.NotContains(t, p.Text, "warranty")
	require.Greater(t, p.Coverage, 0.5)
	if s, ok := byID["d1"]; ok {
		require.Nil(t, s.Passage, "a chunk without question terms has no passage")
	}
}

// A question asking for a default in other words ("unless I choose
// another") is read as asking "by default": the phrase's words are no
// terms a passage must hold, and the entry's "Default:" row covers it.
func TestRelevanceReadsDefaultInOtherWords(t *testing.T) {
	st, emb := newTestStore(
		"kiln.vent signal: the signal the vent sends. Default: purge",
		"kiln.vent opens the vent of the kiln",
		"kiln.cool lowers the temperature",
	)
	h, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	other, err := h.Retrieve(context.Background(), Query{Text: "Which signal does the kiln vent send unless I choose another?", MMRLambda: 1})
	require.NoError(t, err)
	plain, err := h.Retrieve(context.Background(), Query{Text: "Which signal does the kiln vent send by default?", MMRLambda: 1})
	require.NoError(t, err)
	require.Equal(t, plain.Analysis.Keywords, other.Analysis.Keywords)
	require.NotContains(t, other.Analysis.Keywords, "anoth")
	require.Equal(t, plain.Sources[0].Relevance, other.Sources[0].Relevance)
}

// The words of the asker's scene-setting sentences weigh less in
// Relevance than those of the sentence that asks: the passage that answers
// need not tell the asker's story.
func TestRelevanceWeighsSettingLess(t *testing.T) {
	st, emb := newTestStore(
		"kiln.vent opens the vent of the kiln to release heat",
		"kiln.cool lowers the temperature of the chamber",
		"the glaze cracks when the kiln cools too fast",
	)
	h, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	ctx := context.Background()
	best := func(q string) float64 {
		res, err := h.Retrieve(ctx, Query{Text: q, MMRLambda: 1})
		require.NoError(t, err)
		require.NotEmpty(t, res.Sources)
		return res.Sources[0].Relevance
	}
	set := best("My pottery studio gets stuffy in summer. How do I open the kiln vent?")
	one := best("My pottery studio gets stuffy in summer and how do I open the kiln vent?")
	plain := best("How do I open the kiln vent?")
	require.Greater(t, set, one, "the same words in the asking sentence weigh fully")
	require.Less(t, set, plain, "the setting still counts")
}

// A name the setting writes keeps its weight: "The display shows KV7." is
// the documents' to speak about, however the question goes on.
func TestWeighSettingKeepsNames(t *testing.T) {
	st, emb := newTestStore(
		"KV7 means the vent is blocked by ash",
		"the display shows the kiln temperature",
		"clean the vent after each firing",
	)
	h, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	ctx := context.Background()
	weights := func(q string) map[string]float64 {
		terms, err := h.analyseQuery(ctx, q, store.Filter{})
		require.NoError(t, err)
		out := map[string]float64{}
		for i, term := range terms.terms {
			out[term] = terms.weights[i]
		}
		return out
	}
	set := weights("The display shows KV7. Is the vent blocked?")
	plain := weights("Is the vent blocked while the display shows KV7?")
	require.InDelta(t, plain["kv7"], set["kv7"], 1e-12, "the setting's name keeps its weight")
	require.InDelta(t, settingWeight*plain["display"], set["display"], 1e-12, "the setting's other words weigh less")
	require.InDelta(t, plain["vent"], set["vent"], 1e-12)
}
