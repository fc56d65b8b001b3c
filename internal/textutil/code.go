package textutil

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Code tokens: identifiers, operators and options in technical text
// ("max_connections", "camelCase", "Arc<T>", "&mut", "--flag", "@",
// "std::sync") that word segmentation (UAX #29, which bleve's tokenizer
// and Words follow) either drops or splits into words that no longer
// name the symbol. CodeWords finds them word by word so that every
// analyser in the module (the embedded store's keyword index, Relevance's
// word cache, the hashing embedder) adds the same extra terms: the whole
// token, lower-cased, and its parts.

// codeSymbols are the ASCII symbols that make a word read as code when
// they sit inside it or lead it.
const codeSymbols = "_@#$%&*+<=>\\^|~/:!?."

// wrapOpen and wrapClose are punctuation that wraps a word in prose or
// Markdown (quotes, brackets, backticks) or ends a sentence; they are
// trimmed before a word is examined.
const (
	wrapOpen  = "\"'`([{“‘«"
	wrapClose = "\"'`)]}”’».,;:!?"
)

// Side says which side of a search a text is analysed for: the documents
// being indexed or the question searching them. Every analyser of keyword
// terms or hashed features in the module (the embedded store's bleve
// analyzers, the PostgreSQL store's code lexemes and tsquery, the hashing
// embedder) reads code words through a Side, so that one word gives the
// same terms in every path, and the question's terms are always among the
// terms its documents were given for the same spelling.
//
// Both sides agree on which words are code and on their whole form; they
// differ only in the parts of a name with a single leading capital
// ("CMake", "XCodeBuild"): a question's is a name's initial, not a part of
// its own (its "CMake" searches for cmake, not for "c" and "make"), while a
// document's word gets both readings ("c", "make" and "cmake" for
// "CMakeLists"), so that its "CPython" still answers a question about
// Python and its "CMakeLists.txt" one about CMake.
type Side uint8

const (
	// DocumentSide analyses texts being indexed (chunks).
	DocumentSide Side = iota
	// QuerySide analyses questions.
	QuerySide
)

// CodeWord examines one white-space-delimited word for side s (see
// CodeWord and Side).
func (s Side) CodeWord(word string) (whole string, parts []string, ok bool) {
	return codeWord(word, s == DocumentSide)
}

// ForEachCodeWord calls fn for every white-space-delimited word of text
// that reads as code for side s, with the word's byte span in text.
func (s Side) ForEachCodeWord(text string, fn func(start, end int, whole string, parts []string)) {
	forEachCodeWord(text, s.CodeWord, fn)
}

// CodeWord examines one white-space-delimited word of a document. When it
// reads as code it returns the trimmed word lower-cased (whole) and its
// lower-cased alphanumeric parts split at symbols and at camelCase
// boundaries (parts without a letter are left out), with ok true; a word
// with no letters or digits (an operator such as "@" or "::") has no
// parts. Plain words ("pump", "well-known", "3.5", "U.S") and numbers
// ("-2", "15.2%") return ok false. It is DocumentSide.CodeWord.
func CodeWord(word string) (whole string, parts []string, ok bool) {
	return DocumentSide.CodeWord(word)
}

// QueryCodeWord is CodeWord for the words of a question
// (QuerySide.CodeWord): a single capital before a capitalised word
// ("CMake", "CPython", "XCode") is a name's initial, not a part of its
// own, so a question's "CMake" searches for cmake, not for "c" and "make".
func QueryCodeWord(word string) (whole string, parts []string, ok bool) {
	return QuerySide.CodeWord(word)
}

