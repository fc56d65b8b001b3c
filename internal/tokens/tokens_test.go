package tokens

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	tiktoken "github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
	"github.com/stretchr/testify/require"
)

func TestCountOffline(t *testing.T) {
	n, err := Count("hello world")
	require.NoError(t, err)
	require.Equal(t, 2, n)
	ids, err := Encode("The pump must be primed before start-up.")
	require.NoError(t, err)
	s, err := Decode(ids)
	require.NoError(t, err)
	require.Equal(t, "The pump must be primed before start-up.", s)
}

func TestCountConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := Count("concurrent counting of tokens")
			require.NoError(t, err)
			require.Positive(t, n)
		}()
	}
	wg.Wait()
}

// The embedded table must hold exactly tiktoken-go-loader's ranks.
func TestTableMatchesTiktokenLoader(t *testing.T) {
	want, err := tiktoken_loader.NewOfflineLoader().LoadTiktokenBpe(cl100kURL)
	require.NoError(t, err)
	tab, err := getRanks()
	require.NoError(t, err)
	require.Equal(t, len(want), len(tab.off)-1)
	for tok, r := range want {
		got, ok := tab.bytes(r)
		require.True(t, ok)
		require.Equal(t, tok, got, "rank %d", r)
		require.Equal(t, r, tab.rank(tok), "token %q", tok)
	}
	require.Equal(t, -1, tab.rank("not a single token, surely"))
}

func TestDecodeTableRejectsDamage(t *testing.T) {
	for name, b := range map[string][]byte{
		"empty":     nil,
		"magic":     []byte("cl100k\x00\x02" + strings.Repeat("\x00", 64)),
		"truncated": cl100kTable[:len(cl100kTable)/2],
	} {
		_, err := decodeTable(b)
		require.ErrorIs(t, err, errTable, name)
	}
}

// Count, Encode and Decode must agree with tiktoken-go's cl100k_base on a
// large and varied text: the source and document files of this module
// (3 MB of Go, Markdown, HTML, JSON and test data in many scripts; less
// under the race detector)
// and generated text that mixes every character class the split pattern
// distinguishes, invalid UTF-8 included.
func TestMatchesTiktokenOnLargeVariedText(t *testing.T) {
	ref := oracle(t)
	var texts []string
	size := 0
	root := filepath.Join("..", "..")
	require.NoError(t, filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || d.Name() == "cl100k.bin" || size >= corpusBytes {
			return nil
		}
		if info, err := d.Info(); err != nil || info.Size() > 4<<20 {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		texts = append(texts, string(b))
		size += len(b)
		return nil
	}))
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		texts = append(texts, mixedText(rng, 2000))
	}
	total := 0
	for _, s := range texts {
		total += len(s)
		want := ref.EncodeOrdinary(s)
		got, err := Encode(s)
		require.NoError(t, err)
		if !slicesEqual(want, got) {
			t.Fatalf("tokens differ from tiktoken-go's: %s", firstDifference(pieces(ref, s), pieces(nil, s)))
		}
		n, err := Count(s)
		require.NoError(t, err)
		require.Equal(t, len(want), n)
		back, err := Decode(got)
		require.NoError(t, err)
		require.Equal(t, ref.Decode(want), back)
	}
	require.Greater(t, total, corpusBytes*3/4, "the module's own files should give this much text")
}

// mixedText draws n runes from fragments of every class the pattern tells
// apart: letters of several scripts, combining marks, numbers of several
// kinds, contractions in any case, punctuation and symbols, every kind of
// white space and line break, and invalid UTF-8.
func mixedText(rng *rand.Rand, n int) string {
	frags := []string{
		"the", "Pump", "ÉCOLE", "straße", "Ωμέγα", "Привет", "日本語", "错误代码", "한국어", "עברית", "مرحبا",
		"é", "e\u0301", "\u0301", "ǅ", "ſ", "K", "İ",
		"0", "12", "345", "6789", "٣٤٥", "Ⅻ", "½", "²", "①",
		"'s", "'S", "'t", "'T", "'re", "'RE", "'Re", "'ve", "'VE", "'m", "'M", "'ll", "'LL", "'lL", "'d", "'D", "'x", "'", "''",
		".", ",", "!?", "...", "--", "->", "::", "&mut", "<T>", "@", "#", "$", "%", "(", ")", "{", "}", "[", "]", "\"", "`", "~", "|", "\\", "/", "*", "+", "=", "_", "^",
		"🙂", "🚀", "👩‍💻", "∑", "≤", "€", "©", "\u200b", "\ufeff",
		" ", "  ", "   ", "\t", "\n", "\r\n", "\r", "\n\n", " \n", "\n ", "\u00a0", "\u2028", "\u2029", "\u3000", "\u0085", "\v", "\f", "\u1680", "\u2003",
		"\xff", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\x00",
	}
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(frags[rng.IntN(len(frags))])
	}
	return b.String()
}

func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// pieces lists the pre-tokens of s: tiktoken-go's (regexp2) when ref is
// set, ours otherwise; it makes a mismatch readable.
func pieces(ref *tiktoken.Tiktoken, s string) []string {
	s = runeSafe(s)
	var out []string
	if ref != nil {
		for _, id := range ref.EncodeOrdinary(s) {
			out = append(out, ref.Decode([]int{id}))
		}
		return out
	}
	ids, _ := Encode(s)
	for _, id := range ids {
		d, _ := Decode([]int{id})
		out = append(out, d)
	}
	return out
}

// firstDifference shows the tokens around the first one that differs.
func firstDifference(want, got []string) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	lo := max(0, i-5)
	return fmt.Sprintf("at token %d\ntiktoken: %q\nours:     %q", i, want[lo:min(len(want), i+5)], got[lo:min(len(got), i+5)])
}

// FuzzCount: any input counts and encodes as tiktoken-go does.
func FuzzCount(f *testing.F) {
	for _, s := range []string{"hello world", "it's THEY'LL we'D", " \n\n  x", "a\u00a0\u00a0b", "\xff\xfe'S", "12345 ½²", "  \t\r\n\t x", "x  "} {
		f.Add(s)
	}
	ref := oracle(f)
	f.Fuzz(func(t *testing.T, s string) {
		want := ref.EncodeOrdinary(s)
		got, err := Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		if !slicesEqual(want, got) {
			t.Fatalf("Encode(%q) = %v, tiktoken %v", s, got, want)
		}
		if n, _ := Count(s); n != len(want) {
			t.Fatalf("Count(%q) = %d, tiktoken %d", s, n, len(want))
		}
	})
}
