// Package hybridrag answers questions only from a program's own documents.
//
// A Pipeline indexes documents into a Store, retrieves evidence for a
// question with hybrid BM25 + vector search, and (with the grounding parts)
// either answers from that evidence with citations or refuses with a typed
// reason. The retriever, not the language model, decides whether evidence
// exists.
package hybridrag
