package eval

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/internal/evaluate"
	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// QuestionMetrics are the metrics of one question. A nil field does not
// apply: Documents and Evidence need the corresponding labels on an
// answerable question, Citations an answer that was not refused. The
// metric types are plain values, safe for concurrent reads.
type QuestionMetrics struct {
	Documents *DocumentMetrics `json:"documents,omitempty"`
	Evidence  *EvidenceMetrics `json:"evidence,omitempty"`
	Citations *CitationMetrics `json:"citations,omitempty"`
	// ExpectedAnswerRecall is the fraction of the expected answer's content
	// terms (stemmed, stop words removed) found in the answer; 0 for a
	// refusal.
	ExpectedAnswerRecall *float64 `json:"expected_answer_recall,omitempty"`
	// KeyFactRecall is the fraction of the question's ExpectedFacts the
	// answer states (ignoring case, runs of white space and citation
	// markers); 0 for a refusal.
	KeyFactRecall *float64 `json:"key_fact_recall,omitempty"`
}

// EvidenceDepth is the depth of EvidenceMetrics.HitAt5: the sources an
// answer is mostly drawn from.
const EvidenceDepth = 5

// DocumentMetrics rank retrieved chunks by whether their document is
// relevant. Recall, hit and MRR look at the first K chunks; nDCG@10 gives
// a gain of 1 to the first chunk of each relevant document only.
type DocumentMetrics struct {
	RecallAtK float64 `json:"recall_at_k"`
	HitAtK    float64 `json:"hit_at_k"`
	MRR       float64 `json:"mrr"`
	NDCG10    float64 `json:"ndcg_10"`
}

// EvidenceMetrics rank retrieved chunks by whether they contain the
// question's evidence strings: recall is the fraction of evidence strings
// found in the first K chunks, MRR the reciprocal rank of the first chunk
// containing any.
type EvidenceMetrics struct {
	RecallAtK float64 `json:"recall_at_k"`
	HitAtK    float64 `json:"hit_at_k"`
	MRR       float64 `json:"mrr"`
	// HitAt5 is 1 when one of the first EvidenceDepth chunks contains an
	// evidence string (evidence@5).
	HitAt5 float64 `json:"hit_at_5"`
}

// CitationMetrics judge an answer's citations, in the manner of ALCE
// (Gao et al., 2023, "Enabling Large Language Models to Generate Text with
// Citations") with the judge's support check in place of an NLI model.
type CitationMetrics struct {
	// Citations counts the citation markers in the answer; Invalid those
	// that map to no retrieved chunk. ValidIDs is true when every cited id
	// is among the retrieved ones (vacuously true with no citation).
	Citations int  `json:"citations"`
	Invalid   int  `json:"invalid"`
	ValidIDs  bool `json:"valid_ids"`
	// Sentences are the answer's claim sentences as the judge splits them;
	// Supported those fully supported by the union of their citations.
	// Recall = Supported / Sentences (ALCE citation recall; a sentence
	// without citation is unsupported).
	Sentences int     `json:"sentences"`
	Supported int     `json:"supported"`
	Recall    float64 `json:"recall"`
	// Judged counts the (sentence, cited source) pairs. A pair is Precise
	// (ALCE citation precision) when its sentence is supported and the
	// source either supports the sentence on its own or is needed: without
	// it the remaining citations no longer support the sentence.
	// Individual counts the pairs whose source alone supports the sentence.
	Judged     int     `json:"judged"`
	Precise    int     `json:"precise"`
	Precision  float64 `json:"precision"`
	Individual int     `json:"individual"`
	// AttributionCoverage is the pipeline validator's coverage of the
	// generator's text (Answer.Metadata.AttributionCoverage).
	AttributionCoverage float64 `json:"attribution_coverage"`
}

