package validate

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// DefaultCoverageTarget is the attribution coverage below which an answer
// that kept only its supported part is marked low confidence
// (the target: at least 90% of claim sentences supported).
const DefaultCoverageTarget = 0.90

// Policy says what to do with unsupported sentences. The zero value is
// Drop. It is a plain value, safe to share between goroutines.
type Policy int

// Policies.
const (
	// Drop removes unsupported sentences.
	Drop Policy = iota
	// Regenerate asks the caller to generate once more with stricter
	// instructions (generate.BuildRequest.Strict), validate that answer and
	// apply Drop to it. Apply returns the Drop result as a fallback.
	Regenerate
	// MarkLow keeps unsupported sentences and marks the answer LOW
	// CONFIDENCE.
	MarkLow
)

// ErrUnknownPolicy is returned by ParsePolicy for an unknown name.
var ErrUnknownPolicy = errors.New("validate: unknown policy")

var policyNames = [...]string{Drop: "drop", Regenerate: "regenerate", MarkLow: "mark_low"}

// String returns "drop", "regenerate" or "mark_low".
func (p Policy) String() string {
	if p >= 0 && int(p) < len(policyNames) {
		return policyNames[p]
	}
	return fmt.Sprintf("Policy(%d)", int(p))
}

// ParsePolicy parses a policy name as printed by String ("mark-low" and
// upper case are accepted too).
func ParsePolicy(s string) (Policy, error) {
	name := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "-", "_")
	for p, n := range policyNames {
		if n == name {
			return Policy(p), nil
		}
	}
	return Drop, fmt.Errorf("%w %q (want drop, regenerate or mark_low)", ErrUnknownPolicy, s)
}

// MarshalText implements encoding.TextMarshaler.
func (p Policy) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (p *Policy) UnmarshalText(b []byte) error {
	v, err := ParsePolicy(string(b))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// Outcome summarises what Apply did; it is a plain value. The pipeline maps Declined to the
// refusal model_declined and NothingSupported to unsupported_answer; the
// two are never both set.
type Outcome struct {
	// Kept and Dropped count the claim sentences left in and taken out of
	// the text.
	Kept    int `json:"kept"`
	Dropped int `json:"dropped"`
	// Unsupported counts unsupported sentences, dropped or not.
	Unsupported int `json:"unsupported"`
	// NothingSupported: no claim sentence is supported (including an
	// answer with no claim at all) and the model did not decline.
	NothingSupported bool `json:"nothing_supported"`
	// Declined copies Report.Declined.
	Declined bool `json:"declined"`
	// Low marks the answer LOW CONFIDENCE: under MarkLow when unsupported
	// sentences were kept; under Drop and Regenerate when coverage is below
	// DefaultCoverageTarget (part of the answer had to go).
	Low bool `json:"low"`
	// NeedsRegeneration is set under Regenerate when some sentence is
	// unsupported and the model did not decline.
	NeedsRegeneration bool `json:"needs_regeneration"`
}

// Apply enforces mode on answer, given the report Validate produced for it.
// The returned text never contains the model's own Sources block
// (Report.SourcesBlock); under Drop and Regenerate unsupported sentences
// are removed and the seams tidied (no double spaces, no empty bullets, at
// most one blank line in a row). Under MarkLow the text is otherwise
// unchanged. A nil report counts as an answer without claims. Modes other
// than the three constants act as Drop. Spans of rep that do not fit answer
// are ignored.
func Apply(answer string, rep *Report, mode Policy) (string, Outcome) {
	if rep == nil {
		rep = &Report{}
	}
	var o Outcome
	var remove []Span
	if b := rep.SourcesBlock; b != nil {
		remove = append(remove, *b)
	}
	supported := 0
	for _, s := range rep.Sentences {
		if s.Supported {
			supported++
			o.Kept++
			continue
		}
		o.Unsupported++
		if mode == MarkLow {
			o.Kept++
			continue
		}
		o.Dropped++
		remove = append(remove, Span{s.Start, s.End})
	}
	o.Declined = rep.Declined
	o.NothingSupported = supported == 0 && !rep.Declined
	switch mode {
	case MarkLow:
		o.Low = o.Unsupported > 0 && !o.NothingSupported && !o.Declined
	default:
		o.Low = supported > 0 && rep.Coverage < DefaultCoverageTarget
		o.NeedsRegeneration = mode == Regenerate && o.Unsupported > 0 && !rep.Declined
	}
	return removeSpans(answer, remove), o
}

var (
	blankRunRe     = regexp.MustCompile(`\n[ \t]*\n(?:[ \t]*\n)+`)
	markerOnlyLine = regexp.MustCompile(`^[ \t]*(?:[-*+•>]|\d{1,3}[.)])?[ \t]*$`)
)

// removeSpans cuts spans out of text and tidies each seam.
func removeSpans(text string, spans []Span) string {
	var valid []Span
	for _, s := range spans {
		if s.Start >= 0 && s.Start <= s.End && s.End <= len(text) {
			valid = append(valid, s)
		}
	}
	slices.SortFunc(valid, func(a, b Span) int { return cmp.Compare(a.Start, b.Start) })
	buf := make([]byte, 0, len(text))
	prev := 0
	for _, s := range valid {
		if s.Start < prev { // overlaps a cut already made
			prev = max(prev, s.End)
			continue
		}
		buf = bytes.TrimRight(append(buf, text[prev:s.Start]...), " \t")
		right := text[s.End:]
		rest := strings.TrimLeft(right, " \t")
		next := s.End
		lineStart := bytes.LastIndexByte(buf, '\n') + 1
		switch {
		case markerOnlyLine.Match(buf[lineStart:]):
			// The cut emptied its line: drop what is left of it, and its
			// line break when nothing follows on the line.
			buf = buf[:lineStart]
			next += len(right) - len(rest)
			if strings.HasPrefix(rest, "\n") && (len(buf) == 0 || buf[len(buf)-1] == '\n') {
				next++
			}
		case rest != "" && len(rest) < len(right) && !strings.ContainsRune(".,;:!?)\n", rune(rest[0])):
			buf = append(buf, ' ')
			next += len(right) - len(rest)
		}
		prev = next
	}
	buf = append(buf, text[prev:]...)
	res := blankRunRe.ReplaceAllString(string(buf), "\n\n")
	lines := strings.Split(res, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
