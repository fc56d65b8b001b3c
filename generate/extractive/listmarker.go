package extractive

import "strings"

// quoteText returns the text of chosen[i] as the answer quotes it: a list
// item keeps its marker ("- ", "* ", "+ ", "• ", "2. ", "3) ") only next
// to another item of the same source, where the answer reads as a list;
// alone, the marker would open a sentence as stray punctuation, and a
// number would say the answer starts in the middle of a list.
func quoteText(chosen []*candidate, i int) string {
	c := chosen[i]
	n := itemMarkerLen(c.text)
	if n == 0 {
		return c.text
	}
	for _, j := range []int{i - 1, i + 1} {
		if j >= 0 && j < len(chosen) && chosen[j].source == c.source && itemMarkerLen(chosen[j].text) > 0 {
			return c.text
		}
	}
	return c.text[n:]
}

// itemMarkerLen returns the length of the list marker, with the spaces
// after it, that s opens with, or 0. A marker alone is not one: nothing
// would be left to quote.
func itemMarkerLen(s string) int {
	n := 0
	for n < len(s) && n < 3 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	switch {
	case n > 0:
		if n+1 >= len(s) || s[n] != '.' && s[n] != ')' || s[n+1] != ' ' {
			return 0
		}
		n++
	case strings.HasPrefix(s, "• "):
		n = len("•")
	case len(s) > 1 && strings.ContainsRune("-*+", rune(s[0])) && s[1] == ' ':
		n = 1
	default:
		return 0
	}
	for n < len(s) && (s[n] == ' ' || s[n] == '\t') {
		n++
	}
	if n == len(s) {
		return 0
	}
	return n
}
