// Package benchcorpus generates the synthetic corpus that the embedded
// store's benchmarks and scripts/openbench measure: chunks of
// Zipf-distributed words (s = 1.1 over a 50,000-word vocabulary) with
// random normal vectors, four chunks a document, three tenants, two source
// types and five dates.
//
// A seed always gives the same corpus, so that a figure in BENCHMARKS.md
// can be measured again on the same data, by a test benchmark or by a
// program (which cannot import test code: this package exists for both).
package benchcorpus
