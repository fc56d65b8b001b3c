package retrieve

import (
	"os"
	"strconv"
)

// EXPERIMENT: blend passage coverage into the fused score before MMR.
var passageBlend = func() float64 {
	v, _ := strconv.ParseFloat(os.Getenv("HRP_PBLEND"), 64)
	return v
}()

var chunkBlend = func() float64 {
	v, _ := strconv.ParseFloat(os.Getenv("HRP_CBLEND"), 64)
	return v
}()

func (h *Hybrid) blendPassages(q queryTerms, candidates []Source) {
	if (passageBlend <= 0 && chunkBlend <= 0) || len(candidates) == 0 {
		return
	}
	index := make(map[string]int, len(q.terms))
	total := 0.0
	for t, term := range q.terms {
		index[term] = t
		total += q.weights[t]
	}
	found := make([]bool, len(q.terms))
	var sc coverageScratch
	for i := range candidates {
		chunk, passage, _ := h.coverage(candidates[i].Chunk.Text, index, q.weights, total, found, &sc)
		candidates[i].Scores.Fused += passageBlend*passage + chunkBlend*chunk
	}
	sortFused(candidates)
}
