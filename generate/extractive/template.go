package extractive

import (
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// templateTerms adds to each candidate whose text or heading writes a
// template that a name of the question fills ("CMAKE_<LANG>_COMPILER_LAUNCHER"
// for CMAKE_CXX_COMPILER_LAUNCHER, see textutil.WithTemplates) the terms of
// that name, so that the template's entry holds the name as the question
// writes it: the placeholder's part ("cxx") is otherwise missing. It also
// records the names so filled (fills, headFills), which scoreNamed counts
// as the names written.
func templateTerms(cands []*candidate, question string) {
	var names []string
	for _, f := range strings.Fields(question) {
		if w := strings.Trim(f, ".,;:!?\"'`()[]{}“”‘’"); strings.Contains(w, "_") {
			names = append(names, w)
		}
	}
	if len(names) == 0 {
		return
	}
	for _, c := range cands {
		for _, n := range names {
			inText := textutil.WithTemplates(c.text, n) != c.text
			inHeading := textutil.WithTemplates(c.headingText, n) != c.headingText
			if !inText && !inHeading {
				continue
			}
			if inText {
				c.fills = append(c.fills, n)
			}
			if inHeading {
				c.headFills = append(c.headFills, n)
			}
			for _, t := range textutil.ContentTerms(n) {
				if inText {
					c.terms[t] = true
				}
				if inHeading {
					c.heading[t] = true
				}
			}
		}
	}
}
