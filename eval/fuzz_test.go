package eval_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/hybridrag/hybridrag/eval"
)

// FuzzReadQuestions: any input either reads into valid questions or fails
// with a typed error; it never panics, and the lenient and strict readers
// agree on the questions whenever both succeed.
func FuzzReadQuestions(f *testing.F) {
	for _, s := range []string{
		`{"id":"a","query":"q","relevant_documents":["x.md"],"evidence":"e"}`,
		`{"qid":7,"question":"abc","relevant_docs":"x.md","answer":"y","difficulty":"hard"}` + "\n" + `{"question":"def","answerable":false}`,
		`{"id":1,"query":"q"}` + "\n\n" + `{"id":"1","query":"r"}`,
		`{"query":"q","unanswerable":true,"evidence":["x"]}`,
		`{"query":"q"} {"query":"r"}`,
		`[1,2]`, `{"query":null}`, "\xff\xfe", `{"query":"q","tenant":"t","project_id":"p"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		qs, warns, err := eval.ReadQuestionsWith(bytes.NewReader(data), eval.ReadOptions{})
		if err != nil {
			var qe *eval.QuestionError
			if !errors.As(err, &qe) && !errors.Is(err, eval.ErrNoQuestions) {
				t.Fatalf("untyped error %T: %v", err, err)
			}
			return
		}
		seen := map[string]bool{}
		for _, q := range qs {
			if q.ID == "" || q.Query == "" || seen[q.ID] {
				t.Fatalf("invalid question accepted: %+v", q)
			}
			if q.Unanswerable && (len(q.RelevantDocuments) > 0 || len(q.Evidence) > 0) {
				t.Fatalf("unanswerable question with labels: %+v", q)
			}
			seen[q.ID] = true
		}
		strict, _, serr := eval.ReadQuestionsWith(bytes.NewReader(data), eval.ReadOptions{Strict: true})
		if (serr == nil) != (len(warns) == 0) {
			t.Fatalf("strict error %v with %d warnings", serr, len(warns))
		}
		if serr == nil && len(strict) != len(qs) {
			t.Fatalf("strict read %d questions, lenient %d", len(strict), len(qs))
		}
	})
}