// citationMetrics judges the citations of an answer. retrieved holds the
// ids of the chunks retrieval returned.
func (e *evaluator) citationMetrics(ctx context.Context, ans *hybridrag.Answer, retrieved map[string]bool) (*CitationMetrics, error) {
	srcs := answerSourcesBack(ans.Sources)
	m := &CitationMetrics{AttributionCoverage: ans.Metadata.AttributionCoverage}
	ex := e.extractor.Extract(ctx, ans.Answer, srcs)
	m.Citations = len(ex.Citations)
	for _, c := range ex.Citations {
		if !c.Valid() || c.Source >= len(srcs) || !retrieved[srcs[c.Source].Chunk.ID] {
			m.Invalid++
		}
	}
	m.ValidIDs = m.Invalid == 0

	rep, err := e.judge.Validate(ctx, ans.Answer, srcs)
	if err != nil {
		return nil, fmt.Errorf("eval: judge citations: %w", err)
	}
	for _, s := range rep.Sentences {
		m.Sentences++
		if s.Supported {
			m.Supported++
		}
		for _, j := range s.Sources {
			m.Judged++
			alone, err := e.supports(ctx, s.Text, []int{j}, srcs)
			if err != nil {
				return nil, err
			}
			if alone {
				m.Individual++
			}
			switch {
			case !s.Supported:
			case alone || len(s.Sources) == 1:
				m.Precise++
			default:
				rest, err := e.supports(ctx, s.Text, slices.DeleteFunc(slices.Clone(s.Sources), func(i int) bool { return i == j }), srcs)
				if err != nil {
					return nil, err
				}
				if !rest {
					m.Precise++
				}
			}
		}
	}
	m.Recall = evaluate.Ratio(m.Supported, m.Sentences)
	m.Precision = evaluate.Ratio(m.Precise, m.Judged)
	return m, nil
}

// supports asks the judge whether sentence, re-cited with exactly the
// sources in subset, is supported.
func (e *evaluator) supports(ctx context.Context, sentence string, subset []int, srcs []retrieve.Source) (bool, error) {
	bare := strings.TrimSpace(cite.StripMarkers(sentence, e.extractor.Extract(ctx, sentence, srcs)))
	var marks strings.Builder
	for _, i := range subset {
		fmt.Fprintf(&marks, "[S%d]", i+1)
	}
	text := bare + " " + marks.String()
	if n := len(bare); n > 0 && strings.ContainsRune(".!?", rune(bare[n-1])) {
		text = bare[:n-1] + " " + marks.String() + bare[n-1:]
	}
	rep, err := e.judge.Validate(ctx, text, srcs)
	if err != nil {
		return false, fmt.Errorf("eval: judge citations: %w", err)
	}
	if len(rep.Sentences) == 0 {
		return false, nil
	}
	for _, s := range rep.Sentences {
		if !s.Supported {
			return false, nil
		}
	}
	return true, nil
}

// answerSourcesBack rebuilds the retrieved sources an Answer lists, in
// label order, for the judge and the citation extractor.
func answerSourcesBack(as []hybridrag.AnswerSource) []retrieve.Source {
	out := make([]retrieve.Source, len(as))
	for i, s := range as {
		out[i] = retrieve.Source{
			Chunk: store.Chunk{
				ID: s.ChunkID, DocumentID: s.DocumentID, Source: s.Source, Title: s.Title,
				Text: s.Text, Page: s.Page,
			},
			Scores:    s.Scores,
			Relevance: s.Relevance,
		}
		if s.Heading != "" {
			out[i].Chunk.Heading = strings.Split(s.Heading, " > ")
		}
	}
	return out
}

// termRecall returns the fraction of want's distinct content terms that
// occur in got.
func termRecall(want, got string) float64 {
	have := map[string]bool{}
	for _, t := range textutil.ContentTerms(got) {
		have[t] = true
	}
	seen := map[string]bool{}
	found := 0
	for _, t := range textutil.ContentTerms(want) {
		if seen[t] {
			continue
		}
		seen[t] = true
		if have[t] {
			found++
		}
	}
	return evaluate.Ratio(found, len(seen))
}

// factRecall returns the fraction of facts that occur in answer, compared
// ignoring case, runs of white space and typographic quotes and dashes.
// Blank facts do not count.
func factRecall(facts []string, answer string) float64 {
	found, n := 0, 0
	for _, f := range facts {
		if strings.TrimSpace(f) == "" {
			continue
		}
		n++
		if evaluate.ContainsEvidence(answer, f) {
			found++
		}
	}
	return evaluate.Ratio(found, n)
}

