package beir

import (
	"math"
	"sort"
)

// NDCG returns nDCG@k of ranked document ids against graded judgements,
// with the linear gain used by BEIR's pytrec_eval.
func NDCG(ranked []string, rels map[string]int, k int) float64 {
	dcg := 0.0
	for i, id := range ranked {
		if i >= k {
			break
		}
		if g := rels[id]; g > 0 {
			dcg += float64(g) / math.Log2(float64(i)+2)
		}
	}
	grades := make([]int, 0, len(rels))
	for _, g := range rels {
		if g > 0 {
			grades = append(grades, g)
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(grades)))
	idcg := 0.0
	for i, g := range grades {
		if i >= k {
			break
		}
		idcg += float64(g) / math.Log2(float64(i)+2)
	}
	if idcg == 0 {
		return 0
	}
	return dcg / idcg
}

// Recall returns the fraction of relevant documents found in the top k.
func Recall(ranked []string, rels map[string]int, k int) float64 {
	total, found := 0, 0
	for _, g := range rels {
		if g > 0 {
			total++
		}
	}
	if total == 0 {
		return 0
	}
	for i, id := range ranked {
		if i >= k {
			break
		}
		if rels[id] > 0 {
			found++
		}
	}
	return float64(found) / float64(total)
}

// MRR returns the reciprocal rank of the first relevant document in the top k.
func MRR(ranked []string, rels map[string]int, k int) float64 {
	for i, id := range ranked {
		if i >= k {
			break
		}
		if rels[id] > 0 {
			return 1 / float64(i+1)
		}
	}
	return 0
}
