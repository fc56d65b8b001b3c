package retrieve

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// unknownNames returns the words of question that name something (see
// isName, and kindName, abbreviation and libraryName for plain words in a
// name's place or form) and that the collection never contains: one of the
// word's analysed terms (analyze; of terms with code symbols, only dotted names,
// backslash commands, long options and operators)
// has document frequency 0 in df. df maps the question's analysed terms to
// their document frequencies; terms it lacks are not judged.
//
// A question about "pg_stat_io", "PgBouncer" or "CREATE SHARD" in a manual
// that never mentions them asks about something the manual does not cover:
// on the tune half of the PostgreSQL 15 manual set, 21 of the 23
// unanswerable questions name such a thing and none of the 59 answerable
// ones do. Ordinary words are not judged: paraphrases ("recompute" for
// "refresh") use words a manual lacks without asking about anything it
// does not cover, unless they stand where a name does ("the
// autocolorgrade filter").
func unknownNames(question string, analyze func(string) []string, df map[string]int) []string {
	var out []string
	seen := map[string]bool{}
	fields := strings.Fields(question)
	byCase := caseTells(fields)
	start := true // at the start of a sentence
	context := statementFields(fields)
	for i, field := range fields {
		word := trimWord(field)
		if dc := dotCommandWord(field); dc != "" {
			word = dc // trimWord would take its dot
		}
		if word == "" {
			word = operatorWord(field) // "?." loses itself to trimWord
		}
		name := word != "" && (isName(word, start, byCase) || settingKey(word, fields, i) || writtenAsCode(field, word) ||
			kindName(fields, i, word) || abbreviation(fields, i, word) || libraryName(word))
		start = strings.ContainsAny(field[len(field)-1:], ".?!:")
		if !name || seen[word] || context[i] && onlyLetters(word) && !writtenAsCode(field, word) {
			continue
		}
		seen[word] = true
		extension := fileExtension(fields, i)
		for _, t := range analyze(word) {
			if extension && dotCommand(t) && lettersKnown(t[1:], analyze, df) {
				continue // the documents name the format: "flv" for ".flv"
			}
			if n, ok := df[t]; ok && n == 0 && (!hasSymbol(t) || dotted(t) || command(t) || dotCommand(t) || longOption(t) || operator(t)) {
				out = append(out, word)
				break
			}
		}
	}
	return out
}

// fileExtension reports whether fields[i], a dot and a name, is a file's
// extension or a dot file rather than a dot command: "an .flv", "the .srt
// file", "the .well-known folder". Documents name a format by its letters
// ("the flv muxer") and write its files' names whole ("out.flv"), so the
// extension is known when its letters are; a dot command (".import",
// "the .export command") is known only as written.
func fileExtension(fields []string, i int) bool {
	if i+1 < len(fields) && fileNoun[strings.ToLower(trimWord(fields[i+1]))] {
		return true
	}
	if i+1 < len(fields) && strings.HasPrefix(strings.ToLower(trimWord(fields[i+1])), "command") {
		return false
	}
	return i > 0 && (strings.EqualFold(fields[i-1], "a") || strings.EqualFold(fields[i-1], "an"))
}

// lettersKnown reports whether the documents hold the letters of an
// extension or dot file's name: the name as one term ("flv"), or, when the
// analysis does not keep it whole, every word of it ("well" and "known" of
// ".well-known", which documents write inside paths: "/.well-known/*").
func lettersKnown(name string, analyze func(string) []string, df map[string]int) bool {
	if n, ok := df[name]; ok {
		return n > 0
	}
	parts := 0
	for _, t := range analyze(name) {
		if hasSymbol(t) {
			continue
		}
		if n, ok := df[t]; !ok || n == 0 {
			return false
		}
		parts++
	}
	return parts > 0
}

// fileNoun are the words after an extension that make it one.
var fileNoun = map[string]bool{"file": true, "files": true, "extension": true, "extensions": true, "folder": true, "folders": true, "directory": true, "directories": true}

// statementFields marks the fields of the statements before a question's
// last sentence that ends in '?': "Our Jenkins job needs the results as
// an XML file. Which ctest flag writes one?" names Jenkins as the asker's
// setting, which the documents need not name; the question asks about
// ctest. A question of one sentence has none. Only a product's name in
// plain letters is let go there (onlyLetters): code the asker writes
// ("Our pg_stat_io view is empty.") is still the documents' to name.
func statementFields(fields []string) []bool {
	out := make([]bool, len(fields))
	ask := -1 // the first field of the last asking sentence
	begin := 0
	for i, f := range fields {
		if !endsSentence(f) {
			continue
		}
		if strings.HasSuffix(f, "?") {
			ask = begin
		}
		begin = i + 1
	}
	for i := 0; i < ask; i++ {
		out[i] = true
	}
	// Sentences before it that ask too are questions, not context.
	begin = 0
	for i := 0; i < ask; i++ {
		if !endsSentence(fields[i]) {
			continue
		}
		if strings.HasSuffix(fields[i], "?") {
			for j := begin; j <= i; j++ {
				out[j] = false
			}
		}
		begin = i + 1
	}
	return out
}

