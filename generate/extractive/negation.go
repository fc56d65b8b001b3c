package extractive

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/retrieve"
)

// A question writes a negation as one word ("invalid JSON", "an
// unsupported option", "a non-existent file") where documentation often
// writes it as two ("is not a valid JSON document", "is not supported").
// negatedForms gives a sentence the one-word forms of its "not X", so
// that the question's word is one of its terms; the question's word has
// no other way to match, and X alone means the opposite.

// negatedForms calls add with the prefixed forms of each word after "not"
// (past an article): "invalid", "unvalid" and "nonvalid" for "not a
// valid". Only the forms a question uses ever match; the others are
// terms no question holds.
func negatedForms(words []string, add func(string)) {
	for i, w := range words {
		if w != "not" {
			continue
		}
		j := i + 1
		for j < len(words) && (words[j] == "a" || words[j] == "an" || words[j] == "the" || words[j] == "be") {
			j++
		}
		if j == len(words) || len(words[j]) < 3 {
			continue
		}
		x := words[j]
		add(inPrefix(x) + x)
		add("un" + x)
		add("non" + x)
	}
}

// inPrefix returns the form English gives the negating "in-" before x:
// "im" before b, m and p (impossible), "il" before l (illegal), "ir"
// before r (irregular).
func inPrefix(x string) string {
	switch x[0] {
	case 'b', 'm', 'p':
		return "im"
	case 'l':
		return "il"
	case 'r':
		return "ir"
	}
	return "in"
}

// The other way round, a question writes the negation as two words ("files
// that aren't tracked yet") where documentation writes one ("untracked
// files"): negatedTerms gives a sentence that holds the one-word form the
// term of the question's negated word, which that form covers.

// negationWords are the words that negate the word after them, past
// negationSkip.
var negationWords = map[string]bool{"not": true, "never": true}

// negationSkip are the words between a negation and what it negates
// ("isn't yet tracked", "was never being used", "is not a valid").
var negationSkip = map[string]bool{"a": true, "an": true, "the": true, "be": true, "been": true, "being": true,
	"yet": true, "ever": true, "really": true, "currently": true, "already": true, "always": true, "even": true}

// negatedAsked returns the words the question negates ("tracked" in
// "Can git grep also search files that aren't tracked yet?").
func negatedAsked(question string) []string {
	words := textutil.Words(question)
	var out []string
	for i, w := range words {
		w = strings.ReplaceAll(w, "’", "'")
		if !negationWords[w] && !strings.HasSuffix(w, "n't") {
			continue
		}
		j := i + 1
		for j < len(words) && negationSkip[words[j]] {
			j++
		}
		if j < len(words) && len(words[j]) >= 3 && !textutil.IsStopword(words[j]) {
			out = append(out, words[j])
		}
	}
	return out
}

// negatedTerms gives each sentence holding a one-word negation of a word
// the question negates ("untracked", "nonexistent", "invalid") that
// word's term, when the question's terms hold it. A question asking
// whether something is so is often answered "no" by the negated word:
// "Is the password saved by git credential-store encrypted?" by "Using
// this helper will store your passwords unencrypted on disk", "Are
// request.headers lookups case sensitive?" by "You can access headers
// case-insensitively"; so its predicate counts as negated too
// (copulaPredicate). Other words of a yes/no question name things, whose
// negated forms name other things: "unsigned" integers say nothing of
// "Does signed integer overflow panic?".
func negatedTerms(cands []*candidate, question string, qterms []string, intent retrieve.Intent) {
	asked := negatedAsked(question)
	if p := copulaPredicate(question); intent == retrieve.IntentYesNo && p != "" && !slices.Contains(asked, p) {
		asked = append(asked, p)
	}
	for _, x := range asked {
		st := textutil.Stem(x)
		if !slices.Contains(qterms, st) {
			continue
		}
		forms := []string{textutil.Stem("un" + x), textutil.Stem("non" + x), textutil.Stem("non-" + x), textutil.Stem(inPrefix(x) + x)}
		for _, c := range cands {
			if c.code || c.terms[st] {
				continue
			}
			for _, f := range forms {
				if c.terms[f] {
					c.terms[st] = true
					break
				}
			}
		}
	}
}

// copulaQuestion matches a question asking whether something is so: "Is
// …", "Are …", "Was …", "Were …".
var copulaQuestion = regexp.MustCompile(`(?i)^\s*(?:is|are|was|were)\b`)

// copulaPredicate returns the word a question asking whether something is
// so ends with, what it asks of its subject ("encrypted" in "Is the
// password saved by git credential-store encrypted?"); "" for another
// question or a stop word.
func copulaPredicate(question string) string {
	if !copulaQuestion.MatchString(question) {
		return ""
	}
	words := textutil.Words(question)
	if len(words) < 3 {
		return ""
	}
	last := words[len(words)-1]
	if len(last) < 4 || textutil.IsStopword(last) {
		return ""
	}
	return last
}
