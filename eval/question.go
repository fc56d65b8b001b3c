package eval

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
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
	// ExpectedFacts, if set, are facts a correct answer must state (a
	// setting's value, the option the question asks about); the run
	// reports the fraction the answer contains, ignoring case and runs of
	// white space. An expected_answer written as a list of strings is read
	// as ExpectedFacts.
	ExpectedFacts []string `json:"expected_facts,omitempty"`
	// Tags label the question for slicing a run ("paraphrased"); they do
	// not change how it is scored.
	Tags []string `json:"tags,omitempty"`
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
// ignores fields it does not know (ReadQuestionsWith reports them). A
// question without an id is named after its line ("line-7"); ids must be
// unique and the query non-blank; an unanswerable question must not name
// relevant documents or evidence. The first bad line fails the call with a
// *QuestionError; an input with no question fails with ErrNoQuestions.
func ReadQuestions(r io.Reader) ([]Question, error) {
	qs, _, err := ReadQuestionsWith(r, ReadOptions{})
	return qs, err
}

// ReadOptions controls ReadQuestionsWith.
type ReadOptions struct {
	// Strict makes every warning an error: the first one fails the call
	// with a *QuestionError.
	Strict bool
}

// Warning is a problem in an evaluation set that does not stop a run
// unless it is strict: a field no alias names (a typo such as
// "relevant_document" would otherwise silently leave a question
// unlabelled), or a relevant-document name that matches no indexed
// document (see CheckDocuments). Line is 0 when the warning is not about
// one line.
type Warning struct {
	Line    int
	ID      string
	Message string
}

func (w Warning) String() string {
	switch {
	case w.Line > 0 && w.ID != "":
		return fmt.Sprintf("question line %d (id %q): %s", w.Line, w.ID, w.Message)
	case w.Line > 0:
		return fmt.Sprintf("question line %d: %s", w.Line, w.Message)
	default:
		return fmt.Sprintf("question %q: %s", w.ID, w.Message)
	}
}

// ReadQuestionsWith is ReadQuestions that also returns a Warning for each
// field it does not know, or, with opts.Strict, fails on the first.
func ReadQuestionsWith(r io.Reader, opts ReadOptions) ([]Question, []Warning, error) {
	br := bufio.NewReader(r)
	var (
		qs    []Question
		warns []Warning
		seen  = map[string]int{}
	)
	for line := 1; ; line++ {
		raw, err := br.ReadBytes('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, nil, fmt.Errorf("eval: read questions: %w", err)
		}
		if text := bytes.TrimSpace(raw); len(text) > 0 {
			q, unknown, qerr := parseQuestion(text, line)
			if qerr == nil {
				if prev, dup := seen[q.ID]; dup {
					qerr = fmt.Errorf("duplicate id (first on line %d)", prev)
				}
			}
			if qerr == nil && len(unknown) > 0 && opts.Strict {
				qerr = fmt.Errorf("unknown field %q", unknown[0])
			}
			if qerr != nil {
				return nil, nil, &QuestionError{Line: line, ID: q.ID, Err: qerr}
			}
			for _, f := range unknown {
				warns = append(warns, Warning{Line: line, ID: q.ID, Message: fmt.Sprintf("unknown field %q ignored", f)})
			}
			seen[q.ID] = line
			qs = append(qs, q)
		}
		if errors.Is(err, io.EOF) {
			break
		}
	}
	if len(qs) == 0 {
		return nil, nil, ErrNoQuestions
	}
	return qs, warns, nil
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
	"expected_facts":     {"expected_facts", "key_facts", "facts"},
	"tags":               {"tags"},
	"tenant":             {"tenant", "tenant_id"},
	"project":            {"project", "project_id"},
}

// knownFields is every field name fieldAliases reads.
var knownFields = func() map[string]bool {
	m := map[string]bool{}
	for _, names := range fieldAliases {
		for _, n := range names {
			m[n] = true
		}
	}
	return m
}()

// parseQuestion reads one JSONL line and returns the fields it does not
// know, sorted. line names a question that has no id of its own ("line-7").
func parseQuestion(text []byte, line int) (Question, []string, error) {
	var q Question
	dec := json.NewDecoder(bytes.NewReader(text))
	var fields map[string]json.RawMessage
	if err := dec.Decode(&fields); err != nil {
		return q, nil, err
	}
	if dec.More() {
		return q, nil, errors.New("more than one JSON value on the line")
	}
	var unknown []string
	for name := range fields {
		if !knownFields[name] {
			unknown = append(unknown, name)
		}
	}
	slices.Sort(unknown)
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
		get("expected_answer", func(r json.RawMessage) error { return expectedAnswer(r, &q) }),
		get("expected_facts", func(r json.RawMessage) error { return appendStrings(r, &q.ExpectedFacts) }),
		get("tags", func(r json.RawMessage) error { return jsonStrings(r, &q.Tags) }),
		get("tenant", func(r json.RawMessage) error { return json.Unmarshal(r, &q.Tenant) }),
		get("project", func(r json.RawMessage) error { return json.Unmarshal(r, &q.Project) }),
	)
	if err != nil {
		return q, nil, err
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
		return q, nil, errors.New(`missing "query"`)
	case q.Unanswerable && (len(q.RelevantDocuments) > 0 || len(q.Evidence) > 0):
		return q, nil, errors.New("an unanswerable question cannot have relevant_documents or evidence")
	}
	return q, unknown, nil
}

// expectedAnswer reads an expected answer written as a string, or as a
// list of strings, which are required facts.
func expectedAnswer(raw json.RawMessage, q *Question) error {
	if err := json.Unmarshal(raw, &q.ExpectedAnswer); err == nil {
		return nil
	}
	var facts []string
	if err := json.Unmarshal(raw, &facts); err != nil {
		return errors.New("want a string or a list of facts")
	}
	q.ExpectedFacts = append(q.ExpectedFacts, facts...)
	return nil
}

// appendStrings is jsonStrings that keeps what into already holds.
func appendStrings(raw json.RawMessage, into *[]string) error {
	var more []string
	if err := jsonStrings(raw, &more); err != nil {
		return err
	}
	*into = append(*into, more...)
	return nil
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
