// Package report renders an evaluation run (and its gate calibration)
// as report.json, report.md and a self-contained report.html: inline CSS
// and inline SVG charts generated here, no script and no external asset,
// so the file opens offline and can be attached to a ticket or archived
// beside the run.
//
// The HTML shows the relevance distributions of answerable and
// unanswerable questions against the gate thresholds, the calibration
// curve (refusal recall and false-refusal rate against the probe
// threshold), a latency histogram, and one row per question with its
// answer, whose citation markers link to the cited sources' text.
//
// It reads package eval's types and nothing of the pipeline beyond the
// answer sources they carry; it must not import a store, a loader or a
// provider SDK, so a tool that writes reports stays light.
package report
