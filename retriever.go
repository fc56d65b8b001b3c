package hybridrag

import (
	"fmt"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store"
)

// isHashEmbedder reports whether emb is the offline hashing embedder (nil
// selects it), the embedder the Calibration defaults were fitted for.
func isHashEmbedder(emb retrieve.Embedder) bool {
	_, ok := emb.(*embed.Hash)
	return emb == nil || ok
}

// DefaultRetriever returns the retriever New builds when cfg.Retriever is
// nil: hybrid BM25 + vector search over cfg.Store with cfg.Embedder (the
// offline hashing embedder when nil), cfg.Reranker and cfg.Retrieval's
// fusion and calibration. A host wraps it (logging, filtering, another
// reranker) and passes the wrapper back as Config.Retriever, keeping
// Config.Embedder the same so that indexing and search agree.
func DefaultRetriever(cfg Config) (retrieve.Retriever, error) {
	if cfg.Store == nil {
		return nil, ErrNoStore
	}
	return newDefaultRetriever(cfg, resolveEmbedder(cfg))
}

// resolveEmbedder is cfg.Embedder, or the offline hashing embedder, behind
// the dimension and finiteness checks of embed.Validate.
func resolveEmbedder(cfg Config) retrieve.Embedder {
	emb := cfg.Embedder
	if emb == nil {
		emb = embed.NewHash(embed.HashOptions{Dim: DefaultEmbedDimension})
	}
	return embed.Validate(emb, 0)
}

func newDefaultRetriever(cfg Config, emb retrieve.Embedder) (retrieve.Retriever, error) {
	if cfg.Store == nil {
		return nil, ErrNoStore
	}
	opts := retrieve.Options{Reranker: cfg.Reranker, Calibration: cfg.Retrieval.Calibration, Expansion: cfg.Retrieval.Expansion,
		ProximityWeight: cfg.Retrieval.ProximityWeight}
	// The cosine defaults were fitted for the hashing embedder; any other
	// model's range is derived from the collection unless set explicitly.
	if _, scans := cfg.Store.(store.Scanner); scans && !isHashEmbedder(cfg.Embedder) {
		opts.CosineFromCollection = true
	}
	opts.Fusion = cfg.Retrieval.Fusion
	if opts.Fusion == retrieve.FusionDefault {
		// The offline hashing embedder's lexical vectors are a weak second
		// opinion beside BM25: weighted fusion keeps them so. Any other
		// embedder's score scale is unknown, and RRF needs none.
		opts.Fusion = retrieve.FusionRRF
		if cfg.Embedder == nil {
			opts.Fusion = retrieve.FusionWeighted
		}
	}
	h, err := retrieve.NewHybrid(cfg.Store, cfg.Store, emb, opts)
	if err != nil {
		return nil, fmt.Errorf("hybridrag: %w", err)
	}
	return h, nil
}
