package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/gate"
)

// row is one line of a summary table.
type row struct {
	Metric string
	Value  string
	Note   string
}

// section is a titled summary table.
type section struct {
	Title string
	Rows  []row
}

func pct(v float64) string { return fmt.Sprintf("%.1f%%", 100*v) }

func num(v float64) string { return fmt.Sprintf("%.3f", v) }

func msStr(v float64) string { return fmt.Sprintf("%.2f", v) }

// of formats a rate with its count, or "n/a" when the denominator is 0.
func of(rate float64, num, den int) string {
	if den == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%s (%d/%d)", pct(rate), num, den)
}

func mean(v float64, n int) string {
	if n == 0 {
		return "n/a"
	}
	return num(v)
}

func summary(run *eval.Run) []section {
	a := run.Aggregate
	k := fmt.Sprint(a.K)
	docs := fmt.Sprintf("%d answerable questions with relevant_documents", a.DocumentQuestions)
	evid := fmt.Sprintf("%d answerable questions with evidence", a.EvidenceQuestions)
	out := []section{
		{"Question set", []row{
			{"questions", fmt.Sprint(a.Questions), ""},
			{"answerable / unanswerable", fmt.Sprintf("%d / %d", a.Answerable, a.Unanswerable), ""},
			{"errors", fmt.Sprint(a.Errors), "failed questions count in no other metric"},
		}},
		{"Retrieval", []row{
			{"recall@" + k + " (document)", mean(a.RecallAtK, a.DocumentQuestions), docs},
			{"hit@" + k + " (document)", mean(a.HitAtK, a.DocumentQuestions), ""},
			{"MRR@" + k + " (document)", mean(a.MRR, a.DocumentQuestions), ""},
			{"nDCG@10 (document)", mean(a.NDCG10, a.DocumentQuestions), ""},
			{"recall@" + k + " (evidence)", mean(a.EvidenceRecallAtK, a.EvidenceQuestions), evid},
			{"hit@" + k + " (evidence)", mean(a.EvidenceHitAtK, a.EvidenceQuestions), ""},
			{"MRR@" + k + " (evidence)", mean(a.EvidenceMRR, a.EvidenceQuestions), ""},
			{fmt.Sprintf("evidence@%d", eval.EvidenceDepth), mean(a.EvidenceHitAt5, a.EvidenceQuestions), "an evidence string in the first 5 chunks"},
		}},
		{"Refusals", []row{
			{"refusal recall", of(a.RefusalRecall, a.RefusedUnanswerable, a.Unanswerable), "unanswerable questions refused"},
			{"false-refusal rate", of(a.FalseRefusalRate, a.RefusedAnswerable, a.Answerable), "answerable questions refused"},
			{"refusal precision", of(a.RefusalPrecision, a.RefusedUnanswerable, a.Refused), "refusals that were unanswerable"},
			{"refusal reasons", reasons(a.RefusalReasons), ""},
		}},
		{"Answers and citations", []row{
			{"answered", fmt.Sprintf("%d (%d low confidence)", a.Answered, a.LowConfidence), ""},
			{"citation validity", of(a.CitationValidity, a.Citations-a.InvalidCitations, a.Citations), "citations to retrieved chunks"},
			{"answers with valid citations", mean(a.ValidAnswers, a.Answered), "cited ids ⊆ retrieved ids"},
			{"citation recall (ALCE)", mean(a.CitationRecall, a.Answered), "sentences fully supported by their citations"},
			{"citation precision (ALCE)", mean(a.CitationPrecision, a.Answered), "citations that support or are needed"},
			{"citations supporting alone", mean(a.CitationIndividualSupport, a.Answered), ""},
			{"attribution coverage", mean(a.AttributionCoverage, a.Answered), "target ≥ 0.90"},
			{"expected-answer term recall", mean(a.ExpectedAnswerRecall, a.ExpectedAnswerQuestions), fmt.Sprintf("%d questions with expected_answer", a.ExpectedAnswerQuestions)},
			{"key-fact recall", mean(a.KeyFactRecall, a.KeyFactQuestions), fmt.Sprintf("%d questions with expected facts", a.KeyFactQuestions)},
		}},
	}
	return out
}

func reasons(m map[gate.Reason]int) string {
	if len(m) == 0 {
		return "none"
	}
	keys := make([]string, 0, len(m))
	for r := range m {
		keys = append(keys, string(r))
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s: %d", k, m[gate.Reason(k)])
	}
	return strings.Join(parts, ", ")
}

// stageOrder lists stages in pipeline order; others follow alphabetically.
var stageOrder = []string{
	"total", "gate", "retrieve", "retrieve.embed", "retrieve.keyword", "retrieve.vector",
	"retrieve.fuse", "context", "generate", "validate", "cite",
}

type stageRow struct {
	Stage string
	eval.LatencySummary
}

func stages(a eval.Aggregate) []stageRow {
	names := make([]string, 0, len(a.Latency))
	for n := range a.Latency {
		names = append(names, n)
	}
	rank := func(n string) int {
		if i := slices.Index(stageOrder, n); i >= 0 {
			return i
		}
		return len(stageOrder)
	}
	slices.SortFunc(names, func(x, y string) int {
		if d := rank(x) - rank(y); d != 0 {
			return d
		}
		return strings.Compare(x, y)
	})
	out := make([]stageRow, len(names))
	for i, n := range names {
		out[i] = stageRow{n, a.Latency[n]}
	}
	return out
}

// outcome describes what happened to a question.
func outcome(r *eval.Result) string {
	switch {
	case r.Error != "":
		return "error"
	case r.Refused():
		return "refused: " + string(r.RefusalReason)
	case r.Confidence == gate.Low:
		return "answered (low confidence)"
	}
	return "answered"
}

// correct reports whether the pipeline did the right thing: answered an
// answerable question or refused an unanswerable one.
func correct(r *eval.Result) bool {
	return r.Error == "" && r.Refused() == r.Unanswerable
}

func kind(r *eval.Result) string {
	if r.Unanswerable {
		return "unanswerable"
	}
	return "answerable"
}

func thresholds(th gate.Thresholds) string {
	return fmt.Sprintf("probe %s, min_score %s, min_chunks %d", trimFloat(th.Probe), trimFloat(th.MinScore), th.MinChunks)
}
