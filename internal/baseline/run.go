package baseline

import (
	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/internal/evaluate"
)

// Summary is the baseline's retrieval over an evaluation set, at depth K
// (a plain value). Evidence figures average over the answerable questions
// with evidence strings, document figures over those naming relevant
// documents, as eval.Aggregate does.
type Summary struct {
	K                 int     `json:"k"`
	Chunks            int     `json:"chunks"`
	EvidenceQuestions int     `json:"evidence_questions"`
	EvidenceHitAtK    float64 `json:"evidence_hit_at_k"`
	EvidenceMRR       float64 `json:"evidence_mrr"`
	DocumentQuestions int     `json:"document_questions"`
	DocumentHitAtK    float64 `json:"document_hit_at_k"`
	DocumentMRR       float64 `json:"document_mrr"`
	// Hits maps each evidence question's id to whether the baseline found
	// its evidence within K, for comparing question by question.
	Hits map[string]bool `json:"-"`
}

// Run searches every answerable question of qs with the top k and scores
// the chunks as eval does.
func Run(x *Index, qs []eval.Question, k int) (Summary, error) {
	s := Summary{K: k, Chunks: x.Len(), Hits: map[string]bool{}}
	var evHit, evMRR, docHit, docMRR []float64
	for _, q := range qs {
		if q.Unanswerable || (len(q.Evidence) == 0 && len(q.RelevantDocuments) == 0) {
			continue
		}
		got, err := x.Search(q.Query, k)
		if err != nil {
			return Summary{}, err
		}
		ranked := make([]evaluate.Retrieved, len(got))
		for i, c := range got {
			ranked[i] = evaluate.Retrieved{DocumentID: c.DocumentID, Source: c.Source, Text: c.Text}
		}
		if len(q.Evidence) > 0 {
			e := evaluate.Evidence(ranked, q.Evidence, k)
			evHit, evMRR = append(evHit, e.Hit), append(evMRR, e.MRR)
			s.Hits[q.ID] = e.Hit > 0
		}
		if len(q.RelevantDocuments) > 0 {
			d := evaluate.Documents(ranked, q.RelevantDocuments, k)
			docHit, docMRR = append(docHit, d.Hit), append(docMRR, d.MRR)
		}
	}
	s.EvidenceQuestions, s.EvidenceHitAtK, s.EvidenceMRR = len(evHit), evaluate.Mean(evHit), evaluate.Mean(evMRR)
	s.DocumentQuestions, s.DocumentHitAtK, s.DocumentMRR = len(docHit), evaluate.Mean(docHit), evaluate.Mean(docMRR)
	return s, nil
}
