package extractive

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Abbreviations the sources define. A manual spells a term out once
// ("the Dynamic Shared Object (DSO) mechanism") and then writes the
// abbreviation: "It is the only module besides core which cannot be put
// into a DSO itself." answers "Which module cannot itself be loaded as a
// shared object?" but holds none of "shared" and "object". Where the
// sources give the pair, a sentence writing one form holds the other's
// terms too. The pairing is the documents' own, not a word list's.

// abbrInParens matches an abbreviation in parentheses (two to eight
// letters or digits, a capital first and at least one more); the words
// before it are read back from its start (wordsBefore), which costs far
// less than a pattern spanning them.
var abbrInParens = regexp.MustCompile(`\(([A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*)\)`)

// maxAbbrWords bounds the words a spelled-out form may have.
const maxAbbrWords = 6

// definedAbbreviations returns, for each abbreviation the sources define
// (a spelled-out form followed by its abbreviation in parentheses, the
// abbreviation's letters the initials of the words before it:
// spelledAs), its lower-cased form and the words it stands for.
func definedAbbreviations(sources []generate.ContextSource) map[string][]string {
	var out map[string][]string
	for _, s := range sources {
		if !strings.Contains(s.Text, "(") {
			continue
		}
		for _, m := range abbrInParens.FindAllStringSubmatchIndex(s.Text, -1) {
			abbr := s.Text[m[2]:m[3]]
			if len(abbr) > 8 {
				continue
			}
			long := spelledAs(strings.ToLower(abbr), wordsBefore(s.Text, m[0], maxAbbrWords+2))
			if long == nil {
				continue
			}
			if out == nil {
				out = map[string][]string{}
			}
			out[strings.ToLower(abbr)] = long
		}
	}
	return out
}

// wordsBefore returns at most n words (letters, digits, '_'; a hyphen
// separates) that end, after spaces only, at end of text, in text order;
// it stops at any other character.
func wordsBefore(text string, end, n int) []string {
	var out []string
	i := end
	for len(out) < n {
		j := i
		for j > 0 && (text[j-1] == ' ' || text[j-1] == '\t' || text[j-1] == '\n' || text[j-1] == '-' && len(out) > 0) {
			j--
		}
		if j == i && len(out) > 0 || j == 0 {
			break
		}
		k := j
		for k > 0 && isWordByte(text[k-1]) {
			k--
		}
		if k == j {
			break
		}
		out = append(out, text[k:j])
		i = k
		if k > 0 && text[k-1] == '-' {
			continue // "Write-Ahead": the hyphen separates two words
		}
	}
	slices.Reverse(out)
	return out
}

// spelledAs returns the shortest run of words ending words whose initials,
// in order, begin the abbreviation's letters and which accounts for every
// letter (a letter may come from inside a word: "MultiVersion Concurrency
// Control" for MVCC), stop words skipped ("Point of Sale"); nil when no
// run does.
func spelledAs(abbr string, words []string) []string {
	for k := 1; k <= min(maxAbbrWords, len(words)); k++ {
		run := words[len(words)-k:]
		if textutil.IsStopword(strings.ToLower(run[0])) {
			continue
		}
		if initialsSpell(abbr, run) {
			return run
		}
	}
	return nil
}

// initialsSpell reports whether the letters of abbr are taken, in order,
// from words: each content word gives at least its initial, and a word
// may give more letters after it.
func initialsSpell(abbr string, words []string) bool {
	if abbr == "" {
		return len(words) == 0
	}
	if len(words) == 0 {
		return false
	}
	w := strings.ToLower(words[0])
	if textutil.IsStopword(w) && initialsSpell(abbr, words[1:]) {
		return true
	}
	if w == "" || w[0] != abbr[0] {
		return false
	}
	// The word gives its initial and then, optionally, later letters.
	rest, i := abbr[1:], 1
	if initialsSpell(rest, words[1:]) {
		return true
	}
	for len(rest) > 0 && i < len(w) {
		if k := strings.IndexByte(w[i:], rest[0]); k >= 0 {
			i += k + 1
			rest = rest[1:]
			if initialsSpell(rest, words[1:]) {
				return true
			}
			continue
		}
		break
	}
	return false
}

// abbreviationTerms gives each candidate that writes a defined
// abbreviation the terms of its spelled-out form, and each that writes
// the spelled-out form the abbreviation's term.
func abbreviationTerms(cands []*candidate, sources []generate.ContextSource) {
	defs := definedAbbreviations(sources)
	if len(defs) == 0 {
		return
	}
	type pair struct {
		abbr, abbrStem, phrase string
		stems                  []string
	}
	pairs := make([]pair, 0, len(defs))
	for abbr, long := range defs {
		p := pair{abbr: abbr, abbrStem: textutil.Stem(abbr), phrase: strings.ToLower(strings.Join(long, " "))}
		for _, w := range long {
			if lw := strings.ToLower(w); !textutil.IsStopword(lw) {
				p.stems = append(p.stems, textutil.Stem(lw))
			}
		}
		pairs = append(pairs, p)
	}
	for _, c := range cands {
		if c.code {
			continue
		}
		// Lower-cased once: containsWord and the phrase test read it as
		// it is, without copying it again per abbreviation.
		low := strings.ToLower(c.text)
		spaced := strings.ReplaceAll(low, "-", " ")
		for _, p := range pairs {
			switch {
			case containsWord(low, p.abbr):
				for _, st := range p.stems {
					c.terms[st] = true
				}
			case strings.Contains(spaced, p.phrase):
				c.terms[p.abbrStem] = true
			}
		}
	}
}
