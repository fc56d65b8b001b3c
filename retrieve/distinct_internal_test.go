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
		hitOf("d", apiBody+"GET /v1.20/containers/top", 3.10), // scored apart: no copy
		hitOf("e", "docker top CONTAINER", 4.32),
		hitOf("f", "docker stop CONTAINER", 4.00),
	}
	ids := func(hs []store.Hit) (out []string) {
		for _, h := range hs {
			out = append(out, h.Chunk.ID)
		}
		return out
	}
	require.Equal(t, []string{"a", "b", "c", "d", "e", "f"}, ids(distinctTexts(hits, 10)))
	require.Equal(t, []string{"a", "b", "c"}, ids(distinctTexts(hits, 2)), "copies ride along, the third distinct hit ends the list")
	require.Equal(t, []string{"a", "b", "c", "d", "e"}, ids(distinctTexts(hits, 3)))
	require.Empty(t, distinctTexts(nil, 5))
	require.True(t, holdsCopies(hits))
	require.False(t, holdsCopies(hits[2:4]))

	// Short texts differing in figures are distinct facts; one text under
	// two headings is two pieces of evidence.
	short := []store.Hit{hitOf("x", "Code 12: the valve is stuck.", 2), hitOf("y", "Code 13: the valve is stuck.", 2)}
	require.False(t, holdsCopies(short))
	a, b := hitOf("p", "Default: 0.", 2), hitOf("q", "Default: 0.", 2)
	a.Chunk.Heading, b.Chunk.Heading = []string{"retries"}, []string{"delay"}
	require.False(t, holdsCopies([]store.Hit{a, b}))
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
	require.Len(t, got, 4, "the two copies take one place")
	require.Equal(t, "d", got[3].Chunk.ID)

	asked = nil
	got, err = searchDistinct(3, search(pool[1:]))
	require.NoError(t, err)
	require.Equal(t, []int{3}, asked)
	require.Len(t, got, 3)
}
