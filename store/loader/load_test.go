package loader

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/require"
)

func writeFile(t *testing.T, dir, name string, content []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, content, 0o644))
	return path
}

func TestSupported(t *testing.T) {
	cases := map[string]bool{
		"a.md": true, "a.MD": true, "a.markdown": true, "a.txt": true, "a.html": true, "a.HTM": true,
		"a.pdf": true, "a.PDF": true, "a.docx": true, "a.odt": true, "a.epub": true, "a.rst": true, "a.rtf": false, "a": false, "md": false, "a.md.bak": false, ".md": true,
	}
	for path, want := range cases {
		require.Equal(t, want, Supported(path), path)
	}
}

func TestLoadFileText(t *testing.T) {
	cases := []struct {
		name, file, content string
		wantText, wantTitle string
	}{
		{"markdown title", "guide.md", "Intro\n\n# The Guide\n\nBody.", "Intro\n\n# The Guide\n\nBody.", "The Guide"},
		{"closing hashes", "a.markdown", "# Title ##\ntext", "# Title ##\ntext", "Title"},
		{"h2 is not a title", "notes.md", "## Only h2\ntext", "## Only h2\ntext", "notes.md"},
		{"fenced hash is not a title", "code.md", "```sh\n# comment\n```\n# Real", "```sh\n# comment\n```\n# Real", "Real"},
		{"front matter title, stripped from the text", "fm.md", "---\ntitle: \"From YAML\"\nlayout: article\n---\n\n# Heading", "# Heading", "From YAML"},
		{"front matter without title", "fm2.md", "---\nlayout: article\n...\n# Heading\ntext", "# Heading\ntext", "Heading"},
		{"a rule is not front matter", "rule.md", "---\ntext after a rule", "---\ntext after a rule", "rule.md"},
		{"bom stripped", "bom.md", "\xef\xbb\xbf# Bom\r\nline\r\n", "# Bom\r\nline\r\n", "Bom"},
		{"text keeps content, title is the file name", "plain.txt", "# looks like a heading\n", "# looks like a heading\n", "plain.txt"},
		{"empty file", "empty.md", "", "", "empty.md"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := writeFile(t, t.TempDir(), c.file, []byte(c.content))
			doc, err := LoadFile(path)
			require.NoError(t, err)
			require.Equal(t, c.wantText, doc.Text)
			require.Equal(t, c.wantTitle, doc.Title)
			require.Equal(t, path, doc.Source)
			require.Equal(t, filepath.ToSlash(path), doc.ID)
			require.Empty(t, doc.Sections)
		})
	}
}

func TestLoadFileIDIsCleanedSourceIsAsGiven(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "docs/a.md", []byte("# A"))
	given := filepath.Join(dir, "docs") + string(filepath.Separator) + ".." + string(filepath.Separator) + "docs" + string(filepath.Separator) + "a.md"
	doc, err := LoadFile(given)
	require.NoError(t, err)
	require.Equal(t, given, doc.Source)
	require.Equal(t, filepath.ToSlash(filepath.Join(dir, "docs", "a.md")), doc.ID)
}

func TestLoadFileUTF16(t *testing.T) {
	dir := t.TempDir()
	text := "# Café 🔧\n\nThe valve opens at 6 bar.\n"
	le := []byte{0xff, 0xfe}
	be := []byte{0xfe, 0xff}
	for _, r := range utf16.Encode([]rune(text)) {
		le = append(le, byte(r), byte(r>>8))
		be = append(be, byte(r>>8), byte(r))
	}
	for name, raw := range map[string][]byte{"le.md": le, "be.md": be} {
		doc, err := LoadFile(writeFile(t, dir, name, raw))
		require.NoError(t, err, name)
		require.Equal(t, text, doc.Text, name)
		require.Equal(t, "Café 🔧", doc.Title, name)
	}
}

func TestLoadFileErrors(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.md", []byte("ok\xff\xfe"))
	utf16 := writeFile(t, dir, "utf16.txt", []byte{0xff, 0xfe, 'a', 0, 0x00, 0xd8})
	rtf := writeFile(t, dir, "x.rtf", []byte("{\\rtf1}"))

	_, err := LoadFile(bad)
	require.ErrorIs(t, err, ErrInvalidUTF8)
	var ee *EncodingError
	require.True(t, errors.As(err, &ee))
	require.Equal(t, 2, ee.Offset)
	require.Equal(t, bad, ee.Path)

	_, err = LoadFile(utf16)
	require.ErrorIs(t, err, ErrInvalidUTF8)
	require.Contains(t, err.Error(), "UTF-16")

	_, err = LoadFile(rtf)
	require.ErrorIs(t, err, ErrUnsupported)
	require.Contains(t, err.Error(), "x.rtf")

	_, err = LoadFile(filepath.Join(dir, "missing.md"))
	require.ErrorIs(t, err, fs.ErrNotExist)

	for _, err := range []error{ErrUnsupported, ErrInvalidUTF8, ErrMalformed, ErrEncrypted, ErrNoText, ee} {
		require.Regexp(t, "^loader: ", err.Error())
	}
}
