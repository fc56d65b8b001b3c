// Package embed provides the embedders of hybridrag's vector search: Hash,
// an offline lexical embedder that needs no model and is the default, and
// Langchain, an adapter for any langchaingo embeddings.Embedder (OpenAI,
// Ollama and the other providers langchaingo supports) that batches
// requests. Both implement retrieve.Embedder.
//
// Vectors from a provider are checked before they reach the store or a
// cosine computation: Validate wraps any retrieve.Embedder and turns a wrong
// vector count, an inconsistent dimension, NaN, ±Inf or an all-zero vector
// into a typed error (*CountError, *DimensionError, *VectorError, matching
// ErrCount, ErrDimension and ErrBadVector), because vek and cosine
// similarity silently produce NaN or panic on such input. The pipeline
// wraps every embedder with Validate; Langchain validates on its own.
//
// It owns the embedders and their validation. It imports retrieve and must
// not import langchaingo: Langchain accepts any value with langchaingo's
// embedder method set (LangchainEmbedder), so that the root, which uses the
// Hash default, stays free of provider SDKs.
package embed