// endsSentence reports whether a field is a word that ends a sentence
// ("often.", "work?"), not an operator ("?.").
func endsSentence(f string) bool {
	w := strings.TrimRight(f, ".?!\"')]")
	return len(w) < len(f) && w != "" && strings.ContainsAny(f[len(f)-1:], ".?!") &&
		strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

// onlyLetters reports whether a word is letters alone ("Jenkins",
// "GitLab"): a product's name, not code.
func onlyLetters(w string) bool {
	return w != "" && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
}

// writtenAsCode reports whether the question writes an ordinary-looking
// word as code: called ("unhex()", "unhex(X)") or quoted alone ("`subsec`",
// "'subsec'"). Its form then names a function, keyword or value of the
// product, which documents that have it write out, whatever its letters.
func writtenAsCode(field, word string) bool {
	f := strings.TrimRight(field, ".,;:!?")
	if i := strings.Index(f, word+"("); i >= 0 && i+len(word) < len(f) && strings.HasSuffix(f, ")") {
		return strings.Trim(f[:i], "\"'`“‘") == ""
	}
	for _, q := range [][2]string{{"`", "`"}, {"'", "'"}, {"\"", "\""}, {"“", "”"}, {"‘", "’"}} {
		if f == q[0]+word+q[1] {
			return true
		}
	}
	return false
}

// settingKey reports whether the word at fields[i] is the key of a
// "key = value" the question writes ("vectorize = true", "strict-additive =
// true"): a setting's name, whatever its form, which documents that have
// the setting write as it is.
func settingKey(word string, fields []string, i int) bool {
	if i+2 >= len(fields) || fields[i+1] != "=" || strings.ContainsAny(fields[i], ",;:") {
		return false
	}
	for _, r := range word {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' && r != '.' {
			return false
		}
	}
	return strings.IndexFunc(word, unicode.IsLetter) >= 0
}

// dotted reports whether a term is a dotted name ("waitgroup.go",
// "rds.force_ssl"): parts of letters, digits and '_' joined by single dots.
// Its whole form is as telling as an identifier's, unlike forms with other
// symbols ("godebug=asyncpreemptoff=1"), which documents often write
// another way.
func dotted(t string) bool {
	if !strings.Contains(t, ".") {
		return false
	}
	for _, part := range strings.Split(t, ".") {
		if part == "" || hasSymbol(part) {
			return false
		}
	}
	return strings.IndexFunc(t, unicode.IsLetter) >= 0
}

// command reports whether a term is a backslash command ("\watch",
// "\gset", "\section"): a backslash and a name of letters, digits and
// '_'. Like a dotted name, its whole form is what documents write, and the
// word after the backslash ("bind" of "\bind") is an ordinary word that
// occurs anyway.
func command(t string) bool {
	rest, ok := strings.CutPrefix(t, `\`)
	return ok && rest != "" && !hasSymbol(rest) && strings.IndexFunc(rest, unicode.IsLetter) >= 0
}

// dotCommand reports whether a term is a dot command (".import", ".mode",
// the commands of SQLite's shell and other REPLs): a dot and a name of two
// or more letters, digits, '_' or '-' that starts with a letter. Manuals
// list their commands whole, so one no chunk holds is one the tool lacks.
func dotCommand(t string) bool {
	rest, ok := strings.CutPrefix(t, ".")
	if !ok || len(rest) < 2 || !unicode.IsLetter(rune(rest[0])) {
		return false
	}
	for _, r := range rest {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' {
			return false
		}
	}
	return true
}

// dotCommandWord returns the dot command a question word is (".export" in
// "the .export command?"), without the quotes, brackets and sentence
// punctuation around it, or "".
func dotCommandWord(field string) string {
	w := strings.TrimRight(strings.Trim(field, "\"'`()[]{},;:!?“”‘’"), ".")
	if dotCommand(w) {
		return w
	}
	return ""
}

// longOption reports whether a term is a command-line long option
// ("--no-sync", "--dry-run"): two dashes and a name of letters, digits,
// '-' and '_'. Manuals write an option whole, as the question does, so an
// option no chunk holds is one the program does not have. Forms with a
// value ("--format=custom") are not judged: manuals write a placeholder
// there.
func longOption(t string) bool {
	rest, ok := strings.CutPrefix(t, "--")
	if !ok || rest == "" || strings.HasPrefix(rest, "-") || strings.HasSuffix(rest, "-") {
		return false
	}
	for _, r := range rest {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' {
			return false
		}
	}
	return strings.IndexFunc(rest, unicode.IsLetter) >= 0
}

// operatorChars are the characters operators are made of.
const operatorChars = `<>=!?&|*+-/%^~@$#:.`