// Aggregate summarises a run. Every rate is a fraction in [0, 1] and
// is 0 when its denominator (the count beside it) is 0. A plain value, safe
// for concurrent reads.
type Aggregate struct {
	Questions    int `json:"questions"`
	Answerable   int `json:"answerable"`
	Unanswerable int `json:"unanswerable"`
	// Errors counts questions that failed; they count in no other metric.
	Errors int `json:"errors"`
	K      int `json:"k"`

	// Retrieval by document, averaged over the DocumentQuestions
	// (answerable questions with relevant_documents).
	DocumentQuestions int     `json:"document_questions"`
	RecallAtK         float64 `json:"recall_at_k"`
	HitAtK            float64 `json:"hit_at_k"`
	MRR               float64 `json:"mrr"`
	NDCG10            float64 `json:"ndcg_10"`
	// Retrieval by evidence, averaged over the EvidenceQuestions.
	EvidenceQuestions int     `json:"evidence_questions"`
	EvidenceRecallAtK float64 `json:"evidence_recall_at_k"`
	EvidenceHitAtK    float64 `json:"evidence_hit_at_k"`
	EvidenceMRR       float64 `json:"evidence_mrr"`
	// EvidenceHitAt5 is evidence@5: the fraction of EvidenceQuestions
	// with an evidence string in one of the first EvidenceDepth chunks.
	EvidenceHitAt5 float64 `json:"evidence_hit_at_5"`

	// Refusals. RefusalPrecision = refused unanswerable / refused;
	// RefusalRecall = refused unanswerable / unanswerable;
	// FalseRefusalRate = refused answerable / answerable.
	Refused             int                 `json:"refused"`
	RefusedUnanswerable int                 `json:"refused_unanswerable"`
	RefusedAnswerable   int                 `json:"refused_answerable"`
	RefusalPrecision    float64             `json:"refusal_precision"`
	RefusalRecall       float64             `json:"refusal_recall"`
	FalseRefusalRate    float64             `json:"false_refusal_rate"`
	RefusalReasons      map[gate.Reason]int `json:"refusal_reasons"`

	// Answers (questions not refused). CitationValidity is valid citations
	// over all citations; ValidAnswers the fraction of answers whose cited
	// ids are all retrieved. CitationRecall and CitationPrecision are the
	// ALCE metrics averaged over answers (as ALCE does);
	// CitationIndividualSupport is the fraction of (sentence, source) pairs
	// whose source alone supports its sentence. AttributionCoverage is the
	// mean of the answers' attribution coverage.
	Answered                  int     `json:"answered"`
	LowConfidence             int     `json:"low_confidence"`
	Citations                 int     `json:"citations"`
	InvalidCitations          int     `json:"invalid_citations"`
	CitationValidity          float64 `json:"citation_validity"`
	ValidAnswers              float64 `json:"valid_answers"`
	CitationRecall            float64 `json:"citation_recall"`
	CitationPrecision         float64 `json:"citation_precision"`
	CitationIndividualSupport float64 `json:"citation_individual_support"`
	AttributionCoverage       float64 `json:"attribution_coverage"`

	// ExpectedAnswerRecall is averaged over the questions with an expected
	// answer (refusals count 0).
	ExpectedAnswerQuestions int     `json:"expected_answer_questions"`
	ExpectedAnswerRecall    float64 `json:"expected_answer_recall"`
	// KeyFactRecall is averaged over the KeyFactQuestions, the questions
	// with expected facts (refusals count 0).
	KeyFactQuestions int     `json:"key_fact_questions"`
	KeyFactRecall    float64 `json:"key_fact_recall"`

	// Latency per stage (see Result.LatencyMS), in milliseconds.
	Latency map[string]LatencySummary `json:"latency_ms"`
}

// LatencySummary describes the durations of one stage, in milliseconds.
// Percentiles use the nearest-rank method. A plain value.
type LatencySummary struct {
	N    int     `json:"n"`
	P50  float64 `json:"p50"`
	P95  float64 `json:"p95"`
	Mean float64 `json:"mean"`
	Max  float64 `json:"max"`
}

