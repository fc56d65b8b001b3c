// Package evaluate holds the arithmetic of evaluation runs: ranking metrics
// of a retrieved chunk list against relevant documents or evidence
// substrings, percentiles, and ratios that are defined as zero when their
// denominator is empty.
//
// It knows nothing about pipelines or answers, so that the metric
// definitions can be read and tested in one place; the root package's
// Evaluate feeds it the chunk lists it recorded, and internal/beirrun
// uses the same BEIR formulas through internal/beir.
package evaluate
