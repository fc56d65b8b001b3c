package retrieve

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// constructKinds are the nouns with which a question names a language or
// product construct by a plain word: "the unless statement", "the defer
// keyword", "a throws clause".
var constructKinds = map[string]bool{
	"statement": true, "statements": true, "keyword": true, "keywords": true,
	"clause": true, "clauses": true, "operator": true, "operators": true,
	"directive": true, "directives": true, "decorator": true, "decorators": true,
}

// unknownConstructs returns the question's constructs ("the unless
// statement", see determiner) whose word no source writes before
// any construct kind. A plain word is no name by its form, but "the unless statement" asks about a statement
// called unless; documents that have one write "the with statement", "the
// nonlocal statement", and a word they only use as a word ("unless", in
// prose) is not one of their constructs. Any kind counts ("try
// statement" answers "the try keyword"), so only the word is judged.
func unknownConstructs(question string, sources []Source) []string {
	fields := strings.Fields(question)
	var out []string
	for i := 0; i+1 < len(fields); i++ {
		kind := strings.ToLower(trimWord(fields[i+1]))
		word := trimWord(fields[i])
		if !constructKinds[kind] || !constructWord(word) || strings.ContainsAny(fields[i], ",;:") ||
			i == 0 || !determiner(fields[i-1]) {
			continue
		}
		if !writtenAsConstruct(word, sources) {
			out = append(out, word+" "+trimWord(fields[i+1]))
		}
	}
	return append(out, unknownTemplateTags(question, sources)...)
}

// templateTag matches a template tag as Django, Jinja and Liquid write it
// ("{% switch %}", "{%- include"); its group is the tag's name.
var templateTag = regexp.MustCompile(`\{%-?\s*([A-Za-z_]\w*)`)

// unknownTemplateTags returns the template tags the question writes
// ("What arguments does the {% switch %} tag take?") that no source writes
// as a tag: the name alone is often an ordinary word the sources use.
func unknownTemplateTags(question string, sources []Source) []string {
	var out []string
	for _, m := range templateTag.FindAllStringSubmatch(question, -1) {
		re := regexp.MustCompile(`\{%-?\s*` + regexp.QuoteMeta(m[1]) + `\b`)
		if !slices.ContainsFunc(sources, func(s Source) bool { return re.MatchString(s.Chunk.Text) }) {
			out = append(out, "{% "+m[1]+" %}")
		}
	}
	return out
}

// determiner reports whether a word can stand before a construct's name:
// a question names one with an article, a demonstrative or a possessive
// ("the unless statement", "a throws clause", "Python's unless
// statement"); without one the word before the kind describes or counts
// ("How many keywords may a package list?", "Are reserved keywords
// allowed?").
func determiner(w string) bool {
	w = strings.ToLower(strings.TrimLeft(w, "\"'`([{“‘"))
	return constructDeterminers[w] || strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "’s")
}

var constructDeterminers = map[string]bool{
	"the": true, "a": true, "an": true, "this": true, "that": true,
	"its": true, "my": true, "your": true, "our": true, "their": true,
}

// constructWord reports whether a word can name a construct: letters only,
// lower case (capitals and code forms are judged as names), not a
// function word ("which keyword", "this statement"), and not a participle,
// which describes rather than names ("the memoizing decorator", "a nested
// clause").
func constructWord(w string) bool {
	if len(w) < 2 || textutil.IsStopword(w) || questionWords[w] ||
		strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "ed") {
		return false
	}
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// questionWords are words that stand before a kind noun without naming a
// construct and that the stop-word list lacks.
var questionWords = map[string]bool{
	"which": true, "what": true, "each": true, "every": true, "same": true, "new": true,
	"following": true, "other": true, "another": true, "single": true, "separate": true,
	"compound": true, "simple": true, "conditional": true, "logical": true, "comparison": true,
	"arithmetic": true, "binary": true, "unary": true, "boolean": true, "bitwise": true,
	"reserved": true, "soft": true, "built": true, "custom": true, "own": true, "sql": true,
}

// writtenAsConstruct reports whether some source writes word right before a
// construct kind noun (punctuation between them ignored).
func writtenAsConstruct(word string, sources []Source) bool {
	for i := range sources {
		text := sources[i].Chunk.Text
		for kind := range constructKinds {
			for _, at := range occurrences(text, kind) {
				if strings.EqualFold(precedingWord(text, at), word) {
					return true
				}
			}
		}
	}
	return false
}