// codeWord is DocumentSide.CodeWord when doc is set, QuerySide.CodeWord
// otherwise.
func codeWord(word string, doc bool) (whole string, parts []string, ok bool) {
	if !MaybeCode(word) {
		return "", nil, false
	}
	w := trimWrap(word)
	if w == "" || !isCode(w) {
		return "", nil, false
	}
	whole = strings.ToLower(w)
	runes := []rune(w)
	parts = splitParts(runes, doc, nil)
	if doc && len(runes) > 1 && camelBoundary(runes, 1, true) && !camelBoundary(runes, 1, false) {
		// A document's word also gets the question's reading of it, so
		// that every part a question can search for is one of its terms
		// ("CMakeLists" → "cmake" besides "c" and "make").
		for _, p := range splitParts(runes, false, nil) {
			if p != whole && !slices.Contains(parts, p) {
				parts = append(parts, p)
			}
		}
	}
	parts = camelSegments(runes, doc, parts)
	if opt := optionName(whole); opt != "" && !slices.Contains(parts, opt) {
		parts = append(parts, opt)
	}
	if len(parts) == 1 && parts[0] == whole {
		parts = nil
	}
	return whole, parts, true
}

// optionName returns the command-line option a word spells with its
// argument ("--error-limit" of "--error-limit=<yes|no>", "--depth" of
// "--depth[=<depth>]", "-o" of "-o<file>"), "" when the word is no option
// with an argument attached. Manuals write an option so in its entry
// ("--num-callers=<number> [default: 12]") and users ask about it bare.
func optionName(w string) string {
	if !strings.HasPrefix(w, "-") {
		return ""
	}
	i := strings.IndexAny(w, "=[<")
	if i <= 0 {
		return ""
	}
	name := strings.TrimLeft(w[:i], "-")
	if name == "" || len(w[:i])-len(name) > 2 || !isLetterASCII(name[0]) {
		return ""
	}
	for j := 1; j < len(name); j++ {
		if c := name[j]; !isLetterASCII(c) && !('0' <= c && c <= '9') && c != '-' && c != '_' && c != '.' {
			return ""
		}
	}
	return w[:i]
}

func isLetterASCII(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// splitParts appends to out the lower-cased alphanumeric parts of runes,
// split at symbols and at camelCase boundaries (initials: see
// camelBoundary); parts without a letter are left out.
func splitParts(runes []rune, initials bool, out []string) []string {
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start && hasLetter(runes[start:end]) {
			// Bare numbers ("p=0.016" → "0", "016") are left out: the word
			// itself and the base tokens already carry them.
			out = append(out, strings.ToLower(string(runes[start:end])))
		}
		start = -1
	}
	for i, r := range runes {
		alnum := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case !alnum:
			flush(i)
		case start < 0:
			start = i
		case camelBoundary(runes, i, initials):
			flush(i)
			start = i
		}
	}
	flush(len(runes))
	return out
}

// camelSegments appends to parts, lower-cased, each camelCase name that
// symbols delimit in runes ("toString" of "buf.toString()", "readFile" of
// "fsPromises.readFile"), unless it is the whole word or already a part:
// a member's name is one term as the question writes it ("What does
// toString() return?"), while its camelCase parts ("to", "string") are
// words every page uses.
func camelSegments(runes []rune, initials bool, parts []string) []string {
	start, camel := -1, false
	flush := func(end int) {
		if start >= 0 && camel && (start > 0 || end < len(runes)) {
			if seg := strings.ToLower(string(runes[start:end])); !slices.Contains(parts, seg) {
				parts = append(parts, seg)
			}
		}
		start, camel = -1, false
	}
	for i, r := range runes {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush(i)
		case start < 0:
			start = i
		default:
			camel = camel || camelBoundary(runes, i, initials)
		}
	}
	flush(len(runes))
	return parts
}

