package loader

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// A static-site project with its site built holds each page as Markdown
// and as HTML: the page is loaded, the source passed over, for each
// generator's layout and its configured folders.
func TestLoadDirPrefersBuiltSitePages(t *testing.T) {
	page := func(title string) []byte {
		return []byte("<html><body><h1>" + title + "</h1><p>About " + title + ".</p></body></html>")
	}
	md := func(title string) []byte { return []byte("# " + title + "\n\nAbout " + title + ".\n") }
	cases := []struct {
		name  string
		files map[string][]byte
		want  []string // loaded ids
	}{
		{"mdBook", map[string][]byte{
			"guide/book.toml":     []byte("[book]\ntitle = \"Guide\"\n"),
			"guide/src/README.md": md("Intro"), "guide/src/install.md": md("Install"), "guide/src/draft.md": md("Draft"),
			"guide/book/index.html": page("Intro"), "guide/book/install.html": page("Install"),
		}, []string{"guide/book/index.html", "guide/book/install.html", "guide/src/draft.md"}},
		{"mdBook with its folders configured", map[string][]byte{
			"book.toml":           []byte("[book]\nsrc = \"pages\" # the sources\n[build]\nbuild-dir = \"out/html\"\n"),
			"pages/setup.md":      md("Setup"),
			"out/html/setup.html": page("Setup"),
		}, []string{"out/html/setup.html"}},
		{"MkDocs with directory URLs", map[string][]byte{
			"mkdocs.yml":    []byte("site_name: Pumps\n"),
			"docs/index.md": md("Home"), "docs/user/pumps.md": md("Pumps"),
			"site/index.html": page("Home"), "site/user/pumps/index.html": page("Pumps"),
		}, []string{"site/index.html", "site/user/pumps/index.html"}},
		{"MkDocs with its folders configured", map[string][]byte{
			"mkdocs.yml":   []byte("site_name: Pumps\ndocs_dir: 'content'\nsite_dir: public_html\n"),
			"content/a.md": md("A"), "public_html/a.html": page("A"),
		}, []string{"public_html/a.html"}},
		{"Jekyll", map[string][]byte{
			"_config.yml": []byte("title: Pumps\n"),
			"about.md":    md("About"), "_site/about.html": page("About"),
		}, []string{"_site/about.html"}},
		{"Hugo", map[string][]byte{
			"hugo.toml":         []byte("title = 'Pumps'\n"),
			"content/_index.md": md("Home"), "content/posts/valves.md": md("Valves"),
			"public/index.html": page("Home"), "public/posts/valves/index.html": page("Valves"),
		}, []string{"public/index.html", "public/posts/valves/index.html"}},
		// Without a build, or with one outside the folder, the sources are
		// all there is.
		{"not built", map[string][]byte{
			"mkdocs.yml": []byte("site_name: Pumps\n"), "docs/index.md": md("Home"),
		}, []string{"docs/index.md"}},
		{"hidden build", map[string][]byte{
			"mkdocs.yml": []byte("site_dir: .site\n"), "docs/index.md": md("Home"), ".site/index.html": page("Home"),
		}, []string{"docs/index.md"}},
		{"no generator", map[string][]byte{
			"docs/index.md": md("Home"), "site/index.html": page("Home"),
		}, []string{"docs/index.md", "site/index.html"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			for name, content := range c.files {
				writeFile(t, root, name, content)
			}
			require.Equal(t, c.want, loadedIDs(t, root))
		})
	}

	// Loaded from inside its source folder, the build is outside: the
	// sources load.
	root := t.TempDir()
	writeFile(t, root, "mkdocs.yml", []byte("site_name: Pumps\n"))
	writeFile(t, root, "docs/index.md", md("Home"))
	writeFile(t, root, "site/index.html", page("Home"))
	require.Equal(t, []string{"index.md"}, loadedIDs(t, filepath.Join(root, "docs")))

	// A build behind a link to a folder outside is not walked: the sources
	// load.
	outside := t.TempDir()
	writeFile(t, outside, "index.html", page("Home"))
	root = t.TempDir()
	writeFile(t, root, "mkdocs.yml", []byte("site_name: Pumps\n"))
	writeFile(t, root, "docs/index.md", md("Home"))
	require.NoError(t, os.Symlink(outside, filepath.Join(root, "site")))
	require.Equal(t, []string{"docs/index.md"}, loadedIDs(t, root))
}