func aggregate(rs []Result, k int) Aggregate {
	a := Aggregate{Questions: len(rs), K: k, RefusalReasons: map[gate.Reason]int{}, Latency: map[string]LatencySummary{}}
	var (
		doc, ev                      [4][]float64
		facts                        []float64
		citeRecall, citePrec, cover  []float64
		expected                     []float64
		judged, individual, validAns int
		stages                       = map[string][]float64{}
	)
	for i := range rs {
		r := &rs[i]
		if r.Error != "" {
			a.Errors++
			continue
		}
		if r.Unanswerable {
			a.Unanswerable++
		} else {
			a.Answerable++
		}
		for name, v := range r.LatencyMS {
			stages[name] = append(stages[name], v)
		}
		if m := r.Metrics.Documents; m != nil {
			for j, v := range [4]float64{m.RecallAtK, m.HitAtK, m.MRR, m.NDCG10} {
				doc[j] = append(doc[j], v)
			}
		}
		if m := r.Metrics.Evidence; m != nil {
			for j, v := range [4]float64{m.RecallAtK, m.HitAtK, m.MRR, m.HitAt5} {
				ev[j] = append(ev[j], v)
			}
		}
		if v := r.Metrics.ExpectedAnswerRecall; v != nil {
			expected = append(expected, *v)
		}
		if v := r.Metrics.KeyFactRecall; v != nil {
			facts = append(facts, *v)
		}
		if r.Refused() {
			a.Refused++
			a.RefusalReasons[r.RefusalReason]++
			if r.Unanswerable {
				a.RefusedUnanswerable++
			} else {
				a.RefusedAnswerable++
			}
			continue
		}
		a.Answered++
		if r.Confidence == gate.Low {
			a.LowConfidence++
		}
		if m := r.Metrics.Citations; m != nil {
			a.Citations += m.Citations
			a.InvalidCitations += m.Invalid
			if m.ValidIDs {
				validAns++
			}
			citeRecall = append(citeRecall, m.Recall)
			citePrec = append(citePrec, m.Precision)
			cover = append(cover, m.AttributionCoverage)
			judged += m.Judged
			individual += m.Individual
		}
	}
	a.DocumentQuestions = len(doc[0])
	a.RecallAtK, a.HitAtK, a.MRR, a.NDCG10 = evaluate.Mean(doc[0]), evaluate.Mean(doc[1]), evaluate.Mean(doc[2]), evaluate.Mean(doc[3])
	a.EvidenceQuestions = len(ev[0])
	a.EvidenceRecallAtK, a.EvidenceHitAtK, a.EvidenceMRR = evaluate.Mean(ev[0]), evaluate.Mean(ev[1]), evaluate.Mean(ev[2])
	a.EvidenceHitAt5 = evaluate.Mean(ev[3])
	a.RefusalPrecision = evaluate.Ratio(a.RefusedUnanswerable, a.Refused)
	a.RefusalRecall = evaluate.Ratio(a.RefusedUnanswerable, a.Unanswerable)
	a.FalseRefusalRate = evaluate.Ratio(a.RefusedAnswerable, a.Answerable)
	a.CitationValidity = evaluate.Ratio(a.Citations-a.InvalidCitations, a.Citations)
	a.ValidAnswers = evaluate.Ratio(validAns, len(citeRecall))
	a.CitationRecall = evaluate.Mean(citeRecall)
	a.CitationPrecision = evaluate.Mean(citePrec)
	a.CitationIndividualSupport = evaluate.Ratio(individual, judged)
	a.AttributionCoverage = evaluate.Mean(cover)
	a.ExpectedAnswerQuestions = len(expected)
	a.ExpectedAnswerRecall = evaluate.Mean(expected)
	a.KeyFactQuestions = len(facts)
	a.KeyFactRecall = evaluate.Mean(facts)
	for name, vs := range stages {
		a.Latency[name] = LatencySummary{
			N: len(vs), P50: evaluate.Percentile(vs, 0.50), P95: evaluate.Percentile(vs, 0.95),
			Mean: evaluate.Mean(vs), Max: evaluate.Percentile(vs, 1),
		}
	}
	return a
}
