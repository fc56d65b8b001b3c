package eval

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Question is one labelled question of an evaluation set, read from one
// JSONL line. An answerable question names what
// retrieval should find: RelevantDocuments (document ids or source paths;
// a path suffix such as "docs/install.md" matches however the store was
// indexed) and/or Evidence (substrings a relevant chunk contains, compared
// ignoring case and runs of white space). An Unanswerable question is one
// the documents cannot answer: the pipeline should refuse it. It is a plain
// value, safe to share between goroutines that do not modify it.
type Question struct {
	ID                string   `json:"id"`
	Query             string   `json:"query"`
	RelevantDocuments []string `json:"relevant_documents,omitempty"`
	Evidence          []string `json:"evidence,omitempty"`
	Unanswerable      bool     `json:"unanswerable,omitempty"`
	// ExpectedAnswer, if set, is a reference answer; the run reports how
	// many of its content terms the answer contains.
	ExpectedAnswer string `json:"expected_answer,omitempty"`
	// Tenant and Project, if set, restrict the question's retrieval to
	// that tenant and project (over Options.Request's filter).
	Tenant  string `json:"tenant,omitempty"`
	Project string `json:"project,omitempty"`
}

var (
	// ErrInvalidQuestion is wrapped by every *QuestionError.
	ErrInvalidQuestion = errors.New("eval: invalid question")
	// ErrNoQuestions means an evaluation set holds no question.
	ErrNoQuestions = errors.New("eval: no questions")
)

// QuestionError explains why a line of an evaluation set was
// rejected. Line is 1-based; ID is empty when the line has none. Like every
// error value here it is immutable once returned and safe to share.
type QuestionError struct {
	Line int
	ID   string
	Err  error
}

func (e *QuestionError) Error() string {
	if e.ID != "" {
		return fmt.Sprintf("eval: question line %d (id %q): %v", e.Line, e.ID, e.Err)
	}
	return fmt.Sprintf("eval: question line %d: %v", e.Line, e.Err)
}

// Unwrap returns ErrInvalidQuestion and the cause.
func (e *QuestionError) Unwrap() []error { return []error{ErrInvalidQuestion, e.Err} }

// ReadQuestions reads an evaluation set: one JSON object per line
// (JSONL), blank lines ignored. Besides the canonical field names it reads
// common spellings from other tools ("question", "relevant_docs",
// "answerable": false, "answer", numeric ids; see fieldAliases) and
// ignores fields it does not know. A question without an id is named after
// its line ("line-7"); ids must be unique and the query non-blank; an
// unanswerable question must not name relevant documents or evidence. The
// first bad line fails the call with a *QuestionError; an input with no
// question fails with ErrNoQuestions.
func ReadQuestions(r io.Reader) ([]Question, error) {
	br := bufio.NewReader(r)
	var (
		qs   []Question
		seen = map[string]int{}
	)
	for line := 1; ; line++ {
		raw, err := br.ReadBytes('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("eval: read questions: %w", err)
		}
		if text := bytes.TrimSpace(raw); len(text) > 0 {
			q, qerr := parseQuestion(text, line)
			if qerr == nil {
				if prev, dup := seen[q.ID]; dup {
					qerr = fmt.Errorf("duplicate id (first on line %d)", prev)
				}
			}
			if qerr != nil {
				return nil, &QuestionError{Line: line, ID: q.ID, Err: qerr}
			}
			seen[q.ID] = line
			qs = append(qs, q)
		}
		if errors.Is(err, io.EOF) {
			break
		}
	}
	if len(qs) == 0 {
		return nil, ErrNoQuestions
	}
	return qs, nil
}

// Field names accepted for each Question field, canonical name first.
// Evaluation sets come from many tools; common spellings are read rather
// than rejected, and fields none of these name are ignored.
var fieldAliases = map[string][]string{
	"id":                 {"id", "_id", "qid", "question_id"},
	"query":              {"query", "question", "text"},
	"relevant_documents": {"relevant_documents", "relevant_docs", "documents", "doc_ids", "sources"},
	"evidence":           {"evidence", "evidences"},
	"unanswerable":       {"unanswerable"},
	"answerable":         {"answerable"},
	"expected_answer":    {"expected_answer", "answer", "reference_answer"},
	"tenant":             {"tenant", "tenant_id"},
	"project":            {"project", "project_id"},
}

// parseQuestion reads one JSONL line. line names a question that has
// no id of its own ("line-7").
func parseQuestion(text []byte, line int) (Question, error) {
	var q Question
	dec := json.NewDecoder(bytes.NewReader(text))
	var fields map[string]json.RawMessage
	if err := dec.Decode(&fields); err != nil {
		return q, err
	}
	if dec.More() {
		return q, errors.New("more than one JSON value on the line")
	}
	get := func(name string, into func(json.RawMessage) error) error {
		for _, alias := range fieldAliases[name] {
			if raw, ok := fields[alias]; ok && string(raw) != "null" {
				if err := into(raw); err != nil {
					return fmt.Errorf("field %q: %w", alias, err)
				}
				return nil
			}
		}
		return nil
	}
	answerable := true
	err := errors.Join(
		get("id", func(r json.RawMessage) error { return jsonStringOrNumber(r, &q.ID) }),
		get("query", func(r json.RawMessage) error { return json.Unmarshal(r, &q.Query) }),
		get("relevant_documents", func(r json.RawMessage) error { return jsonStrings(r, &q.RelevantDocuments) }),
		get("evidence", func(r json.RawMessage) error { return jsonStrings(r, &q.Evidence) }),
		get("unanswerable", func(r json.RawMessage) error { return json.Unmarshal(r, &q.Unanswerable) }),
		get("answerable", func(r json.RawMessage) error { return json.Unmarshal(r, &answerable) }),
		get("expected_answer", func(r json.RawMessage) error { return json.Unmarshal(r, &q.ExpectedAnswer) }),
		get("tenant", func(r json.RawMessage) error { return json.Unmarshal(r, &q.Tenant) }),
		get("project", func(r json.RawMessage) error { return json.Unmarshal(r, &q.Project) }),
	)
	if err != nil {
		return q, err
	}
	if !answerable {
		q.Unanswerable = true
	}
	q.ID = strings.TrimSpace(q.ID)
	if q.ID == "" {
		q.ID = fmt.Sprintf("line-%d", line)
	}
	q.Query = strings.TrimSpace(q.Query)
	switch {
	case q.Query == "":
		return q, errors.New(`missing "query"`)
	case q.Unanswerable && (len(q.RelevantDocuments) > 0 || len(q.Evidence) > 0):
		return q, errors.New("an unanswerable question cannot have relevant_documents or evidence")
	}
	return q, nil
}

// jsonStringOrNumber reads an id written as a string or a number.
func jsonStringOrNumber(raw json.RawMessage, into *string) error {
	if err := json.Unmarshal(raw, into); err == nil {
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		return errors.New("want a string or a number")
	}
	*into = n.String()
	return nil
}

// jsonStrings reads a list of strings, or a single string as a list of one.
func jsonStrings(raw json.RawMessage, into *[]string) error {
	if err := json.Unmarshal(raw, into); err == nil {
		return nil
	}
	var one string
	if err := json.Unmarshal(raw, &one); err != nil {
		return errors.New("want a string or a list of strings")
	}
	*into = []string{one}
	return nil
}
