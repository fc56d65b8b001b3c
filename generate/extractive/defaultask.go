package extractive

import (
	"regexp"
	"slices"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// A question may ask for a default without the word: "How much disk cache
// does the planner assume unless told otherwise?", "How many users run at
// once unless I say otherwise?", "What does it use out of the box?". The
// default the documents give answers it as it answers "What is the
// default …?" (defaultFollows).

// defaultInOtherWords matches the everyday phrasings of "by default"
// ("unless told otherwise", "unless I change it", "out of the box", "if
// none is configured").
var defaultInOtherWords = regexp.MustCompile(`(?i)\b(?:unless\s+(?:(?:i|you|we|one|it\s+is|it's|they\s+are)\s+)?(?:told|say|says|said|specif(?:y|ies|ied)|set|sets|configured|changed?|instructed|asked)\s+otherwise|` +
	`unless\s+(?:i|you|we)\s+(?:change|set|configure|override|pick|choose|specify)\s+(?:it|that|them|one|another(?:\s+one)?|a\s+different\s+one|something\s+else)|out\s+of\s+the\s+box|if\s+(?:i|you|we)\s+(?:don't|do\s+not|never)\s+(?:set|change|configure|specify|say|pass|give)(?:\s+(?:it|anything|them|one|otherwise))?|left\s+(?:unset|alone|as\s+is)|(?:when|if)\s+(?:(?:no\s+\w+(?:\s+\w+)?|none|nothing)\s+(?:is|are)\s+(?:given|passed|specified|supplied|configured|set|named|chosen|provided|selected)|(?:i|you|we)\s+(?:omit|leave\s+out)\b))\b`)

// asksDefault reports whether a question asks for a default, in that word
// (mentionsDefault) or in other words (defaultInOtherWords).
func asksDefault(question string) bool {
	return mentionsDefault.MatchString(question) || defaultInOtherWords.MatchString(question)
}

// defaultWorded returns the question with its everyday phrasings of "by
// default" (defaultInOtherWords) written so: the documents say "default",
// never "unless I say otherwise", and the phrase's words ("say",
// "otherwise", "box") would otherwise count as terms the answer must hold.
func defaultWorded(question string) string {
	return defaultInOtherWords.ReplaceAllString(question, "by default")
}

// defaultStem and valueStem are the question terms of the words
// "default" and "value".
var (
	defaultStem = textutil.Stem("default")
	valueStem   = textutil.Stem("value")
)

// defaultTerms gives the term "default", when the question holds it, to
// every sentence that states a default in other words (defaultStated: "If
// no argument is given, the process is sent 'SIGTERM'.", "Defaults to
// 5000."): it says what the question's word asks, and the question's other
// words ("signal", "kill") are spread over the whole entry, so without it
// the sentence that gives the default covers less of the question than
// the one that only describes the call.
func defaultTerms(cands []*candidate, qterms []string) {
	if !slices.Contains(qterms, defaultStem) {
		return
	}
	for _, c := range cands {
		if !c.code && !c.terms[defaultStem] && statesDefaultValue(c.text) {
			c.terms[defaultStem] = true
		}
	}
}
