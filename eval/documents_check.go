package eval

import (
	"fmt"

	"github.com/hybridrag/hybridrag/internal/evaluate"
	"github.com/hybridrag/hybridrag/store"
)

// CheckDocuments returns a Warning for each relevant-document name in qs
// that matches none of docs (by id or source, a path suffix matching as
// in scoring): such a label can never be retrieved, so the question would
// count as a miss whatever the pipeline does. docs are the indexed documents, for example
// store.DocumentLister.ListDocuments of the tenant and project evaluated.
func CheckDocuments(qs []Question, docs []store.DocumentInfo) []Warning {
	var warns []Warning
	for _, q := range qs {
		for _, rel := range q.RelevantDocuments {
			if !anyDocument(rel, docs) {
				warns = append(warns, Warning{ID: q.ID,
					Message: fmt.Sprintf("relevant document %q matches no indexed document", rel)})
			}
		}
	}
	return warns
}

func anyDocument(rel string, docs []store.DocumentInfo) bool {
	for i := range docs {
		r := evaluate.Retrieved{DocumentID: docs[i].ID, Source: docs[i].Source}
		if evaluate.MatchDocument(r, []string{rel}) != "" {
			return true
		}
	}
	return false
}
