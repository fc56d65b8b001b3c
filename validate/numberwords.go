package validate

import (
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Models write small numbers in words as often as in digits ("every six
// months" for a manual's "every 6 months"), and manuals do the same the
// other way round. Read as words, "six" is a term no source holds and the
// sentence is dropped; read as the quantity 6 it is checked as a number,
// unit included, like "6 months".

// numberWords are the cardinal numbers written as one word.
var numberWords = map[string]int{
	"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
	"nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
	"sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
	"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}

// maxNumberWord is the length of the longest, "seventeen".
const maxNumberWord = len("seventeen")

// numberStems are the Porter stems of the number words and "hundred"
// ("twenty" stems to "twenti").
var numberStems = func() map[string]bool {
	m := map[string]bool{textutil.Stem("hundred"): true}
	for w := range numberWords {
		m[textutil.Stem(w)] = true
	}
	return m
}()

// isNumberStem reports whether a stemmed content term is a number written
// in words: recall leaves it to the fact check, as it does digits.
func isNumberStem(t string) bool { return numberStems[t] }

// letterRun returns the end of the run of ASCII letters at i.
func letterRun(s string, i int) int {
	for i < len(s) && (s[i]|0x20 >= 'a' && s[i]|0x20 <= 'z') {
		i++
	}
	return i
}

// numberWordAt reads the word at i, which starts a word, and returns its
// value and end when it is a number word.
func numberWordAt(s string, i int) (int, int, bool) {
	end := letterRun(s, i)
	if end-i < 3 || end-i > maxNumberWord || end < len(s) && s[end] >= 0x80 {
		return 0, end, false
	}
	var buf [maxNumberWord]byte
	w := buf[:end-i]
	for k := range w {
		w[k] = s[i+k] | 0x20
	}
	v, ok := numberWords[string(w)]
	return v, end, ok
}

// scanNumberWords reads a number written in words at i, which starts a
// word: "six", "twenty-five", "forty two", "two hundred", "three
// thousand" (then a unit, as scanFact reads one after digits). ok is false
// when the word at i is not a number; next is then the end of the word.
func scanNumberWords(s string, i int) (f fact, next int, ok bool) {
	v, end, ok := numberWordAt(s, i)
	if !ok {
		return fact{}, end, false
	}
	if v >= 20 && v%10 == 0 && end+1 < len(s) && (s[end] == '-' || s[end] == ' ') {
		if u, e, ok := numberWordAt(s, end+1); ok && u >= 1 && u <= 9 {
			v, end = v+u, e
		}
	}
	if end+1 < len(s) && s[end] == ' ' {
		if e := letterRun(s, end+1); e-end-1 == len("hundred") && strings.EqualFold(s[end+1:e], "hundred") {
			v, end = v*100, e
		}
	}
	return finishFact(s, fact{num: strconv.Itoa(v), start: i}, end, "")
}
