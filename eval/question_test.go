package eval_test

import (
	"errors"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/eval"
)

func TestReadEvalQuestions(t *testing.T) {
	tests := []struct {
		name    string
		input   string
		want    []eval.Question
		errLine int    // 0: no line error
		errText string // substring of the error
		errIs   error
	}{
		{
			name: "answerable and unanswerable, blank lines and CRLF",
			input: `{"id":"q1","query":" How often? ","relevant_documents":["docs/a.md"],"evidence":["every 6 months"],"expected_answer":"every 6 months","tenant":"t","project":"p"}` + "\r\n\n" +
				`{"id":"q2","query":"Wi-Fi?","unanswerable":true}`,
			want: []eval.Question{
				{ID: "q1", Query: "How often?", RelevantDocuments: []string{"docs/a.md"}, Evidence: []string{"every 6 months"}, ExpectedAnswer: "every 6 months", Tenant: "t", Project: "p"},
				{ID: "q2", Query: "Wi-Fi?", Unanswerable: true},
			},
		},
		{name: "no trailing newline", input: `{"id":"a","query":"abc"}`, want: []eval.Question{{ID: "a", Query: "abc"}}},
		{name: "empty input", input: "\n \n", errIs: eval.ErrNoQuestions},
		{name: "bad JSON", input: `{"id":"a","query":"abc"}` + "\n" + `{"id":"b",`, errLine: 2, errText: "unexpected EOF"},
		{name: "aliases and unknown fields", input: `{"qid":7,"question":"abc","relevant_docs":"x.md","answer":"y","difficulty":"hard"}` + "\n" + `{"question":"def","answerable":false}`,
			want: []eval.Question{
				{ID: "7", Query: "abc", RelevantDocuments: []string{"x.md"}, ExpectedAnswer: "y"},
				{ID: "line-2", Query: "def", Unanswerable: true},
			}},
		{name: "expected facts, as their own field or as a list answer, and tags",
			input: `{"id":"a","query":"abc","expected_answer":"Use CONCURRENTLY.","expected_facts":["CONCURRENTLY"],"tags":"paraphrased"}` + "\n" +
				`{"id":"b","query":"def","answer":["128MB","shared_buffers"],"key_facts":"typically"}`,
			want: []eval.Question{
				{ID: "a", Query: "abc", ExpectedAnswer: "Use CONCURRENTLY.", ExpectedFacts: []string{"CONCURRENTLY"}, Tags: []string{"paraphrased"}},
				{ID: "b", Query: "def", ExpectedFacts: []string{"128MB", "shared_buffers", "typically"}},
			}},
		{name: "expected answer of the wrong type", input: `{"id":"a","query":"abc","expected_answer":3}`, errLine: 1, errText: "list of facts"},
		{name: "blank query", input: `{"id":"a","query":"  "}`, errLine: 1, errText: `missing "query"`},
		{name: "duplicate id", input: `{"id":"a","query":"abc"}` + "\n\n" + `{"id":"a","query":"def"}`, errLine: 3, errText: "first on line 1"},
		{name: "contradictory labels", input: `{"id":"a","query":"abc","unanswerable":true,"evidence":["x"]}`, errLine: 1, errText: "unanswerable"},
		{name: "two values on a line", input: `{"id":"a","query":"abc"} {"id":"b","query":"def"}`, errLine: 1, errText: "more than one"},
		{name: "wrong type", input: `{"id":"a","query":"abc","unanswerable":"yes"}`, errLine: 1, errText: "unanswerable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := eval.ReadQuestions(strings.NewReader(tt.input))
			switch {
			case tt.errIs != nil:
				require.ErrorIs(t, err, tt.errIs)
			case tt.errLine > 0:
				require.ErrorIs(t, err, eval.ErrInvalidQuestion)
				var qe *eval.QuestionError
				require.ErrorAs(t, err, &qe)
				require.Equal(t, tt.errLine, qe.Line)
				require.Contains(t, err.Error(), tt.errText)
				require.Contains(t, err.Error(), "line")
			default:
				require.NoError(t, err)
				require.Equal(t, tt.want, got)
			}
		})
	}
}

func TestReadEvalQuestionsReadError(t *testing.T) {
	boom := errors.New("disk gone")
	_, err := eval.ReadQuestions(iotest.ErrReader(boom))
	require.ErrorIs(t, err, boom)
	require.NotErrorIs(t, err, eval.ErrInvalidQuestion)
}

func TestReadEvalQuestionsLongLine(t *testing.T) {
	long := strings.Repeat("x", 200_000)
	got, err := eval.ReadQuestions(strings.NewReader(`{"id":"a","query":"q ` + long + `"}`))
	require.NoError(t, err)
	require.Len(t, got[0].Query, len(long)+2)
}
