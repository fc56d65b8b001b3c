package beirrun

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/internal/beir"
	"github.com/hybridrag/hybridrag/internal/errprefix"
	"github.com/hybridrag/hybridrag/internal/evaluate"
	"github.com/hybridrag/hybridrag/internal/parallel"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
)

// Mode selects which searches run (a plain string value).
type Mode string

// Retrieval modes.
const (
	Keyword Mode = "keyword" // BM25 only
	Vector  Mode = "vector"  // embedding cosine only
	Hybrid  Mode = "hybrid"  // both, fused
)

// Defaults of Options.
const (
	DefaultSplit = "test"
	// DefaultDepth is the candidate count of each search and the length of
	// the ranked list: recall@100 needs 100.
	DefaultDepth = 100
	// DefaultMMRLambda is 1: MMR off. MMR trades ranking quality for
	// diversity in the context window; a ranking benchmark measures the
	// ranking.
	DefaultMMRLambda = 1.0
	// DefaultConcurrency runs one query at a time.
	DefaultConcurrency = 1
	// indexBatch is the number of documents per store write.
	indexBatch = 512
)

// Metric depths.
const (
	NDCGDepth   = 10
	RecallDepth = 100
	MRRDepth    = 10
)

var (
	// ErrInvalidOptions means Options holds an out-of-range value.
	ErrInvalidOptions = errors.New("beirrun: invalid options")
	// ErrStoreNotEmpty means Options.StoreDir holds a non-empty store.
	ErrStoreNotEmpty = errors.New("beirrun: store is not empty")
	// ErrNoQueries means the split has no judged query.
	ErrNoQueries = errors.New("beirrun: no judged queries")
)

// Options configures Run. The zero value runs the three modes on the test
// split with the offline hashing embedder, the default hybrid options,
// MMR off, depth 100, in a temporary store. Run only reads it; Embedder
// must be safe for concurrent use when Concurrency > 1, and Progress is
// called serially.
type Options struct {
	Split string
	// Modes to run, in order; nil means Keyword, Vector, Hybrid.
	Modes []Mode
	// Embedder embeds documents and queries; nil means the offline
	// hashing embedder with its defaults (the pipeline's default).
	Embedder retrieve.Embedder
	// EmbedderName names the embedder in the report ("" : its type).
	EmbedderName string
	// Retrieval configures the hybrid retriever (fusion, weights…).
	Retrieval retrieve.Options
	// MMRLambda in (0, 1]; 0 means DefaultMMRLambda.
	MMRLambda float64
	// Depth is each search's candidate count and the ranked list's length;
	// 0 means DefaultDepth. Below RecallDepth, recall@100 is recall@Depth.
	Depth int
	// Concurrency is how many queries run at once; 0 means
	// DefaultConcurrency.
	Concurrency int
	// StoreDir is where the index is built; "" means a temporary directory
	// removed when Run returns. A store there must be empty
	// (ErrStoreNotEmpty): Run always indexes the corpus itself.
	StoreDir string
	// Progress, if set, is called as work advances: stage is "index" or a
	// mode name. Calls are serialised.
	Progress func(stage string, done, total int)
}

// Report is the outcome of Run; a plain value, safe for concurrent reads.
type Report struct {
	Dataset      string       `json:"dataset"`
	Split        string       `json:"split"`
	Documents    int          `json:"documents"`
	Queries      int          `json:"queries"`
	Embedder     string       `json:"embedder"`
	Fusion       string       `json:"fusion"`
	MMRLambda    float64      `json:"mmr_lambda"`
	Depth        int          `json:"depth"`
	IndexSeconds float64      `json:"index_seconds"`
	Modes        []ModeResult `json:"modes"`
}

// ModeResult are one mode's metrics, averaged over the judged queries (a
// plain value).
type ModeResult struct {
	Mode      Mode    `json:"mode"`
	NDCG10    float64 `json:"ndcg_10"`
	Recall100 float64 `json:"recall_100"`
	MRR10     float64 `json:"mrr_10"`
	// QueryP50MS and QueryP95MS are per-query retrieval latencies.
	QueryP50MS float64 `json:"query_p50_ms"`
	QueryP95MS float64 `json:"query_p95_ms"`
}

