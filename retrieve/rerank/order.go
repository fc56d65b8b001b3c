package rerank

import (
	"fmt"
	"slices"

	"github.com/hybridrag/hybridrag/retrieve"
)

// scored is one document's place in a reranker's answer.
type scored struct {
	index int
	score float64
}

// apply reorders sources by ranked (best first), sets Scores.Rerank, and
// appends the sources the ranking left out in their original order. A
// ranking that names an index outside sources, or one index twice, is
// ErrBadResponse: a server that returns that is not ranking what it was
// sent.
func apply(sources []retrieve.Source, ranked []scored) ([]retrieve.Source, error) {
	seen := make([]bool, len(sources))
	out := make([]retrieve.Source, 0, len(sources))
	for _, r := range ranked {
		if r.index < 0 || r.index >= len(sources) {
			return nil, fmt.Errorf("%w: index %d of %d documents", ErrBadResponse, r.index, len(sources))
		}
		if seen[r.index] {
			return nil, fmt.Errorf("%w: index %d ranked twice", ErrBadResponse, r.index)
		}
		seen[r.index] = true
		s := sources[r.index]
		s.Scores.Rerank = r.score
		out = append(out, s)
	}
	for i := range sources {
		if !seen[i] {
			out = append(out, sources[i])
		}
	}
	return out, nil
}

// byScore sorts a ranking best first; equal scores keep the server's order.
func byScore(r []scored) {
	slices.SortStableFunc(r, func(a, b scored) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
}