// trimWrap removes wrapping and sentence punctuation from both ends of a
// word: a matching pair of brackets around it, quotes and backticks, an
// opening bracket never closed and a closing one never opened. "f(x)" and
// "Vec<T>" keep their brackets ('<' and '>' are never wrappers).
func trimWrap(w string) string {
	for len(w) > 0 {
		first, fn := utf8.DecodeRuneInString(w)
		last, ln := utf8.DecodeLastRuneInString(w)
		switch {
		case len(w) > fn && closing(first) != 0 && last == closing(first):
			w = w[fn : len(w)-ln]
		case strings.ContainsRune(wrapOpen, first) && (closing(first) == 0 || !strings.ContainsRune(w[fn:], closing(first))):
			w = w[fn:]
		case strings.ContainsRune(wrapClose, last) && (opening(last) == 0 || !strings.ContainsRune(w[:len(w)-ln], opening(last))) &&
			!(strings.ContainsRune(".:!?", last) && endsWithSymbol(w[:len(w)-ln])):
			// A final '.', ':', '!' or '?' after another symbol belongs to
			// an operator ("::", "!=", "..."), not to the sentence.
			w = w[:len(w)-ln]
		default:
			return w
		}
	}
	return w
}

func endsWithSymbol(w string) bool {
	r, _ := utf8.DecodeLastRuneInString(w)
	// '>' closes "Arc<T>" as often as it ends "->".
	return r != '>' && r < utf8.RuneSelf && strings.ContainsRune(codeSymbols+"-", r)
}

func closing(r rune) rune {
	switch r {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	}
	return 0
}

func opening(r rune) rune {
	switch r {
	case ')':
		return '('
	case ']':
		return '['
	case '}':
		return '{'
	case '>':
		return '<'
	}
	return 0
}

// isCode reports whether a trimmed word reads as code: it leads with a
// symbol or an option dash, holds a code symbol between other characters,
// has a camelCase boundary, or is a short operator made of symbols only.
// A name with a single leading capital ("CMake") is code on both sides
// (see Side): only its parts differ.
func isCode(w string) bool {
	runes := []rune(w)
	alnum, letters := 0, 0
	for _, r := range runes {
		if unicode.IsLetter(r) {
			letters++
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			alnum++
		}
	}
	if alnum > 0 && letters == 0 {
		return false // a number: "-2", "15.2%", "22/232", "$750"
	}
	if alnum == 0 {
		// An operator: "@", "::", "->", "&&", "!=". Dashes and dots alone
		// are prose punctuation ("-", "--", "...").
		return len(runes) <= 3 && strings.Trim(w, "-.") != "" && allIn(w, codeSymbols+"-()[]{}")
	}
	first := runes[0]
	if (first == '-' || strings.ContainsRune(codeSymbols, first)) && len(runes) > 1 {
		return true
	}
	for i, r := range runes {
		if i == 0 || i == len(runes)-1 {
			if i > 0 && opening(r) != 0 && strings.ContainsRune(w[:len(w)-1], opening(r)) {
				// "Arc<T>", "f(x)", "a[i]": a closing symbol counts when
				// its opener is inside.
				return true
			}
			continue
		}
		switch {
		case r == '.':
			// "os.Open" is code, "3.5" and "U.S" are not.
			if unicode.IsLower(runes[i-1]) && unicode.IsLetter(runes[i+1]) {
				return true
			}
		case r < utf8.RuneSelf && strings.ContainsRune(codeSymbols, r) || r == '(' || r == '[':
			return true
		case camelBoundary(runes, i, true):
			return true
		}
	}
	return false
}

// camelBoundary reports whether a new part starts at the capital
// runes[i]: after a lower-case letter or digit when a capitalised word
// follows or at least three lower-case letters or digits precede
// ("camelCase", "maxConnections", "getHTTP", "utf8Decode"), and after
// capitals when a capitalised word follows ("HTTPServer"). Scientific
// names with a short lower-case prefix or a plural acronym ("mRNA",
// "miRNAs", "IDs") are not split. Without initials, a single leading
// capital before a capitalised word ("CMake") is no boundary.
func camelBoundary(runes []rune, i int, initials bool) bool {
	if i == 0 || !unicode.IsUpper(runes[i]) {
		return false
	}
	capitalised := i+2 < len(runes) && unicode.IsLower(runes[i+1]) && unicode.IsLower(runes[i+2])
	prev := runes[i-1]
	if unicode.IsLower(prev) || unicode.IsDigit(prev) {
		if capitalised {
			return true
		}
		run := 0
		for j := i - 1; j >= 0 && (unicode.IsLower(runes[j]) || unicode.IsDigit(runes[j])); j-- {
			run++
		}
		return run >= 3
	}
	return unicode.IsUpper(prev) && capitalised && (initials || i >= 2)
}