// Run loads the BEIR dataset in dir, indexes its corpus and measures each
// mode. It is safe to call concurrently with distinct StoreDirs.
func Run(ctx context.Context, dir string, opts Options) (*Report, error) {
	cfg, err := resolve(opts)
	if err != nil {
		return nil, err
	}
	ds, err := beir.Load(dir, cfg.Split)
	if err != nil {
		return nil, fmt.Errorf("beirrun: %w", err)
	}
	if len(ds.Queries) == 0 {
		return nil, fmt.Errorf("%w in split %q of %s", ErrNoQueries, cfg.Split, dir)
	}
	storeDir := cfg.StoreDir
	if storeDir == "" {
		if storeDir, err = os.MkdirTemp("", "hybridrag-beir-"); err != nil {
			return nil, fmt.Errorf("beirrun: %w", err)
		}
		defer os.RemoveAll(storeDir)
	}
	st, err := embedded.Open(storeDir, embedded.Options{Create: true})
	if err != nil {
		return nil, fmt.Errorf("beirrun: %w", err)
	}
	defer st.Close()
	if stats, err := st.Stats(ctx, store.Filter{}); err != nil {
		return nil, fmt.Errorf("beirrun: %w", err)
	} else if stats.Documents > 0 {
		return nil, fmt.Errorf("%w: %s holds %d documents", ErrStoreNotEmpty, storeDir, stats.Documents)
	}

	rep := &Report{
		Dataset: dir, Split: cfg.Split, Documents: len(ds.Corpus), Queries: len(ds.Queries),
		Embedder: cfg.EmbedderName, Fusion: reportedFusion(opts.Retrieval.Fusion),
		MMRLambda: cfg.MMRLambda, Depth: cfg.Depth,
	}
	start := time.Now()
	if err := index(ctx, st, cfg.Embedder, ds.Corpus, cfg.Progress); err != nil {
		return nil, err
	}
	rep.IndexSeconds = time.Since(start).Seconds()

	for _, m := range cfg.Modes {
		var kw store.KeywordSearcher
		var vec store.VectorSearcher
		if m != Vector {
			kw = st
		}
		if m != Keyword {
			vec = st
		}
		h, err := retrieve.NewHybrid(kw, vec, cfg.Embedder, opts.Retrieval)
		if err != nil {
			return nil, fmt.Errorf("beirrun: %w", err)
		}
		res, err := measure(ctx, h, ds, m, cfg)
		if err != nil {
			return nil, err
		}
		rep.Modes = append(rep.Modes, res)
	}
	return rep, nil
}

func resolve(o Options) (Options, error) {
	if o.Split == "" {
		o.Split = DefaultSplit
	}
	if len(o.Modes) == 0 {
		o.Modes = []Mode{Keyword, Vector, Hybrid}
	}
	for _, m := range o.Modes {
		if m != Keyword && m != Vector && m != Hybrid {
			return o, fmt.Errorf("%w: unknown mode %q", ErrInvalidOptions, m)
		}
	}
	switch {
	case o.Depth < 0:
		return o, fmt.Errorf("%w: Depth %d is negative", ErrInvalidOptions, o.Depth)
	case o.Depth == 0:
		o.Depth = DefaultDepth
	}
	switch {
	case o.MMRLambda < 0 || o.MMRLambda > 1 || o.MMRLambda != o.MMRLambda:
		return o, fmt.Errorf("%w: MMRLambda %v outside (0, 1]", ErrInvalidOptions, o.MMRLambda)
	case o.MMRLambda == 0:
		o.MMRLambda = DefaultMMRLambda
	}
	switch {
	case o.Concurrency < 0:
		return o, fmt.Errorf("%w: Concurrency %d is negative", ErrInvalidOptions, o.Concurrency)
	case o.Concurrency == 0:
		o.Concurrency = DefaultConcurrency
	}
	if o.Embedder == nil {
		o.Embedder = embed.NewHash(embed.HashOptions{})
		if o.EmbedderName == "" {
			o.EmbedderName = fmt.Sprintf("hash (offline, %d dimensions)", embed.DefaultHashDim)
		}
	}
	if o.EmbedderName == "" {
		o.EmbedderName = fmt.Sprintf("%T", o.Embedder)
	}
	if o.Progress == nil {
		o.Progress = func(string, int, int) {}
	}
	return o, nil
}

