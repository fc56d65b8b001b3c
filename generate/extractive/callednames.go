package extractive

import (
	"regexp"
	"slices"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// namingCue matches where a sentence gives a thing its name at the end
// rather than leading with it: "… is known as the newtype pattern",
// "These are called advisory locks", "… is referred to as a checkpoint".
// The last group is the name given.
var namingCue = regexp.MustCompile(`(?i)\b(?:is|are)\s+(?:also\s+|often\s+|sometimes\s+|commonly\s+)?(?:known\s+as|called|termed|referred\s+to\s+as)\s+(.+)$`)

// namingWord reports the words namingCue needs one of.
func namingWord(w string) bool {
	return w == "known" || w == "called" || w == "termed" || w == "referred"
}

// deicticNaming matches a naming sentence that points back at the
// sentence before it ("These are called advisory locks, because …"): the
// definition is there.
var deicticNaming = regexp.MustCompile(`(?i)^(?:these|this|such\s+\w+|they|it)\s+(?:is|are)\b`)

// scoreCalled adds calledBonus to the sentences that give a definition
// question's subject its name ("This thin wrapping of an existing type in
// another struct is known as the newtype pattern."), and marks them as
// definitions by form (definesSubject): they define it more surely than
// sentences that lead with the name (scoreSubject). A sentence that names
// it pointing back ("These are called advisory locks") passes the bonus,
// its score and its coverage of the question to the sentence before it in
// its source, which says what it names, and keeps subjectBonus.
func scoreCalled(cands []*candidate, subject []string) {
	if len(subject) == 0 {
		return
	}
	for i, c := range cands {
		if c.overlap == 0 || c.code || !slices.ContainsFunc(c.words, namingWord) || leadsWith(c, subject) {
			continue // the word test spares most sentences the expression
		}
		m := namingCue.FindStringSubmatch(c.text)
		if m == nil || !namesSubject(m[1], subject) {
			continue
		}
		if deicticNaming.MatchString(c.text) {
			if i > 0 && cands[i-1].source == c.source && !cands[i-1].code {
				// The two state the definition together: the one before
				// covers the question as the naming one does.
				prev := cands[i-1]
				prev.score = max(prev.score, c.score) + calledBonus
				prev.overlap = max(prev.overlap, c.overlap)
				prev.calls = true
			}
			c.score += subjectBonus
			continue
		}
		c.score += calledBonus
		c.calls = true
	}
}

// calledBonus is what naming the subject earns: more than leading with
// it (subjectBonus), which sentences that only use the name do as well
// ("The newtype pattern is also useful for …").
const calledBonus = 2 * subjectBonus

// namesSubject reports whether the name given (the text after a naming
// cue) is the subject: after an article, the words up to the first
// punctuation or function word are the subject's terms and no others.
// "the newtype pattern, which …" names [newtyp pattern], "advisory locks,
// because …" [advisori lock]; "for the generator object" (a method "is
// called for" it), "the lifetime elision rules" (more than a lifetime) and
// "after the tablespace's OID" do not.
func namesSubject(name string, subject []string) bool {
	if i := nameEnd.FindStringIndex(name); i != nil {
		name = name[:i[0]]
	}
	var terms []string
	for i, w := range textutil.Words(name) {
		if i == 0 && (w == "a" || w == "an" || w == "the") {
			continue
		}
		if textutil.IsStopword(w) {
			break
		}
		terms = append(terms, textutil.Stem(w))
	}
	if len(terms) != len(subject) {
		return false
	}
	for _, t := range terms {
		if !slices.Contains(subject, t) {
			return false
		}
	}
	return true
}

// nameEnd matches where a name given ends: punctuation that closes the
// phrase, a full stop, or a spaced dash.
var nameEnd = regexp.MustCompile(`[,;:()]|\.(?:\s|$)|\s[-–—]\s`)
