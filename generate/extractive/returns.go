package extractive

import (
	"regexp"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

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
var parameterRow = regexp.MustCompile(`^[-*]\s+([\w.]+)\s*[<{]`)

// rowOf reports whether text is the parameter row of the thing d names
// ("- recursive <boolean> … Default: false." for "recursive",
// "- idleTimeout <number>" for "idle timeout"); the name must be the
// thing's whole, not a longer name that starts with it (keepAliveMsecs).
func rowOf(text string, d *defaulted) bool {
	m := parameterRow.FindStringSubmatch(text)
	if m == nil || d == nil {
		return false
	}
	return nameJoins.Replace(strings.ToLower(m[1])) == d.name
}

// nameJoins drops the characters that join a name's words ("max_sockets",
// "keep-alive"), as d.name has none.
var nameJoins = strings.NewReplacer("_", "", "-", "")

// returnsRow matches an API entry's row giving what the call returns ("-
// Returns: <Hash>", "- Returns: {Buffer | string}"): the answer to a
// return question, however short.
var returnsRow = regexp.MustCompile(`^(?:[-*]\s+)?Returns?:\s*\S`)

// typeRow matches an API entry's row naming what the call returns or what
// the entry is ("- Returns: <Hash>", "- Extends: <EventEmitter>", "-
// {boolean}").
var typeRow = regexp.MustCompile(`^[-*]\s+(?:(?:Returns?|Extends|Type):|[<{])`)

// factRow matches the one-line facts a settings reference lists under an
// entry's name before its description ("Default: 1000", "Type: string",
// "Environment: CARGO_BUILD_JOBS"), also as list items ("- Default :
// "devel"", as CPack's generators write them), and the grammar BIND's
// reference gives each statement ("Grammar: dnssec-validation ( yes | no
// | auto );"), which stood between the name and the description, so the
// description no longer opened the entry. A property box written as one
// row may put other properties first ("Use: main | Type: integer |
// Default: 20", Exim's specification). Units, bounds and flags are such
// rows too ("- Units: seconds", "- Minimum: 0.000", Varnish's parameters).
var factRow = regexp.MustCompile(`^(?:[-*][ \t]+)?` + cellsBefore + `(?:Default|Type|Environment|Grammar|Syntax|Units|Minimum|Maximum|Range|Flags)(?: value)?[ \t]*:[ \t]*[^\s|][^\n]*$`)

// cellsBefore matches the property cells a one-row property box may write
// before its default or type ("Use: main | ").
const cellsBefore = `(?:[A-Z][a-z]+(?: [a-z]+)?:[ \t]*[^|\n]*[^\s|][ \t]*\|[ \t]*)*`

// usageRow matches a command's usage line, fenced or not ("Usage:  docker
// top CONTAINER [ps OPTIONS]", argparse's "usage: prog [-h]"), which a
// help text puts before its summary.
var usageRow = regexp.MustCompile("(?i)^(?:```[\\w-]*\n)?usage:")

// signatureRow reports whether a sentence is one of the rows an API or
// settings entry lists under its name before its description: a
// parameterRow, a typeRow, a factRow, a field ("context: body",
// textutil.IsFieldLine) or a usage line.
func signatureRow(text string) bool {
	return parameterRow.MatchString(text) || typeRow.MatchString(text) || factRow.MatchString(text) || textutil.IsFieldLine(text) ||
		usageRow.MatchString(text)
}

// statesReturn reports whether a sentence says what is returned.
func statesReturn(text string) bool {
	return returnStated.MatchString(text) && !parameterRow.MatchString(text)
}

// asksReturn reports whether the question asks what something returns.
func asksReturn(question string) bool { return returnQuestion.MatchString(question) }
