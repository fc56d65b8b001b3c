package report

import (
	"bufio"
	"fmt"
	"io"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/eval"
)

// WriteText writes a short plain-text summary for a terminal: the
// headline metrics, the total latency and, when calibrated, the current
// and recommended thresholds.
func WriteText(w io.Writer, r Report) error {
	if r.Run == nil {
		return ErrNoRun
	}
	run, a := r.Run, r.Run.Aggregate
	b := bufio.NewWriter(w)
	name := run.ID
	if run.Name != "" {
		name = run.Name + " (" + run.ID + ")"
	}
	fmt.Fprintf(b, "%s: %d questions (%d answerable, %d unanswerable, %d errors) in %.1f s\n",
		name, a.Questions, a.Answerable, a.Unanswerable, a.Errors, run.DurationMS/1000)
	fmt.Fprintf(b, "generator %s, embedder %s, gate %s\n", run.Settings.Generator, run.Settings.Embedder, thresholds(run.Settings.Thresholds))
	fmt.Fprintf(b, "retrieval   document (%d q): recall@%d %s  hit@%d %s  MRR %s  nDCG@10 %s\n",
		a.DocumentQuestions, a.K, mean(a.RecallAtK, a.DocumentQuestions), a.K, mean(a.HitAtK, a.DocumentQuestions),
		mean(a.MRR, a.DocumentQuestions), mean(a.NDCG10, a.DocumentQuestions))
	fmt.Fprintf(b, "            evidence (%d q): recall@%d %s  hit@%d %s  MRR %s  evidence@%d %s\n",
		a.EvidenceQuestions, a.K, mean(a.EvidenceRecallAtK, a.EvidenceQuestions), a.K,
		mean(a.EvidenceHitAtK, a.EvidenceQuestions), mean(a.EvidenceMRR, a.EvidenceQuestions),
		eval.EvidenceDepth, mean(a.EvidenceHitAt5, a.EvidenceQuestions))
	fmt.Fprintf(b, "refusals    recall %s  false-refusal %s  precision %s\n",
		of(a.RefusalRecall, a.RefusedUnanswerable, a.Unanswerable),
		of(a.FalseRefusalRate, a.RefusedAnswerable, a.Answerable),
		of(a.RefusalPrecision, a.RefusedUnanswerable, a.Refused))
	fmt.Fprintf(b, "            reasons: %s\n", reasons(a.RefusalReasons))
	fmt.Fprintf(b, "citations   validity %s  ALCE recall %s  precision %s  attribution coverage %s (%d answered, %d low confidence)\n",
		of(a.CitationValidity, a.Citations-a.InvalidCitations, a.Citations), mean(a.CitationRecall, a.Answered),
		mean(a.CitationPrecision, a.Answered), mean(a.AttributionCoverage, a.Answered), a.Answered, a.LowConfidence)
	if a.KeyFactQuestions > 0 {
		fmt.Fprintf(b, "answers     key-fact recall %s (%d questions with expected facts, refusals count 0)\n",
			mean(a.KeyFactRecall, a.KeyFactQuestions), a.KeyFactQuestions)
	}
	if l, ok := a.Latency[hybridrag.StageTotal]; ok {
		fmt.Fprintf(b, "latency     total p50 %s ms  p95 %s ms", msStr(l.P50), msStr(l.P95))
		if g, ok := a.Latency["generate"]; ok {
			fmt.Fprintf(b, "  (generate p50 %s ms  p95 %s ms)", msStr(g.P50), msStr(g.P95))
		}
		b.WriteString("\n")
	}
	if cal := r.Calibration; cal != nil {
		writePointText(b, "calibration current    ", cal.Current)
		writePointText(b, "            recommended", cal.Recommended)
		fmt.Fprintf(b, "            rule: %s", cal.Rule)
		if !cal.MeetsTarget {
			b.WriteString(" (target not reachable on this grid)")
		}
		b.WriteString("\n")
	} else if r.CalibrationNote != "" {
		fmt.Fprintf(b, "calibration not possible: %s\n", r.CalibrationNote)
	}
	if err := b.Flush(); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

func writePointText(b *bufio.Writer, label string, p eval.CalibrationPoint) {
	fmt.Fprintf(b, "%s %s: refusal recall %s, false-refusal %s, answer coverage %s\n",
		label, thresholds(p.Thresholds), pct(p.RefusalRecall), pct(p.FalseRefusalRate), pct(p.AnswerCoverage))
}
