package extractive

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/retrieve"
)

// leadsIntoCode reports whether the sentence spans[i] of text, with its
// words, ends in a colon that introduces the code block after it and states
// something itself: "The while statement is used for repeated execution as
// long as an expression is true:" over its grammar, "we can tell Rust to also
// show the output of successful tests with --show-output:" over the command.
// Other sentences ending in a colon are lead-ins, skipped as announcing
// rather than stating; so are those that only announce the code
// (announcement: "The following example shows how to …:") or are too short
// to say anything ("The syntax is:").
func leadsIntoCode(text string, spans []quotable, i int, words []string) bool {
	lead := text[spans[i].Start:spans[i].End]
	return i+1 < len(spans) && strings.HasPrefix(text[spans[i+1].Start:], "```") &&
		(len(words) >= minCodeLeadWords || purposeLead.MatchString(lead)) && !announcement.MatchString(lead)
}

// purposeLead matches a lead-in that says what the command under it is
// for, however short: "To flush the mail queue:" over "postqueue -f", as
// a manual page's synopsis lists a command's forms.
var purposeLead = regexp.MustCompile(`^To\s+[a-z]+\s+\S+(?:\s+\S+)*:$`)

// definesHeading reports whether words, a sentence's, lead with its
// section's heading (articles and numbering aside): "8.2. The while
// statement" / "The while statement is used for repeated execution as long
// as an expression is true:" opens a construct's section with its
// definition before its grammar.
func definesHeading(words []string, heading string) bool {
	name := textutil.Words(heading)
	for len(name) > 0 && (articles[name[0]] || isNumbering(name[0])) {
		name = name[1:]
	}
	for len(words) > 0 && articles[words[0]] {
		words = words[1:]
	}
	if len(name) == 0 || len(words) <= len(name) {
		return false
	}
	for k, w := range name {
		if textutil.Stem(w) != textutil.Stem(words[k]) {
			return false
		}
	}
	return true
}

// isNumbering reports a section number as Words reads it ("8.2", "7").
func isNumbering(w string) bool {
	return strings.Trim(w, "0123456789.") == ""
}

// commandAsked matches a question asking which command does something
// ("Which command flushes the mail queue?"): the command a purpose lead-in
// introduces ("To flush the mail queue:") answers it as it answers a
// how-to. Other lead-ins stay dropped for it: kept, they moved two blind
// answers and cost one its fact.
var commandAsked = regexp.MustCompile(`(?i)^\s*(?:which|what)\s+(?:command|program|tool|utility)s?\b`)

// dropCodeLeads removes the sentences leading into code (candidate
// codeLead) unless the question asks how to do something (or, for a
// purpose lead-in, which command does it): there the
// sentence and its command are the answer ("… show the output of
// successful tests with --show-output:"); elsewhere they were measured to
// displace sentences that answer ("Include this module … to enable testing
// with CTest …:" over "This command is automatically invoked when the CTest
// module is included") and to shift the weights of a question's words.
func dropCodeLeads(cands []*candidate, intent retrieve.Intent, question string) []*candidate {
	if intent == retrieve.IntentHowTo || !slices.ContainsFunc(cands, func(c *candidate) bool { return c.codeLead }) {
		return cands
	}
	command := commandAsked.MatchString(question)
	kept := make([]*candidate, 0, len(cands))
	for i, c := range cands {
		purpose := command && (purposeLead.MatchString(c.text) ||
			c.code && i > 0 && cands[i-1].source == c.source && purposeLead.MatchString(cands[i-1].text)) // its command
		if !c.codeLead || purpose {
			kept = append(kept, c)
		}
	}
	cands = kept
	for i, c := range cands {
		c.pos = i
	}
	return cands
}

// minCodeLeadWords is the fewest words a sentence leading into code needs
// to state something.
const minCodeLeadWords = 6

// announcement matches a sentence that only points at what follows.
var announcement = regexp.MustCompile(`(?i)\b(?:following|below|as follows|for (?:example|instance)|examples?|like (?:this|so)|(?:is|are) shown|looks? like|consider|here is|here are)\b`)

// maxCodeAfterLines bounds the code block quoted after the sentence that
// leads into it: a command or a grammar rule, not a program.
const maxCodeAfterLines = 8

// withCodeAfter returns chosen with the code block after each chosen
// sentence that leads into it (leadsIntoCode) inserted after that sentence,
// when short: the sentence ends in a colon and says "with --show-output:";
// the command it introduces is the rest of what it says.
func withCodeAfter(cands []*candidate, chosen []*candidate) []*candidate {
	for i := 0; i < len(chosen); i++ {
		c := chosen[i]
		if c.code || !strings.HasSuffix(c.text, ":") || c.pos+1 >= len(cands) {
			continue
		}
		n := cands[c.pos+1]
		if n.source != c.source || !n.code || strings.Count(n.text, "\n") > maxCodeAfterLines+1 || slices.Contains(chosen, n) {
			continue
		}
		chosen = slices.Insert(chosen, i+1, n)
		i++
	}
	return chosen
}
