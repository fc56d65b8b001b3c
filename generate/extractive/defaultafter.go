package extractive

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// An entry that describes a setting and gives its default a few sentences
// on without naming it again ("tcp-clients: Specifies the maximum number
// of simultaneous client TCP connections accepted by the server. … The
// default is 150.") answers "What is the maximum number of simultaneous
// TCP clients by default?" as a whole: the description covers the thing,
// the default sentence the word "default". Scored apart, the description
// lost the lead to another entry's default that shared more of the
// question's words in one sentence ("The default is 300 (30 seconds), the
// maximum is 65535, … the clients must close TCP connections
// immediately."). So when formLead weighs sentences of different entries,
// each of the pair is credited with the question terms the other adds
// (entryGain); within one entry their own scores decide which leads.

// entryGain returns, for an amount question asking for a default, the
// share of the question's weight that cands[i]'s partner adds to what
// cands[i] covers itself: for a default that leaves its subject to its
// entry (subjectlessDefault), the sentence it is the default of a few
// sentences before it under the same heading (followingDefault); for
// that sentence, the default. 0 when cands[i] has no partner.
func (a *ask) entryGain(cands []*candidate, i int) float64 {
	c := cands[i]
	if !a.isAmount || !a.defaultAsked || c.overlap == 0 || c.code {
		return 0
	}
	best := 0.0
	if subjectlessDefault.MatchString(c.text) {
		for k := i - 1; k >= 0 && k >= i-defaultAfter; k-- {
			if !sameEntry(cands[k], c) {
				break
			}
			if !cands[k].code && followingDefault(a.defaultAsked, a.counted, a.figure, a.qterms, cands, k) == i {
				best = max(best, a.addedBy(c, cands[k]))
			}
		}
		return best
	}
	if statesDefaultValue(c.text) {
		return 0
	}
	j := followingDefault(a.defaultAsked, a.counted, a.figure, a.qterms, cands, i)
	if j < 0 || !sameEntry(cands[j], c) || cands[j].code || !subjectlessDefault.MatchString(cands[j].text) {
		// A default naming its subject, or a configuration file's "#
		// default: off", competes on its own words.
		return 0
	}
	return a.addedBy(c, cands[j])
}

// sameEntry reports whether two sentences stand in one source under one
// heading. Past a heading a default is the next entry's: "… can be lowered
// at run-time." then "2. Maximum Number Of Columns … The default setting
// for SQLITE_MAX_COLUMN is 2000."
func sameEntry(c, d *candidate) bool {
	return c.source == d.source && c.headingText == d.headingText
}

// addedBy returns the share of the question's weight (a.qterms, a.idf)
// that d covers and c does not.
func (a *ask) addedBy(c, d *candidate) float64 {
	total, added := 0.0, 0.0
	for _, t := range a.qterms {
		total += a.idf[t]
		if (d.terms[t] || d.heading[t]) && !c.terms[t] && !c.heading[t] {
			added += a.idf[t]
		}
	}
	if total == 0 {
		return 0
	}
	return added / total
}

// subjectlessDefault matches a sentence opening with a default whose
// subject it leaves to its entry: "The default is 150.", "Defaults to
// 10s.", "Default: 8".
var subjectlessDefault = regexp.MustCompile(`(?i)^\W*(?:(?:the|its)\s+)?default(?:\s+value)?\s*(?:is|:)\s|^\W*(?:it\s+|this\s+)?defaults\s+to\s`)

// dropValueNames takes from the terms of a subjectless default under a
// setting's name (heading) the words of another setting it gives as its value:
// "Defaults to RuntimeDirectorySize= divided by 4096." under
// RuntimeDirectoryInodesMax= is that entry's default, not
// RuntimeDirectorySize='s, yet the name's parts ("runtime", "directory",
// "size") covered a question about the runtime directory's size limit
// better than RuntimeDirectorySize='s own "Defaults to 10%.". A part the
// sentence also writes as a word of its own stays.
func dropValueNames(terms map[string]bool, text string, words []string, heading string) {
	// Most sentences state no default: the cheap test first.
	if head := text[:min(len(text), 32)]; !strings.Contains(head, "efault") && !strings.Contains(head, "EFAULT") {
		return
	}
	loc := subjectlessDefault.FindStringIndex(text)
	if loc == nil || nameHeading(heading) == "" {
		return
	}
	textutil.ForEachCodeWord(text[loc[1]:], func(_, _ int, _ string, parts []string) {
		if len(parts) < 2 {
			return
		}
		for _, p := range parts {
			p = strings.ToLower(p)
			if !slices.Contains(words, p) {
				delete(terms, textutil.Stem(p))
			}
		}
	})
}

// defaultsOthers reports whether a default sentence names the settings it
// is the default of and none of them is what the question asks about:
// "DefaultTimeoutStartSec= and DefaultTimeoutStopSec= default to 90s." is
// no default of the time to sleep between restarts, though it follows the
// description that covers both ("Configures the default timeouts for
// starting, stopping … as well as the default time to sleep between
// automatic restarts"). A name is of the question when a part of it other
// than "default" is one of its terms (qterms).
func defaultsOthers(text string, qterms []string) bool {
	m := namedDefault.FindStringSubmatch(text)
	if m == nil {
		return false
	}
	named, asked := false, false
	textutil.ForEachCodeWord(m[1], func(_, _ int, _ string, parts []string) {
		if len(parts) < 2 {
			return
		}
		named = true
		for _, p := range parts {
			if t := textutil.Stem(strings.ToLower(p)); t != defaultStem && slices.Contains(qterms, t) {
				asked = true
			}
		}
	})
	return named && !asked
}

// namedDefault matches a default sentence whose subject is one or more
// names: "DefaultTimeoutStartSec= and DefaultTimeoutStopSec= default to
// 90s.", "KillMode= defaults to control-group.".
var namedDefault = regexp.MustCompile(`^\W*((?:[A-Za-z_][\w.-]*=?(?:,\s*|\s+and\s+|\s+or\s+|\s+))+?)defaults?\s+(?:to|is)\b`)
