package retrieve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/store"
)

// Hybrid is the default Retriever: BM25 and vector search run concurrently,
// their candidates are merged by chunk id, fused (RRF or weighted), passed
// to an optional Reranker, selected with MMR and scored with Relevance.
// Either search may be absent (keyword-only or vector-only retrieval).
//
// Hybrid is safe for concurrent use if its searchers, embedder and reranker
// are, as their interfaces require.
type Hybrid struct {
	keyword store.KeywordSearcher
	vector  store.VectorSearcher
	emb     Embedder
	stats   store.TermStatter // keyword's optional capability; nil without it
	// positions is either searcher's optional capability; nil without it.
	positions store.ChunkPositioner
	words     *wordTerms               // chunk analysis for Relevance
	expand    *expander                // nil: no expansions
	cosines   *scopeCache[CosineRange] // nil: the configured cosine range
	cfg       config
}

var _ Retriever = (*Hybrid)(nil)

// NewHybrid returns a retriever over the given searchers. Either searcher
// may be nil, not both (ErrNoSearcher). emb embeds queries for vector
// search and is required with a vector searcher (ErrNoEmbedder); without
// one it is unused. Pass a plain nil, not a typed nil pointer, for an
// absent searcher. If keyword implements store.TermStatter, its analysis
// and document frequencies weigh the lexical part of Relevance; invalid
// opts give ErrInvalidOptions.
func NewHybrid(keyword store.KeywordSearcher, vector store.VectorSearcher, emb Embedder, opts Options) (*Hybrid, error) {
	if keyword == nil && vector == nil {
		return nil, ErrNoSearcher
	}
	if vector != nil && emb == nil {
		return nil, ErrNoEmbedder
	}
	cfg, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	h := &Hybrid{keyword: keyword, vector: vector, emb: emb, cfg: cfg}
	analyze := textutil.ContentTerms
	if keyword != nil {
		if h.stats, _ = keyword.(store.TermStatter); h.stats != nil {
			analyze = h.stats.Analyze
		}
	}
	h.words = newWordTerms(analyze)
	for _, s := range []any{keyword, vector} {
		if p, ok := s.(store.ChunkPositioner); ok && s != nil && h.positions == nil {
			h.positions = p
		}
	}
	if cfg.deriveCosine {
		for _, s := range []any{vector, keyword} {
			if sc, ok := s.(store.Scanner); ok && s != nil && h.cosines == nil {
				st, _ := s.(store.Statter)
				h.cosines = newCosineRanges(sc, st)
			}
		}
		if h.cosines == nil {
			return nil, fmt.Errorf("%w: CosineFromCollection needs a searcher that implements store.Scanner", ErrInvalidOptions)
		}
	}
	if keyword != nil && cfg.expansion != ExpansionNone {
		h.expand = &expander{mode: cfg.expansion, weight: cfg.expansionWeight, synonyms: newSynonymIndex(analyze)}
		if cfg.expansion == ExpansionCorpus {
			for _, s := range []any{keyword, vector} {
				if sc, ok := s.(store.Scanner); ok && s != nil && h.expand.vocab == nil {
					st, _ := s.(store.Statter)
					h.expand.vocab = newVocabularies(sc, st, h.words)
				}
			}
		}
	}
	return h, nil
}

// plan is a query with its defaults resolved.
type plan struct {
	text              string
	keywordK, vectorK int // 0: that search does not run
	maxSources        int
	lambda            float64
	filter            store.Filter
}

