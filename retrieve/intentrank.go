package retrieve

import (
	"regexp"
	"slices"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/store"
)

// definitionBoost is the share of the fused score range added to a
// candidate whose title or innermost heading names the subject of a
// definition question: "What does the CLUSTER command do?" is answered in
// the section called CLUSTER, and "What is a partial index?" in the one
// called "Partial Indexes".
const definitionBoost = 0.1

// maxDefinitionSubject: a longer subject is a whole question, not a name.
const maxDefinitionSubject = 4

// definitionFrame is what a definition question wraps its subject in.
var (
	definitionLead  = regexp.MustCompile(`(?i)^\s*(what\s+(is|are|was|were|does|do)|what's|define|explain|describe)\s+((a|an|the)\s+)?`)
	definitionTrail = regexp.MustCompile(`(?i)\s+(do|mean|stand\s+for|represent|return|define|collect|store|control|allow|limit|used\s+for)\b.*$|\s*[?.!]\s*$`)
	// kindWords name the kind of thing asked about ("the CLUSTER
	// command"); a section is named after the thing, not its kind.
	kindWords = []string{"command", "function", "type", "types", "option", "parameter", "setting", "statement",
		"clause", "keyword", "operator", "module", "extension", "utility", "program", "tool", "modifier", "aggregate", "view"}
)

// definitionSubject returns the analysed terms of a definition question's
// subject, nil for a long subject.
func (h *Hybrid) definitionSubject(question string) []string {
	subject := definitionTrail.ReplaceAllString(definitionLead.ReplaceAllString(question, ""), "")
	kinds := map[string]bool{}
	for _, w := range kindWords {
		for _, t := range h.words.analyze(w) {
			kinds[t] = true
		}
	}
	var out []string
	forEachWord(subject, func(word string) {
		for _, t := range h.words.analyze(word) {
			if !kinds[t] && !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	})
	if len(out) > maxDefinitionSubject {
		return nil
	}
	return out
}

// askedMembers returns the owner and member (textutil.OwnerMember) of each
// dotted name the question writes.
func askedMembers(question string) [][2]string {
	var out [][2]string
	forEachWord(question, func(word string) {
		if owner, member, ok := textutil.OwnerMember(trimWord(word)); ok {
			out = append(out, [2]string{owner, member})
		}
	})
	return out
}

// favourDefinitions raises the fused score of candidates whose title or
// innermost heading holds every subject term of a definition question, or
// whose heading path is the entry of a member it names
// (textutil.MemberEntry), and re-sorts them; candidates must be sorted by
// Fused.
func (h *Hybrid) favourDefinitions(candidates []Source, question string) {
	if len(candidates) < 2 || DetectIntent(question) != IntentDefinition {
		return
	}
	subject, members := h.definitionSubject(question), askedMembers(question)
	if len(subject) == 0 && len(members) == 0 {
		return
	}
	hi, lo := candidates[0].Scores.Fused, candidates[len(candidates)-1].Scores.Fused
	bonus := definitionBoost * (hi - lo)
	if bonus <= 0 {
		return
	}
	for i := range candidates {
		c := &candidates[i].Chunk
		// "What does Buffer.toString() return?" is answered in the entry
		// the reference names by an instance ("buf.toString([encoding])"
		// under "Class: Buffer"), whose heading lacks the class's name.
		if len(subject) > 0 && h.namesAll(c, subject) || slices.ContainsFunc(members, func(m [2]string) bool {
			_, ok := textutil.MemberEntry(c.Heading, c.Text, m[0], m[1])
			return ok
		}) {
			candidates[i].Scores.Fused += bonus
		}
	}
	sortFused(candidates)
}

// namesAll reports whether the chunk's title or innermost heading holds
// every one of terms.
func (h *Hybrid) namesAll(c *store.Chunk, terms []string) bool {
	names := map[string]bool{}
	mark := func(term string) { names[term] = true }
	h.words.each(c.Title, mark)
	if len(c.Heading) > 0 {
		h.words.each(c.Heading[len(c.Heading)-1], mark)
	}
	for _, t := range terms {
		if !names[t] {
			return false
		}
	}
	return true
}
