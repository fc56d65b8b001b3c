package eval_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/store"
)

func TestReadQuestionsWithReportsUnknownFields(t *testing.T) {
	in := `{"id":"a","query":"q1","relevant_document":"x.md","evidense":"y"}` + "\n" +
		`{"id":"b","question":"q2","relevant_docs":["z.md"]}` + "\n"
	qs, warns, err := eval.ReadQuestionsWith(strings.NewReader(in), eval.ReadOptions{})
	require.NoError(t, err)
	require.Len(t, qs, 2)
	require.Equal(t, []eval.Warning{
		{Line: 1, ID: "a", Message: `unknown field "evidense" ignored`},
		{Line: 1, ID: "a", Message: `unknown field "relevant_document" ignored`},
	}, warns)
	require.Equal(t, `question line 1 (id "a"): unknown field "evidense" ignored`, warns[0].String())

	_, _, err = eval.ReadQuestionsWith(strings.NewReader(in), eval.ReadOptions{Strict: true})
	var qe *eval.QuestionError
	require.ErrorAs(t, err, &qe)
	require.Equal(t, 1, qe.Line)
	require.ErrorIs(t, err, eval.ErrInvalidQuestion)
	require.ErrorContains(t, err, `unknown field "evidense"`)

	// Every alias is known: a set written with other tools' spellings is clean.
	clean := `{"qid":1,"question":"q","sources":["a.md"],"evidences":["e"],"answer":"x","tenant_id":"t","project_id":"p"}` + "\n" +
		`{"_id":"2","text":"q","answerable":false}`
	_, warns, err = eval.ReadQuestionsWith(strings.NewReader(clean), eval.ReadOptions{Strict: true})
	require.NoError(t, err)
	require.Empty(t, warns)
}

func TestReadQuestionsStillIgnoresUnknownFields(t *testing.T) {
	qs, err := eval.ReadQuestions(strings.NewReader(`{"query":"q","difficulty":"hard"}`))
	require.NoError(t, err)
	require.Len(t, qs, 1)
}

func TestCheckDocuments(t *testing.T) {
	docs := []store.DocumentInfo{
		{ID: "guide/install.md", Source: "guide/install.md"},
		{ID: "https://example.com/faq", Source: "https://example.com/faq"},
	}
	qs := []eval.Question{
		{ID: "ok-suffix", Query: "q", RelevantDocuments: []string{"install.md"}},
		{ID: "ok-url", Query: "q", RelevantDocuments: []string{"https://example.com/faq"}},
		{ID: "typo", Query: "q", RelevantDocuments: []string{"guide/instal.md", "install.md"}},
		{ID: "none", Query: "q", Unanswerable: true},
	}
	warns := eval.CheckDocuments(qs, docs)
	require.Equal(t, []eval.Warning{{ID: "typo", Message: `relevant document "guide/instal.md" matches no indexed document`}}, warns)
	require.Equal(t, `question "typo": relevant document "guide/instal.md" matches no indexed document`, warns[0].String())
	require.Len(t, eval.CheckDocuments(qs, nil), 4)
}
