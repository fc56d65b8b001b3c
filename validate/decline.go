package validate

import (
	"regexp"
	"strings"
)

// DeclineMessage is the sentence the prompt asks a model to write when the
// sources do not hold the answer.
const DeclineMessage = "The indexed documentation does not contain this information."

var (
	// declineRe matches the ways models say the sources lack the answer.
	declineRe = regexp.MustCompile(`\b(?:` +
		`(?:does|do|did)(?: not|n't) (?:seem to |appear to )?(?:contain|include|provide|mention|cover|specify|say|state|describe|address|discuss|give|list)` +
		`|(?:is|are)(?: not|n't) (?:mentioned|specified|covered|stated|described|provided|included|available|found|addressed|given|listed|present)` +
		`|no (?:relevant |specific |such |further |additional |supporting )?(?:information|details?|mention|documentation)` +
		`|(?:cannot|can't|can not|unable to|not able to) (?:answer|determine|find|tell|say|confirm)` +
		`|(?:not enough|insufficient|lacks?|(?:do not|don't) (?:have|see) enough) (?:relevant )?(?:information|context|details|documentation)` +
		`)\b`)
	// docsRe names the sources themselves, which a claim about the
	// product would not.
	docsRe = regexp.MustCompile(`\b(?:documentation|documents?|docs|context|sources?|excerpts?|indexed|provided|manuals?|materials?|brain)\b`)
)

// IsDecline reports whether sentence says that the documentation does not
// contain the answer: DeclineMessage and close variants ("The provided
// documents do not mention …", "There is no information about … in the
// context", "I cannot answer this from the documentation"). The sentence
// must refer to the sources (documentation, documents, context, …) so that
// a claim such as "No information is stored on the device" is not taken
// for a refusal. Citation markers should be removed first.
func IsDecline(sentence string) bool {
	s := strings.ToLower(strings.ReplaceAll(sentence, "’", "'"))
	s = strings.Join(strings.Fields(s), " ")
	return declineRe.MatchString(s) && docsRe.MatchString(s)
}
