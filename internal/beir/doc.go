// Package beir reads BEIR-format retrieval datasets (corpus.jsonl,
// queries.jsonl, qrels/*.tsv) and computes the standard ranking metrics, so
// that every retriever in the module is measured the same way.
//
// It imports nothing from the module but is used only by tests, benchmarks and the beir command;
// it must not import the root or any store.
package beir
