package embedded

import (
	"context"
	"fmt"
	"strconv"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/hybridrag/hybridrag/internal/topk"
)

// scoredSerial is a keyword hit before its chunk is loaded.
type scoredSerial struct {
	serial uint64
	score  float64
}

// serialsOf resolves top-k candidates (document numbers of r) to serials.
func serialsOf(r index.IndexReader, cands []topk.Candidate) ([]scoredSerial, error) {
	out := make([]scoredSerial, 0, len(cands))
	buf := make(index.IndexInternalID, 8)
	for _, c := range cands {
		ext, err := r.ExternalID(index.NewIndexInternalID(buf, c.ID))
		if err != nil {
			return nil, wrapSearchErr(err)
		}
		s, err := strconv.ParseUint(ext, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("embedded: keyword index holds foreign id %q", ext)
		}
		out = append(out, scoredSerial{s, c.Score})
	}
	return out, nil
}

// searchBleve runs the query through bleve's own BM25 (ScoringBleve): a
// BooleanQuery with the match as its must clause and the filter as its
// filter clause, with the store's token statistics in the context.
func (k *keywordIndex) searchBleve(ctx context.Context, text string, size int, p bm25Params, filter query.Query) ([]scoredSerial, error) {
	mq := query.NewMatchQuery(text)
	mq.SetField(fieldText)
	mq.Analyzer = codeQueryAnalyzerName
	bq := query.NewBooleanQuery(nil, nil, nil)
	bq.AddMust(mq)
	if filter != nil {
		bq.AddFilter(filter)
	}
	req := bleve.NewSearchRequestOptions(bq, size, 0, false)
	// bleve asks for statistics of every field a term searcher touches,
	// the filter's keyword fields included (one token per document each),
	// and "*" for the unscored disjunctions it optimises into one reader.
	stats := &search.BM25Stats{DocCount: float64(p.docs), FieldCardinality: map[string]int{fieldText: int(p.totalTokens)}}
	for _, f := range []string{fieldTenant, fieldProject, fieldSourceType, fieldConfidentiality, fieldDocumentID, fieldDate, "*"} {
		stats.FieldCardinality[f] = p.docs
	}
	ctx = context.WithValue(ctx, search.BM25StatsKey, stats)
	res, err := k.idx.SearchInContext(ctx, req)
	if err != nil {
		return nil, wrapSearchErr(err)
	}
	out := make([]scoredSerial, 0, len(res.Hits))
	for _, h := range res.Hits {
		s, err := strconv.ParseUint(h.ID, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("embedded: keyword index holds foreign id %q", h.ID)
		}
		out = append(out, scoredSerial{s, h.Score})
	}
	return out, nil
}

// docFreqs returns the number of live documents containing each term
// within scope (see bm25Params).
func (k *keywordIndex) docFreqs(ctx context.Context, terms [][]byte, scope []scopeTerm) ([]int, error) {
	r, err := k.reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	if out, ok, err := scopedDocFreqs(ctx, r, terms, scope); ok || err != nil {
		return out, err
	}
	out := make([]int, len(terms))
	for i, t := range terms {
		if out[i], err = docFreq(ctx, r, t, scope); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// reader opens a point-in-time reader of the index.
func (k *keywordIndex) reader() (index.IndexReader, error) {
	ix, err := k.idx.Advanced()
	if err != nil {
		return nil, wrapSearchErr(err)
	}
	r, err := ix.Reader()
	if err != nil {
		return nil, wrapSearchErr(err)
	}
	return r, nil
}
