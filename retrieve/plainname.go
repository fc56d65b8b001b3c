package retrieve

import (
	"strings"
	"unicode"
)

// kindName reports whether the plain lower-case word at fields[i] stands
// where a product's name stands: after "the" and just before the kind of
// thing it names, or before one word and the kind ("the autocolorgrade
// filter", "the afireqsrc audio source", "the manage.py resetdb
// command"). Such a word is a name however it is written, and a
// collection that never uses it does not document the thing: manuals
// name their filters, modules and commands wherever they describe them.
//
// Words of English form are left alone (englishForm): "the inspection
// tool" paraphrases a tool the manual names otherwise, and kinds that
// users describe by what they do (tool, program, player, window) are not
// kinds here.
func kindName(fields []string, i int, word string) bool {
	if i == 0 || len(word) < 4 || !lowerLetters(word) || englishForm(word) {
		return false
	}
	prev := strings.ToLower(fields[i-1])
	if prev != "the" && !strings.HasSuffix(prev, ".py") || endsSentence(fields[i]) || strings.ContainsAny(fields[i], ",;:") {
		return false
	}
	for j := i + 1; j < len(fields) && j <= i+2; j++ {
		if namedKind[strings.ToLower(trimWord(fields[j]))] {
			return true
		}
		if endsSentence(fields[j]) || strings.ContainsAny(fields[j], ",;:") {
			return false
		}
	}
	return false
}

// namedKind are the kinds of things manuals give names to and always
// write out by name.
var namedKind = map[string]bool{
	"filter": true, "encoder": true, "decoder": true, "codec": true, "muxer": true, "demuxer": true,
	"module": true, "directive": true, "command": true, "subcommand": true, "keyword": true,
	"statement": true, "operator": true, "function": true, "macro": true, "pragma": true,
	"package": true, "crate": true, "library": true, "protocol": true, "device": true,
	"plugin": true, "extension": true, "hook": true, "source": true, "sink": true, "method": true,
}

// englishForm reports whether a word ends like a derived English word
// ("inspection", "handful", "scheduler", "caching"), which paraphrases
// use to describe a thing rather than name it.
func englishForm(word string) bool {
	for _, s := range []string{"ion", "ions", "ing", "ment", "ness", "ity", "ful", "ive", "able", "ible", "ous", "ance", "ence", "er", "ers", "or", "ors", "ed", "ly", "ism", "ist", "al"} {
		if strings.HasSuffix(word, s) {
			return true
		}
	}
	return false
}

// lowerLetters reports whether a word is lower-case letters alone.
func lowerLetters(w string) bool {
	return w != "" && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLower(r) }) < 0
}

// abbreviation reports whether the plain lower-case word at fields[i] has
// no vowel (a, e, i, o, u or y) in three or more letters: no English word
// is written so but "nth", and such a word is a tool's or format's name
// or an abbreviation of one (zstd, njs, nvm, mkv). A unit after a figure
// ("128 kbps", "300 dpi") measures rather than names.
func abbreviation(fields []string, i int, word string) bool {
	if len(word) < 3 || !lowerLetters(word) || strings.ContainsAny(word, "aeiouy") || word == "nth" {
		return false
	}
	if i > 0 {
		prev := strings.TrimRight(fields[i-1], ".,;:")
		if prev != "" && strings.IndexFunc(prev, func(r rune) bool { return !unicode.IsDigit(r) && r != '.' }) < 0 {
			return false
		}
	}
	return true
}

// libraryName reports whether a plain lower-case word is a library's name
// by the Unix convention, "lib" and the library's own letters (libopus,
// libaribcaption, libvvenc), not an English word that starts so
// ("library", "liberal").
func libraryName(word string) bool {
	rest, ok := strings.CutPrefix(word, "lib")
	if !ok || len(rest) < 3 || strings.IndexFunc(rest, func(r rune) bool { return !unicode.IsLower(r) && !unicode.IsDigit(r) }) >= 0 {
		return false
	}
	for _, e := range libWords {
		if strings.HasPrefix(word, e) {
			return false
		}
	}
	return true
}

// libWords are the starts of the English words that begin with "lib".
var libWords = []string{"librar", "liberal", "libert", "liberat", "libel", "libido", "librett", "libra", "libation"}
