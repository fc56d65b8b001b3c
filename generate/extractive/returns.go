package extractive

import "regexp"

// A question asking what a call returns ("What does os.getcwd() return?",
// "What is the return value of json.dumps()?") is answered by the sentence
// of its entry that says what it returns ("Return a string representing
// the current working directory.", "- Returns: <Promise> Fulfills with
// …"), not by the entry's signature, an example, or the first sentence
// that names the call. It is no definition question, though it opens
// with "What does": its subject is the call, and "return" is what is
// asked of it.

// returnQuestion matches questions asking what something returns.
var returnQuestion = regexp.MustCompile(`(?i)^\s*(?:what|which\s+\w+)\s+(?:does|do|did|will|would|should|can)\s+.+?\s+return\b|^\s*what\s+(?:is|are|gets?)\s+returned\s+(?:by|from)\b|^\s*what\s+is\s+the\s+return(?:ed)?\s+(?:value|type)\s+of\b`)

// returnStated matches a sentence that says what is returned.
var returnStated = regexp.MustCompile(`(?i)\breturns?\b|\breturned\b|\breturn\s+(?:value|type)\b|\byields?\b`)

// parameterRow matches an API entry's parameter row ("- encoding <string>
// The encoding of the return value.", "- data {string|Buffer}"): it says
// what the call takes, even when it speaks of the return value.
var parameterRow = regexp.MustCompile(`^[-*]\s+[\w.]+\s*[<{]`)

// returnsRow matches an API entry's row giving what the call returns ("-
// Returns: <Hash>", "- Returns: {Buffer | string}"): the answer to a
// return question, however short.
var returnsRow = regexp.MustCompile(`^(?:[-*]\s+)?Returns?:\s*\S`)

// signatureRow matches the rows an API entry lists under its name before
// its description: parameters, what it returns, its type ("- encoding
// <string> …", "- Returns: <Hash>", "- Extends: <EventEmitter>", "-
// {boolean}").
var signatureRow = regexp.MustCompile(`^[-*]\s+(?:[\w.]+\s*[<{]|(?:Returns?|Extends|Type):|[<{])`).MatchString

// statesReturn reports whether a sentence says what is returned.
func statesReturn(text string) bool {
	return returnStated.MatchString(text) && !parameterRow.MatchString(text)
}

// asksReturn reports whether the question asks what something returns.
func asksReturn(question string) bool { return returnQuestion.MatchString(question) }
