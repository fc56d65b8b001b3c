package retrieve

import (
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/store"
	"github.com/stretchr/testify/require"
)

// apiBody is long enough (copyMinWords) for pages differing in figures
// only to be copies.
var apiBody = strings.Repeat("List processes running inside the container; on Unix systems this is done by running the ps command. ", 3)

func hitOf(id, text string, score float64) store.Hit {
	return store.Hit{Chunk: store.Chunk{ID: id, Text: text}, Score: score}
}

func TestDistinctTexts(t *testing.T) {
	hits := []store.Hit{
		hitOf("a", apiBody+"GET /v1.18/containers/top", 4.77),
		hitOf("b", apiBody+"GET /v1.19/containers/top", 4.77),
		hitOf("c", "docker top CONTAINER", 4.32),
		hitOf("d", apiBody+"GET /v1.20/containers/top", 3.10), // scored apart: kept
		hitOf("e", "docker top CONTAINER", 4.32),
		hitOf("f", "docker stop CONTAINER", 4.00),
	}
	ids := func(hs []store.Hit) (out []string) {
		for _, h := range hs {
			out = append(out, h.Chunk.ID)
		}
		return out
	}
	require.Equal(t, []string{"a", "c", "d", "f"}, ids(distinctTexts(hits, 10)))
	require.Equal(t, []string{"a", "c"}, ids(distinctTexts(hits, 2)))
	require.Empty(t, distinctTexts(nil, 5))

	// Short texts differing in figures are distinct facts; one text under
	// two headings is two pieces of evidence.
	short := []store.Hit{hitOf("x", "Code 12: the valve is stuck.", 2), hitOf("y", "Code 13: the valve is stuck.", 2)}
	require.Equal(t, []string{"x", "y"}, ids(distinctTexts(short, 10)))
	a, b := hitOf("p", "Default: 0.", 2), hitOf("q", "Default: 0.", 2)
	a.Chunk.Heading, b.Chunk.Heading = []string{"retries"}, []string{"delay"}
	require.Equal(t, []string{"p", "q"}, ids(distinctTexts([]store.Hit{a, b}, 10)))
}

// The keyword search kept one copy and the vector search another: one
// candidate with both scores, as if both had kept the same.
func TestMergeCopiesAcrossSearches(t *testing.T) {
	srcs := []Source{
		{Chunk: store.Chunk{ID: "v18", Text: apiBody + "GET /v1.18/x"}, KeywordRank: 1, Scores: Scores{BM25: 4.7}},
		{Chunk: store.Chunk{ID: "top", Text: "docker top"}, KeywordRank: 2, VectorRank: 1, Scores: Scores{BM25: 4.3, Cosine: 0.5}},
		{Chunk: store.Chunk{ID: "v24", Text: apiBody + "GET /v1.24/x"}, VectorRank: 2, Scores: Scores{Cosine: 0.4}},
		// Both found by keyword: scored apart there, so kept apart.
		{Chunk: store.Chunk{ID: "v20", Text: apiBody + "GET /v1.20/x"}, KeywordRank: 3, Scores: Scores{BM25: 3.1}},
	}
	got := mergeCopies(srcs)
	require.Len(t, got, 3)
	require.Equal(t, "v18", got[0].Chunk.ID)
	require.Equal(t, 1, got[0].KeywordRank)
	require.Equal(t, 2, got[0].VectorRank)
	require.InDelta(t, 0.4, got[0].Scores.Cosine, 1e-9)
	require.Equal(t, "v20", got[2].Chunk.ID)
}

func TestSameButFigures(t *testing.T) {
	require.True(t, sameButFigures("GET /v1.18/containers", "GET /v1.9/containers"))
	require.True(t, sameButFigures("port 8080 and 443", "port 80 and 4433"))
	require.True(t, sameButFigures("no figures", "no figures"))
	require.False(t, sameButFigures("port 80", "port"))
	require.False(t, sameButFigures("v1.18 get", "v1.18 put"))
	require.False(t, sameButFigures("a1", "ab"))
	require.Equal(t, 3, wordCount("  three\twords here\n"))
}

// A search without copies runs once; one whose hits hold copies runs
// again for more, so that the copies' places are filled.
func TestSearchDistinctSearchesAgainOnlyForCopies(t *testing.T) {
	var asked []int
	pool := []store.Hit{
		hitOf("a", apiBody+"GET /v1.18/x", 5), hitOf("b", apiBody+"GET /v1.19/x", 5),
		hitOf("c", "docker top", 4), hitOf("d", "docker stop", 3), hitOf("e", "docker kill", 2),
	}
	search := func(hits []store.Hit) func(int) ([]store.Hit, error) {
		return func(k int) ([]store.Hit, error) {
			asked = append(asked, k)
			return hits[:min(k, len(hits))], nil
		}
	}
	got, err := searchDistinct(3, search(pool))
	require.NoError(t, err)
	require.Equal(t, []int{3, 3 * copySlack}, asked)
	require.Len(t, got, 3)
	require.Equal(t, "d", got[2].Chunk.ID)

	asked = nil
	got, err = searchDistinct(3, search(pool[1:]))
	require.NoError(t, err)
	require.Equal(t, []int{3}, asked)
	require.Len(t, got, 3)
}
