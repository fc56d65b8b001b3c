package extractive

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// An API reference entry opens with its declaration and goes on in prose
// that points back at it ("void sqlite3_interrupt(sqlite3*);" over "This
// function causes any pending database operation to abort … This routine
// is typically called in response to a user action such as pressing
// "Cancel" …"). Quoted alone, the pointing sentence answers "How can
// another thread stop a long-running query …?" without naming the
// function: the declaration names it. So a chosen sentence that points
// back (pointsBack), with nothing but pointing sentences between it and a
// declaration block above it in its section, is quoted with the block
// before it, unless the answer or the question already spells the name.

// maxPointingRun bounds the pointing sentences between a declaration and
// the chosen one: further on, "it" may be something else.
const maxPointingRun = 3

// maxSignatureLines bounds the declaration block quoted: an entry's
// forms, not an example program.
const maxSignatureLines = 4

// declared matches a declaration line's name: an identifier (dotted or
// qualified) followed by the opening parenthesis of its parameters.
var declared = regexp.MustCompile(`([A-Za-z_][\w.:]*)\s*\(`)

// withSignatureBefore returns chosen with the declaration block of each
// pointing sentence's entry inserted before the first chosen sentence of
// that entry (see above).
func withSignatureBefore(cands, chosen []*candidate, question string) []*candidate {
	for i := 0; i < len(chosen); i++ {
		c := chosen[i]
		if c.code || !pointsBack.MatchString(c.text) {
			continue
		}
		block := declarationAbove(cands, c)
		if block == nil || slices.Contains(chosen, block) {
			continue
		}
		name := declaredName(block.text)
		if name == "" || strings.Contains(question, name) || slices.ContainsFunc(chosen, func(o *candidate) bool {
			return strings.Contains(o.text, name)
		}) {
			continue
		}
		// Before the first chosen sentence of the same entry: the
		// declaration, then what the entry says, in the source's order.
		at := i
		for at > 0 && chosen[at-1].source == c.source && chosen[at-1].pos > block.pos && chosen[at-1].pos < c.pos {
			at--
		}
		chosen = slices.Insert(slices.Clone(chosen), at, block)
		i++
	}
	return chosen
}

// declarationAbove returns the declaration block c's entry opens with:
// the code candidate right before the run of pointing sentences that ends
// with c, in c's source and section; nil when there is none.
func declarationAbove(cands []*candidate, c *candidate) *candidate {
	j := c.pos - 1
	for run := 0; j >= 0 && run < maxPointingRun; j, run = j-1, run+1 {
		p := cands[j]
		if p.source != c.source || p.headingText != c.headingText {
			return nil
		}
		if p.code {
			if isDeclaration(p.text) {
				return p
			}
			return nil
		}
		if !pointsBack.MatchString(p.text) {
			return nil
		}
	}
	return nil
}

// isDeclaration reports whether a code block's text (fences included) is
// a short declaration: at most maxSignatureLines lines, each naming
// something with its parameters ("void sqlite3_interrupt(sqlite3*);",
// "int sqlite3_busy_timeout(sqlite3*, int ms);").
func isDeclaration(text string) bool {
	n := 0
	for l := range strings.Lines(text) {
		t := strings.TrimSpace(l)
		if t == "" || textutil.IsFence(t) {
			continue
		}
		n++
		if n > maxSignatureLines || !declared.MatchString(t) || strings.HasPrefix(t, "$") || strings.HasPrefix(t, ">") {
			return false
		}
	}
	return n > 0
}

// declaredName returns the name the first line of a declaration block
// declares: the identifier before its first opening parenthesis.
func declaredName(text string) string {
	for l := range strings.Lines(text) {
		t := strings.TrimSpace(l)
		if t == "" || textutil.IsFence(t) {
			continue
		}
		if m := declared.FindStringSubmatch(t); m != nil {
			return m[1]
		}
		return ""
	}
	return ""
}
