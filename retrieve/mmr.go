package retrieve

import (
	"fmt"
	"math"

	"github.com/viterin/vek/vek32"
)

// MMR selects up to k of candidates by Maximal Marginal Relevance
// (Carbonell and Goldstein, 1998): it first takes the most relevant
// candidate, then repeatedly the one maximising
//
//	lambda·relevance[i] − (1 − lambda)·max_{j selected} cos(v_i, v_j)
//
// so that near-duplicates of what is already selected give way to other
// relevant material. relevance[i] belongs to candidates[i] and should be on
// a scale comparable to cosine, such as [0, 1]. lambda = 1 returns the k
// most relevant in relevance order; lambda = 0 maximises diversity alone.
// Ties go to the earlier candidate, so for equal relevance the input order
// is kept.
//
// Vectors (Source.Vector) need not be normalised. A candidate without a
// usable vector (nil, a length different from the first candidate vector,
// zero, NaN or Inf) has similarity 0 to every other candidate: it competes
// on relevance alone. MMR returns ErrMMRInput when len(relevance) differs
// from len(candidates) or lambda is outside [0, 1]; it never panics on
// vector lengths. k ≤ 0 selects nothing.
//
// It computes one dot product per remaining candidate after each pick,
// keeping a running maximum similarity: O(k·n) dot products, each vector's
// norm computed once. The input is not modified; the result is a new slice.
func MMR(candidates []Source, relevance []float64, lambda float64, k int) ([]Source, error) {
	if len(relevance) != len(candidates) {
		return nil, fmt.Errorf("%w: %d relevance values for %d candidates", ErrMMRInput, len(relevance), len(candidates))
	}
	if !(lambda >= 0 && lambda <= 1) { // also rejects NaN
		return nil, fmt.Errorf("%w: lambda %v outside [0, 1]", ErrMMRInput, lambda)
	}
	order := mmrOrder(candidates, relevance, lambda, k)
	out := make([]Source, len(order))
	for i, c := range order {
		out[i] = candidates[c]
	}
	return out, nil
}

// mmrOrder returns the indices MMR selects, in selection order, with the
// cosine similarity of the chunk vectors as the similarity term.
func mmrOrder(candidates []Source, relevance []float64, lambda float64, k int) []int {
	return diverseOrder(candidates, relevance, lambda, k, nil)
}

// diverseOrder is MMR with a similarity term of the caller's choosing:
// sim(i, j, cos) receives the cosine of the two chunk vectors (NaN when
// either has no usable vector) and returns the similarity MMR penalises;
// nil means the cosine itself (0 when unknown).
func diverseOrder(candidates []Source, relevance []float64, lambda float64, k int, sim func(i, j int, cos float64) float64) []int {
	n := len(candidates)
	k = min(k, n)
	if k <= 0 {
		return nil
	}
	var invNorm []float32 // 0 marks a candidate without a usable vector
	if lambda < 1 {
		invNorm = inverseNorms(candidates)
	}
	// maxSim[i] is the highest similarity of candidate i to a selected
	// candidate; -Inf until one is counted (then treated as 0).
	maxSim := make([]float64, n)
	for i := range maxSim {
		maxSim[i] = math.Inf(-1)
	}
	taken := make([]bool, n)
	order := make([]int, 0, k)
	for len(order) < k {
		best, bestScore := -1, math.Inf(-1)
		for i := range n {
			if taken[i] {
				continue
			}
			s := maxSim[i]
			if math.IsInf(s, -1) {
				s = 0
			}
			score := lambda*relevance[i] - (1-lambda)*s
			if best < 0 || score > bestScore {
				best, bestScore = i, score
			}
		}
		taken[best] = true
		order = append(order, best)
		if invNorm == nil || len(order) == k {
			continue
		}
		if sim == nil && invNorm[best] == 0 {
			continue
		}
		picked := candidates[best].Vector
		for i := range n {
			if taken[i] {
				continue
			}
			cos := math.NaN()
			if invNorm[i] != 0 && invNorm[best] != 0 {
				cos = float64(vek32.Dot(candidates[i].Vector, picked) * invNorm[i] * invNorm[best])
			}
			switch {
			case sim != nil:
				maxSim[i] = max(maxSim[i], sim(i, best, cos))
			case !math.IsNaN(cos):
				maxSim[i] = max(maxSim[i], cos)
			}
		}
	}
	return order
}

// inverseNorms returns 1/‖v‖ for each candidate vector, or 0 for vectors
// that cannot take part in a dot product with the others: nil, of another
// length than the first non-empty one (vek panics on unequal lengths), or
// with a zero, NaN or Inf norm.
func inverseNorms(candidates []Source) []float32 {
	dim := 0
	for i := range candidates {
		if d := len(candidates[i].Vector); d > 0 {
			dim = d
			break
		}
	}
	inv := make([]float32, len(candidates))
	if dim == 0 {
		return inv
	}
	for i := range candidates {
		v := candidates[i].Vector
		if len(v) != dim {
			continue
		}
		norm := float64(vek32.Norm(v))
		if norm == 0 || math.IsNaN(norm) || math.IsInf(norm, 0) {
			continue
		}
		inv[i] = float32(1 / norm)
	}
	return inv
}

// mmrTerm selects the relevance term Hybrid gives MMR. Measured on the
// SciFact train split (embedded store, hashing vectors, nDCG@10 with RRF
// and lambda 0.5; 0.630 without MMR): the fused score divided by the best
// one 0.595, min-max normalised 0.605, the query cosine (the usual choice)
// 0.439. The cosine demotes keyword-only hits, whose cosine is low or
// unknown, below weak vector hits. Min-max scores a little higher only
// because it sets the weakest candidate's relevance to 0 whatever its
// score, which weakens diversity (a near-duplicate then beats a relevant
// but lower-ranked chunk); the ratio to the best keeps fused proportions
// and is the default. The cosine variant is kept for the comparison in
// BenchmarkSciFactNDCG.
type mmrTerm int

const (
	mmrFused  mmrTerm = iota // Scores.Fused relative to the best
	mmrCosine                // query cosine
)

// mmrRelevance returns MMR's relevance term, in [0, 1], for candidates in
// their current (fused or reranked) order.
func (h *Hybrid) mmrRelevance(candidates []Source, queryVec []float32) []float64 {
	rel := make([]float64, len(candidates))
	if len(candidates) == 0 {
		return rel
	}
	switch {
	case h.cfg.reranker != nil:
		// The reranker's order is the relevance order; its scores, if any,
		// are on an unknown scale. Position i gets RRF's single-list shape,
		// scaled to 1 for the first.
		for i := range rel {
			rel[i] = (h.cfg.rrfK + 1) / (h.cfg.rrfK + float64(i+1))
		}
	case h.cfg.mmrTerm == mmrCosine:
		for i := range candidates {
			if c := sourceCosine(&candidates[i], queryVec); !math.IsNaN(c) {
				rel[i] = c
			}
		}
	default:
		// Candidates are sorted by Fused, best first. The best gets 1 and a
		// fused score of 0 gets 0; z-score fusion can give negative scores,
		// and then the lowest gets 0.
		hi, lo := candidates[0].Scores.Fused, min(candidates[len(candidates)-1].Scores.Fused, 0)
		for i := range candidates {
			rel[i] = 1
			if hi > lo {
				rel[i] = (candidates[i].Scores.Fused - lo) / (hi - lo)
			}
		}
	}
	return rel
}
