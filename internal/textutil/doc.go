// Package textutil holds the text primitives several packages share: a
// sentence splitter that reports byte offsets, and word and content-term
// extraction (lower-cased, stop words removed, Porter-stemmed).
//
// They live in one place so that the chunker, the extractive generator and
// the validator agree on what a sentence and a term are.
//
// It must not import any other hybridrag package: everything imports it.
package textutil
