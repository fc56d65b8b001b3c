package retrieve

import (
	"context"
	"fmt"
	"slices"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// DefaultNeighbors is how many adjacent chunks Hybrid adds at most to one
// result (Options.Neighbors), and DefaultNeighborSeeds how many of the
// best sources may bring one: when a source's best passage (Source.Passage)
// starts at its chunk's first sentence or ends at its last, the answer
// often continues in the chunk before or after it (the chunker cut a
// section there), which then joins as a source of its own right after it.
const (
	DefaultNeighbors     = 2
	DefaultNeighborSeeds = 3
)

// neighborWant is one adjacent chunk to fetch: the position beside the
// source at index seed of the result.
type neighborWant struct {
	seed  int
	index int
}

// addNeighbors inserts, after each of the first DefaultNeighborSeeds
// sources whose passage sits at a chunk edge, the adjacent chunk on that
// side when it continues the same section (equal heading path) and is not
// already a source; at most h.cfg.neighbors in all, keeping at most
// limit sources. Without a store.ChunkPositioner it returns sources unchanged.
func (h *Hybrid) addNeighbors(ctx context.Context, sources []Source, limit int) ([]Source, int, error) {
	if h.positions == nil || h.cfg.neighbors <= 0 || len(sources) == 0 {
		return sources, 0, nil
	}
	present := map[string]bool{}
	for i := range sources {
		present[sources[i].Chunk.ID] = true
	}
	var wants []neighborWant
	for i := range min(len(sources), DefaultNeighborSeeds) {
		s := &sources[i]
		if s.Passage == nil {
			continue
		}
		spans := textutil.Sentences(s.Chunk.Text)
		if len(spans) == 0 {
			continue
		}
		if s.Passage.End >= spans[len(spans)-1].End {
			wants = append(wants, neighborWant{i, s.Chunk.Index + 1})
		}
		if s.Passage.Start <= spans[0].Start && s.Chunk.Index > 0 {
			wants = append(wants, neighborWant{i, s.Chunk.Index - 1})
		}
	}
	added := map[int][]Source{} // seed → its neighbours, in fetch order
	n := 0
	for _, w := range wants {
		if n >= h.cfg.neighbors {
			break
		}
		seed := &sources[w.seed].Chunk
		hits, err := h.positions.ChunksAt(ctx, seed.TenantID, seed.ProjectID, seed.DocumentID, w.index)
		if err != nil {
			return nil, 0, fmt.Errorf("retrieve: neighbours: %w", err)
		}
		for _, hit := range hits {
			if hit.Chunk.Index != w.index || present[hit.Chunk.ID] || !slices.Equal(hit.Chunk.Heading, seed.Heading) {
				continue
			}
			present[hit.Chunk.ID] = true
			added[w.seed] = append(added[w.seed], Source{Chunk: hit.Chunk, Vector: hit.Vector, NeighborOf: seed.ID})
			n++
		}
	}
	if n == 0 {
		return sources, 0, nil
	}
	out := make([]Source, 0, len(sources)+n)
	for i := range sources {
		out = append(out, sources[i])
		out = append(out, added[i]...)
	}
	return out[:min(len(out), limit)], n, nil
}
