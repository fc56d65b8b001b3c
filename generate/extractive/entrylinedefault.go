package extractive

import (
	"regexp"
	"strings"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/internal/textutil"
)

// A default given on an entry's name line. Parameter references print the
// default beside the name, above the description: Postfix's postconf(5)
// "message_size_limit (default: 10240000)" over "The maximal size in
// bytes of a message, including envelope information.", as do many man
// pages. No sentence states the default, so "What is the default maximum
// size of a message?" was refused and "What is the default value of
// mydestination?" answered with other sentences about it. When a default
// question names the entry (as code, or in words whose letters spell its
// name), or says what its first sentence says (every content word but
// "default", synonyms allowed), the answer quotes the name line and that
// sentence.

// entryDefaultLine matches a name line stating its default: the name,
// then "(default: …)" or "[default: …]" ending the line.
var entryDefaultLine = regexp.MustCompile(`^\s*([A-Za-z_][\w.-]*)\s*[(\[]\s*(?i:default)\s*[:=]\s*[^)\]]+[)\]]\s*$`)

// entryLineDefault returns the answer pieces quoting the name line that
// gives the asked entry's default and the entry's first sentence, nil when
// no source holds one.
func entryLineDefault(a *ask, sources []generate.ContextSource) []string {
	if !a.isDefault {
		return nil
	}
	spelled := defaultedSpellings(a.question, true)
	var described []string // the question's words a description must hold
	if len(a.named) == 0 && a.option == "" {
		for _, t := range uniqueTerms(a.question) {
			if t != defaultStem && !a.kind[t] {
				described = append(described, t)
			}
		}
	}
	entries := entryDefaults(sources)
	// Names first: "the default delay warning time" is delay_warning_time,
	// though another entry's description speaks of "$delay_warning_time
	// time units".
	// A description several entries share ("The maximal number of
	// recipients per message …" of the SMTP server's limit and of local
	// delivery's) leaves the choice to the scores.
	for _, byName := range []bool{true, false} {
		var found *entryDefault
		names := map[string]bool{}
		for i := range entries {
			e := &entries[i]
			if names[e.name] || !entryAsked(a, byName, spelled, described, e.name, e.first) {
				continue
			}
			names[e.name] = true
			if found == nil {
				found = e
			}
		}
		switch {
		case found != nil && (byName || len(names) == 1):
			return []string{withMarker(found.line, found.label), "\n\n" + withMarker(found.first, found.label)}
		case len(names) > 1:
			return nil
		}
	}
	return nil
}

// entryDefault is a name line stating its default, with the first
// sentence of its entry and its source's label.
type entryDefault struct{ name, line, first, label string }

// entryDefaults returns the sources' name lines that state a default
// (entryDefaultLine) and have a first sentence after them, in order.
func entryDefaults(sources []generate.ContextSource) []entryDefault {
	var out []entryDefault
	for _, src := range sources {
		lines := strings.Split(src.Text, "\n")
		for i, l := range lines {
			m := entryDefaultLine.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			if first := firstSentenceAfter(lines, i); first != "" {
				out = append(out, entryDefault{name: m[1], line: strings.TrimSpace(l), first: first, label: src.Label})
			}
		}
	}
	return out
}

// entryAsked reports whether the entry named name, whose first sentence is
// first, is the one the question asks the default of: byName, by the name
// it writes as code or as an option, else by words spelling the name;
// otherwise by words saying what the first sentence says.
func entryAsked(a *ask, byName bool, spelled, described []string, name, first string) bool {
	switch {
	case len(a.named) > 0 || a.option != "":
		return byName && cellNamesAsked(a, "", name)
	case byName:
		return len(spelled) > 0 && keyNamesAsked(a, spelled, name)
	}
	return describes(first, described)
}

// firstSentenceAfter returns the first sentence of the paragraph after
// lines[i], "" when another name line or nothing follows.
func firstSentenceAfter(lines []string, i int) string {
	for _, l := range lines[i+1:] {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		if entryDefaultLine.MatchString(t) || strings.HasPrefix(t, "```") || strings.HasPrefix(t, "#") {
			return ""
		}
		sp := textutil.Sentences(t)
		if len(sp) == 0 {
			return ""
		}
		return strings.TrimSpace(t[sp[0].Start:sp[0].End])
	}
	return ""
}

// describes reports whether a description (its first sentence) holds
// every one of terms, a synonym of one counting ("maximal" for
// "maximum"); false for fewer than two terms. The entry's name does not
// count: "bounce_size_limit", "The maximal amount of original message
// text …", says nothing of a message's size.
func describes(sentence string, terms []string) bool {
	if len(terms) < 2 {
		return false
	}
	have := map[string]bool{}
	for _, t := range uniqueTerms(sentence) {
		have[t] = true
	}
	for _, t := range terms {
		if !have[t] && !synonymIn(t, have) {
			return false
		}
	}
	return true
}
