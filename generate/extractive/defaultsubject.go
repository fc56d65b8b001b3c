package extractive

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// A question asking for the default of a thing ("What is the default
// generator on Linux?", "What port does the server use by default?") is
// answered only by a sentence about that thing. Manuals state many
// defaults, and a default of another thing on the question's other words
// ("Defaults to /usr/ghs in Linux.", "On OSX FindOpenGL defaults to the
// framework version.") covers "default" and "Linux" but says nothing of
// generators. The thing must be named by the sentence, its heading or the
// sentence before it, as a setting's section names its setting.

// genericProperty are words after "default" that name the property, not
// the thing ("the default value of CMAKE_BUILD_TYPE", "the default maximum
// size of a string", which the manual may call its length): the thing
// follows "of" or "for".
var genericProperty = map[string]bool{
	"value": true, "values": true, "setting": true, "settings": true, "behaviour": true,
	"behavior": true, "option": true, "options": true, "choice": true, "one": true,
	"kind": true, "kinds": true, "type": true, "types": true, "sort": true,
	"maximum": true, "minimum": true, "max": true, "min": true, "size": true, "length": true,
	"number": true, "limit": true, "count": true, "amount": true,
	"location": true, "path": true, "place": true,
}

// clauseStart are participles that open a clause after the thing ("the
// global ignore file set by core.excludesFile", "the editor used by
// commit"): the thing ends before them.
var clauseStart = map[string]bool{
	"set": true, "used": true, "given": true, "defined": true, "specified": true, "configured": true,
	"provided": true, "chosen": true, "selected": true, "created": true, "written": true, "read": true,
}

// valueType are words naming the type or kind of a value ("the default
// LogFormat string", "the default timeout value"), which a question may
// put after the thing it asks the default of. A measured property ("the
// default retry limit", "the default buffer size") is the thing itself.
var valueType = map[string]bool{
	"string": true, "strings": true, "integer": true, "boolean": true, "flag": true, "flags": true,
	"value": true, "values": true, "setting": true, "settings": true, "option": true, "options": true,
}

// questionWhat matches the interrogative that opens a question naming its
// thing right after it ("What port does …", "Which generator is …").
var questionWhat = map[string]bool{"what": true, "which": true}

// valueQuestion matches a question asking for a value ("What …",
// "Which …"), not whether something holds ("Is soundex() available in a
// default build?").
var valueQuestion = regexp.MustCompile(`(?i)^\s*(?:(?:in|on|for|by|with|at)\s+)?(?:what|which)\b`)

// defaulted is the thing a question asks the default of: a plain word
// (word, matched as a word or a name's last part) or a name's stems.
type defaulted struct {
	word  *regexp.Regexp
	stem  string // word's thing as a term, for entryWords
	stems []string
	// name is the thing's words joined, lower-cased, to compare with a
	// parameter's name ("recursive", "idletimeout" for "idle timeout").
	name string
}

// defaultSubject returns, for a question asking for a default by that
// word, the head word of the defaulted thing; nil when the question asks
// for none or its form names no thing ("What does it default to?").
func defaultSubject(question string) *defaulted {
	if !valueQuestion.MatchString(question) {
		return nil
	}
	toks := strings.Fields(question)
	for i := range toks {
		toks[i] = strings.ToLower(strings.Trim(toks[i], "?!.,;:\"'()[]"))
	}
	var words []string
	for i, t := range toks {
		if t != "default" {
			continue
		}
		if i > 0 && toks[i-1] == "by" {
			words = thingAfterWhat(toks)
		} else {
			words = thingAfterDefault(toks[i+1:])
		}
		break
	}
	// "the default LogFormat string", "the default timeout value": a last
	// word naming the value's type or property says what kind of thing
	// the default is, the word before it which thing. A property box
	// ("Default: | LogFormat "%h %l …"") or a sentence ("The timeout
	// defaults to 300.") names the thing, rarely its type.
	for len(words) > 1 && valueType[words[len(words)-1]] {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return nil
	}
	// The head noun names the thing ("install prefix", "isolation level");
	// a word before it alone is another thing's ("install" rules).
	var stems, parts []string
	for _, p := range textutil.Words(words[len(words)-1]) {
		if !textutil.IsStopword(p) {
			stems = append(stems, textutil.Stem(p))
			parts = append(parts, p)
		}
	}
	switch len(stems) {
	case 0:
		return nil
	case 1:
		// A plain word is the thing where it stands as a word or ends a
		// name: CMAKE_GENERATOR names a generator, CMAKE_GENERATOR_PLATFORM
		// a platform. A camel-case name ends with all the thing's words:
		// SubstituteMaxLineLength names the "line length", strapFile no
		// "lens file".
		// The word's stem need not begin it ("delay" stems to "delai"):
		// the part they share does.
		head := sharedPrefix(strings.ToLower(parts[0]), stems[0])
		if len(head) < 3 {
			head = stems[0]
		}
		return &defaulted{word: regexp.MustCompile(`(?:(?i:(?:^|[^a-z0-9])` + regexp.QuoteMeta(head) + `[a-z]*)|[a-z0-9]` + camelName(words, head) + `[a-z]*)(?:$|[^\w])`), stem: stems[0], name: strings.ToLower(parts[0])}
	}
	return &defaulted{stems: stems, name: strings.ToLower(strings.Join(parts, ""))}
}

