package extractive

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Property boxes. A reference page states each setting's facts in a box of
// label–value rows ("Description: | Maximum inflation ratio for request
// bodies", "Default: | DeflateInflateRatioLimit 200"); the loader writes
// one row per line. The box, not the sentence splitter, says which rows
// belong together: a description row ending in a full stop is a sentence
// of its own, and the rows after it are still about what it describes.
// A row (textutil.IsLabelRow) states one fact in a few words, and the
// default or type a question asks for is often only there, so MinWords
// does not drop it.

// describedRow matches the row of a property box that says what the box is
// about ("Description: | Maximum inflation ratio for request bodies").
var describedRow = regexp.MustCompile(`^(?:Description|Summary|Purpose):?\s*\|\s*\S`)

// propertyBoxes returns the byte ranges of text's property boxes: runs of
// two or more consecutive lines that are all label rows.
func propertyBoxes(text string) []textutil.Span {
	var out []textutil.Span
	start, end, rows := -1, -1, 0
	flush := func() {
		if rows >= 2 {
			out = append(out, textutil.Span{Start: start, End: end})
		}
		start, rows = -1, 0
	}
	for off := 0; off < len(text); {
		n := strings.IndexByte(text[off:], '\n')
		if n < 0 {
			n = len(text) - off
		}
		if l := strings.TrimSpace(text[off : off+n]); textutil.IsLabelRow(l) {
			if start < 0 {
				start = off
			}
			end, rows = off+n, rows+1
		} else {
			flush()
		}
		off += n + 1
	}
	flush()
	return out
}

// boxAt returns the index of the box holding byte offset i, or -1.
func boxAt(boxes []textutil.Span, i int) int {
	for k, b := range boxes {
		if b.Start <= i && i < b.End {
			return k
		}
	}
	return -1
}

// allRows reports whether every line of a multi-line piece is a label row:
// such a piece is quoted row by row, each row a fact of its own, however
// the rows are punctuated.
func allRows(s string) bool {
	if !strings.Contains(s, "\n") {
		return false
	}
	for l := range strings.SplitSeq(s, "\n") {
		if !textutil.IsLabelRow(strings.TrimSpace(l)) {
			return false
		}
	}
	return true
}

// rowLabel returns the stems of a label row's label ("Context: | server
// config" gives [context]); nil for any other text.
func rowLabel(text string) []string {
	if !textutil.IsLabelRow(text) {
		return nil
	}
	label := text[:strings.IndexAny(text, ":|")]
	var out []string
	for _, w := range textutil.Words(label) {
		if !textutil.IsStopword(w) {
			out = append(out, textutil.Stem(w))
		}
	}
	return out
}

// rowAnswers reports whether c is a property box row that answers the
// question by form: its label is what the question asks for ("In which
// context can ServerName be used?" and "Context: | server config, virtual
// host"; "Which module provides RewriteRule?" and "Module: | mod_rewrite"),
// or, for a question asking what its subject is or does, it is the row
// describing the box of the subject's own section ("Description: | Amount
// of time the server will wait …" under "KeepAliveTimeout Directive").
// The row states the fact in a few words and shares few of the question's,
// so it rarely outscores the prose that mentions the subject in passing.
// A how-to question (howAsked) asks for no label, whatever words it holds:
// "How do I get a machine-readable version of the server status page?" is
// not answered by "Status: | Extension".
func rowAnswers(c *candidate, a *ask) bool {
	if c.box < 0 || c.code || defaultReference.MatchString(c.text) {
		return false // "Default: | See usage for details" gives no default
	}
	if len(a.subject) > 0 && describedRow.MatchString(c.text) {
		// The row joins its box's heading (collect), so the heading it
		// opens is the one before it: "ProxyPassInherit Directive", whose
		// description names ProxyPass, is not ProxyPass's box.
		return c.opens && holdsAllTerms(strings.TrimSuffix(c.headingText, "\n"+c.text), a.subject)
	}
	label := rowLabel(c.text)
	if len(label) == 0 || howAsked.MatchString(a.question) {
		return false
	}
	for _, t := range label {
		if !a.words[t] {
			return false
		}
	}
	return boxAsked(c, a, label)
}

// boxAsked reports whether the row or its box's heading holds a word of
// the question besides the label's and kind words ("directive"): the box
// is of what the question asks about. "Default: | MaxConnectionsPerChild
// 0" does not answer "What is the default ThreadsPerChild on Windows?",
// whose every other word its box lacks.
func boxAsked(c *candidate, a *ask, label []string) bool {
	// A row naming where the box's thing belongs ("Module: |
	// mod_cache_socache", "Context: | server config") answers only for
	// the thing its box is titled by ("CacheSocache Directive"): the
	// description rows the heading holds after the title say what that
	// thing does, and a question sharing only their words ("Which module
	// cannot be loaded as a shared object?" and "Description: | The shared
	// object cache implementation to use") asks about something else. A
	// default row names its directive itself.
	titleOnly := !slices.Contains(label, defaultStem)
	var title []string
	for t := range a.words {
		if slices.Contains(label, t) || a.kind[t] {
			continue
		}
		if c.terms[t] {
			return true
		}
		if !c.heading[t] {
			continue
		}
		if !titleOnly {
			return true
		}
		if title == nil {
			head, _, _ := strings.Cut(c.headingText, "\n")
			title = uniqueTerms(head)
		}
		if slices.Contains(title, t) {
			return true
		}
	}
	return false
}

// holdsAllTerms reports whether text holds every one of terms, read as
// the question's terms are (uniqueTerms).
func holdsAllTerms(text string, terms []string) bool {
	have := uniqueTerms(text)
	for _, t := range terms {
		if !slices.Contains(have, t) {
			return false
		}
	}
	return true
}
