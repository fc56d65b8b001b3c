package report

import (
	"fmt"
	"html/template"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/internal/evaluate"
)

// Colours of the charts (colour-blind safe pair: blue and orange).
const (
	colorAnswerable   = "#1f77b4"
	colorUnanswerable = "#ff7f0e"
	colorCurrent      = "#555555"
	colorRecommended  = "#2ca02c"
	colorLatency      = "#6a51a3"
)

const (
	relevanceBins = 20
	latencyBins   = 12
)

// relevanceChart is the histogram of best-source relevance, answerable
// against unanswerable questions, with the probe thresholds marked.
func relevanceChart(r Report) template.HTML {
	var ans, unans []float64
	for i := range r.Run.Questions {
		q := &r.Run.Questions[i]
		if q.Error != "" {
			continue
		}
		if q.Unanswerable {
			unans = append(unans, q.BestRelevance)
		} else {
			ans = append(ans, q.BestRelevance)
		}
	}
	ms := []marker{{X: r.Run.Settings.Thresholds.Probe, Label: "probe " + trimFloat(r.Run.Settings.Thresholds.Probe), Color: colorCurrent}}
	if r.Calibration != nil && r.Calibration.Recommended.Thresholds.Probe != r.Run.Settings.Thresholds.Probe {
		p := r.Calibration.Recommended.Thresholds.Probe
		ms = append(ms, marker{X: p, Label: "recommended " + trimFloat(p), Color: colorRecommended})
	}
	return template.HTML(histogram("Best-source relevance by question kind", "best source Relevance", 0, 1, relevanceBins,
		[]series{{"answerable", colorAnswerable, ans}, {"unanswerable", colorUnanswerable, unans}}, ms))
}

// calibrationChart is the probe sweep: refusal recall, false-refusal rate
// and answer coverage against the probe threshold.
func calibrationChart(cal *eval.CalibrationReport, current float64) template.HTML {
	xs := make([]float64, len(cal.Curve))
	rec, frr, cov := make([]float64, len(cal.Curve)), make([]float64, len(cal.Curve)), make([]float64, len(cal.Curve))
	for i, p := range cal.Curve {
		xs[i], rec[i], frr[i], cov[i] = p.Thresholds.Probe, p.RefusalRecall, p.FalseRefusalRate, p.AnswerCoverage
	}
	th := cal.Recommended.Thresholds
	title := fmt.Sprintf("Calibration curve (min_score %s, min_chunks %d)", trimFloat(th.MinScore), th.MinChunks)
	ms := []marker{{X: current, Label: "current probe", Color: colorCurrent}}
	if th.Probe != current {
		ms = append(ms, marker{X: th.Probe, Label: "recommended", Color: colorRecommended})
	}
	return template.HTML(lineChart(title, "probe threshold", "rate", xs, []series{
		{"refusal recall", colorUnanswerable, rec},
		{"false-refusal rate", "#d62728", frr},
		{"answer coverage", colorAnswerable, cov},
	}, ms))
}

// latencyChart is the histogram of each question's total Ask time.
func latencyChart(run *eval.Run) template.HTML {
	var total []float64
	for i := range run.Questions {
		if q := &run.Questions[i]; q.Error == "" {
			total = append(total, q.LatencyMS["total"])
		}
	}
	hi := evaluate.Percentile(total, 1)
	if hi <= 0 {
		hi = 1
	}
	p50, p95 := evaluate.Percentile(total, 0.5), evaluate.Percentile(total, 0.95)
	return template.HTML(histogram("Answer latency (total per question)", "milliseconds", 0, hi*1.0001, latencyBins,
		[]series{{"questions", colorLatency, total}},
		[]marker{{X: p50, Label: "p50 " + msStr(p50), Color: colorCurrent}, {X: p95, Label: "p95 " + msStr(p95), Color: "#d62728"}}))
}
