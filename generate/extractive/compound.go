package extractive

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// maxCompoundWords bounds the question phrases spacedCompounds looks for
// hyphenated ("git gc" as "git-gc", "end of file" as "end-of-file").
const maxCompoundWords = 3

// spacedCompounds lets a sentence that hyphenates words the question
// writes apart hold them: a manual page's summary "git-gc - Cleanup
// unnecessary files and optimize the local repository" speaks of git gc,
// and leads with it. Only phrases of the question count: splitting every
// hyphenated word would let "read-only" or "built-in" hold any question's
// "read" or "built".
func spacedCompounds(cands []*candidate, question string) {
	words := textutil.Words(question)
	phrases := map[string][]string{} // hyphenated form → its parts' stems
	for i := range words {
		for n := 2; n <= maxCompoundWords && i+n <= len(words); n++ {
			var stems []string
			for _, w := range words[i : i+n] {
				if strings.IndexByte(w, '-') >= 0 {
					stems = nil
					break
				}
				if !textutil.IsStopword(w) {
					stems = append(stems, textutil.Stem(w))
				}
			}
			if len(stems) >= 2 {
				phrases[strings.Join(words[i:i+n], "-")] = stems
				if n == 2 && plainWord(words[i]) && plainWord(words[i+1]) {
					// Written closed as well: "webserver" for "web server",
					// "filename" for "file name".
					phrases[words[i]+words[i+1]] = stems
				}
			}
		}
	}
	if len(phrases) == 0 {
		return
	}
	for _, c := range cands {
		for _, w := range c.words {
			parts, ok := phrases[w]
			if !ok {
				continue
			}
			for _, p := range parts {
				c.terms[p] = true
			}
			if k := slices.Index(c.lead, textutil.Stem(w)); k >= 0 {
				lead := slices.Insert(slices.Clone(c.lead), k+1, parts...)
				c.lead = lead[:min(len(lead), leadTerms)]
			}
		}
	}
}

// summaryDescription returns the sentence that opens the description
// after lead when lead is a manual page's NAME summary (summaryLine under
// a "NAME" heading, or under the title it names: "REINDEX" over "REINDEX —
// rebuild indexes"): "Runs a number of housekeeping tasks within the
// current repository, …" says what "git-gc - Cleanup unnecessary files …"
// means, though it names neither git nor gc. The synopsis between them is
// code and skipped. Nil otherwise.
func summaryDescription(cands []*candidate, lead *candidate) *candidate {
	if !summaryLine.MatchString(lead.text) || !strings.EqualFold(lead.headingText, "name") && !strings.HasPrefix(lead.text, lead.headingText+" ") {
		return nil
	}
	for _, c := range cands[lead.pos+1:] {
		switch {
		case c.source != lead.source:
			return nil
		case c.code:
			continue
		case c.opens && !strings.EqualFold(c.headingText, "synopsis"):
			return c
		default:
			return nil
		}
	}
	return nil
}

// summaryAfter puts the description of a leading NAME summary
// (summaryDescription) second.
func summaryAfter(chosen, cands []*candidate, most int) []*candidate {
	if most < 2 || len(chosen) == 0 {
		return chosen
	}
	d := summaryDescription(cands, chosen[0])
	if d == nil {
		return chosen
	}
	rest := slices.DeleteFunc(slices.Clone(chosen[1:]), func(c *candidate) bool { return c == d })
	out := append([]*candidate{chosen[0], d}, rest...)
	return out[:min(len(out), most)]
}

// joinedCompounds lets a sentence that writes a hyphenated word of the
// question joined or spaced hold it: "Make names readonly." and "read
// only" speak of the question's "read-only", which the sentence's own
// words never spell (the retriever's keyword search matches the joined
// form the same way: textutil.JoinedCompound).
func joinedCompounds(cands []*candidate, question string) {
	type compound struct {
		term, joined string
		parts        []string
	}
	var compounds []compound
	for _, w := range textutil.Words(question) {
		joined, ok := textutil.JoinedCompound(w)
		if !ok {
			continue
		}
		compounds = append(compounds, compound{term: textutil.Stem(w), joined: textutil.Stem(joined), parts: strings.Split(strings.ToLower(w), "-")})
	}
	// A word the sources also hyphenate keeps to those sentences: its
	// joined form is often another thing's name (mod_ratelimit for
	// "rate-limit", keepAliveInitialDelay for "keep-alive").
	compounds = slices.DeleteFunc(compounds, func(cp compound) bool {
		return slices.ContainsFunc(cands, func(c *candidate) bool { return c.terms[cp.term] })
	})
	for _, c := range cands {
		for _, cp := range compounds {
			if c.terms[cp.joined] || spelledApart(c.words, cp.parts) {
				c.terms[cp.term] = true
			}
		}
	}
}

// spelledApart reports whether words hold parts one after another.
func spelledApart(words, parts []string) bool {
	for i := 0; i+len(parts) <= len(words); i++ {
		if slices.EqualFunc(words[i:i+len(parts)], parts, strings.EqualFold) {
			return true
		}
	}
	return false
}

// plainWord reports whether w is two or more letters and nothing else: a
// word that runs into the next one when a compound is written closed.
func plainWord(w string) bool {
	return utf8.RuneCountInString(w) >= 2 && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
}
