package evaluate

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func chunks(docs ...string) []Retrieved {
	out := make([]Retrieved, len(docs))
	for i, d := range docs {
		out[i] = Retrieved{DocumentID: d, Source: "docs/" + d + ".md"}
	}
	return out
}

func TestMatchDocument(t *testing.T) {
	r := Retrieved{DocumentID: "examples/quickstart/docs/install.md", Source: "examples/quickstart/docs/install.md"}
	tests := []struct {
		name     string
		relevant []string
		want     string
	}{
		{"exact id", []string{"examples/quickstart/docs/install.md"}, "examples/quickstart/docs/install.md"},
		{"path suffix", []string{"other.md", "docs/install.md"}, "docs/install.md"},
		{"base name", []string{"install.md"}, "install.md"},
		{"dot slash and back slashes", []string{`.\docs\install.md`}, `.\docs\install.md`},
		{"suffix must start at a slash", []string{"stall.md"}, ""},
		{"none", []string{"maintenance.md"}, ""},
		{"blank entries ignored", []string{"", "  "}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, MatchDocument(r, tt.relevant))
		})
	}
	require.Equal(t, `docs\install.md`, MatchDocument(r, []string{`docs\install.md`}))
	require.Equal(t, "a", MatchDocument(Retrieved{DocumentID: "a"}, []string{"a"}))
	// Ids are relative to the folder indexed: a label may name the folder too.
	rel := Retrieved{DocumentID: "install.md", Source: "install.md"}
	require.Equal(t, "docs/install.md", MatchDocument(rel, []string{"docs/install.md"}))
	require.Equal(t, "", MatchDocument(rel, []string{"docs/reinstall.md"}))
	require.Equal(t, "", MatchDocument(Retrieved{DocumentID: "guide/install.md"}, []string{"admin/install.md"}))
}

func TestDocuments(t *testing.T) {
	tests := []struct {
		name     string
		ranked   []Retrieved
		relevant []string
		k        int
		want     DocScores
	}{
		{"first is relevant", chunks("a", "b", "c"), []string{"a"}, 10, DocScores{Recall: 1, Hit: 1, MRR: 1, NDCG: 1}},
		{"second is relevant", chunks("b", "a"), []string{"a"}, 10,
			DocScores{Recall: 1, Hit: 1, MRR: 0.5, NDCG: 1 / math.Log2(3)}},
		{"beyond k", chunks("b", "c", "a"), []string{"a"}, 2, DocScores{NDCG: 0.5}},
		{"half the documents", chunks("a", "x"), []string{"a", "b"}, 10,
			DocScores{Recall: 0.5, Hit: 1, MRR: 1, NDCG: 1 / (1 + 1/math.Log2(3))}},
		// A second chunk of the same document gains nothing.
		{"repeated document", chunks("a", "a", "b"), []string{"a", "b"}, 10,
			DocScores{Recall: 1, Hit: 1, MRR: 1, NDCG: (1 + 1/math.Log2(4)) / (1 + 1/math.Log2(3))}},
		{"no relevant documents", chunks("a"), nil, 10, DocScores{}},
		{"nothing retrieved", nil, []string{"a"}, 10, DocScores{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Documents(tt.ranked, tt.relevant, tt.k)
			require.InDelta(t, tt.want.Recall, got.Recall, 1e-9)
			require.InDelta(t, tt.want.Hit, got.Hit, 1e-9)
			require.InDelta(t, tt.want.MRR, got.MRR, 1e-9)
			require.InDelta(t, tt.want.NDCG, got.NDCG, 1e-9)
		})
	}
}

func TestEvidence(t *testing.T) {
	ranked := []Retrieved{
		{Text: "The unit draws at most 95 W."},
		{Text: "Replace the G4 filters every 6\u00a0months,\nor sooner."},
		{Text: "Speed 4 \u2013 boost \u2013 runs for 30 minutes."},
	}
	tests := []struct {
		name     string
		evidence []string
		k        int
		want     EvidenceScores
	}{
		{"case and white space", []string{"g4 filters every 6 months, or sooner"}, 10, EvidenceScores{Recall: 1, Hit: 1, MRR: 0.5}},
		{"typographic dash", []string{"speed 4 - boost"}, 10, EvidenceScores{Recall: 1, Hit: 1, MRR: 1.0 / 3}},
		{"two of three", []string{"95 W", "30 minutes", "pressure washer"}, 10, EvidenceScores{Recall: 2.0 / 3, Hit: 1, MRR: 1}},
		{"beyond k", []string{"30 minutes"}, 2, EvidenceScores{}},
		{"absent", []string{"Wi-Fi"}, 10, EvidenceScores{}},
		{"blank evidence ignored", []string{" ", "95 W"}, 10, EvidenceScores{Recall: 1, Hit: 1, MRR: 1}},
		{"no evidence", nil, 10, EvidenceScores{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Evidence(ranked, tt.evidence, tt.k)
			require.InDelta(t, tt.want.Recall, got.Recall, 1e-9)
			require.InDelta(t, tt.want.Hit, got.Hit, 1e-9)
			require.InDelta(t, tt.want.MRR, got.MRR, 1e-9)
		})
	}
}

func TestContainsEvidence(t *testing.T) {
	require.True(t, ContainsEvidence("It is \u201cquiet\u201d.", `"quiet"`))
	require.False(t, ContainsEvidence("anything", "   "))
	require.Equal(t, []int{0, 2}, EvidenceIn("alpha beta gamma", []string{"ALPHA", "delta", "beta  gamma"}))
}
