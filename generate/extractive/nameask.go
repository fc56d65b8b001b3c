package extractive

import (
	"regexp"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Answers that name what was asked. "Which variable holds the path of the
// top level source directory?" is answered by a NAME, and reference manuals
// often give it only as the heading of the section whose first sentence
// describes it ("CMAKE_SOURCE_DIR" over "The path to the top level of the
// source tree."). A sibling's sentence that repeats the question's kind
// word ("This variable holds the major version …") must not lead, and the
// lead must show the name: when it opens a section headed by a name it
// neither spells nor the question does, the heading line is quoted with it,
// verbatim and under the same citation, as the source prints it.

// nameQuestion matches a question asking which thing of a kind does
// something ("Which variable holds …", "What option makes …", "Which
// configuration setting caps …"); at most two words, none of them a stop
// word, stand between "which"/"what" and the kind. calledQuestion matches
// "What is X called?" and "What is the name of …".
var (
	nameQuestion   = regexp.MustCompile(`(?i)^\s*(?:(?:in|on|for|by|with)\s+)?(?:which|what)\s+(?:of\s+the\s+)?((?:[\w-]+\s+){0,2}?)(` + nameKinds + `)(?:s|es)?\b`)
	calledQuestion = regexp.MustCompile(`(?i)\b(?:called|named)\s*\?*\s*$|^\s*what\s+is\s+the\s+name\s+of\b`)
)

// nameKinds are the kinds of named things manuals document one per section.
const nameKinds = `variable|option|command|setting|parameter|function|method|property|module|flag|key|field|keyword|statement|clause|operator|directive|macro|policy|extension|tool|program|utility|attribute|package|crate|trait|type|class|pragma|switch|argument|column|view|hook|event|signal|error|exception|environment\s+variable`

// nameAsk returns the stemmed kind word of a question asking for a name
// ("variable"), "" with ok for "what is it called", and ok false for any
// other question.
func nameAsk(question string) (kind string, ok bool) {
	if m := nameQuestion.FindStringSubmatch(question); m != nil {
		for _, w := range textutil.Words(m[1]) {
			if textutil.IsStopword(w) {
				return "", calledQuestion.MatchString(question)
			}
		}
		words := textutil.Words(m[2])
		return textutil.Stem(words[len(words)-1]), true
	}
	return "", calledQuestion.MatchString(question)
}

// scoreKind takes back from the score (not the overlap, which the support
// decision reads) what the question's kind word earned: in a name question
// every sibling's sentence says "This variable …", while the one that
// answers describes what the question describes.
func scoreKind(cands []*candidate, kind string, idf map[string]float64, qterms []string) {
	if kind == "" || idf[kind] == 0 {
		return
	}
	total := 0.0
	for _, t := range qterms {
		total += idf[t]
	}
	for _, c := range cands {
		switch {
		case c.overlap == 0:
		case c.terms[kind]:
			c.score -= idf[kind] / total
		case c.heading[kind]:
			c.score -= headingWeight * idf[kind] / total
		}
	}
}

// nameHeading returns the name a heading line gives ("CMAKE_SOURCE_DIR",
// "work_mem" of "work_mem (integer)", "len" of "len(s)", "ALTER TABLE"), or
// "" when the heading is prose ("Description", "11.8. Partial Indexes") or
// a Markdown heading (quoting its marks would not read as a name).
func nameHeading(heading string) string {
	if heading == "" || strings.HasPrefix(heading, "#") || strings.Contains(heading, "\n") {
		return ""
	}
	m := headingName.FindString(heading)
	if m == "" {
		return ""
	}
	if sectionNumber.MatchString(m) {
		return ""
	}
	if strings.ContainsAny(m, "_.:()") || strings.ToLower(m[:1]) == m[:1] || strings.ToUpper(m) == m && len(m) > 1 {
		return strings.TrimRight(m, ".:(")
	}
	return ""
}

// sectionNumber matches a numbered heading's number ("F.28.", "20.4.1").
var sectionNumber = regexp.MustCompile(`^[A-Za-z]?\.?\d|\.\d`)

// headingName is the first token of a heading line that may be a name: an
// identifier, optionally dotted, with a call's parentheses, or a run of
// upper-case keywords.
var headingName = regexp.MustCompile(`^(?:[A-Z][A-Z0-9_]*(?:\s+[A-Z][A-Z0-9_]+)+\b|[A-Za-z_][\w.:-]*(?:\(|\b))`)

// namedBy returns the heading line to quote before the lead sentence c:
// the sentence opens a section headed by a name (nameHeading) that neither
// the sentence nor the question spells; "" otherwise.
func namedBy(c *candidate, question string) string {
	if !c.opens || c.code {
		return ""
	}
	name := nameHeading(c.headingText)
	if name == "" || containsWord(c.text, name) || containsWord(question, name) {
		return ""
	}
	return c.headingText
}

// containsWord reports whether s spells name as a whole word, ignoring case.
func containsWord(s, name string) bool {
	s, name = strings.ToLower(s), strings.ToLower(name)
	for i := 0; ; {
		k := strings.Index(s[i:], name)
		if k < 0 {
			return false
		}
		k += i
		end := k + len(name)
		if (k == 0 || !isWordByte(s[k-1])) && (end == len(s) || !isWordByte(s[end])) {
			return true
		}
		i = k + 1
	}
}

func isWordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= '0' && b <= '9'
}

// namesThing reports whether the sentence cands[i] can lead the answer to a
// name question: it opens a section headed by a name (the heading names
// what it describes), or spells a written-as-code name itself.
func namesThing(c *candidate) bool {
	if c.code {
		return false
	}
	return opensName(c) || codeLike.MatchString(c.text)
}

// opensName reports whether the prose sentence c opens a section headed by
// a name.
func opensName(c *candidate) bool {
	return c.opens && !c.code && nameHeading(c.headingText) != ""
}

// nameLine returns what to print before the lead sentence c: its section's
// heading line and a line break when the heading names what c describes
// (namedBy), "" otherwise. The two lines are the source's own, in its
// order, so the validator reads them as one quoted statement of c's source.
func nameLine(c *candidate, question string) string {
	if h := namedBy(c, question); h != "" {
		return h + " [" + c.label + "]\n\n"
	}
	return ""
}

// scoreAsked adjusts the scores, never the overlaps, for what the question
// asks: the kind word of a name question (scoreKind) and how closely the
// sentence states the question's terms (scoreProximity).
func scoreAsked(cands []*candidate, a *ask, idf map[string]float64, qterms []string) {
	scoreProximity(cands, qterms)
}
