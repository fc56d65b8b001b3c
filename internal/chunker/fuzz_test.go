package chunker

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// FuzzSplit checks the invariants of Split on arbitrary text and small
// sizes (so that short inputs still exercise splitting and overlap).
func FuzzSplit(f *testing.F) {
	seeds := []string{
		"Hi",
		"# A\n\nText.\n\n## B\n\nMore text. And more.",
		"Title\n=====\n\nSub\n---\nbody",
		"```\n# code\n\n# more\n```\n# real",
		"- a\n- b\n\n| x | y |\n|---|---|\n| 1 | 2 |",
		"line one\r\nline two\r\n\r\n# H\r\ntext",
		"Ünïcödé… 😀 日本語のテキスト。Καλημέρα.",
		strings.Repeat("word ", 300),
		strings.Repeat("x", 500),
		"---\nfront: matter\n---\n# Body",
		"\u00a0\u2003a\u00a0",
		" \n\t ",
		"bad \xff utf-8",
	}
	for i, s := range seeds {
		f.Add(s, uint8(i*37))
	}
	// The adversarial shapes of the benchmarks, small (issue 15).
	for i, sh := range adversarialShapes {
		f.Add(sh.gen(2<<10), uint8(i*53))
	}
	f.Fuzz(func(t *testing.T, text string, size uint8) {
		opts := Options{}
		if size%4 != 0 {
			target := 16 + int(size)%48
			opts = Options{TargetTokens: target, MaxTokens: target + int(size)%8, MinTokens: target / 2}
		}
		doc := store.Document{ID: "fuzz", Text: text}
		chunks, err := Split(doc, opts)
		switch {
		case !utf8.ValidString(text):
			require.ErrorIs(t, err, ErrInvalidUTF8)
		case strings.TrimSpace(text) == "":
			require.ErrorIs(t, err, ErrEmptyDocument)
		default:
			require.NoError(t, err)
			requireValidChunks(t, doc, opts, chunks)
		}
	})
}