// camelName returns the pattern of the thing's words (words, the last
// one's matched part head) written as the end of a camel-case name:
// "Line" "Length" for "line length".
func camelName(words []string, head string) string {
	var b strings.Builder
	for _, w := range words[:len(words)-1] {
		for _, p := range textutil.Words(w) {
			if !textutil.IsStopword(p) {
				b.WriteString(regexp.QuoteMeta(upperFirst(p)))
			}
		}
	}
	b.WriteString(regexp.QuoteMeta(upperFirst(head)))
	return b.String()
}

// upperFirst returns s with its first letter in upper case ("éclair" →
// "Éclair"); a byte slice of it would split a multi-byte letter.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// thingAfterDefault takes the words after "default" up to a stop word,
// past a generic property word, "of" or "for" ("value of X", "for X").
func thingAfterDefault(toks []string) []string {
	var out []string
	generic := false
	for _, t := range toks {
		switch {
		case len(out) == 0 && genericProperty[t]:
			generic = true
			continue
		case len(out) == 0 && (t == "of" || t == "for"):
			// "value of X", and "the default for the recursive option":
			// the thing follows.
			generic = true
			continue
		case generic && len(out) == 0 && (t == "the" || t == "a" || t == "an"):
			continue
		case t == "" || textutil.IsStopword(t) || countedStop[t] || t == "when" || t == "if" || len(out) > 0 && clauseStart[t]:
			return out
		}
		out = append(out, t)
	}
	return out
}

// thingAfterWhat takes, for "… by default", the words after an opening
// "what" or "which" up to the verb ("What port does …"); none otherwise.
func thingAfterWhat(toks []string) []string {
	if len(toks) == 0 || !questionWhat[toks[0]] {
		return nil
	}
	return thingAfterDefault(toks[1:])
}

// defaultSaid matches, besides formLead's defaultStated ("The default
// is 4.0.", "defaults to 64MB"), a sentence that gives a default value:
// "by default", "the default value of X is", "the default transaction
// behavior is", "the default encoding will be", a "Default: gzip" label,
// "is initialized to ON", a signature's "maxsize=128", or what holds when
// nothing is set ("if not given", "unless another is chosen", "falls
// back to"), or a choice marked as the default ("- FIRST: … This is the
// default.", "ON (the default)"). "Specifies the default generator"
// names a default without giving it.
var defaultSaid = regexp.MustCompile(`(?im)^\W*default\s*:|\bby\s+default\b|\bthe\s+default\s+(?:\w+\s+){0,2}(?:of|for)\s+[\w ]{1,40}?\s(?:is|are|was)\b|\bdefault\s+(?:\w+\s+){1,2}(?:is|will\s+be|are)\b|\binitiali[sz](?:e|es|ed)\b|\bif\s+(?:not|none|unset)\b|\bunless\s+(?:\w+\s+){0,4}(?:set|given|specified|provided|chosen|selected)\b|\bnot\s+(?:set|given|specified|provided)\b|\bfalls?\s+back\b|\b(?:this|which|that)\s+is\s+the\s+default\b|\((?:the\s+)?default\)|\w+\s*=\s*[^=\s]`)

// givesDefault reports whether cands[i] or the sentence after it in its
// source gives a default value (defaultStated, defaultSaid), or another
// sentence of its source does and names the thing itself ("The default
// transaction behavior is DEFERRED." a paragraph before the sentences on
// BEGIN). A default further on that names no thing is often another
// setting's: "… change the behavior of the CPack IFW generator. New in
// version 3.3. Set to ON to enable debug output. By default is OFF."
// said holds, per candidate, whether it gives a default (defaultsGiven).
func givesDefault(d *defaulted, said []bool, cands []*candidate, i int) bool {
	for j := range cands {
		t := cands[j].text
		if cands[j].source != cands[i].source || !said[j] {
			continue
		}
		if j == i || j == i+1 && !otherParameter(cands[i], cands[j]) || d.word != nil && d.word.MatchString(t) {
			return true
		}
	}
	return false
}

// otherParameter reports whether next is the row of another parameter
// than c's in a parameter list ("- backlog <number> …" over "- exclusive
// <boolean> Default: false"): the default it states is its own.
func otherParameter(c, next *candidate) bool {
	a, b := parameterRow.FindStringSubmatch(c.text), parameterRow.FindStringSubmatch(next.text)
	return a != nil && b != nil && a[1] != b[1]
}

// defaultsGiven reports, per candidate, whether it gives a default
// (defaultStated, defaultSaid); nil when no default is asked (d nil).
func defaultsGiven(d *defaulted, cands []*candidate) []bool {
	if d == nil {
		return nil
	}
	said := make([]bool, len(cands))
	for j, c := range cands {
		said[j] = statesDefaultValue(c.text) || defaultSaid.MatchString(c.text)
	}
	return said
}

