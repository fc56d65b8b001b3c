package retrieve

import (
	"context"
	"math"
	"testing"

	"github.com/hybridrag/hybridrag/store"
	"github.com/stretchr/testify/require"
)

func spanSource(id, doc string, start, end int, vec ...float32) Source {
	return Source{Chunk: store.Chunk{ID: id, DocumentID: doc, Start: start, End: end}, Vector: vec}
}

func TestRedundancy(t *testing.T) {
	nan := math.NaN()
	for _, tt := range []struct {
		name string
		a, b Source
		cos  float64
		want float64
	}{
		{"same doc, disjoint spans", spanSource("a", "d", 0, 100), spanSource("b", "d", 100, 200), nan, 0},
		{"same doc, a quarter of a overlapped", spanSource("a", "d", 75, 175), spanSource("b", "d", 0, 100), nan, 0.25},
		{"same doc, a inside b", spanSource("a", "d", 10, 20), spanSource("b", "d", 0, 100), nan, 1},
		{"other doc, same offsets", spanSource("a", "d", 0, 100), spanSource("b", "e", 0, 100), nan, 0},
		{"topically similar, below the duplicate cosine", spanSource("a", "d", 0, 100), spanSource("b", "e", 0, 100), 0.8, 0},
		{"near-duplicate vectors", spanSource("a", "d", 0, 100), spanSource("b", "e", 0, 100), 0.95, 0.5},
		{"identical vectors", spanSource("a", "d", 0, 100), spanSource("b", "e", 0, 100), 1, 1},
		{"overlap outweighs a weak duplicate", spanSource("a", "d", 50, 150), spanSource("b", "d", 0, 100), 0.92, 0.5},
		{"empty span", spanSource("a", "d", 0, 0), spanSource("b", "d", 0, 100), nan, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			require.InDelta(t, tt.want, redundancy(&tt.a, &tt.b, tt.cos, 0.9), 1e-9)
		})
	}
}

func TestSelectDiverseKeepsTopicalNeighbours(t *testing.T) {
	// b and c are about the same thing as a (cosine 0.8) but no copy of it;
	// d is a's copy in another file; e overlaps a in the same document.
	candidates := []Source{
		spanSource("a", "doc1", 0, 100, unit(1, 0, 0)...),
		spanSource("d", "doc9", 0, 100, unit(1, 0.01, 0)...),
		spanSource("e", "doc1", 50, 150, unit(0.3, 0, 1)...),
		spanSource("b", "doc2", 0, 100, unit(0.8, 0.6, 0)...),
		spanSource("c", "doc3", 0, 100, unit(0.8, 0, 0.6)...),
	}
	relevance := []float64{1, 0.95, 0.9, 0.85, 0.8}
	h := &Hybrid{cfg: config{dupCosine: DefaultDuplicateCosine}}
	got := h.selectDiverse(candidates, relevance, 0.5, 5, h.cfg.dupCosine)
	names := make([]string, len(got))
	for i, c := range got {
		names[i] = candidates[c].Chunk.ID
	}
	require.Equal(t, []string{"a", "b", "c", "e", "d"}, names, "redundancy: the copy and the overlap go last, topical neighbours keep their order")

	h.cfg.diversity = DiversityTopical
	got = h.selectDiverse(candidates, relevance, 0.5, 3, h.cfg.dupCosine)
	require.Equal(t, []int{0, 2}, got[:2], "classic MMR ranks the overlapping chunk above b and c, which are only on the same topic")
}

// A model whose unrelated texts score 0.5 scores one section's chunks
// above 0.9; with a derived cosine range the near-duplicate threshold moves
// up as the range does, so they are not demoted as copies.
func TestDuplicateCosineFollowsDerivedRange(t *testing.T) {
	derived := &CosineRange{Floor: 0.5, Ceiling: 0.8, Derived: true}
	for _, tt := range []struct {
		name    string
		cfg     config
		derived *CosineRange
		want    float64
	}{
		{"no range (hashing embedder)", config{dupCosine: 0.9, dupDefault: true}, nil, 0.9},
		{"derived range moves the default", config{dupCosine: 0.9, dupDefault: true}, derived, 0.95},
		{"explicit threshold wins", config{dupCosine: 0.9}, derived, 0.9},
		{"range not derived", config{dupCosine: 0.9, dupDefault: true}, &CosineRange{Floor: 0.5, LexicalOnly: true}, 0.9},
		{"isotropic floor", config{dupCosine: 0.9, dupDefault: true}, &CosineRange{Floor: -0.01, Derived: true}, 0.9},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := &Hybrid{cfg: tt.cfg}
			require.InDelta(t, tt.want, h.duplicateCosine(tt.derived), 1e-12)
		})
	}

	// Two chunks of different documents at cosine 0.945 under a model
	// whose floor is 0.5: a copy by the raw threshold, topical by the
	// moved one.
	candidates := []Source{
		spanSource("a", "doc1", 0, 100, unit(1, 0, 0)...),
		spanSource("b", "doc2", 0, 100, unit(0.945, float32(math.Sqrt(1-0.945*0.945)), 0)...),
		spanSource("c", "doc3", 0, 100, unit(0.3, 0, 1)...),
	}
	relevance := []float64{1, 0.9, 0.6}
	h := &Hybrid{cfg: config{dupCosine: DefaultDuplicateCosine, dupDefault: true}}
	require.Equal(t, []int{0, 2, 1}, h.selectDiverse(candidates, relevance, 0.5, 3, h.duplicateCosine(nil)))
	require.Equal(t, []int{0, 1, 2}, h.selectDiverse(candidates, relevance, 0.5, 3, h.duplicateCosine(derived)))
}

func TestOptionsDiversityValidation(t *testing.T) {
	st, emb := newTestStore("pump seal")
	for _, o := range []Options{{Diversity: 7}, {DuplicateCosine: 1}, {DuplicateCosine: -0.1}, {DuplicateCosine: math.NaN()}} {
		_, err := NewHybrid(st, st, emb, o)
		require.ErrorIs(t, err, ErrInvalidOptions, "%+v", o)
	}
	h, err := NewHybrid(st, st, emb, Options{Diversity: DiversityTopical, DuplicateCosine: 0.8})
	require.NoError(t, err)
	_, err = h.Retrieve(context.Background(), Query{Text: "pump"})
	require.NoError(t, err)
}
