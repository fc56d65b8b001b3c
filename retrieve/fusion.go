package retrieve

import (
	"cmp"
	"math"
	"slices"

	"github.com/hybridrag/hybridrag/store"
)

// Merge combines a keyword and a vector candidate list (each best first)
// into one list of distinct chunks, deduplicated by chunk id. A chunk found
// by both searches keeps both raw scores (Scores.BM25, Scores.Cosine) and
// both 1-based ranks; a chunk found by one search has 0 for the other's
// score and rank. A chunk listed twice by the same search keeps its best
// rank. The vector is taken from whichever hit carries one. Scores.Fused is
// left at 0: see RRF and WeightedFusion.
func Merge(keyword, vector []store.Hit) []Source {
	out := make([]Source, 0, len(keyword)+len(vector))
	index := make(map[string]int, len(keyword)+len(vector))
	add := func(h *store.Hit) *Source {
		if i, ok := index[h.Chunk.ID]; ok {
			return &out[i]
		}
		index[h.Chunk.ID] = len(out)
		out = append(out, Source{Chunk: h.Chunk})
		return &out[len(out)-1]
	}
	for i := range keyword {
		s := add(&keyword[i])
		if s.KeywordRank == 0 {
			s.KeywordRank, s.Scores.BM25 = i+1, keyword[i].Score
		}
		if s.Vector == nil {
			s.Vector = keyword[i].Vector
		}
	}
	for i := range vector {
		s := add(&vector[i])
		if s.VectorRank == 0 {
			s.VectorRank, s.Scores.Cosine = i+1, vector[i].Score
		}
		if s.Vector == nil {
			s.Vector = vector[i].Vector
		}
	}
	return out
}

// RRF sets Scores.Fused of every source to its Reciprocal Rank Fusion score
// Σ 1/(k + rank) over the lists that found it (KeywordRank, VectorRank), and
// sorts sources best first. k ≤ 0 means DefaultRRFK. Ties are broken by the
// better single-list rank, then by chunk id, so the order is deterministic.
//
// RRF scores are small (1/61 ≈ 0.0164 for rank 1 of one list with k = 60)
// and say nothing about absolute relevance: never threshold them; use
// Source.Relevance.
func RRF(sources []Source, k int) {
	if k <= 0 {
		k = DefaultRRFK
	}
	rrf(sources, float64(k))
}

func rrf(sources []Source, k float64) {
	for i := range sources {
		s := &sources[i]
		s.Scores.Fused = 0
		if s.KeywordRank > 0 {
			s.Scores.Fused += 1 / (k + float64(s.KeywordRank))
		}
		if s.VectorRank > 0 {
			s.Scores.Fused += 1 / (k + float64(s.VectorRank))
		}
	}
	sortFused(sources)
}

// WeightedFusion sets Scores.Fused of every source to
// wKeyword·norm(BM25) + wVector·norm(Cosine) and sorts sources best first.
// Each list is normalised on its own, over the sources it found (rank > 0),
// with the given Normalization; a source absent from a list gets 0 for
// min-max and the list's lowest z-score for z-scores, so being found never
// scores below not being found. Negative weights count as zero.
func WeightedFusion(sources []Source, norm Normalization, wKeyword, wVector float64) {
	kw := normalizer(sources, norm, func(s *Source) (float64, bool) { return s.Scores.BM25, s.KeywordRank > 0 })
	vec := normalizer(sources, norm, func(s *Source) (float64, bool) { return s.Scores.Cosine, s.VectorRank > 0 })
	wKeyword, wVector = max(wKeyword, 0), max(wVector, 0)
	for i := range sources {
		s := &sources[i]
		s.Scores.Fused = wKeyword*kw(s.Scores.BM25, s.KeywordRank > 0) +
			wVector*vec(s.Scores.Cosine, s.VectorRank > 0)
	}
	sortFused(sources)
}

// normalizer returns the normalisation of one list's scores, computed over
// the sources for which score reports found.
func normalizer(sources []Source, norm Normalization, score func(*Source) (float64, bool)) func(float64, bool) float64 {
	n, sum, sumSq := 0, 0.0, 0.0
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range sources {
		v, ok := score(&sources[i])
		if !ok {
			continue
		}
		n++
		sum += v
		sumSq += v * v
		lo, hi = min(lo, v), max(hi, v)
	}
	if n == 0 {
		return func(float64, bool) float64 { return 0 }
	}
	var f func(float64) float64
	switch norm {
	case NormalizeZScore:
		mean := sum / float64(n)
		sd := math.Sqrt(max(sumSq/float64(n)-mean*mean, 0))
		if sd == 0 {
			f = func(float64) float64 { return 0 }
		} else {
			f = func(v float64) float64 { return (v - mean) / sd }
		}
	default:
		if hi == lo {
			f = func(float64) float64 { return 1 }
		} else {
			f = func(v float64) float64 { return (v - lo) / (hi - lo) }
		}
	}
	floor := 0.0 // min-max: the worst found score is 0 too
	if norm == NormalizeZScore {
		floor = f(lo)
	}
	return func(v float64, found bool) float64 {
		if !found {
			return floor
		}
		return f(v)
	}
}

// sortFused orders sources by Scores.Fused, best first, with deterministic
// tie-breaks.
func sortFused(sources []Source) {
	slices.SortStableFunc(sources, func(a, b Source) int {
		if c := cmp.Compare(b.Scores.Fused, a.Scores.Fused); c != 0 {
			return c
		}
		if c := cmp.Compare(bestRank(a), bestRank(b)); c != 0 {
			return c
		}
		return cmp.Compare(a.Chunk.ID, b.Chunk.ID)
	})
}

// bestRank is the better of the two 1-based ranks, ignoring absent (0) ones.
func bestRank(s Source) int {
	switch {
	case s.KeywordRank == 0:
		return s.VectorRank
	case s.VectorRank == 0:
		return s.KeywordRank
	}
	return min(s.KeywordRank, s.VectorRank)
}
