package loader

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
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

// A .txt file written in reStructuredText (Django's documentation
// sources) or AsciiDoc (Git's, before 2.49) is read by its markup; plain
// text that underlines its titles, AsciiDoc's “quotes” and a marker
// without a title stay text.
func TestLoadTextMarkupSources(t *testing.T) {
	for _, tc := range []struct{ name, text, kind string }{
		{"Sphinx source", "Pumps\n=====\n\nCall :func:`start` first.\n", "rst"},
		{"a reST directive", "Pumps\n-----\n\n.. note::\n\n   Drain first.\n", "rst"},
		{"a Git page", "git-pump(1)\n===========\n\nNAME\n----\ngit-pump - Pump water\n\nOPTIONS\n-------\n--force::\n\tSee linkgit:git-config[1].\n", "adoc"},
		{"an AsciiDoc guide", "= Pumps\n\n== Starting\n\nOpen the valve.\n\n== Stopping\n\nClose it.\n", "adoc"},
		{"plain text with an underlined title", "Pumps\n=====\n\nThe pump runs at 3000 rpm.\nNote::\n", ""},
		{"AsciiDoc quotes only", "Pumps\n=====\n\nThe ``main'' pump and the ``spare'' pump.\n", ""},
		{"a role without a title", "Call :func:`start` first.\n", ""},
		{"an AsciiDoc marker without a title", "See linkgit:git-config[1].\n\n--force::\n\tForce.\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.kind == "rst", looksLikeRST(tc.text))
			require.Equal(t, tc.kind == "adoc", looksLikeAsciiDoc(tc.text) && !looksLikeRST(tc.text))
			path := filepath.Join(t.TempDir(), "pumps.txt")
			require.NoError(t, os.WriteFile(path, []byte(tc.text), 0o644))
			doc, err := LoadFile(path)
			require.NoError(t, err)
			if tc.kind == "" {
				require.Equal(t, tc.text, doc.Text)
				return
			}
			require.True(t, strings.HasPrefix(doc.Title, "Pumps") || strings.HasPrefix(doc.Title, "git-pump"), doc.Title)
			require.NotContains(t, doc.Text, "==")
			require.NotContains(t, doc.Text, "linkgit")
			require.NotEmpty(t, doc.Sections)
		})
	}
}

// headingPaths returns each section's heading path, joined by " > ".
func headingPaths(doc store.Document) []string {
	paths := make([]string, 0, len(doc.Sections))
	for _, s := range doc.Sections {
		paths = append(paths, strings.Join(s.Heading, " > "))
	}
	return paths
}

// requireLoadFileSame writes raw to a file named name and checks that
// LoadFile, choosing the reader by extension, gives doc's text.
func requireLoadFileSame(t *testing.T, name string, raw []byte, doc store.Document) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, raw, 0o644))
	loaded, err := LoadFile(path)
	require.NoError(t, err)
	require.Equal(t, doc.Text, loaded.Text)
}

// requireFormatError checks that err is a *FormatError for format that
// wraps want.
func requireFormatError(t *testing.T, err, want error, format string) {
	t.Helper()
	require.ErrorIs(t, err, want)
	var fe *FormatError
	require.ErrorAs(t, err, &fe)
	require.Equal(t, format, fe.Format)
}

// loadedIDs returns the ids of the documents LoadDir loads from root, in
// its order.
func loadedIDs(t *testing.T, root string) []string {
	t.Helper()
	var ids []string
	require.NoError(t, LoadDir(root, func(d store.Document) error {
		ids = append(ids, d.ID)
		return nil
	}))
	return ids
}

// sniffHead cuts a long text at a character boundary, never inside one.
func TestSniffHead(t *testing.T) {
	short := "Pumps\n=====\n"
	require.Equal(t, short, sniffHead(short))
	long := strings.Repeat("a", markupSniff-1) + "é" + strings.Repeat("b", 10)
	head := sniffHead(long)
	require.Equal(t, markupSniff-1, len(head))
	require.True(t, utf8.ValidString(head))
}
