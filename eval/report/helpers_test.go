package report

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/gate"
)

func f(v float64) *float64 { return &v }

// sampleRun is a small hand-made run: two answerable questions (one
// answered with citations, one falsely refused), two unanswerable ones
// (one refused, one answered), one failed question, and text that must be
// escaped.
func sampleRun(t *testing.T) *eval.Run {
	t.Helper()
	src := func(id, chunk, doc, text string, rel float64) hybridrag.AnswerSource {
		return hybridrag.AnswerSource{ID: id, ChunkID: chunk, DocumentID: doc, Source: doc, Heading: "Maintenance > Filters", Relevance: rel, Text: text}
	}
	run := &eval.Run{
		ID: "eval-test", Name: `nightly <b>"run"</b>`, Started: time.Date(2026, 11, 3, 10, 0, 0, 0, time.UTC), DurationMS: 1234,
		Settings: eval.Settings{K: 10, Concurrency: 1, Generator: "extractive", Embedder: "hash", Thresholds: gate.Thresholds{}.Resolve()},
		Questions: []eval.Result{
			{
				Question: eval.Question{ID: "filters", Query: "How often are the G4 filters replaced?", RelevantDocuments: []string{"om.md"}, Evidence: []string{"every 6 months"}, ExpectedAnswer: "every 6 months"},
				Retrieved: []eval.Source{
					{ChunkID: "c1", DocumentID: "om.md", Source: "om.md", Relevance: 0.82, RelevantDocument: true, Evidence: []int{0}},
					{ChunkID: "c2", DocumentID: "ig.md", Source: "ig.md", Relevance: 0.41},
				},
				Answer:     "Replace the G4 filters every 6 months [S1]. Check them every 3 months near busy roads [S1, S2].",
				Confidence: gate.Normal, BestRelevance: 0.82,
				Cited: []hybridrag.AnswerSource{
					src("S1", "c1", "om.md", "Replace the G4 filters every 6 months. <script>alert(1)</script>", 0.82),
					src("S2", "c2", "ig.md", "Near busy roads, check the filters every 3 months & more.", 0.41),
				},
				Metrics: eval.QuestionMetrics{
					Documents:            &eval.DocumentMetrics{RecallAtK: 1, HitAtK: 1, MRR: 1, NDCG10: 1},
					Evidence:             &eval.EvidenceMetrics{RecallAtK: 1, HitAtK: 1, MRR: 1},
					Citations:            &eval.CitationMetrics{Citations: 3, ValidIDs: true, Sentences: 2, Supported: 2, Recall: 1, Judged: 3, Precise: 2, Precision: 2.0 / 3, Individual: 2, AttributionCoverage: 1},
					ExpectedAnswerRecall: f(1),
				},
				LatencyMS: map[string]float64{"total": 3.5, "retrieve": 2.1, "generate": 0.4},
			},
			{
				Question:      eval.Question{ID: "seal", Query: "How often is the seal replaced?", RelevantDocuments: []string{"om.md"}},
				Retrieved:     []eval.Source{{ChunkID: "c1", DocumentID: "om.md", Source: "om.md", Relevance: 0.35, RelevantDocument: true}},
				Answer:        gate.MessageNoEvidence,
				RefusalReason: gate.InsufficientSources, Confidence: gate.Refused, BestRelevance: 0.35,
				Cited:     []hybridrag.AnswerSource{},
				Metrics:   eval.QuestionMetrics{Documents: &eval.DocumentMetrics{RecallAtK: 1, HitAtK: 1, MRR: 1, NDCG10: 1}},
				LatencyMS: map[string]float64{"total": 2.0, "retrieve": 1.8},
			},
			{
				Question:      eval.Question{ID: "wifi", Query: "How do I pair it with Wi-Fi?", Unanswerable: true},
				Retrieved:     []eval.Source{{ChunkID: "c3", DocumentID: "ts.html", Source: "ts.html", Relevance: 0.12}},
				Answer:        gate.MessageNoEvidence,
				RefusalReason: gate.NoRelevantContent, Confidence: gate.Refused, BestRelevance: 0.12,
				Cited:     []hybridrag.AnswerSource{},
				LatencyMS: map[string]float64{"total": 1.1, "retrieve": 1.0},
			},
			{
				Question:   eval.Question{ID: "price|cost", Query: "What does the unit cost?", Unanswerable: true},
				Retrieved:  []eval.Source{{ChunkID: "c2", DocumentID: "ig.md", Source: "ig.md", Relevance: 0.55}, {ChunkID: "c1", DocumentID: "om.md", Source: "om.md", Relevance: 0.5}},
				Answer:     "The unit is sold with a wall bracket [S1].",
				Confidence: gate.Low, BestRelevance: 0.55,
				Cited:     []hybridrag.AnswerSource{src("S1", "c2", "ig.md", "The carton contains a wall bracket.", 0.55)},
				Metrics:   eval.QuestionMetrics{Citations: &eval.CitationMetrics{Citations: 1, ValidIDs: true, Sentences: 1, Recall: 0, Judged: 1}},
				LatencyMS: map[string]float64{"total": 4.2, "retrieve": 2.5, "generate": 0.9},
			},
			{Question: eval.Question{ID: "short", Query: "ab"}, Error: "hybridrag: invalid query: too short (2 characters; allowed 3–1000)"},
		},
	}
	run.Aggregate = eval.Aggregate{
		Questions: 5, Answerable: 2, Unanswerable: 2, Errors: 1, K: 10,
		DocumentQuestions: 2, RecallAtK: 1, HitAtK: 1, MRR: 1, NDCG10: 1,
		EvidenceQuestions: 1, EvidenceRecallAtK: 1, EvidenceHitAtK: 1, EvidenceMRR: 1,
		Refused: 2, RefusedUnanswerable: 1, RefusedAnswerable: 1, RefusalPrecision: 0.5, RefusalRecall: 0.5, FalseRefusalRate: 0.5,
		RefusalReasons: map[gate.Reason]int{gate.InsufficientSources: 1, gate.NoRelevantContent: 1},
		Answered:       2, LowConfidence: 1, Citations: 4, CitationValidity: 1, ValidAnswers: 1,
		CitationRecall: 0.5, CitationPrecision: 1.0 / 3, CitationIndividualSupport: 0.5, AttributionCoverage: 0.5,
		Latency: map[string]eval.LatencySummary{
			"total":    {N: 4, P50: 2.0, P95: 4.2, Mean: 2.7, Max: 4.2},
			"retrieve": {N: 4, P50: 1.8, P95: 2.5, Mean: 1.85, Max: 2.5},
		},
	}
	return run
}

func sampleReport(t *testing.T) Report {
	t.Helper()
	run := sampleRun(t)
	cal, err := eval.Calibrate(run, eval.CalibrationGrid{})
	require.NoError(t, err)
	return Report{Run: run, Calibration: cal}
}