// operator reports whether a word is an operator ("<=>", "?.", "->>",
// ":="): two or more operator characters and nothing else, and not a run
// of dashes or dots, which prose uses as punctuation. Documents write an
// operator whole, so one no chunk holds is one the language or product
// does not have.
func operator(w string) bool {
	n := 0
	for _, r := range w {
		if !strings.ContainsRune(operatorChars, r) {
			return false
		}
		n++
	}
	return n >= 2 && strings.Trim(w, "-") != "" && strings.Trim(w, ".") != ""
}

// operatorWord returns the operator a question word is, with the quotes
// and brackets around it removed, or "".
func operatorWord(field string) string {
	w := strings.Trim(field, "\"'`()[]{},;“”‘’")
	if operator(w) {
		return w
	}
	return ""
}

// commandForms returns, for each backslash command among the question's
// words, the forms documents write it in with its optional modifiers in
// brackets ("\dt[S+]", "\dA[+]", "\dt+"), which a code-token
// analysis keeps whole: a command only ever written so is not unknown.
func commandForms(question string) map[string][]string {
	var out map[string][]string
	for _, f := range strings.Fields(question) {
		w := trimWord(f)
		if !command(w) {
			continue
		}
		if out == nil {
			out = map[string][]string{}
		}
		out[w] = []string{w + "[+]", w + "[S+]", w + "+"}
	}
	return out
}

// termsOf returns the analysed terms of one word through w's cache: the
// bleve analyzer costs tens of microseconds per call, and questions reuse
// the vocabulary of the chunks retrieval has analysed.
func (w *wordTerms) termsOf(word string) []string {
	var out []string
	w.each(word, func(t string) { out = append(out, t) })
	return out
}

// trimWord strips the punctuation around a word of a question and a
// possessive "'s".
func trimWord(w string) string {
	w = strings.Trim(w, ".,;:!?\"'`()[]{}“”‘’")
	for _, s := range []string{"'s", "’s"} {
		w = strings.TrimSuffix(w, s)
	}
	return w
}

// isName reports whether a question word, by its form, names a thing rather
// than being an ordinary word: a code identifier (snake_case, letters mixed
// with digits, camelCase, a word with code symbols), a word of two or more
// capitals (MERGE, PgBouncer), or a capitalised word inside a sentence
// (Patroni, Kafka), a long option (--dry-run) or an operator (<=>). A capitalised word at the start of a sentence is
// ordinary, as is a word of one letter ("I") or of none ("15").
//
// With byCase false only the forms of code count: a question written in
// title case or in capitals ("How Do I Recompute A View?") capitalises
// ordinary words.
func isName(word string, sentenceStart, byCase bool) bool {
	if longOption(word) || operator(word) {
		return true // "--dry-run", "<=>": their symbols are the name
	}
	if joinedStopwords(word) {
		return false // "and/or", "he/she": prose, whatever its slash
	}
	if slashedLetters.MatchString(word) {
		return false // "I/O", "A/B", "R/W": two words' initials, no name
	}
	if measureWord.MatchString(word) || dimensions.MatchString(word) {
		return false // "64-bit", "3-way", "1280x720": a measure, not a name
	}
	letters, upper, digits, symbols := 0, 0, 0, 0
	camel := false
	prevLower := false
	for _, r := range word {
		switch {
		case unicode.IsLetter(r):
			letters++
			if unicode.IsUpper(r) {
				upper++
				camel = camel || prevLower
			}
			prevLower = unicode.IsLower(r)
			continue
		case unicode.IsDigit(r):
			digits++
		case r == '-' || r == '\'':
			// "Redis-compatible", "don't": ordinary joins.
		default:
			symbols++
		}
		prevLower = false
	}
	if letters < 2 && (letters == 0 || digits == 0) {
		return false // "I", "15"; but "E7" is a code
	}
	if symbols > 0 || digits > 0 || camel {
		return true
	}
	first, _ := utf8.DecodeRuneInString(word)
	return byCase && (upper >= 2 || unicode.IsUpper(first) && !sentenceStart)
}

// dimensions matches a size written as numbers joined by x ("1280x720",
// "4x4").
var dimensions = regexp.MustCompile(`^\d+(?:\.\d+)?(?:[x×]\d+(?:\.\d+)?)+$`)

// slashedLetters matches two single letters joined by a slash.
var slashedLetters = regexp.MustCompile(`^[A-Za-z]/[A-Za-z]$`)

// measureWord matches a number joined to the lower-case word it counts.
var measureWord = regexp.MustCompile(`^\d+(?:\.\d+)?-[a-z]+$`)

// joinedStopwords reports whether a word is function words joined by
// slashes ("and/or", "either/or"), which prose writes and no product
// names itself by.
func joinedStopwords(word string) bool {
	parts := strings.Split(strings.ToLower(word), "/")
	return len(parts) >= 2 && !slices.ContainsFunc(parts, func(p string) bool { return !textutil.IsStopword(p) })
}

// caseTells reports whether capitals in a question mark names: some word of
// four or more letters starts in lower case, as in ordinary prose.
func caseTells(fields []string) bool {
	for _, f := range fields {
		w := trimWord(f)
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsLower(r) && utf8.RuneCountInString(w) >= 4 {
			return true
		}
	}
	return false
}
