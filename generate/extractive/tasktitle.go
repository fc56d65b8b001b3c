package extractive

import (
	"regexp"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Task titles. Manuals answer "How do I uninstall a package?" with the
// task named in the imperative and the command after it: an example's
// title over its code ("1. Uninstall a package." over "$ python -m pip
// uninstall simplejson"), a step ("Restart the service:" over the
// command). By score such a title covers fewer of the question's words
// than a remark that merely mentions them all ("pip also performs an
// automatic uninstall of an old version of a package before upgrading"),
// so it lost the lead; it leads now, and meansAfter quotes the code after
// it.

// taskVerb matches a how-to question up to the verb of its task ("How do
// I uninstall …", "How can we restart …", "how to rotate …") and captures
// the verb.
var taskVerb = regexp.MustCompile(`(?i)\bhow\s+(?:(?:do|can|could|should|would|might)\s+(?:i|we|you|one)|to)\s+([a-z][a-z-]+)\b`)

// weakTaskVerbs name no task of their own: "How do I make pip use …",
// "How can I get …", "How do I use …".
var weakTaskVerbs = map[string]bool{
	"make": true, "get": true, "use": true, "do": true, "have": true, "let": true, "tell": true,
	"see": true, "know": true, "find": true, "keep": true, "go": true, "be": true,
}

// askedTask returns the stem of the verb of the task a how-to question
// asks about ("uninstal" for "How do I uninstall a package with pip?"),
// "" when it asks none or the verb names no task of its own.
func askedTask(question string) string {
	m := taskVerb.FindStringSubmatch(question)
	if m == nil || weakTaskVerbs[strings.ToLower(m[1])] {
		return ""
	}
	return textutil.Stem(strings.ToLower(m[1]))
}

// taskTitle reports whether cands[i] names the task whose verb stem is
// task in the imperative, at its start ("Uninstall a package.", "1.
// Uninstall a package.", "Uninstall it with:"), and code follows it in its
// source: the title of the means. A title acting on code the question
// does not name is another task's (otherObject).
func taskTitle(cands []*candidate, i int, task, question string) bool {
	c := cands[i]
	if task == "" || c.code || i+1 >= len(cands) {
		return false
	}
	next := cands[i+1]
	if next.source != c.source || !next.code {
		return false
	}
	words := textutil.Words(strings.TrimLeft(c.text[itemMarkerLen(c.text):], " "))
	return len(words) > 0 && len(words) <= maxTitleWords && textutil.Stem(words[0]) == task && !otherObject(c.text, question)
}

// titleObject matches the verb of a title and the code span right after
// it, its object ("Run `docker wait`, which …").
var titleObject = regexp.MustCompile("^[A-Za-z-]+\\s+`([^`]+)`")

// otherObject reports whether a title's verb acts on code the question
// does not name: "Run `docker wait`, which should block until the
// container exits." titles another task than "How do I run a container in
// the background?".
func otherObject(title, question string) bool {
	m := titleObject.FindStringSubmatch(strings.TrimLeft(title[itemMarkerLen(title):], " "))
	return m != nil && !strings.Contains(strings.ToLower(question), strings.ToLower(m[1]))
}

// maxTitleWords bounds a task title: a longer sentence that starts with
// the verb is an instruction of its own, not a title.
const maxTitleWords = 12
