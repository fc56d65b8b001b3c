package hybridragtest

import (
	"strings"
	"unicode/utf8"
)

// DefaultStreamChunks is how many pieces a streamed response is cut into.
const DefaultStreamChunks = 4

// SplitChunks cuts text into n pieces of nearly equal rune counts (fewer
// when text has fewer than n runes) that concatenate to text. Fakes use it
// to stream; tests can use it to predict the chunks.
func SplitChunks(text string, n int) []string {
	if n <= 0 {
		n = DefaultStreamChunks
	}
	runes := utf8.RuneCountInString(text)
	if runes == 0 {
		return nil
	}
	n = min(n, runes)
	out := make([]string, 0, n)
	start, seen := 0, 0
	for i := range text {
		// Cut before rune number k*runes/n for k = 1..n-1.
		if seen > 0 && seen*n/runes != (seen-1)*n/runes {
			out = append(out, text[start:i])
			start = i
		}
		seen++
	}
	return append(out, text[start:])
}

// countWords stands in for a token count: whitespace-separated words.
func countWords(texts ...string) int {
	n := 0
	for _, t := range texts {
		n += len(strings.Fields(t))
	}
	return n
}
