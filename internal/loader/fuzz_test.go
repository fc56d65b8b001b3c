package loader

import (
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/chunker"
	"github.com/hybridrag/hybridrag/store"
)

// FuzzParseHTML checks that any input yields valid UTF-8 text, sections
// inside it at rune boundaries and in order, and a document the chunker
// accepts.
func FuzzParseHTML(f *testing.F) {
	f.Add([]byte(page))
	f.Add([]byte("<h1>A</h1><h3>B</h3><h2>C</h2><p>x</p>"))
	f.Add([]byte("<pre>\n\n a\r\n</pre><table><tr><td><h2>T</h2></td></tr></table>"))
	f.Add([]byte("<p>caf\xe9 <br><br><br> x</p>"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc := store.Document{ID: "f.html", Source: "f.html"}
		require.NoError(t, parseHTML(raw, &doc))
		require.True(t, utf8.ValidString(doc.Text))
		prevEnd := 0
		for _, s := range doc.Sections {
			require.True(t, prevEnd <= s.Start && s.Start <= s.End && s.End <= len(doc.Text), "%+v", s)
			require.True(t, s.Start == len(doc.Text) || utf8.RuneStart(doc.Text[s.Start]))
			require.True(t, s.End == len(doc.Text) || utf8.RuneStart(doc.Text[s.End]))
			require.NotEmpty(t, s.Heading)
			prevEnd = s.End
		}
		_, err := chunker.Split(doc, chunker.Options{MinTokens: 1})
		if err != nil {
			require.True(t, errors.Is(err, chunker.ErrEmptyDocument), err.Error())
		}
	})
}