// index writes one document with one chunk per corpus entry.
func index(ctx context.Context, st *embedded.Store, emb retrieve.Embedder, corpus []beir.Doc, progress func(string, int, int)) error {
	for lo := 0; lo < len(corpus); lo += indexBatch {
		docs := corpus[lo:min(lo+indexBatch, len(corpus))]
		embedTexts := make([]string, len(docs))
		entries := make([]store.Entry, len(docs))
		for i, d := range docs {
			text := d.Text
			if strings.TrimSpace(text) == "" {
				text = d.Title
			}
			// Embed what the keyword index sees: the title, then the text.
			embedTexts[i] = strings.TrimSpace(d.Title + "\n" + text)
			entries[i] = store.Entry{
				Document: store.Document{ID: d.ID, Source: d.ID, Title: d.Title, Text: text},
				Chunks: []store.Chunk{{
					ID: store.ChunkID(d.ID, 0, text), DocumentID: d.ID, Source: d.ID,
					Title: d.Title, Text: text, Start: 0, End: len(text),
				}},
			}
		}
		vecs, err := emb.EmbedDocuments(ctx, embedTexts)
		if err != nil {
			return errprefix.Wrap("beirrun: embed", err)
		}
		if len(vecs) != len(docs) {
			return fmt.Errorf("beirrun: embed: %d vectors for %d documents", len(vecs), len(docs))
		}
		for i := range entries {
			entries[i].Vectors = [][]float32{vecs[i]}
		}
		if err := st.Put(ctx, entries...); err != nil {
			return fmt.Errorf("beirrun: index: %w", err)
		}
		progress("index", lo+len(docs), len(corpus))
	}
	return nil
}

// measure runs every judged query through r and averages the metrics.
func measure(ctx context.Context, r retrieve.Retriever, ds *beir.Dataset, m Mode, cfg Options) (ModeResult, error) {
	n := len(ds.Queries)
	ndcg, recall, mrr, lat := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	err := parallel.ForEach(ctx, n, cfg.Concurrency, func(ctx context.Context, i int) error {
		q := ds.Queries[i]
		start := time.Now()
		res, err := r.Retrieve(ctx, retrieve.Query{
			Text: q.Text, KeywordK: cfg.Depth, VectorK: cfg.Depth,
			MaxSources: cfg.Depth, MMRLambda: cfg.MMRLambda,
		})
		if err != nil {
			return fmt.Errorf("beirrun: %s query %s: %w", m, q.ID, err)
		}
		lat[i] = float64(time.Since(start).Microseconds()) / 1000
		ranked := make([]string, len(res.Sources))
		for j, s := range res.Sources {
			ranked[j] = s.Chunk.DocumentID
		}
		rels := ds.Qrels[q.ID]
		ndcg[i] = beir.NDCG(ranked, rels, NDCGDepth)
		recall[i] = beir.Recall(ranked, rels, RecallDepth)
		mrr[i] = beir.MRR(ranked, rels, MRRDepth)
		return nil
	}, func(done int) { cfg.Progress(string(m), done, n) })
	if err != nil {
		return ModeResult{}, err
	}
	return ModeResult{
		Mode: m, NDCG10: evaluate.Mean(ndcg), Recall100: evaluate.Mean(recall), MRR10: evaluate.Mean(mrr),
		QueryP50MS: evaluate.Percentile(lat, 0.5), QueryP95MS: evaluate.Percentile(lat, 0.95),
	}, nil
}

// reportedFusion names the fusion NewHybrid runs (FusionDefault is RRF).
func reportedFusion(f retrieve.Fusion) string {
	if f == retrieve.FusionDefault {
		f = retrieve.FusionRRF
	}
	return f.String()
}