// namesDefaulted reports whether c, its heading, the sentence before it
// (prev, nil if none in its source) or its entry's first sentence
// (entryWords: "Set ramp size, in degrees." over "Default value is 55
// degrees." under "ramp, r") names the defaulted thing (d, from
// defaultSubject); true when the question names none. A signature
// heading names its entry, not the parameters it lists: under "open(file,
// mode='r', encoding=None)" the sentences on the mode say nothing of the
// encoding.
func namesDefaulted(d *defaulted, c, prev *candidate) bool {
	return namesThing(d, c, prev, true)
}

// namesThing is namesDefaulted, with the entry's first sentence counted
// only when entry is set.
func namesThing(d *defaulted, c, prev *candidate, entry bool) bool {
	if prev != nil && otherParameter(prev, c) {
		prev = nil // another parameter's row names its own parameter
	}
	switch {
	case d == nil:
		return true
	case d.word != nil:
		return d.word.MatchString(c.text) || d.word.MatchString(paramList.ReplaceAllString(c.headingText, "()")) || prev != nil && d.word.MatchString(prev.text) ||
			entry && c.headingText != "" && c.entryWords[d.stem]
	}
	for _, s := range d.stems {
		if !c.terms[s] && !c.heading[s] && (prev == nil || !prev.terms[s]) && !(entry && c.entryWords[s]) {
			return false
		}
	}
	return true
}

// paramList matches a signature's parameter list, innermost parentheses
// first: "(file, mode='r', encoding=None)".
var paramList = regexp.MustCompile(`\([^()]*\)`)

// paramDefault matches a parameter with its default in a signature's
// list ("chunk_size=2000", "maxsize = 128").
var paramDefault = regexp.MustCompile(`([A-Za-z_][\w]*)\s*=\s*[^,()\s]`)

// signatureName matches the name a signature heading gives its entry:
// the last dotted part before the parameter list ("lru_cache" of
// "@functools.lru_cache(maxsize=128, typed=False)").
var signatureName = regexp.MustCompile(`^@?(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*)\s*\(`)

// signatureAsked reports whether the question names the entry of the
// signature heading as a call or a member ("QuerySet.iterator()" for
// "iterator(chunk_size=2000)"), or names no call or member at all.
func signatureAsked(heading, question string) bool {
	m := signatureName.FindStringSubmatch(heading)
	if m == nil {
		return false
	}
	if !callOrMember.MatchString(question) {
		return true
	}
	q, name := strings.ToLower(question), strings.ToLower(m[1])
	for k := range occurrences(q, name) {
		end := k + len(name)
		before := k > 0 && q[k-1] == '.'
		call := strings.HasPrefix(strings.TrimLeft(q[end:], " "), "(") && (k == 0 || !isWordByte(q[k-1]))
		if (before || call) && (end == len(q) || !isWordByte(q[end])) {
			return true
		}
	}
	return false
}

// callOrMember matches a call or a dotted member in a question.
var callOrMember = regexp.MustCompile(`\w\s*\(|\w\.\w`)

// inSignature reports whether c opens the entry whose signature heading
// gives the default the question asks for, of the entry it names
// (signatureDefault, signatureAsked), or the entry of the command-line
// option the question asks the default of, whose heading states it
// (optionHeadingDefault).
func (a *ask) inSignature(c *candidate) bool {
	if !c.opens {
		return false
	}
	return signatureDefault(c.headingText, a.defaulted) && signatureAsked(c.headingText, a.question) ||
		a.defaultAsked && optionHeadingDefault(c.headingText, a.question)
}

// headingDefault matches a default an option's entry line states after
// the option: "--num-callers=<number> [default: 12]" (Valgrind),
// "--jobs N (default: 1)".
var headingDefault = regexp.MustCompile(`(?i)[\[(]\s*default\s*[:=]?\s*[^\])\s][^\])]*[\])]`)

// optionHeadingDefault reports whether heading is an options list's entry
// line stating its default (headingDefault) for the one option the
// question writes: reference manuals that print the default there state
// it nowhere else.
func optionHeadingDefault(heading, question string) bool {
	if !headingDefault.MatchString(heading) {
		return false
	}
	option := askedOption(question)
	return option != "" && slices.Contains(optionHeading(heading), option)
}

// signatureDefault reports whether heading is a signature whose
// parameter list gives the default of the thing d names:
// "iterator(chunk_size=2000)" for "the default chunk_size of
// QuerySet.iterator()". API references often state a default nowhere else.
func signatureDefault(heading string, d *defaulted) bool {
	if d == nil || strings.Contains(heading, "\n") {
		return false
	}
	for _, list := range paramList.FindAllString(heading, -1) {
		for _, m := range paramDefault.FindAllStringSubmatch(list, -1) {
			if d.word != nil && d.word.MatchString(m[1]) || nameJoins.Replace(strings.ToLower(m[1])) == d.name {
				return true
			}
		}
	}
	return false
}

// sharedPrefix returns the longest common prefix of a and b.
func sharedPrefix(a, b string) string {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	for n > 0 && n < len(a) && !utf8.RuneStart(a[n]) {
		n-- // never end inside a multi-byte letter: the prefix goes into a pattern
	}
	return a[:n]
}
