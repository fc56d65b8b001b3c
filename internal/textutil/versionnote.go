package textutil

import (
	"regexp"
	"strings"
)

// versionNote matches the change notes that documentation generators put
// between an entry's heading and its description: Sphinx's "New in version
// 3.13.", "Changed in version 3.2: ...", "Deprecated since version 3.9.",
// Node.js's "Added in: v8.0.0, v6.9.0", "Deprecated since: v12.0.0",
// "Removed in: v15.0.0", "Added in 1.4." and, naming the product,
// Django's "New in Django 3.1." and "Changed in Django 3.2:".
var versionNote = regexp.MustCompile(`^(?i:new|changed|added|removed|deprecated)\s+(?i:in|since)\s*:?\s+(?:(?i:version)\s+|[A-Z][\w.-]*\s+)?[vV]?\d+(?:\.\d+)*\b`)

// IsVersionNote reports whether a sentence is a change note. It is a fact
// about an entry's history, not what the entry is or does, and it is never
// a heading: Node.js prints "Added in: v8.0.0" as a short unpunctuated
// line right under the entry's name, where IsHeadingLine's form alone
// would take it for the heading of the description below it.
func IsVersionNote(s string) bool { return versionNote.MatchString(s) }

// statusNote matches Node.js's stability index note ("Stability: 1 -
// Experimental", "Stability: 1.1 - Active development", "Stability: 0 -
// Deprecated. Use … instead."), which it prints under an entry's name or
// inside its description.
var statusNote = regexp.MustCompile(`^Stability:\s*\d+(?:\.\d+)?\s*-\s*[A-Z]`)

// IsStatusNote reports whether a sentence is a stability note. Like a
// change note, it says how far to rely on the entry, not what the entry is
// or does, and it is never a heading: "Stability: 1 - Experimental" on a
// line of its own under "--watch" would otherwise head the rest of the
// option's description.
func IsStatusNote(s string) bool {
	return strings.HasPrefix(s, "Stability:") && statusNote.MatchString(s)
}

// versionCell matches a change table's version cell as loaders write one
// on its own line ("v18.0.0 |", "v15.2.0, v14.17.0 |").
var versionCell = regexp.MustCompile(`^v\d+(?:\.\d+)*(?:,\s*v\d+(?:\.\d+)*)*\s*\|$`)

// InChangeTable reports whether the paragraph holding byte offset at of
// text describes a change: the line before it is a change table's version
// cell ("v18.0.0 |" then "Passing an invalid callback now throws …", the
// "History" table Node.js prints under an entry's name). Like a change
// note, it tells the entry's history, not what the entry is or does.
func InChangeTable(text string, at int) bool {
	if at < 0 || at > len(text) {
		return false
	}
	// Back to the paragraph's first line, then the line before it.
	start := strings.LastIndexByte(text[:at], '\n') + 1
	for start > 0 {
		prev := strings.LastIndexByte(text[:start-1], '\n') + 1
		if strings.TrimSpace(text[prev:start-1]) == "" {
			break
		}
		start = prev
	}
	return versionCell.MatchString(lineBefore(text, start))
}

// changeHeader reports whether a line is the header of a table of changes
// ("Version | Changes").
func changeHeader(line string) bool {
	rest, ok := strings.CutPrefix(line, "Version")
	return ok && strings.HasPrefix(strings.TrimSpace(rest), "|")
}

// IsChangeTableLine reports whether the span sp of text is a line of a
// table of changes that says nothing itself: its title ("History"), its
// header ("Version | Changes") or a version cell ("v18.0.0 |"). Like a
// change note, it stands between an entry's name and its description,
// which still opens the entry.
func IsChangeTableLine(text string, sp Span) bool {
	if sp.Start < 0 || sp.End > len(text) || sp.Start >= sp.End {
		return false
	}
	s := strings.TrimSpace(text[sp.Start:sp.End])
	return versionCell.MatchString(s) || changeHeader(s) || !strings.ContainsAny(s, "|\n") && changeTableTitle(text, sp)
}
