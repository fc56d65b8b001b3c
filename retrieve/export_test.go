package retrieve

import (
	"context"

	"github.com/hybridrag/hybridrag/internal/textutil"

	"github.com/hybridrag/hybridrag/store"
)

// SearchStore is a store with both searches and term statistics.
type SearchStore interface {
	store.KeywordSearcher
	store.VectorSearcher
	store.TermStatter
}

// Without is a view of a SearchStore from which some documents are
// removed: searches over-fetch by the number of removed chunks and drop
// them (so the top k of the rest is exact), and TermStats subtracts the
// removed chunks from the document frequencies. BM25 scores of the other
// chunks keep the full collection's statistics. Safe for concurrent use if
// the inner store is.
type Without struct {
	inner   SearchStore
	removed map[string]bool // document ids
	texts   []string        // texts of the removed chunks
}

// NewWithout removes the chunks of the given documents (id → the texts of
// their chunks) from s.
func NewWithout(s SearchStore, removed map[string][]string) *Without {
	w := &Without{inner: s, removed: map[string]bool{}}
	for id, texts := range removed {
		w.removed[id] = true
		w.texts = append(w.texts, texts...)
	}
	return w
}

func (w *Without) drop(hits []store.Hit, k int) []store.Hit {
	out := hits[:0]
	for _, h := range hits {
		if !w.removed[h.Chunk.DocumentID] {
			out = append(out, h)
		}
	}
	if len(out) > k {
		out = out[:k]
	}
	return out
}

// SearchKeyword implements store.KeywordSearcher.
func (w *Without) SearchKeyword(ctx context.Context, q string, k int, f store.Filter) ([]store.Hit, error) {
	hits, err := w.inner.SearchKeyword(ctx, q, k+len(w.texts), f)
	return w.drop(hits, k), err
}

// SearchVector implements store.VectorSearcher.
func (w *Without) SearchVector(ctx context.Context, v []float32, k int, f store.Filter) ([]store.Hit, error) {
	hits, err := w.inner.SearchVector(ctx, v, k+len(w.texts), f)
	return w.drop(hits, k), err
}

// TermStats implements store.TermStatter.
func (w *Without) TermStats(ctx context.Context, q string, f store.Filter) (store.TermStats, error) {
	ts, err := w.inner.TermStats(ctx, q, f)
	if err != nil {
		return ts, err
	}
	ts.Docs -= len(w.texts)
	ts.DocFreq = append([]int(nil), ts.DocFreq...)
	for _, text := range w.texts {
		has := map[string]bool{}
		for _, t := range w.inner.Analyze(text) {
			has[t] = true
		}
		for i, t := range ts.Terms {
			if has[t] {
				ts.DocFreq[i]--
			}
		}
	}
	return ts, nil
}

// Analyze implements store.TermStatter.
func (w *Without) Analyze(text string) []string { return w.inner.Analyze(text) }

// UseCosineForMMR makes MMR's relevance term the query cosine, the usual
// choice, for the comparison in BenchmarkSciFactNDCG.
func (h *Hybrid) UseCosineForMMR() { h.cfg.mmrTerm = mmrCosine }

// WordTermSet returns the set of terms the word-by-word analysis used by
// Relevance finds in text.
func WordTermSet(analyze func(string) []string, text string) map[string]bool {
	set := map[string]bool{}
	newWordTerms(analyze).each(text, func(t string) { set[t] = true })
	return set
}

// UnknownNames returns unknownNames analysing words as retrieval does,
// through a word cache over analyze.
func UnknownNames(analyze func(string) []string) func(question string, df map[string]int) []string {
	w := newWordTerms(analyze)
	return func(question string, df map[string]int) []string { return unknownNames(question, w.termsOf, df) }
}

// SentenceTerms reports, for every sentence of text, the terms in the
// order the word cache gives them: perSentence from one each call per
// sentence (one lock per sentence), oneLock from eachIn over all the
// sentences. Each is taken twice over one fresh cache, cold then warm, and
// the words each way left cached are returned.
func SentenceTerms(analyze func(string) []string, text string) (perSentence, oneLock [2][][]string, cachedPer, cachedOne map[string][]string) {
	spans := textutil.Sentences(text)
	per, one := newWordTerms(analyze), newWordTerms(analyze)
	for pass := range 2 {
		perSentence[pass] = make([][]string, len(spans))
		for i, sp := range spans {
			per.each(text[sp.Start:sp.End], func(t string) { perSentence[pass][i] = append(perSentence[pass][i], t) })
		}
		oneLock[pass] = make([][]string, len(spans))
		one.eachIn(text, spans, func(i int, t string) { oneLock[pass][i] = append(oneLock[pass][i], t) })
	}
	return perSentence, oneLock, per.cache, one.cache
}

// SentenceTermsAfter reports, for every sentence of text, the terms eachIn
// gives over a fresh cache over analyze that first analysed each of warm
// (as earlier retrievals would have).
func SentenceTermsAfter(analyze func(string) []string, text string, warm ...string) [][]string {
	w := newWordTerms(analyze)
	for _, t := range warm {
		w.each(t, func(string) {})
	}
	spans := textutil.Sentences(text)
	out := make([][]string, len(spans))
	w.eachIn(text, spans, func(i int, t string) { out[i] = append(out[i], t) })
	return out
}
