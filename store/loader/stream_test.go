package loader

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// TestOpenStreamAgreesWithLoadFile: a streamed file's Document and text
// are LoadFile's.
func TestOpenStreamAgreesWithLoadFile(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("Ünïcode paragraph text about pumps.\n\n", 40000) // > streamHead
	for name, content := range map[string]string{
		"plain.txt":       "Revision B\nLast updated: June 3, 2024\n\nSome text.\n",
		"bom.txt":         "\xef\xbb\xbfText after a byte-order mark.\n",
		"front.md":        "---\ntitle: \"Front title\"\nversion: 2.1\nupdated: 2024-05-01\n---\n\n# Heading\n\nBody.\n",
		"heading.md":      "Intro line\n\n# The Title\n\nBody " + long,
		"long.txt":        long,
		"unclosed.md":     "---\nnot front matter\n\nBody.\n",
		"no-newline.txt":  "x",
		"crlf.markdown":   "# CRLF\r\n\r\nText.\r\n",
		"empty-lines.txt": "\n\n\n",
	} {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
		t.Run(name, func(t *testing.T) {
			want, err := LoadFile(path)
			require.NoError(t, err)
			ts, err := OpenStream(path)
			require.NoError(t, err)
			require.Equal(t, store.Hash(want.Text), ts.Document.Hash)
			require.EqualValues(t, len(want.Text), ts.Size)
			r, err := ts.Open()
			require.NoError(t, err)
			got, err := io.ReadAll(r)
			require.NoError(t, err)
			require.NoError(t, r.Close())
			require.Equal(t, want.Text, string(got))
			want.Text = ""
			ts.Document.Hash = ""
			require.Equal(t, want, ts.Document)
		})
	}
}

func TestOpenStreamRejects(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
		return p
	}
	big := strings.Repeat("valid text é\n", 200000)
	for _, content := range []string{"abc\xffdef", big + "\xe2\x82", big + "\x80" + big, "\xe2\x82"} {
		p := write("bad.txt", content)
		_, lerr := LoadFile(p)
		var want *EncodingError
		require.ErrorAs(t, lerr, &want)
		_, err := OpenStream(p)
		var got *EncodingError
		require.ErrorAs(t, err, &got)
		require.Equal(t, want.Offset, got.Offset)
	}
	_, err := OpenStream(write("utf16.txt", "\xff\xfeh\x00i\x00"))
	require.ErrorIs(t, err, ErrUnsupported)
	_, err = OpenStream(write("page.html", "<p>x</p>"))
	require.ErrorIs(t, err, ErrUnsupported)
	_, err = OpenStream(filepath.Join(dir, "missing.txt"))
	require.ErrorIs(t, err, os.ErrNotExist)
}

// TestUTF8CheckPieces: the streaming check agrees with utf8.Valid however
// the input is cut.
func TestUTF8CheckPieces(t *testing.T) {
	for _, s := range []string{"", "plain", "é€𝄞", "a\xe2\x82", "\xf0\x9d\x84", "ab\xffc", "€\x80", "𝄞𝄞x"} {
		for step := 1; step <= 5; step++ {
			c := &utf8Check{}
			for i := 0; i < len(s); i += step {
				_, err := c.Write([]byte(s[i:min(i+step, len(s))]))
				require.NoError(t, err)
			}
			bad, invalid := c.invalid()
			require.Equal(t, !utf8.ValidString(s), invalid, "%q step %d", s, step)
			if invalid {
				require.EqualValues(t, firstInvalid([]byte(s)), bad, "%q step %d", s, step)
			}
		}
	}
}

// TestLoadDirStreamsLargeFiles: files from StreamAbove go to OnStream with
// the ids fn would give them; others, and UTF-16 text, to fn.
func TestLoadDirStreamsLargeFiles(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "sub"), 0o755))
	files := map[string]string{
		"small.md":     "# Small\n\ntext\n",
		"sub/big.md":   "# Big\n\n" + strings.Repeat("text ", 100),
		"big16.txt":    "\xff\xfe" + strings.Repeat("h\x00", 300),
		"sub/page.htm": "<p>" + strings.Repeat("text ", 100) + "</p>",
	}
	for name, content := range files {
		require.NoError(t, os.WriteFile(filepath.Join(root, name), []byte(content), 0o644))
	}
	var loaded, streamed []string
	opts := DirOptions{IDPrefix: "docs", StreamAbove: 200, OnStream: func(ts *TextStream) error {
		streamed = append(streamed, ts.Document.ID+" "+ts.Document.Title)
		return nil
	}}
	require.NoError(t, LoadDirWith(root, opts, func(d store.Document) error {
		loaded = append(loaded, d.ID)
		return nil
	}))
	require.Equal(t, []string{"docs/big16.txt", "docs/small.md", "docs/sub/page.htm"}, loaded)
	require.Equal(t, []string{"docs/sub/big.md Big"}, streamed)

	streamed = nil
	require.NoError(t, LoadDirWith(filepath.Join(root, "sub", "big.md"), opts, func(store.Document) error {
		t.Fatal("a large file root is streamed")
		return nil
	}))
	require.Equal(t, []string{"docs/big.md Big"}, streamed)
}
