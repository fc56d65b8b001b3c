package textutil

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// HeadingLineWords is the most words (as Words counts them) a heading line
// has: titles, definition list terms ("--parallel [<jobs>], -j [<jobs>]")
// and property names are short; an unpunctuated line longer than this is a
// table row, a signature, a wrapped fragment or a terse description
// ("Pattern to match test files (test*.py default)") that states a fact.
const HeadingLineWords = 7

// IsHeadingLine reports whether the span sp of text (a sentence span, as
// Sentences returns) is a heading line: a line of its own (a line break or
// the text's edge before and after it, none inside but between stacked
// signatures, see signatureLines), not a code fence,
// not a bullet list item, a change note (IsVersionNote), a table row, the
// title of a table of changes, a manual page's NAME summary nor a web
// address, and either a
// Markdown heading or at most HeadingLineWords words not ending in
// sentence punctuation. Loaders write
// headings and definition list terms so; such a line names what follows
// and states nothing itself. A numbered line ("3. Nine Kinds Of Files")
// is a heading only when no list item is next to it: a numbered step
// without a full stop is one item of a list of steps.
//
// Retrieval (passage windows) and the extractive generator (answer
// sentences) both use it, so that what one treats as a heading the other
// does too.
func IsHeadingLine(text string, sp Span) bool {
	if sp.Start < 0 || sp.End > len(text) || sp.Start >= sp.End {
		return false
	}
	s := text[sp.Start:sp.End]
	if strings.ContainsRune(s, '\n') {
		return (signatureLines(s) || optionLines(s) || nameLines(s) || synopsisLines(s)) && ownLine(text, sp)
	}
	if IsFence(s) {
		return false
	}
	if !ownLine(text, sp) {
		return false
	}
	if strings.HasPrefix(s, "#") {
		return true
	}
	if bulletItem(s) || EndsSentence(s) && !repeatedArgument.MatchString(s) || countWords(s) > HeadingLineWords && !callSignature(s) || IsVersionNote(s) || IsStatusNote(s) ||
		IsTableRow(s) || changeTableTitle(text, sp) || nameSummary(text, sp) || bareURL.MatchString(s) || IsFieldLine(s) {
		return false
	}
	if conjunctionLine(s) || termDescription(text, sp, s) {
		return false
	}
	if IsNumberedItem(s) {
		return !IsNumberedItem(lineBefore(text, sp.Start)) && !IsNumberedItem(lineAfter(text, sp.End)) &&
			!bulletItem(lineBefore(text, sp.Start)) && !bulletItem(lineAfter(text, sp.End))
	}
	return true
}

// fieldLine matches a one-word field and its value on a line of their
// own, the value plain lower-case words ("context: body", as HAProxy's Lua
// reference opens each function's entry; "Tags: query", "Blocks: options",
// as BIND's reference does each statement's): it states the entry's value,
// and read as a heading it named the sentences after it in place of the
// entry's name. A title is capitalised after its label ("rnd: Randomized
// Plain Text", Apache's map types) or is more than a word before it ("Step
// 1: …"); a caption names a file ("Filename: src/main.rs" over a listing).
// A field's name may be a few lower-case words ("Writable from: vcl_pipe,
// backend", as Varnish's VCL reference lists each variable's).
var fieldLine = regexp.MustCompile(`^[A-Za-z][a-z_-]*(?: [a-z_-]+){0,2}: [a-z0-9][a-z0-9_-]*(?:,? [a-z0-9][a-z0-9_-]*)*$`)

// IsFieldLine reports whether s opens with a one-word field and its
// lower-case value ("context: body", "Tags: query"; see fieldLine).
func IsFieldLine(s string) bool { return fieldLine.MatchString(s) }

// conjunctionLine reports a line that is a conjunction alone ("or"
// between two code blocks, "and then"): it joins what is around it and
// names nothing. Other stop words may be names ("for", "with": Django's
// template tags).
func conjunctionLine(s string) bool {
	if len(s) > len("alternatively otherwise") {
		return false // most heading lines: no need for their words
	}
	ws := Words(s)
	for _, w := range ws {
		if !lineConjunctions[w] {
			return false
		}
	}
	return len(ws) > 0
}

var lineConjunctions = map[string]bool{"or": true, "and": true, "but": true, "then": true, "alternatively": true, "otherwise": true}

// bareURL matches a line that is a web address alone
// ("https://code.activestate.com/recipes/52560/"): a link after the
// sentence that introduced it, no title of what follows.
var bareURL = regexp.MustCompile(`^<?(?:https?://|www\.)\S+$`)

