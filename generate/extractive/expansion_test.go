package extractive

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A sentence spells out an abbreviation when the words next to it give
// it its letters, one at the start of each word but stop words; a word
// that only holds the letters somewhere ("full-text queries, FTS") or
// holds the abbreviation itself does not.
func TestSpelledOut(t *testing.T) {
	for _, tc := range []struct {
		text, abbr string
		want       bool
	}{
		{"mpsc stands for multiple producer, single consumer.", "mpsc", true},
		{"GIN stands for Generalized Inverted Index.", "GIN", true},
		{"PostgreSQL uses Multiversion Concurrency Control (MVCC) for this.", "MVCC", true},
		{"a global lock, called the global interpreter lock or GIL, must be held", "GIL", true},
		{"This is TOAST (The Oversized-Attribute Storage Technique).", "TOAST", true},
		{"The Read-Eval-Print-Loop (REPL) is available as a program.", "REPL", true},
		{"the data (Multiversion Concurrency Control, MVCC) stays consistent", "MVCC", true},
		{"The file name stands for a position within the WAL file.", "WAL", false},
		{"A WAL reset means to rewind the WAL.", "WAL", false},
		{"To support full-text queries, FTS maintains an inverted index.", "FTS", false},
		{"PEP 477: Backport ensurepip (PEP 453) to Python 2.7", "PEP", false},
		{"For each generator in CPACK_GENERATOR in CPackConfig.cmake, cpack resets it.", "CPack", false},
		// Each word may give many letters: a search without memory tries
		// every way to share them out before it gives up.
		{strings.Repeat("aaaaaaaaaa ", 19) + "(" + strings.Repeat("a", 30) + "b)", strings.Repeat("a", 30) + "b", false},
	} {
		require.Equal(t, tc.want, newAbbreviation(tc.abbr).spelledOutIn(tc.text), "%s in %q", tc.abbr, tc.text)
	}
}
