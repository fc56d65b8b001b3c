package loader

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// TestLoadDirPassesOverPageSources: the plain-text sources a
// documentation build ships beside its HTML (Sphinx's _sources copies,
// AsciiDoc's PAGE.txt) are passed over when their page is under the root;
// a text file with no page, or a _sources folder indexed by itself,
// loads.
func TestLoadDirPassesOverPageSources(t *testing.T) {
	page := []byte(`<html><body><h1>Pump</h1><p>The pump runs at 3000 rpm.</p></body></html>`)
	text := []byte("Pump\n====\n\nThe pump runs at 3000 rpm.\n")
	dir := t.TempDir()
	for _, name := range []string{"index.html", "guide/pump.html", "git-commit.html", "legacy.htm", "notes/intro.html"} {
		writeFile(t, dir, name, page)
	}
	for _, name := range []string{
		"_sources/index.rst.txt",        // Sphinx ≥ 1.5
		"_sources/guide/pump.txt",       // older Sphinx
		"git-commit.txt",                // AsciiDoc beside its page
		"legacy.txt",                    // beside a .htm page
		"notes/_sources/intro.md.txt",   // MyST, in a sub-build
		"_sources/guide/valves.rst.txt", // no page: loads
		"changes.txt",                   // no page: loads
		"git-commit.md",                 // Markdown beside its page (Node.js)
		"notes/valves.md",               // no page: loads
	} {
		writeFile(t, dir, name, text)
	}

	require.Equal(t, []string{"_sources/guide/valves.rst.txt", "changes.txt", "git-commit.html",
		"guide/pump.html", "index.html", "legacy.htm", "notes/intro.html", "notes/valves.md"}, loadedIDs(t, dir))

	told := map[string]string{}
	require.NoError(t, LoadDirFunc(dir, func(store.Document) error { return nil }, func(path string, err error) error {
		require.ErrorIs(t, err, ErrPageSource)
		var pe *PageSourceError
		require.ErrorAs(t, err, &pe)
		require.Equal(t, path, pe.Path)
		rel, rerr := filepath.Rel(dir, pe.Page)
		require.NoError(t, rerr)
		told[filepath.ToSlash(path[len(dir)+1:])] = filepath.ToSlash(rel)
		return nil
	}))
	require.Equal(t, map[string]string{
		"_sources/index.rst.txt":      "index.html",
		"_sources/guide/pump.txt":     "guide/pump.html",
		"git-commit.txt":              "git-commit.html",
		"git-commit.md":               "git-commit.html",
		"legacy.txt":                  "legacy.htm",
		"notes/_sources/intro.md.txt": "notes/intro.html",
	}, told)

	// The _sources folder as the root: its pages are outside it, so the
	// sources are what the caller asked for.
	require.Equal(t, []string{"guide/pump.txt", "guide/valves.rst.txt", "index.rst.txt"}, loadedIDs(t, filepath.Join(dir, "_sources")))

	// A source named alone is loaded: the caller asked for it.
	var one []string
	require.NoError(t, LoadDir(filepath.Join(dir, "git-commit.txt"), func(d store.Document) error {
		one = append(one, d.ID)
		return nil
	}))
	require.Equal(t, []string{"git-commit.txt"}, one)
}

// A Sphinx project built in place: its .rst sources are passed over for
// the pages under _build/html (which hold what autodoc and cross-references
// add), a source with no page loads, and an AsciiDoc or reST file beside
// its own page is that page's source. Indexing the source folder alone,
// with the build outside it, loads the sources.
func TestLoadDirPrefersSphinxBuild(t *testing.T) {
	page := []byte(`<html><body><h1>Pump</h1><p>The pump runs at 3000 rpm.</p></body></html>`)
	dir := t.TempDir()
	files := map[string][]byte{
		"docs/conf.py":                   []byte("project = 'pump'\n"),
		"docs/guide.rst":                 []byte("Guide\n=====\n\nThe pump runs at 3000 rpm.\n"),
		"docs/api/pump.rst":              []byte("API\n===\n\n.. automodule:: pump\n"),
		"docs/draft.rst":                 []byte("Draft\n=====\n\nNot built yet.\n"),
		"docs/_build/html/guide.html":    page,
		"docs/_build/html/api/pump.html": page,
		"manual/notes.adoc":              []byte("= Notes\n\nThe pump runs at 3000 rpm.\n"),
		"manual/notes.html":              page,
		"split/source/conf.py":           []byte("project = 'pump'\n"),
		"split/source/index.rst":         []byte("Index\n=====\n\nText.\n"),
		"split/build/html/index.html":    page,
	}
	for name, content := range files {
		writeFile(t, dir, name, content)
	}
	require.Equal(t, []string{"docs/_build/html/api/pump.html", "docs/_build/html/guide.html", "docs/draft.rst",
		"manual/notes.html", "split/build/html/index.html"}, loadedIDs(t, dir))

	require.Equal(t, []string{"index.rst"}, loadedIDs(t, filepath.Join(dir, "split", "source")), "the build is outside the folder given")
}
