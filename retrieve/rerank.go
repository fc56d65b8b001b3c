package retrieve

import (
	"context"
	"fmt"
	"slices"
)

// rerank passes the first depth candidates (all when depth is 0) to r and
// returns its output followed by the candidates beyond the depth, in fused
// order. The reranker gets its own copy of the candidates, so it may sort
// it in place; its output must be a subset of that input without
// repetitions (ErrInvalidRerank otherwise).
func rerank(ctx context.Context, r Reranker, query string, candidates []Source, depth int) ([]Source, error) {
	if depth <= 0 || depth > len(candidates) {
		depth = len(candidates)
	}
	head, tail := candidates[:depth], candidates[depth:]
	out, err := r.Rerank(ctx, query, slices.Clone(head))
	if err != nil {
		return nil, fmt.Errorf("retrieve: reranker: %w", err)
	}
	unseen := make(map[string]bool, len(head))
	for i := range head {
		unseen[head[i].Chunk.ID] = true
	}
	for i := range out {
		id := out[i].Chunk.ID
		if !unseen[id] {
			return nil, fmt.Errorf("%w: chunk %q", ErrInvalidRerank, id)
		}
		delete(unseen, id)
	}
	return append(out, tail...), nil
}