// nameSummary reports whether the line sp is a manual page's summary
// under its NAME heading ("git-rerere - Reuse recorded resolution of
// conflicted merges") or under its title ("REINDEX" over "REINDEX —
// rebuild indexes", as PostgreSQL's reference pages put it), or a module
// page's title in that form, the text's first line ("json — JSON encoder
// and decoder"): short and unpunctuated like a heading, it is the page's
// one-line statement of what its subject does.
func nameSummary(text string, sp Span) bool {
	s := text[sp.Start:sp.End]
	before := lineBefore(text, sp.Start)
	if before == "" {
		return titleSummary.MatchString(s)
	}
	for _, dash := range []string{" - ", " — ", " – "} {
		if name, _, ok := strings.Cut(s, dash); ok && (strings.EqualFold(before, "name") || name == before) {
			return true
		}
	}
	return false
}

// titleSummary matches a title that names a module and says what it is
// for, an em or en dash between ("os.path — Common pathname
// manipulations"); a hyphen between words is too common in titles.
var titleSummary = regexp.MustCompile(`^[\w.]+ [—–] \S`)

// maxSignatureLines is the most lines of call signatures one entry's
// heading stacks ("round(X)" over "round(X,Y)").
const maxSignatureLines = 4

// signatureLines reports whether s is two to maxSignatureLines lines, each
// a call signature of at most HeadingLineWords words ("substr(X,Y,Z)",
// "substr(X,Y)"): the forms of one entry, stacked as its heading, as
// SQLite's function list and Python's "class range(stop)" over "class
// range(start, stop[, step])" write them. Read as a sentence, the heading's
// name was lost and the entry's description stood under the previous
// entry's name.
func signatureLines(s string) bool {
	lines := strings.Split(s, "\n")
	if len(lines) < 2 || len(lines) > maxSignatureLines {
		return false
	}
	for _, l := range lines {
		l = returnValue.ReplaceAllString(strings.TrimSpace(l), "")
		open := strings.IndexByte(l, '(')
		// At most a kind before the name ("class range(stop)"). An
		// assignment is code, and a signature with default values
		// ("lru_cache(maxsize=128, typed=False)") states them: a sentence
		// to quote.
		if open <= 0 || !strings.HasSuffix(l, ")") || countWords(l) > HeadingLineWords || IsFence(l) || bulletItem(l) ||
			strings.ContainsRune(l, '=') || len(strings.Fields(l[:open])) > 2 {
			return false
		}
	}
	return true
}

// returnValue matches the outputs before a signature that names them, as
// Texinfo's definition lines write Octave's functions, after an empty
// category (": x = inv (A)", ": [x, rcond] = inv (A)", ": […] = inverse
// (…)"): the signature is what follows. Without the category, "x =
// fire(6)" is a line of code.
var returnValue = regexp.MustCompile(`^:\s*(?:\[[^\]\n]*\]|[A-Za-z_]\w*)\s*=\s*`)

// repeatedArgument matches an option or name whose last argument may be
// repeated ("-Mrm <message id> <message id> ...", "add [<pathspec>...]"
// reads as "add [<pathspec>]..."): its dots end no sentence.
var repeatedArgument = regexp.MustCompile(`^[-\w.:/]+(?:[\s\x{a0}]+(?:<[^>\n]+>|\[[^\]\n]+\]|\{[^}\n]+\}))+[\s\x{a0}]*(?:\.\.\.|…)$`)

// callSignature reports whether s is one call signature, however many
// parameters it names ("core.register_action(name, actions, func[,
// nb_args])", nine words): the heading of its entry, as a shorter one is.
// The name touches its parenthesis: "author name (respecting .mailmap …)"
// is a phrase and its aside.
// Counted as a sentence, it left the entry's description under the
// heading before it.
func callSignature(s string) bool {
	open := strings.IndexByte(s, '(')
	return open > 0 && s[open-1] != ' ' && strings.HasSuffix(s, ")") && !strings.ContainsRune(s, '=') && len(strings.Fields(s[:open])) <= 2 &&
		countWords(s) <= 2*HeadingLineWords && !IsFence(s) && !bulletItem(s)
}

// optionLines reports whether s is an options list's entry spelled on
// lines of their own ("-b\n--branch", "-f\n--force"): two to
// maxSignatureLines lines, each an option and perhaps its argument, no
// sentence.
func optionLines(s string) bool {
	lines := strings.Split(s, "\n")
	if len(lines) < 2 || len(lines) > maxSignatureLines {
		return false
	}
	for _, l := range lines {
		if OptionSpellings(l) == nil || countWords(l) > HeadingLineWords || EndsSentence(l) {
			return false
		}
	}
	return true
}

