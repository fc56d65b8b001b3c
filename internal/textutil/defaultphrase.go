package textutil

import "regexp"

// DefaultInOtherWords matches the everyday phrasings of "by default" in a
// question ("unless told otherwise", "unless I choose another", "out of
// the box", "if none is configured"): it asks for a default without the
// word.
var DefaultInOtherWords = regexp.MustCompile(`(?i)\b(?:unless\s+(?:(?:i|you|we|one|it\s+is|it's|they\s+are)\s+)?(?:told|say|says|said|specif(?:y|ies|ied)|set|sets|configured|changed?|instructed|asked)\s+otherwise|` +
	`unless\s+(?:i|you|we)\s+(?:change|set|configure|override|pick|choose|specify)\s+(?:it|that|them|one|another(?:\s+one)?|a\s+different\s+one|something\s+else)|out\s+of\s+the\s+box|if\s+(?:i|you|we)\s+(?:don't|do\s+not|never)\s+(?:set|change|configure|specify|say|pass|give)(?:\s+(?:it|anything|them|one|otherwise))?|left\s+(?:unset|alone|as\s+is)|(?:when|if)\s+(?:(?:no\s+\w+(?:\s+\w+)?|none|nothing)\s+(?:is|are)\s+(?:given|passed|specified|supplied|configured|set|named|chosen|provided|selected)|(?:i|you|we)\s+(?:omit|leave\s+out)\b))\b`)

// DefaultWorded returns question with its everyday phrasings of "by
// default" (DefaultInOtherWords) written so: the documents say "default",
// never "unless I say otherwise", and the phrase's words ("say",
// "otherwise", "box") would otherwise count as terms an answer or a
// passage must hold.
func DefaultWorded(question string) string {
	return DefaultInOtherWords.ReplaceAllString(question, "by default")
}

// OmittedInQuestion matches a question asking what happens when an
// argument or option is left out ("without specifying a type", "called
// without VERSION", "VERSION but not SOVERSION", "if GIT_INDEX_FILE is not
// set", "when core.editor isn't set", "when neither the backend nor the
// VCL sets one"): the documents answer it with the
// default ("If <type> is omitted, configure is assumed.", "If not
// specified, the default of $GIT_DIR/index is used."). It is
// case-sensitive: "a WITHOUT ROWID table" names a kind of table.
var OmittedInQuestion = regexp.MustCompile(`\bwithout\s+(?:specifying|passing|setting|providing|supplying)\b|\bwithout\s+(?:an?\s+|any\s+)?(?:[A-Z][A-Z0-9_]{2,}|--?[a-z][\w-]*)(?:$|[^\w])|\bbut\s+not\s+[A-Z][A-Z0-9_]{2,}(?:$|[^\w])|` +
	`\b(?:[Ii]f|[Ww]hen)\s+(?:the\s+)?(?:\$?[A-Z][A-Z0-9_]{2,}|[a-z]\w*(?:\.[a-zA-Z]\w*)+|--?[a-z][\w-]*)(?:\s+(?:variable|environment\s+variable|option|setting|parameter|property|key))?\s+(?:(?:is|are)\s+(?:not|never)\s+(?:set|given|specified|defined|provided|supplied|passed|configured)|(?:isn't|aren't)\s+(?:set|given|specified|defined|provided|supplied|passed|configured)|(?:is|are)\s+(?:left\s+)?unset)\b|` +
	`(?i:\b(?:when|if)\s+neither\s+(?:the\s+)?[\w.-]+(?:\s+[\w.-]+)?\s+nor\s+(?:the\s+)?[\w.-]+(?:\s+[\w.-]+)?\s+(?:sets?|assigns?|gives?|specif(?:y|ies)|provides?|defines?|chooses?|picks?)\s+(?:one|it|any|a\s+value)\b)`)
