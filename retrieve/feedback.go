package retrieve

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/store"
)

// EXPERIMENT: pseudo-relevance feedback (RM3-style). The most distinctive
// terms of the first keyword pass's best chunks are searched apart and
// added at the expansion scale. Off unless HRP_PRF_DOCS > 0.
var (
	feedbackDocs  = envInt("HRP_PRF_DOCS", 0)
	feedbackTerms = envInt("HRP_PRF_TERMS", 10)
	feedbackW     = envFloat("HRP_PRF_W", 0.3)
)

func envInt(k string, d int) int {
	if v, err := strconv.Atoi(os.Getenv(k)); err == nil {
		return v
	}
	return d
}

func envFloat(k string, d float64) float64 {
	if v, err := strconv.ParseFloat(os.Getenv(k), 64); err == nil {
		return v
	}
	return d
}

func (h *Hybrid) feedback(ctx context.Context, p plan, q queryTerms, hits []store.Hit) ([]store.Hit, error) {
	if feedbackDocs == 0 || h.stats == nil || len(hits) == 0 {
		return hits, nil
	}
	top := hits[:min(feedbackDocs, len(hits))]
	skip := map[string]bool{}
	for _, t := range q.terms {
		skip[t] = true
	}
	// Relevance model: P(t|d) weighted by the chunk's share of the top scores.
	var total float64
	for _, hit := range top {
		total += hit.Score
	}
	weight := map[string]float64{}
	for _, hit := range top {
		tf := map[string]int{}
		n := 0
		h.words.each(hit.Chunk.Text, func(t string) { tf[t]++; n++ })
		if n == 0 {
			continue
		}
		for t, c := range tf {
			if skip[t] || len(t) < 3 {
				continue
			}
			weight[t] += float64(c) / float64(n) * hit.Score / total
		}
	}
	cands := make([]string, 0, len(weight))
	for t := range weight {
		cands = append(cands, t)
	}
	ts, err := h.stats.TermStats(ctx, strings.Join(cands, " "), p.filter)
	if err != nil {
		return nil, fmt.Errorf("retrieve: feedback statistics: %w", err)
	}
	df := map[string]int{}
	for i, t := range ts.Terms {
		if i < len(ts.DocFreq) {
			df[t] = ts.DocFreq[i]
		}
	}
	type cand struct {
		t string
		s float64
	}
	var cs []cand
	for t, w := range weight {
		d, ok := df[t]
		if !ok || d < 2 || float64(d) > 0.1*float64(ts.Docs) {
			continue
		}
		cs = append(cs, cand{t, w * idf(d, ts.Docs)})
	}
	slices.SortFunc(cs, func(a, b cand) int {
		if a.s != b.s {
			return cmpFloat(b.s, a.s)
		}
		return strings.Compare(a.t, b.t)
	})
	var words []string
	maxIDF := 0.0
	for _, c := range cs {
		if len(words) == feedbackTerms {
			break
		}
		words = append(words, c.t)
		maxIDF = max(maxIDF, idf(df[c.t], ts.Docs))
	}
	if len(words) == 0 {
		return hits, nil
	}
	more, err := h.keyword.SearchKeyword(ctx, strings.Join(words, " "), p.keywordK, p.filter)
	if err != nil {
		return nil, err
	}
	return mergeExpanded(hits, more, expansionScale(feedbackW, q.weights, maxIDF), p.keywordK), nil
}
