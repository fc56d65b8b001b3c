// Package beirrun measures the retrieval stack on a BEIR-format dataset:
// it indexes the corpus into an embedded store, runs every judged query in
// keyword-only, vector-only and hybrid mode through retrieve.Hybrid, and
// reports nDCG@10, recall@100 and MRR@10 per mode with internal/beir's
// formulas (those of BEIR's pytrec_eval).
//
// Each corpus entry becomes one document with exactly one chunk, its title
// as the chunk title and its text as the chunk text, so the keyword index
// sees "title, text" once and the embedder the same; there is no chunking,
// because BEIR judges whole documents and SciFact abstracts are short
// (≈ 300 tokens). It backs the `hybridrag beir` command and BENCHMARKS.md.
package beirrun
