// Package rerank ships the two kinds of retrieve.Reranker that hosts ask
// for, both off by default (set one as hybridrag.Config.Reranker, or pass
// --rerank to the command line):
//
//   - HTTP calls a cross-encoder behind the common /rerank wire shapes:
//     Cohere and Jina ({query, documents, top_n} → results with index and
//     relevance_score; ProtocolCohere) and Hugging Face Text Embeddings
//     Inference ({query, texts} → a list of {index, score}; ProtocolTEI).
//   - LLM asks any generate.Generator (so any langchaingo model) to order
//     the candidates listwise, in one call with strict JSON out.
//
// A reranker only reorders: the gate still decides on each source's
// Relevance, and a failed call is an error (ErrRerank), never a silent
// fallback to another order. Candidates a reranker does not rank keep their
// fused order after the ranked ones, so nothing retrieved is lost.
//
// It imports retrieve and generate (for the LLM reranker's generator and
// prompt fencing); retrieve never imports it.
package rerank
