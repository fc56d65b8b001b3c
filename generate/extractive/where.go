package extractive

import "regexp"

// A question asking where something is ("Where does a source build
// install by default?", "Where do integration tests go in a Cargo
// project?") is answered by a sentence naming a place: a path, a
// directory or a file ("By default the installation directory is set to
// /usr/local/apache2."), not by one sharing its other words ("HOST
// defaults to BUILD.").
var (
	whereQuestion = regexp.MustCompile(`(?i)^\s*(?:where\b|in\s+which\s+(?:directory|folder|file|path|location)\b)`)
	placeCue      = regexp.MustCompile(`(?i)(?:^|[\s(“"'` + "`" + `])(?:~|\$\{?\w+\}?|\.{1,2})?/[\w.@+-]+|\b(?:directory|directories|folder|folders|path|located|location|stored\s+in|kept\s+in|placed\s+in|written\s+to|saved\s+to)\b`)
)

// scoreWhere adds intentBonus to the overlapping prose sentences that name
// a place, for a question asking where.
func scoreWhere(cands []*candidate, question string) {
	if !whereQuestion.MatchString(question) {
		return
	}
	for _, c := range cands {
		if c.overlap > 0 && !c.code && placeCue.MatchString(c.text) {
			c.score += intentBonus
		}
	}
}