func (h *Hybrid) plan(q Query) (plan, error) {
	// A question in capitals is searched as words (textutil.Unshouted).
	p := plan{text: textutil.Unshouted(q.Text), filter: q.Filter}
	if strings.TrimSpace(q.Text) == "" {
		return p, ErrEmptyQuery
	}
	p.keywordK = resolveK(q.KeywordK, DefaultKeywordK, h.keyword != nil)
	p.vectorK = resolveK(q.VectorK, DefaultVectorK, h.vector != nil)
	if p.keywordK == 0 && p.vectorK == 0 {
		return p, fmt.Errorf("%w: the query disables every configured search", ErrNoSearcher)
	}
	switch {
	case q.MaxSources < 0:
		return p, fmt.Errorf("%w: MaxSources %d is negative", ErrInvalidOptions, q.MaxSources)
	case q.MaxSources == 0:
		p.maxSources = DefaultMaxSources
	default:
		p.maxSources = q.MaxSources
	}
	switch {
	case math.IsNaN(q.MMRLambda) || q.MMRLambda < 0 || q.MMRLambda > 1:
		return p, fmt.Errorf("%w: MMRLambda %v outside (0, 1]", ErrInvalidOptions, q.MMRLambda)
	case q.MMRLambda == 0:
		p.lambda = DefaultMMRLambda
	default:
		p.lambda = q.MMRLambda
	}
	return p, nil
}

// resolveK returns the candidate count of one search: 0 when it is
// disabled (negative k) or absent, the default for k == 0.
func resolveK(k, def int, present bool) int {
	switch {
	case !present || k < 0:
		return 0
	case k == 0:
		return def
	}
	return k
}

// Retrieve runs hybrid retrieval for q. It returns ErrEmptyQuery for a
// blank q.Text, ErrInvalidOptions for out-of-range query fields, a
// *SearchError naming the failed side (both joined if both fail), and the
// context's error if ctx ends first.
func (h *Hybrid) Retrieve(ctx context.Context, q Query) (*Result, error) {
	start := time.Now()
	p, err := h.plan(q)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("retrieve: %w", err)
	}
	res := &Result{Query: q.Text}
	found, err := h.search(ctx, p, &res.Timings)
	if err != nil {
		return nil, err
	}

	fuseStart := time.Now()
	candidates := Merge(found.keyword, found.vector)
	res.Candidates = len(candidates)
	if h.cfg.fusion == FusionWeighted {
		WeightedFusion(candidates, h.cfg.norm, h.cfg.wKeyword, h.cfg.wVector)
	} else {
		rrf(candidates, h.cfg.rrfK)
	}
	h.favourDefinitions(candidates, q.Text)
	preferLanguage(candidates, q.Text)
	if h.cfg.reranker != nil && len(candidates) > 0 {
		if candidates, err = rerank(ctx, h.cfg.reranker, q.Text, candidates, h.cfg.rerankDepth); err != nil {
			return nil, err
		}
	}
	cal := h.cfg.cal
	var derived *CosineRange
	if found.queryVec != nil {
		// Without a query vector no cosine enters Relevance.
		if cal, derived, err = h.calibrationFor(ctx, q.Filter); err != nil {
			return nil, err
		}
	}
	order := h.selectDiverse(candidates, h.mmrRelevance(candidates, found.queryVec), p.lambda, p.maxSources, h.duplicateCosine(derived))
	res.Sources = make([]Source, len(order))
	for i, c := range order {
		res.Sources[i] = candidates[c]
	}
	if found.terms == nil {
		t, err := h.analyseQuery(ctx, p.text, q.Filter)
		if err != nil {
			return nil, err
		}
		found.terms = &t
	}
	found.terms.unknown = templatedMembers(documentedMembers(found.terms.unknown, res.Sources), res.Sources)
	res.Analysis = h.scoreRelevance(*found.terms, res.Sources, found.queryVec, cal)
	res.Analysis.Cosine = derived
	res.Analysis.Expansions = found.expansions
	res.Analysis.Intent = DetectIntent(q.Text)
	var added int
	if res.Sources, added, err = h.addNeighbors(ctx, res.Sources, p.maxSources); err != nil {
		return nil, err
	}
	if added > 0 {
		// Neighbours need their own Relevance and passage; the analysis
		// then also counts the terms they hold.
		a := h.scoreRelevance(*found.terms, res.Sources, found.queryVec, cal)
		res.Analysis.Keywords, res.Analysis.Missing = a.Keywords, a.Missing
	}
	if h.stats != nil {
		res.Analysis.Incidental = incidentalNames(q.Text, *found.terms, res.Sources, questionReading(h.words.termsOf))
	}
	res.Timings.Fuse = time.Since(fuseStart)
	res.Timings.Total = time.Since(start)
	return res, nil
}

