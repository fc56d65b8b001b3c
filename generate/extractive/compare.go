package extractive

import (
	"regexp"
	"strings"
)

// comparedPair matches a question comparing two things and captures them:
// "What is the difference between fetch and pull?", "How does date_bin
// differ from date_trunc?", "How does thin LTO compare with fat LTO?".
var comparedPair = regexp.MustCompile(`(?i)\bdifferences?\s+between\s+(?:the\s+)?(.+?)\s+and\s+(?:the\s+)?(.+?)(?:\s+(?:types?|commands?|options?|functions?|operators?|events?|filters?|keywords?|in|on|for|regarding|when)\b.*)?\s*\?*$|\b(?:does|do|is|are)\s+(?:the\s+)?(.+?)\s+(?:differ|compare)\s+(?:from|to|with)\s+(?:the\s+)?(.+?)\s*\?*$`)

// comparedNames returns the two things a question compares, as written,
// or nil.
func comparedNames(question string) []string {
	m := comparedPair.FindStringSubmatch(strings.TrimSpace(question))
	if m == nil {
		return nil
	}
	if m[1] != "" {
		return []string{m[1], m[2]}
	}
	return []string{m[3], m[4]}
}

// scoreComparison adds intentBonus to the covering sentences that name
// both things a question compares: "The major practical difference is one
// of efficiency." and "jsonb … for different procedural languages" say
// less about json and jsonb than "… json stores an exact copy of the input
// text, … jsonb data is stored in a decomposed binary format".
func scoreComparison(cands []*candidate, question string) {
	res := comparedPatterns(question)
	if res == nil {
		return
	}
	for _, c := range cands {
		if c.overlap > 0 && !c.code && res[0].MatchString(c.text) && res[1].MatchString(c.text) {
			c.score += intentBonus
		}
	}
}

// comparedPatterns returns patterns matching the two things a question
// compares as whole tokens ("->" is not in "->>"), told apart by case only
// when nothing else tells them apart ("-x" and "-X"), or nil.
func comparedPatterns(question string) []*regexp.Regexp {
	names := comparedNames(question)
	if names == nil {
		return nil
	}
	flags := "(?i)"
	if strings.EqualFold(names[0], names[1]) {
		flags = "" // "git clean -x" and "git clean -X"
	}
	var res []*regexp.Regexp
	for _, n := range names {
		n = strings.TrimSpace(strings.Trim(n, `"'“”‘’`))
		if n == "" {
			return nil
		}
		res = append(res, regexp.MustCompile(flags+`(?:^|[^\w>-])`+regexp.QuoteMeta(n)+`(?:$|[^\w>-])`))
	}
	return res
}
