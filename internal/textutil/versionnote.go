package textutil

import "regexp"

// versionNote matches the change notes that documentation generators put
// between an entry's heading and its description: Sphinx's "New in version
// 3.13.", "Changed in version 3.2: ...", "Deprecated since version 3.9.",
// Node.js's "Added in: v8.0.0, v6.9.0", "Deprecated since: v12.0.0",
// "Removed in: v15.0.0", and "Added in 1.4.".
var versionNote = regexp.MustCompile(`(?i)^(?:new|changed|added|removed|deprecated)\s+(?:in|since)\s*:?\s+(?:version\s+)?v?\d+(?:\.\d+)*\b`)

// IsVersionNote reports whether a sentence is a change note. It is a fact
// about an entry's history, not what the entry is or does, and it is never
// a heading: Node.js prints "Added in: v8.0.0" as a short unpunctuated
// line right under the entry's name, where IsHeadingLine's form alone
// would take it for the heading of the description below it.
func IsVersionNote(s string) bool { return versionNote.MatchString(s) }
