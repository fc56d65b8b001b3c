package retrieve

import (
	"fmt"
	"math"
)

// Diversity selects what Hybrid's MMR step treats as similar to what it
// has already selected.
type Diversity int

const (
	// DiversityRedundancy, the default, demotes redundancy only: a chunk
	// that overlaps an already selected chunk of the same document (the
	// chunker's overlap, or the same span indexed twice), or whose vector
	// is a near-duplicate of one (cosine at or above DuplicateCosine, for
	// example the same text in two files). Chunks that are merely about
	// the same topic keep their fused order: on BEIR SciFact, where every
	// document is one chunk, classic MMR pushed relevant abstracts out of
	// the top 10 (nDCG@10 0.687 against 0.701 without MMR; see
	// BENCHMARKS.md).
	DiversityRedundancy Diversity = iota
	// DiversityTopical is classic MMR: the similarity is the cosine of the
	// chunk vectors, whatever it is.
	DiversityTopical
)

// DefaultDuplicateCosine is the cosine from which two chunk vectors count
// as near-duplicates under DiversityRedundancy; redundancy then grows
// linearly from 0 at this cosine to 1 at cosine 1. With the offline
// hashing embedder, paraphrases of one sentence score about 0.6–0.8 and
// copies with changed punctuation or a changed word above 0.9.
const DefaultDuplicateCosine = 0.9

func (d Diversity) valid() bool { return d == DiversityRedundancy || d == DiversityTopical }

// resolveDuplicateCosine returns the near-duplicate threshold of o.
func resolveDuplicateCosine(v float64) (float64, error) {
	switch {
	case math.IsNaN(v) || v < 0 || v >= 1:
		return 0, fmt.Errorf("%w: DuplicateCosine %v outside [0, 1)", ErrInvalidOptions, v)
	case v == 0:
		return DefaultDuplicateCosine, nil
	}
	return v, nil
}

// redundancy returns how much of candidate a is already carried by the
// selected candidate b, in [0, 1]: the share of a's span that b overlaps
// when both come from the same document, or the rescaled cosine above
// dupCos (cos is NaN when unknown), whichever is larger.
func redundancy(a, b *Source, cos, dupCos float64) float64 {
	r := 0.0
	if a.Chunk.DocumentID == b.Chunk.DocumentID && a.Chunk.TenantID == b.Chunk.TenantID &&
		a.Chunk.ProjectID == b.Chunk.ProjectID && a.Chunk.End > a.Chunk.Start {
		lo, hi := max(a.Chunk.Start, b.Chunk.Start), min(a.Chunk.End, b.Chunk.End)
		if hi > lo {
			r = float64(hi-lo) / float64(a.Chunk.End-a.Chunk.Start)
		}
	}
	if !math.IsNaN(cos) && cos >= dupCos {
		r = max(r, (cos-dupCos)/(1-dupCos))
	}
	return clamp01(r)
}

// duplicateCosine returns the near-duplicate threshold of one query: the
// configured one, or, when the caller left it at its default and the
// collection gave a cosine range (derived), the default placed as far
// from that range's floor to 1 as it sits from 0 to 1 with the hashing
// embedder. A model whose unrelated texts score 0.5 scores a section's
// other chunks above 0.9, and the raw 0.9 would demote them as copies.
func (h *Hybrid) duplicateCosine(derived *CosineRange) float64 {
	dup := h.cfg.dupCosine
	if derived == nil || !derived.Derived || !h.cfg.dupDefault || derived.Floor <= 0 || derived.Floor >= 1 {
		return dup
	}
	return derived.Floor + dup*(1-derived.Floor)
}

// selectDiverse orders candidates by MMR with the configured diversity;
// dup is the near-duplicate threshold (duplicateCosine).
func (h *Hybrid) selectDiverse(candidates []Source, relevance []float64, lambda float64, k int, dup float64) []int {
	if h.cfg.diversity == DiversityTopical {
		return mmrOrder(candidates, relevance, lambda, k)
	}
	return diverseOrder(candidates, relevance, lambda, k, func(i, j int, cos float64) float64 {
		return redundancy(&candidates[i], &candidates[j], cos, dup)
	})
}