// synopsisLines reports whether s is a command's forms stacked on lines
// of their own, as zsh's builtins and manual pages' synopses write them
// ("cd [ -qsLP ] [ arg ]" over "cd [ -qsLP ] old new" over "cd [ -qsLP ]
// {+|-}n"): two to maxSignatureLines lines that start with the same name,
// none a sentence, one at least with a bracketed argument. Read as a
// sentence, the entry's description stood under the entry before it.
func synopsisLines(s string) bool {
	lines := strings.Split(s, "\n")
	if len(lines) < 2 || len(lines) > maxSignatureLines {
		return false
	}
	name, bracketed := "", false
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) < 2 || !synopsisName.MatchString(f[0]) || name != "" && f[0] != name || EndsSentence(l) ||
			countWords(l) > 2*HeadingLineWords || IsFence(l) || bulletItem(l) {
			return false
		}
		name = f[0]
		bracketed = bracketed || strings.ContainsAny(l, "[<{")
	}
	return bracketed
}

// synopsisName matches a command's name as a synopsis starts with it.
var synopsisName = regexp.MustCompile(`^[A-Za-z_][\w.-]*$`)

// nameLines reports whether s is an entry's names stacked on lines of
// their own, two to maxSignatureLines identifiers ("CPACK_DEBIAN_PACKAGE_SECTION"
// over "CPACK_DEBIAN_<COMPONENT>_PACKAGE_SECTION", as CMake's references
// write a variable and its per-component form).
func nameLines(s string) bool {
	lines := strings.Split(s, "\n")
	if len(lines) < 2 || len(lines) > maxSignatureLines {
		return false
	}
	for _, l := range lines {
		if !identifierLine.MatchString(strings.TrimSpace(l)) {
			return false
		}
	}
	return true
}