func hasLetter(rs []rune) bool {
	for _, r := range rs {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

func allIn(s, set string) bool {
	for _, r := range s {
		if !strings.ContainsRune(set, r) {
			return false
		}
	}
	return true
}

// MaybeCode is a cheap, allocation-free test that is false for most prose
// words and true for every word CodeWord accepts: the word, without
// trailing sentence punctuation, holds a code symbol, a dash or bracket,
// or an ASCII lower-to-upper-case step, or any non-ASCII capital (camelCase
// in other scripts is left to CodeWord).
func MaybeCode(word string) bool {
	hi := len(word)
	for hi > 0 && strings.IndexByte(".,;:!?\"'`)]}", word[hi-1]) >= 0 {
		hi--
	}
	if hi == 0 {
		return len(word) > 0 && len(word) <= 3 // "::", "?", "..."
	}
	prevLower := false
	for i := 0; i < hi; i++ {
		c := word[i]
		switch {
		case c >= utf8.RuneSelf:
			return true // let CodeWord decide (“quotes”, non-ASCII capitals)
		case 'A' <= c && c <= 'Z':
			if prevLower {
				return true
			}
			prevLower = false
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
			if i >= 2 && 'a' <= c && isUpperASCII(word[i-1]) && isUpperASCII(word[i-2]) {
				return true // "HTTPServer"
			}
			prevLower = true
		case c == '\'' || c == '"' || c == '`' || c == '(' && i == 0:
			prevLower = false
		default:
			// Any other symbol, '-' included; "well-known" is rejected
			// later by CodeWord.
			return true
		}
	}
	return false
}

func isUpperASCII(c byte) bool { return 'A' <= c && c <= 'Z' }

// ForEachCodeWord calls fn for every white-space-delimited word of text
// that reads as code (see CodeWord), with the word's byte span in text. It
// is DocumentSide.ForEachCodeWord.
func ForEachCodeWord(text string, fn func(start, end int, whole string, parts []string)) {
	DocumentSide.ForEachCodeWord(text, fn)
}

// ForEachQueryCodeWord is QuerySide.ForEachCodeWord, for the text of a
// question.
func ForEachQueryCodeWord(text string, fn func(start, end int, whole string, parts []string)) {
	QuerySide.ForEachCodeWord(text, fn)
}

func forEachCodeWord(text string, codeWord func(string) (string, []string, bool), fn func(start, end int, whole string, parts []string)) {
	start := -1
	emit := func(end int) {
		if start < 0 {
			return
		}
		if whole, parts, ok := codeWord(text[start:end]); ok {
			fn(start, end, whole, parts)
		}
		start = -1
	}
	for i, r := range text {
		if unicode.IsSpace(r) {
			emit(i)
		} else if start < 0 {
			start = i
		}
	}
	emit(len(text))
}

// DocumentOnlyParts returns the parts DocumentSide gives word and
// QuerySide does not ("c" and "make" of "CMake"), for rules that analyse a
// question's words with a document analyser; nil for most words.
func DocumentOnlyParts(word string) []string {
	_, doc, ok := DocumentSide.CodeWord(word)
	if !ok || len(doc) == 0 {
		return nil
	}
	_, query, _ := QuerySide.CodeWord(word)
	var out []string
	for _, p := range doc {
		if !slices.Contains(query, p) && p != strings.ToLower(trimWrap(word)) {
			out = append(out, p)
		}
	}
	return out
}

// AllCapitals reports whether w is a word of two or more letters, all
// capitals ("SIGTERM", "LISTEN"): a name or a keyword in most manuals.
func AllCapitals(w string) bool {
	n := 0
	for _, r := range w {
		if !unicode.IsUpper(r) {
			return false
		}
		n++
	}
	return n >= 2
}
