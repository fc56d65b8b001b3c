package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/hybridrag/hybridrag/eval"
)

// WriteMarkdown writes the report as Markdown: settings, the summary
// tables, latency per stage, the calibration and one table row per
// question.
func WriteMarkdown(w io.Writer, r Report) error {
	if r.Run == nil {
		return ErrNoRun
	}
	run := r.Run
	b := bufio.NewWriter(w)
	title := run.ID
	if run.Name != "" {
		title = run.Name + " (" + run.ID + ")"
	}
	fmt.Fprintf(b, "# Evaluation report: %s\n\n", mdCell(title))
	fmt.Fprintf(b, "Started %s, %.1f s. Generator `%s`, embedder `%s`, k = %d, gate: %s.\n\n",
		run.Started.UTC().Format("2006-01-02 15:04:05 MST"), run.DurationMS/1000,
		run.Settings.Generator, run.Settings.Embedder, run.Settings.K, thresholds(run.Settings.Thresholds))

	for _, s := range summary(run) {
		fmt.Fprintf(b, "## %s\n\n| metric | value | note |\n|---|---|---|\n", s.Title)
		for _, row := range s.Rows {
			fmt.Fprintf(b, "| %s | %s | %s |\n", mdCell(row.Metric), mdCell(row.Value), mdCell(row.Note))
		}
		b.WriteString("\n")
	}

	b.WriteString("## Latency (ms)\n\n| stage | n | p50 | p95 | mean | max |\n|---|---|---|---|---|---|\n")
	for _, s := range stages(run.Aggregate) {
		fmt.Fprintf(b, "| %s | %d | %s | %s | %s | %s |\n", s.Stage, s.N, msStr(s.P50), msStr(s.P95), msStr(s.Mean), msStr(s.Max))
	}
	b.WriteString("\n")

	writeCalibrationMD(b, r)

	fmt.Fprintf(b, "## Questions\n\n| id | kind | outcome | ok | best relevance | hit@%d (doc) | recall@%d (evidence) | citation recall | citation precision |\n|---|---|---|---|---|---|---|---|---|\n", run.Settings.K, run.Settings.K)
	for i := range run.Questions {
		q := &run.Questions[i]
		m := q.Metrics
		hit, ev, cr, cp := "", "", "", ""
		if m.Documents != nil {
			hit = num(m.Documents.HitAtK)
		}
		if m.Evidence != nil {
			ev = num(m.Evidence.RecallAtK)
		}
		if m.Citations != nil {
			cr, cp = num(m.Citations.Recall), num(m.Citations.Precision)
		}
		ok := "✗"
		if correct(q) {
			ok = "✓"
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			mdCell(q.ID), kind(q), mdCell(outcome(q)), ok, num(q.BestRelevance), hit, ev, cr, cp)
	}
	b.WriteString("\n")

	for i := range run.Questions {
		q := &run.Questions[i]
		fmt.Fprintf(b, "### %s\n\n**Q:** %s\n\n", mdCell(q.ID), mdInline(q.Query))
		if q.Error != "" {
			fmt.Fprintf(b, "**Error:** %s\n\n", mdInline(q.Error))
			continue
		}
		fmt.Fprintf(b, "**A** (%s): %s\n\n", outcome(q), mdInline(q.Answer))
		for _, c := range q.Cited {
			where := c.Source
			if c.Heading != "" {
				where += " › " + c.Heading
			}
			fmt.Fprintf(b, "- [%s] %s: %s\n", c.ID, mdInline(where), mdInline(snippet(c.Text, 300)))
		}
		if len(q.Cited) > 0 {
			b.WriteString("\n")
		}
	}
	if err := b.Flush(); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

func writeCalibrationMD(b *bufio.Writer, r Report) {
	b.WriteString("## Gate calibration\n\n")
	cal := r.Calibration
	if cal == nil {
		fmt.Fprintf(b, "Not calibrated: %s\n\n", mdInline(r.CalibrationNote))
		return
	}
	fmt.Fprintf(b, "Embedder `%s`; %d answerable and %d unanswerable questions. Rule: %s.\n\n",
		cal.Embedder, cal.Answerable, cal.Unanswerable, cal.Rule)
	b.WriteString("| thresholds | refusal recall | false-refusal rate | answer coverage | refusal precision |\n|---|---|---|---|---|\n")
	for _, p := range []struct {
		name string
		pt   eval.CalibrationPoint
	}{{"current", cal.Current}, {"recommended", cal.Recommended}} {
		fmt.Fprintf(b, "| %s: %s | %s | %s | %s | %s |\n", p.name, thresholds(p.pt.Thresholds),
			pct(p.pt.RefusalRecall), pct(p.pt.FalseRefusalRate), pct(p.pt.AnswerCoverage), pct(p.pt.RefusalPrecision))
	}
	if !cal.MeetsTarget {
		fmt.Fprintf(b, "\nNo grid point keeps the false-refusal rate within %s; the recommendation has the lowest.\n", pct(cal.MaxFalseRefusal))
	}
	b.WriteString("\nProbe sweep at the recommended min_score and min_chunks:\n\n| probe | refusal recall | false-refusal rate | answer coverage |\n|---|---|---|---|\n")
	for _, p := range cal.Curve {
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", trimFloat(p.Thresholds.Probe), pct(p.RefusalRecall), pct(p.FalseRefusalRate), pct(p.AnswerCoverage))
	}
	b.WriteString("\n")
}

// mdCell makes text safe inside a Markdown table cell.
func mdCell(s string) string { return mdInline(s) }

// mdInline puts text on one line and escapes the characters that would
// start HTML or end a table cell.
func mdInline(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.NewReplacer("<", "&lt;", ">", "&gt;", "|", `\|`).Replace(s)
}

func snippet(s string, n int) string {
	r := []rune(strings.Join(strings.Fields(s), " "))
	if len(r) <= n {
		return string(r)
	}
	return string(r[:n]) + "…"
}
