// Package retrieve finds the evidence a question can be answered from. Its
// Hybrid retriever runs BM25 and vector search concurrently over a store
// (both with the query's Filter, enforced inside each search), merges their
// candidates by chunk id keeping every raw score and rank, fuses them with
// Reciprocal Rank Fusion or a weighted sum of normalised scores, passes them
// to an optional Reranker, and selects a diverse, relevant subset with
// Maximal Marginal Relevance (MMR) before truncating to MaxSources.
//
// Every selected Source carries a Relevance in [0, 1] (see Relevance): a
// blend of IDF-weighted lexical coverage of the question and calibrated
// cosine similarity, which the gate thresholds to refuse before any
// language model is called. Fused scores only order candidates and must not
// be thresholded. The building blocks (Merge, RRF, WeightedFusion, MMR,
// Relevance) are exported for hosts that assemble their own retriever.
//
// It owns Query, Source, Result and the Retriever, Embedder and Reranker
// interfaces. It imports store (and its interfaces only, never an
// implementation) and must not import gate, generate, cite, validate, the
// root or a provider SDK; embedders live in retrieve/embed.
package retrieve