// searched is what the two searches found.
type searched struct {
	keyword, vector []store.Hit
	queryVec        []float32 // nil when vector search did not run
	// terms is the analysed question when the keyword side needed it for
	// expansions (nil otherwise); expansions are the words it added.
	terms      *queryTerms
	expansions []string
}

// search runs the keyword search in its own goroutine while this one
// embeds the query and runs the vector search. When one side fails the
// other is cancelled; its resulting cancellation is not reported.
func (h *Hybrid) search(ctx context.Context, p plan, t *Timings) (searched, error) {
	var (
		out            searched
		keyErr, vecErr error
		wg             sync.WaitGroup
		once           sync.Once
		first          Side // the side that failed first, read after wg.Wait
	)
	sctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	fail := func(side Side, err error) {
		once.Do(func() { first = side })
		cancel(err)
	}
	if p.keywordK > 0 {
		run := func() {
			begin := time.Now()
			out.keyword, keyErr = searchDistinct(p.keywordK, func(k int) ([]store.Hit, error) {
				return h.keyword.SearchKeyword(sctx, p.text, k, p.filter)
			})
			if keyErr == nil && h.expand != nil {
				keyErr = h.expandKeyword(sctx, p, &out)
			}
			if keyErr == nil {
				keyErr = h.proximityKeyword(sctx, p, &out)
			}
			t.Keyword = time.Since(begin)
			if keyErr != nil {
				fail(SideKeyword, keyErr)
			}
		}
		if p.vectorK > 0 {
			wg.Go(run)
		} else {
			run()
		}
	}
	if p.vectorK > 0 {
		out.queryVec, out.vector, vecErr = h.searchVector(sctx, p, t)
		if vecErr != nil {
			fail(SideVector, vecErr)
		}
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return out, fmt.Errorf("retrieve: %w", err)
	}
	var errs []error
	for _, side := range []struct {
		name Side
		err  error
	}{{SideKeyword, keyErr}, {SideVector, vecErr}} {
		// A side cancelled because the other failed only echoes that failure.
		if side.err == nil || side.name != first && errors.Is(side.err, context.Canceled) {
			continue
		}
		errs = append(errs, &SearchError{Side: side.name, Err: side.err})
	}
	return out, errors.Join(errs...)
}

// expandKeyword analyses the question and adds its expansions' hits to
// out.keyword (see searchExpanded).
func (h *Hybrid) expandKeyword(ctx context.Context, p plan, out *searched) error {
	q, err := h.analyseQuery(ctx, p.text, p.filter)
	if err != nil {
		return err
	}
	out.terms = &q
	out.keyword, out.expansions, err = h.searchExpanded(ctx, p, q, out.keyword)
	return err
}

// proximityKeyword adds the proximity bonus to out.keyword's scores (see
// favourProximity), analysing the question first if expansions did not.
func (h *Hybrid) proximityKeyword(ctx context.Context, p plan, out *searched) error {
	if h.stats == nil || h.cfg.proximityWeight == 0 || len(out.keyword) < 2 {
		return nil
	}
	if out.terms == nil {
		q, err := h.analyseQuery(ctx, p.text, p.filter)
		if err != nil {
			return err
		}
		out.terms = &q
	}
	h.favourProximity(p.text, *out.terms, out.keyword)
	return nil
}

// searchVector embeds the query and runs the vector search.
func (h *Hybrid) searchVector(ctx context.Context, p plan, t *Timings) ([]float32, []store.Hit, error) {
	begin := time.Now()
	vec, err := h.emb.EmbedQuery(ctx, p.text)
	t.Embed = time.Since(begin)
	if err != nil {
		return nil, nil, fmt.Errorf("embed query: %w", err)
	}
	if len(vec) == 0 {
		return nil, nil, errors.New("embed query: embedder returned an empty vector")
	}
	begin = time.Now()
	hits, err := searchDistinct(p.vectorK, func(k int) ([]store.Hit, error) {
		return h.vector.SearchVector(ctx, vec, k, p.filter)
	})
	t.Vector = time.Since(begin)
	return vec, hits, err
}
