package retrieve

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"

	"github.com/hybridrag/hybridrag/store"
)

// Expansion selects which extra terms keyword search adds to a question
// (QueryAnalysis.Expansions). Expansions are searched apart from the
// question and their BM25 is added at ExpansionWeight or less, so that
// they find chunks that say the same thing in other words without ever
// outranking a chunk that uses the question's own words (see
// expandedScore).
type Expansion int

const (
	// ExpansionDefault, the zero value, is DefaultExpansion.
	ExpansionDefault Expansion = iota
	// ExpansionNone adds nothing.
	ExpansionNone
	// ExpansionSynonyms adds the bundled technical-English synonyms
	// (internal/synonyms/synonyms.txt) of the question's words that the
	// collection uses.
	ExpansionSynonyms
	// ExpansionCorpus adds the synonyms and, when the keyword or vector
	// searcher implements store.Scanner, heading terms of the collection
	// that co-occur with the question's terms (vocabulary.go). Without a
	// Scanner it is ExpansionSynonyms. The first query of each tenant and
	// project scans and analyses all of its chunks (8.5 s for the 2,977
	// chunks of the PostgreSQL manual on a busy 2-core machine).
	ExpansionCorpus
)

// DefaultExpansion is what ExpansionDefault means; see BENCHMARKS.md
// ("Query analysis: expansions and intent") for the measurements that
// chose it.
const DefaultExpansion = ExpansionSynonyms

// DefaultExpansionWeight is the default Options.ExpansionWeight.
const DefaultExpansionWeight = 0.3

// maxExpansions bounds the synonyms one question adds, maxCorpusExpansions
// the corpus terms (separately: a question with common words would
// otherwise fill the budget with synonyms).
const (
	maxExpansions       = 6
	maxCorpusExpansions = 3
)

func (e Expansion) valid() bool { return e >= ExpansionDefault && e <= ExpansionCorpus }

// expander computes a question's expansions for a Hybrid.
type expander struct {
	mode     Expansion
	weight   float64
	synonyms synonymIndex
	vocab    *scopeCache[*vocabulary] // nil without a Scanner or below ExpansionCorpus
}

// expansions returns the words to add to a question whose analysed terms
// are q.terms: synonyms first, then corpus terms, none already a question
// term, at most maxExpansions.
func (e *expander) expansions(ctx context.Context, question string, q queryTerms, f store.Filter, analyze func(string) []string) ([]string, error) {
	skip := make(map[string]bool, len(q.terms))
	for _, t := range q.terms {
		skip[t] = true
	}
	var out []string
	limit := maxExpansions
	add := func(word string) {
		terms := analyze(word)
		if len(terms) != 1 || skip[terms[0]] || len(out) == limit {
			return
		}
		skip[terms[0]] = true
		out = append(out, word)
	}
	named := namedTerms(question, questionReading(analyze))
	for _, t := range q.terms {
		if named[t] {
			continue
		}
		for _, w := range e.synonyms[t] {
			add(w)
		}
	}
	if e.vocab != nil {
		v, err := e.vocab.get(ctx, f)
		if err != nil {
			return nil, fmt.Errorf("retrieve: expansion vocabulary: %w", err)
		}
		if v != nil {
			limit = len(out) + maxCorpusExpansions
			for _, w := range v.expand(q.terms, cloneSet(skip)) {
				add(w)
			}
		}
	}
	return out, nil
}

// namedTerms returns the analysed terms of the words a question writes as
// code or as an upper-case keyword ("CREATE USER", "max_connections",
// "--jobs"): they name one thing exactly, and a synonym of "CREATE" or
// "MERGE" names another.
func namedTerms(question string, analyze func(string) []string) map[string]bool {
	named := map[string]bool{}
	forEachWord(question, func(word string) {
		if textutil.MaybeCode(word) || textutil.AllCapitals(word) {
			for _, t := range analyze(word) {
				named[t] = true
			}
		}
	})
	return named
}

func cloneSet(m map[string]bool) map[string]bool {
	c := make(map[string]bool, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// searchExpanded runs the keyword search for the expansion words and
// adds their scores to hits (the question's own keyword hits) at the
// expansion scale (see expandedScore). It returns the merged list, best
// first, up to k distinct hits long (distinctTexts), and the expansion
// words the collection uses.
func (h *Hybrid) searchExpanded(ctx context.Context, p plan, q queryTerms, hits []store.Hit) ([]store.Hit, []string, error) {
	words, err := h.expand.expansions(ctx, p.text, q, p.filter, h.words.analyze)
	if err != nil || len(words) == 0 {
		return hits, nil, err
	}
	text := strings.Join(words, " ")
	scale := h.expand.weight
	if h.stats != nil {
		ts, err := h.stats.TermStats(ctx, text, p.filter)
		if err != nil {
			return nil, nil, fmt.Errorf("retrieve: expansion statistics: %w", err)
		}
		used := map[string]bool{}
		maxIDF := 0.0
		for i, t := range ts.Terms {
			if i < len(ts.DocFreq) && ts.DocFreq[i] > 0 {
				used[t] = true
				maxIDF = max(maxIDF, idf(ts.DocFreq[i], ts.Docs))
			}
		}
		words = slices.DeleteFunc(words, func(w string) bool {
			terms := h.words.analyze(w)
			return len(terms) != 1 || !used[terms[0]]
		})
		if len(words) == 0 {
			return hits, nil, nil
		}
		text = strings.Join(words, " ")
		scale = expansionScale(h.expand.weight, q.weights, maxIDF)
	}
	more, err := searchDistinct(p.keywordK, func(k int) ([]store.Hit, error) {
		return h.keyword.SearchKeyword(ctx, text, k, p.filter)
	})
	if err != nil {
		return nil, nil, err
	}
	merged := mergeExpanded(hits, more, scale, len(hits)+len(more))
	return distinctTexts(merged, p.keywordK), words, nil
}

// expansionScale is the factor expansion BM25 scores are multiplied by:
// the expansion weight w, lowered further when an expansion term is rarer
// than the question's most common term, so that every expansion term's
// BM25 weight (scale·idf) stays at or below w times the IDF of every
// question term. A chunk that uses an expansion where another uses the
// question's own word, all else equal, therefore scores lower: BM25's tf
// and length factor are the same for both. weights are the question
// terms' IDFs (1 each without statistics).
func expansionScale(w float64, weights []float64, maxExpansionIDF float64) float64 {
	minIDF := math.Inf(1)
	for _, x := range weights {
		minIDF = min(minIDF, x)
	}
	if math.IsInf(minIDF, 1) || maxExpansionIDF <= minIDF {
		return w
	}
	return w * minIDF / maxExpansionIDF
}

// mergeExpanded adds scale × the expansion search's score to each hit of
// the question's own search (keyword score = own BM25 + scale × expansion
// BM25), appends chunks found only through expansions, sorts best first
// (stable: the question's own order breaks ties) and keeps k.
func mergeExpanded(own, more []store.Hit, scale float64, k int) []store.Hit {
	out := slices.Clone(own)
	at := make(map[string]int, len(own))
	for i := range out {
		at[out[i].Chunk.ID] = i
	}
	for _, m := range more {
		if i, ok := at[m.Chunk.ID]; ok {
			out[i].Score += scale * m.Score
			continue
		}
		m.Score *= scale
		at[m.Chunk.ID] = len(out)
		out = append(out, m)
	}
	slices.SortStableFunc(out, func(a, b store.Hit) int { return cmpFloat(b.Score, a.Score) })
	if len(out) > k {
		out = out[:k]
	}
	return out
}
