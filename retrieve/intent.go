package retrieve

import (
	"regexp"
	"strings"
)

// Intent is the kind of answer a question asks for, read from its form
// alone (no model): retrieval and the extractive generator use it to
// prefer evidence of the matching shape. It is reported in QueryAnalysis.
type Intent string

// The intents DetectIntent tells apart. IntentOther is a question of none
// of these forms ("Which EXPLAIN option shows buffer usage?"); the empty
// Intent means the question was not analysed.
const (
	IntentDefinition Intent = "definition" // what is X, what does X do, define X
	IntentHowTo      Intent = "how_to"     // how do I …, how to …, steps to …
	IntentNumeric    Intent = "numeric"    // how many/much/long, default value, size, limit, port
	IntentYesNo      Intent = "yes_no"     // is/does/can … ?
	IntentComparison Intent = "comparison" // difference between, X vs Y, faster than
	IntentList       Intent = "list"       // list/name the …, what are the kinds of …
	IntentOther      Intent = "other"
)

// Question forms, tried in the order of intentRules: the first that
// matches wins. Comparison comes first because "Is X faster than Y?" and
// "What is the difference between X and Y?" also have yes/no and
// definition forms; numeric before definition and yes/no for the same
// reason ("What is the default value of …", "Is there a size limit …").
var intentRules = []struct {
	intent Intent
	re     *regexp.Regexp
}{
	{IntentComparison, regexp.MustCompile(`(?i)\b(differences?\s+between|how\s+(do|does|is|are)\s+.+\s+differ|differ(s|ence)?\s+from|compared?\s+(to|with)|\bvs\.?\s|\bversus\b|(better|worse|faster|slower|larger|smaller|cheaper|safer)\s+than|which\s+is\s+(better|faster|preferred)|rather\s+than|instead\s+of\s+\w+\s*\?$)`)},
	{IntentNumeric, regexp.MustCompile(`(?i)(^\s*how\s+(many|much|long|often|large|big|small|fast|far|old)\b|\b(default|maximum|minimum|max|min)\s+(value|size|number|length|setting|limit)\b|\bwhat\s+is\s+the\s+(\w+\s+){0,2}(default|maximum|minimum|range|size|limit|number|port|timeout|length)\b|\bwhat\s+is\s+the\s+(default\s+)?value\b|\b(which|what)\s+(tcp\s+)?port\b|\bsize\s+limit\b|\blimit\s+on\b|\bat\s+(most|least)\b|\bper\s+(second|minute|hour|core)\b)`)},
	{IntentList, regexp.MustCompile(`(?i)(^\s*(list|name|enumerate)\s|^\s*what\s+(are|were)\s+the\s+(\w+\s+)?(kinds|types|options|values|variants|ways|steps|methods|modes|levels|forms|parts|components|differences|alternatives|choices)\b|^\s*what\s+(kinds|types|sorts)\s+of\b|^\s*what\s+values\s|^\s*which\s+\w+(\s+\w+)?\s+(are|exist)\s+(there|available|supported)\b)`)},
	{IntentHowTo, regexp.MustCompile(`(?i)(^\s*how\s+(do|can|could|should|would|might|may)\s+(i|we|you|one|a\s+user|users)\b|^\s*how\s+to\b|^\s*how\s+(can|could|do|should)\s+.+\s+be\s+(used|done|made|set|changed|configured|enabled|disabled)\s+to\b|\bwhat\s+is\s+the\s+(best|fastest|easiest|simplest|recommended|right|correct)\s+way\s+to\b|\b(steps|procedure)\s+(to|for)\b|^\s*(configure|install|set\s+up|enable|disable|create|show\s+me\s+how)\s)`)},
	{IntentYesNo, regexp.MustCompile(`(?i)^\s*(is|are|was|were|does|do|did|can|could|should|will|would|has|have|had|may|must|shall)\s`)},
	{IntentDefinition, regexp.MustCompile(`(?i)(^\s*what\s+(is|are|was|were)\s|^\s*what's\s|^\s*what\s+(does|do)\s+.+\s+(do|mean|stand\s+for|represent|return|define|collect|store|control|allow|limit)\b|^\s*(define|explain|describe)\s|\bmeaning\s+of\b|\bwhat\s+is\s+.+\s+used\s+for\b|^\s*who\s+is\s)`)},
}

// DetectIntent reads the intent of a question from its wording: its
// interrogative, auxiliary verb and a few cue phrases (English). It never
// returns the empty Intent.
func DetectIntent(question string) Intent {
	q := strings.TrimSpace(question)
	for _, r := range intentRules {
		if r.re.MatchString(q) {
			return r.intent
		}
	}
	return IntentOther
}
