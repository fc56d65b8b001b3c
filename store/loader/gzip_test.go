package loader

import (
	"bytes"
	"compress/gzip"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// gzipped returns data compressed as gzip writes it.
func gzipped(t *testing.T, data string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	_, err := zw.Write([]byte(data))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return b.Bytes()
}

func TestLoadDirReadsCompressedDocuments(t *testing.T) {
	dir := t.TempDir()
	// A folder as Debian installs it: the long pages compressed, the short
	// ones not, a compressed file of another type beside them.
	writeFile(t, dir, "cli/install.rst.gz", gzipped(t, "pip install\n===========\n\nUsage\n-----\n\nInstall packages from the index.\n"))
	writeFile(t, dir, "changelog.md.GZ", gzipped(t, "# Changes\n\n## 23.0\n\nDropped support for Python 3.6.\n"))
	writeFile(t, dir, "guide.html.gz", gzipped(t, "<html><head><title>Guide</title></head><body><h1>Guide</h1><p>Read the guide first.</p></body></html>"))
	writeFile(t, dir, "notes.txt", []byte("Plain notes, not compressed."))
	writeFile(t, dir, "conf.py.gz", gzipped(t, "project = 'pip'\n"))

	var ignored []string
	docs := map[string]store.Document{}
	err := LoadDirWith(dir, DirOptions{OnLoadError: func(path string, err error) error {
		require.ErrorIs(t, err, ErrUnsupported)
		ignored = append(ignored, filepath.Base(path))
		return nil
	}}, func(d store.Document) error {
		docs[d.ID] = d
		return nil
	})
	require.NoError(t, err)
	require.Equal(t, []string{"conf.py.gz"}, ignored)
	require.Len(t, docs, 4)

	// The id and source are the name on disk; the format and the default
	// title come from the name without .gz.
	rst := docs["cli/install.rst.gz"]
	require.Equal(t, "cli/install.rst.gz", rst.Source)
	require.Equal(t, "pip install", rst.Title)
	require.Contains(t, rst.Text, "Install packages from the index.")
	require.NotEmpty(t, rst.Sections, "reStructuredText section titles open sections")
	require.Equal(t, "Changes", docs["changelog.md.GZ"].Title)
	require.Contains(t, docs["changelog.md.GZ"].Text, "Dropped support for Python 3.6.")
	html := docs["guide.html.gz"]
	require.Equal(t, "Guide", html.Title)
	require.Contains(t, html.Text, "Read the guide first.")
	require.NotContains(t, html.Text, "<p>")
	require.Contains(t, docs["notes.txt"].Text, "Plain notes")

	require.True(t, Supported("a/b.md.gz"))
	require.False(t, Supported("a/b.py.gz"))
	require.False(t, Supported("a/b.gz"))
}

func TestLoadFileCompressedTitleIsInnerName(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "readme.txt.gz", gzipped(t, "no heading here, just words about the pump"))
	doc, err := LoadFile(filepath.Join(dir, "readme.txt.gz"))
	require.NoError(t, err)
	require.Equal(t, "readme.txt", doc.Title)
	require.Equal(t, "no heading here, just words about the pump", doc.Text)
}

func TestLoadCompressedErrors(t *testing.T) {
	dir := t.TempDir()
	whole := gzipped(t, strings.Repeat("The pump runs quietly. ", 200))
	writeFile(t, dir, "notgzip.md.gz", []byte("# plain markdown named .gz"))
	writeFile(t, dir, "truncated.md.gz", whole[:len(whole)/2])
	corrupt := bytes.Clone(whole)
	corrupt[len(corrupt)-5] ^= 0xff // the CRC-32 trailer
	writeFile(t, dir, "corrupt.md.gz", corrupt)
	writeFile(t, dir, "latin1.txt.gz", gzipped(t, "caf\xe9 au lait"))

	for _, name := range []string{"notgzip.md.gz", "truncated.md.gz", "corrupt.md.gz"} {
		t.Run(name, func(t *testing.T) {
			_, err := LoadFile(filepath.Join(dir, name))
			require.ErrorIs(t, err, ErrMalformed)
			var fe *FormatError
			require.True(t, errors.As(err, &fe))
			require.Equal(t, "gzip", fe.Format)
			require.Contains(t, err.Error(), name)
		})
	}
	t.Run("not UTF-8 once decompressed", func(t *testing.T) {
		_, err := LoadFile(filepath.Join(dir, "latin1.txt.gz"))
		require.ErrorIs(t, err, ErrInvalidUTF8)
	})
}

func TestCompressedDocumentExpansionLimit(t *testing.T) {
	dir := t.TempDir()
	// 1 MiB of text compresses to about a kilobyte: the size on disk says
	// nothing of what reading it costs.
	writeFile(t, dir, "bomb.txt.gz", gzipped(t, strings.Repeat("a", 1<<20)))
	writeFile(t, dir, "fits.txt.gz", gzipped(t, strings.Repeat("b", 4096)))

	var loaded, tooLarge []string
	err := LoadDirWith(dir, DirOptions{MaxFileSize: 64 << 10, OnLoadError: func(path string, err error) error {
		require.ErrorIs(t, err, ErrTooLarge)
		require.Contains(t, err.Error(), "64.0 KiB")
		tooLarge = append(tooLarge, filepath.Base(path))
		return nil
	}}, func(d store.Document) error {
		loaded = append(loaded, d.ID)
		return nil
	})
	require.NoError(t, err)
	require.Equal(t, []string{"fits.txt.gz"}, loaded)
	require.Equal(t, []string{"bomb.txt.gz"}, tooLarge)

	raw, err := readGzip(filepath.Join(dir, "bomb.txt.gz"), 0)
	require.NoError(t, err, "no limit: read whole")
	require.Len(t, raw, 1<<20)
}

func TestCompressedPageSourceIsPassedOver(t *testing.T) {
	dir := t.TempDir()
	// The rendered page is loaded; its compressed reStructuredText source
	// beside it would be the same text again.
	writeFile(t, dir, "pump.html", []byte("<html><head><title>Pump</title></head><body><h1>Pump</h1><p>The pump moves water.</p></body></html>"))
	writeFile(t, dir, "pump.rst.gz", gzipped(t, "Pump\n====\n\nThe pump moves water.\n"))
	writeFile(t, dir, "valve.html", []byte("<html><head><title>Valve</title></head><body><h1>Valve</h1><p>The valve stops water.</p></body></html>"))
	writeFile(t, dir, "valve.md.gz", gzipped(t, "# Valve\n\nThe valve stops water.\n"))
	require.Equal(t, []string{"pump.html", "valve.html"}, loadedIDs(t, dir))
}
