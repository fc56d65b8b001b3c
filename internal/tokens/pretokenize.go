package tokens

import (
	"unicode"
	"unicode/utf8"
)

// nextPiece returns the end of the pre-token that starts at byte i of s,
// which must be valid UTF-8. It is cl100k_base's split pattern
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// written out as the backtracking matcher (regexp2, as tiktoken-go uses)
// resolves it: the first alternative that matches at i wins. A scanner
// needs no regexp engine to build and no runner cache to lock, which is
// what made token counting slow to start and contended across goroutines.
// TestPiecesMatchPattern holds it to the pattern.
func nextPiece(s string, i int) int {
	r, w := utf8.DecodeRuneInString(s[i:])
	// (?i:'s|'t|'re|'ve|'m|'ll|'d)
	if r == '\'' {
		if n := contraction(s[i+1:]); n > 0 {
			return i + 1 + n
		}
	}
	// [^\r\n\p{L}\p{N}]?\p{L}+
	if isLetter(r) {
		return letterRun(s, i)
	}
	if r != '\r' && r != '\n' && !isNumber(r) && i+w < len(s) {
		if r2, _ := utf8.DecodeRuneInString(s[i+w:]); isLetter(r2) {
			return letterRun(s, i+w)
		}
	}
	// \p{N}{1,3}
	if isNumber(r) {
		j := i + w
		for range 2 {
			r2, w2 := utf8.DecodeRuneInString(s[j:])
			if j >= len(s) || !isNumber(r2) {
				break
			}
			j += w2
		}
		return j
	}
	// ' ?[^\s\p{L}\p{N}]+[\r\n]*'
	j := i
	if r == ' ' {
		j++
	}
	if k := otherRun(s, j); k > j {
		for k < len(s) && (s[k] == '\r' || s[k] == '\n') {
			k++
		}
		return k
	}
	// What is left starts with white space: the run [i, e).
	e, lastNL, lastW := i, -1, 0
	for e < len(s) {
		r2, w2 := utf8.DecodeRuneInString(s[e:])
		if !unicode.IsSpace(r2) {
			break
		}
		if r2 == '\r' || r2 == '\n' {
			lastNL = e
		}
		e, lastW = e+w2, w2
	}
	switch {
	case lastNL >= 0: // \s*[\r\n]+ backtracks to the run's last line break
		return lastNL + 1
	case e == len(s): // \s+(?!\S) at the end of the text
		return e
	case e-lastW > i: // \s+(?!\S) gives back the run's last space
		return e - lastW
	default: // \s+
		return e
	}
}

// contraction returns the length of the case-insensitive 's 't 're 've 'm
// 'll 'd suffix at the start of s (after the apostrophe), or 0, trying
// them in the pattern's order.
func contraction(s string) int {
	for _, c := range [...]string{"s", "t", "re", "ve", "m", "ll", "d"} {
		if n := foldPrefix(s, c); n > 0 {
			return n
		}
	}
	return 0
}

// foldPrefix returns how many bytes of s match lower (ASCII lower case)
// when each rune of s is lowered as regexp2 lowers input under (?i), or 0.
func foldPrefix(s, lower string) int {
	j := 0
	for k := 0; k < len(lower); k++ {
		if j >= len(s) {
			return 0
		}
		r, w := utf8.DecodeRuneInString(s[j:])
		if unicode.ToLower(r) != rune(lower[k]) {
			return 0
		}
		j += w
	}
	return j
}

func letterRun(s string, i int) int {
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		if !isLetter(r) {
			break
		}
		i += w
	}
	return i
}

// otherRun returns the end of the run of runes at i that are neither
// white space, letters nor numbers.
func otherRun(s string, i int) int {
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) || isLetter(r) || isNumber(r) {
			break
		}
		i += w
	}
	return i
}

func isLetter(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	}
	return unicode.IsLetter(r)
}

func isNumber(r rune) bool {
	if r < utf8.RuneSelf {
		return '0' <= r && r <= '9'
	}
	return unicode.IsNumber(r)
}
