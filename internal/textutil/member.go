package textutil

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// A question names a class's member by the class ("ChildProcess.kill()",
// "fs.promises.readFile") while API references document it under the
// class's heading by the name of an instance ("subprocess.kill([signal])"
// under "Class: ChildProcess", "fsPromises.readFile(path[, options])" under
// "Promises API"). Retrieval must not call the question's form unknown,
// and the extractive generator must read it as the documented one.

// OwnerMember splits a dotted name into the lower-cased part before its
// member and the member ("fs.promises.readFile" → "promises", "readfile").
// ok is false for a word that is not a dotted name: parts of letters,
// digits and '_' joined by single dots, with a letter.
func OwnerMember(name string) (owner, member string, ok bool) {
	parts := strings.Split(strings.ToLower(name), ".")
	if len(parts) < 2 || strings.IndexFunc(name, unicode.IsLetter) < 0 {
		return "", "", false
	}
	for _, p := range parts {
		if p == "" || strings.IndexFunc(p, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) >= 0 {
			return "", "", false
		}
	}
	return parts[len(parts)-2], parts[len(parts)-1], true
}

// MemberEntry returns the name, as written, of member's own entry under
// owner in a chunk (OwnerMember gives both): a heading of its path names
// owner, as a word or one of a code word's parts ("Class:
// InterfaceConstructor" names "interface"), and a later heading, or a line
// of the chunk's text that is a signature alone, starts with a dotted name
// whose last part is member ("subprocess.kill([signal])" →
// "subprocess.kill"). The text counts because a chunker merges short
// sections and only the first keeps its heading:
// "socket.setKeepAlive([enable][, initialDelay])" is a line of the chunk
// headed "socket.pause()", and "Class: fs.WriteStream" with its entries
// may be lines of a chunk headed "Class: fs.StatFs". A member only
// examples write, with no entry of its own, has none.
func MemberEntry(path []string, text, owner, member string) (string, bool) {
	under := false
	for i, h := range path {
		if !namesOwner(h, owner) {
			continue
		}
		for _, later := range path[i+1:] {
			if name, ok := entryName(later, member); ok {
				return name, true
			}
		}
		under = true
		break
	}
	return entryLine(text, owner, member, under)
}

// entryLine returns the dotted name of the first line of text that is an
// entry's signature alone (entrySignature) and names member, while the
// text stands under owner: under is true when the heading path names it,
// and a kind line of the text ("Class: fs.WriteStream", kindLine) naming
// owner puts what follows under it, one naming another of the same kind
// ("Class: fs.ReadStream") what follows under that one.
func entryLine(text, owner, member string, under bool) (string, bool) {
	kind := ""
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		// Cheap tests before each pattern (kindMatch; a dot for an entry
		// line, which counts only under the owner).
		if m := kindMatch(line); m != nil {
			switch {
			case namesOwner(m[2], owner):
				under, kind = true, m[1]
			case m[1] == kind:
				under = false
			}
			continue
		}
		if !under || !strings.Contains(line, ".") || !entrySignature.MatchString(line) {
			continue
		}
		if name, ok := entryName(line, member); ok {
			return name, true
		}
	}
	return "", false
}

// kindMatch returns kindLine's submatches for line, nil when it is none.
func kindMatch(line string) []string {
	if !strings.Contains(line, ": ") {
		return nil
	}
	return kindLine.FindStringSubmatch(line)
}

// kindLine matches a heading line naming a thing by its kind: "Class:
// fs.WriteStream", "Interface: Foo".
var kindLine = regexp.MustCompile(`^([A-Z][a-z]+):\s+(\S+)$`)

// entrySignature matches a line that is a dotted name alone or followed by
// its parameter list: "socket.setKeepAlive([enable][, initialDelay])",
// "socket.pending"; not a sentence or a line of code.
var entrySignature = regexp.MustCompile(`^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\([^()]*\))?$`)

// namesOwner reports whether a heading holds owner as a word or as one of
// a code word's parts.
func namesOwner(heading, owner string) bool {
	for _, f := range strings.Fields(heading) {
		whole, parts, ok := CodeWord(f)
		if !ok {
			whole = strings.ToLower(strings.Trim(f, ".,;:!?\"'`()[]{}“”‘’"))
		}
		if whole == owner || slices.Contains(parts, owner) {
			return true
		}
	}
	return false
}

// entryName returns the dotted name a heading starts with, followed by
// nothing, its arguments or a space ("rl.question(query[, options],
// callback)", "rl.cursor"), when its last part is member.
func entryName(heading, member string) (string, bool) {
	h := strings.TrimSpace(heading)
	if i := strings.IndexAny(h, "( "); i >= 0 {
		h = h[:i]
	}
	if _, m, ok := OwnerMember(h); ok && m == member {
		return h, true
	}
	return "", false
}