// identifierLine matches one identifier that is plainly code: with an
// underscore, a placeholder or a dot inside ("CMAKE_<LANG>_FLAGS",
// "os.path"), not an ordinary word.
var identifierLine = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9<>]*(?:[_.:][A-Za-z0-9<>]+)+$`)

// OptionSpellings returns the command-line options a line starts with and
// spells, each without its argument ("-j jobs --jobs=jobs" gives "-j" and
// "--jobs"; "-f, --force" gives "-f" and "--force"); nil when the line
// does not start with an option. A list item ("- foo") and a bare dash
// are no options.
func OptionSpellings(line string) []string {
	l := strings.TrimSpace(line)
	if len(l) < 2 || l[0] != '-' || l[1] == ' ' || l[1] == '-' && (len(l) < 3 || l[2] == ' ') {
		return nil
	}
	var out []string
	for _, f := range strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == ',' }) {
		if f[0] != '-' {
			continue // the option's argument
		}
		if i := strings.IndexAny(f, "=[<"); i > 0 {
			f = f[:i]
		}
		out = append(out, f)
	}
	return out
}

// IsPipeRow reports whether a line is a Markdown table row, its cells
// between outer pipes: "| `--query.timeout` | Maximum time … | `2m` |".
func IsPipeRow(s string) bool {
	t := strings.TrimSpace(s)
	return len(t) > 1 && t[0] == '|' && t[len(t)-1] == '|'
}

// IsTableRow reports whether a line is a row of a table as loaders write
// one, its cells between '|' ("Version | Changes", "v10.0.0 |"): a
// cell names no section.
func IsTableRow(s string) bool {
	return strings.HasPrefix(s, "|") || strings.HasSuffix(s, "|") || strings.Contains(s, " | ")
}

// changeTableTitle reports whether the line at sp titles a table of
// changes, its next line the header "Version | Changes" (Node.js's
// "History" under an entry's name): like a change note, it belongs to the
// entry, whose heading stays the one its description stands under.
func changeTableTitle(text string, sp Span) bool {
	return changeHeader(lineAfter(text, sp.End))
}

// QuestionLineWords is the most words a question standing as a title has.
const QuestionLineWords = 16

// IsQuestionLine reports whether the span sp of text is a question on a
// line of its own ("Why doesn't list.sort() return the sorted list?"), as
// FAQ pages title their entries: it asks what the text under it answers,
// and answers nothing itself.
func IsQuestionLine(text string, sp Span) bool {
	if sp.Start < 0 || sp.End > len(text) || sp.Start >= sp.End {
		return false
	}
	s := strings.TrimRight(text[sp.Start:sp.End], "\"')]}»”’")
	return strings.HasSuffix(s, "?") && !strings.ContainsRune(s, '\n') && ownLine(text, sp) &&
		!bulletItem(s) && countWords(s) <= QuestionLineWords
}

// ownLine reports whether only white space, or a section number before
// the span ("3.1. No Separate Boolean Type", whose number the sentence
// splitter cuts off as a sentence of its own), shares its line.
func ownLine(text string, sp Span) bool {
	i := sp.Start
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
		i--
	}
	if i > 0 && text[i-1] != '\n' {
		ls := strings.LastIndexByte(text[:i], '\n') + 1
		if !sectionNumber(strings.TrimSpace(text[ls:i])) {
			return false
		}
	}
	j := sp.End
	for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r') {
		j++
	}
	return j == len(text) || text[j] == '\n'
}

// sectionNumber reports whether s is a section number: digits (after at
// most one letter, "F.28.") joined by full stops, "3.1." or "12".
func sectionNumber(s string) bool {
	if len(s) > 1 && s[0] >= 'A' && s[0] <= 'Z' && s[1] == '.' {
		s = s[2:]
	}
	if s == "" || s[0] < '0' || s[0] > '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '.' {
			return false
		}
	}
	return true
}

// bulletItem reports whether a line opens a bullet list item.
func bulletItem(s string) bool {
	return len(s) > 1 && strings.ContainsRune("-*+", rune(s[0])) && s[1] == ' ' || strings.HasPrefix(s, "• ")
}

// IsNumberedItem reports whether a line opens a numbered list item ("12. ",
// "3) ").
func IsNumberedItem(s string) bool {
	k := 0
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	return k > 0 && k+1 < len(s) && (s[k] == '.' || s[k] == ')') && s[k+1] == ' '
}

// EndsSentence reports whether s ends with sentence punctuation, possibly
// followed by closing quotes or brackets.
func EndsSentence(s string) bool {
	for s != "" {
		r, size := utf8.DecodeLastRuneInString(s)
		switch {
		case strings.ContainsRune(".!?:;…。", r):
			return true
		case strings.ContainsRune("\"')]}»”’", r):
			s = s[:len(s)-size]
		default:
			return false
		}
	}
	return false
}

// lineBefore returns the nearest non-blank line before offset start (at a
// line start), trimmed; lineAfter the nearest after offset end.
func lineBefore(text string, start int) string {
	for i := start; i > 0; {
		j := strings.LastIndexByte(text[:i-1], '\n') + 1
		if l := strings.TrimSpace(text[j : i-1]); l != "" {
			return l
		}
		i = j
	}
	return ""
}

func lineAfter(text string, end int) string {
	for i := end; i < len(text); {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			return strings.TrimSpace(text[i:])
		}
		if l := strings.TrimSpace(text[i : i+j]); l != "" {
			return l
		}
		i += j + 1
	}
	return ""
}

// countWords returns len(Words(s)) without building the words.
func countWords(s string) int {
	n := 0
	in := false
	for i, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if !in {
				n++
				in = true
			}
		case in && (r == '\'' || r == '’' || r == '-' || r == '.' || r == ','):
			next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):])
			prev, _ := utf8.DecodeLastRuneInString(s[:i])
			in = (unicode.IsLetter(next) || unicode.IsDigit(next)) &&
				(r != '.' && r != ',' || unicode.IsDigit(prev) && unicode.IsDigit(next))
		default:
			in = false
		}
	}
	return n
}

// termDescription reports whether s is the description of a definition
// list's term on the line before it: plain lower-case words, perhaps with
// a value in parentheses, under a term of one token ("LIBDIR" over
// "object code libraries (lib or lib64)", as GNUInstallDirs lists its
// directories) or an option's spellings ("-n, --numeric-sort" over
// "compare according to string numerical value", as manual pages do).
// Headings and terms are capitalised or are names; such a line read as
// one named the sentences after it and was never quoted.
func termDescription(text string, sp Span, s string) bool {
	if s == "" || !unicode.IsLower(rune(s[0])) {
		return false
	}
	before := lineBefore(text, sp.Start)
	if before == "" || strings.ContainsAny(before, " \t") && OptionSpellings(before) == nil || EndsSentence(before) {
		return false
	}
	words := 0
	for _, f := range strings.Fields(s) {
		f = strings.Trim(f, "(),;")
		for _, r := range f {
			if !unicode.IsLower(r) && r != '-' && !unicode.IsDigit(r) && r != '/' {
				return false
			}
		}
		words++
	}
	return words >= 2
}
