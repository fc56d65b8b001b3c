package loader

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLoadMarkupRedirect: a source left behind to build into a redirect
// (a docutils meta refresh, a raw meta tag in Markdown, Jekyll's
// redirect_to) is a redirect page, compressed or not; a source with text
// of its own, or one that only reloads itself, loads as usual.
func TestLoadMarkupRedirect(t *testing.T) {
	prose := strings.Repeat("The relief valve opens at six bar and closes again below five. ", 4)
	for _, tc := range []struct {
		name, file, source string
		target             string // "" when the source loads
	}{
		{"rst meta refresh", "reference/pip_uninstall.rst", ":orphan:\n\n.. meta::\n\n  :http-equiv=refresh: 3; url=../../cli/pip_uninstall/\n\nThis page has moved\n===================\n\nYou should be redirected automatically in 3 seconds. If that didn't\nwork, here's a link: :doc:`../cli/pip_uninstall`\n", "../../cli/pip_uninstall/"},
		{"rst stub compressed", "old.rst.gz", ".. meta::\n   :http-equiv=refresh: 0; url=new.html\n\nMoved.\n", "new.html"},
		{"markdown raw meta tag", "moved.md", "<meta http-equiv=\"refresh\" content=\"0; url=../pumps/\">\n\n# Moved\n\nSee [the pump pages](../pumps/).\n", "../pumps/"},
		{"jekyll redirect_to", "faq.md", "---\ntitle: FAQ\nredirect_to: https://example.org/help/faq/\n---\n", "https://example.org/help/faq/"},
		{"rst page with text and a refresh", "status.rst", ".. meta::\n   :http-equiv=refresh: 60; url=other.html\n\nValves\n======\n\n" + prose + "\n", ""},
		{"rst refresh to itself", "status2.rst", ".. meta::\n   :http-equiv=refresh: 60; url=status2.rst\n\nPump status: running.\n", ""},
		{"markdown that talks about http-equiv", "meta.md", "# Meta tags\n\nA short note on http-equiv headers.\n", ""},
		{"short markdown page", "short.md", "# Pump\n\nThe pump is blue.\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			content := []byte(tc.source)
			if strings.HasSuffix(tc.file, ".gz") {
				content = gzipped(t, tc.source)
			}
			path := writeFile(t, dir, tc.file, content)
			doc, err := LoadFile(path)
			if tc.target == "" {
				require.NoError(t, err)
				require.NotEmpty(t, doc.Text)
				return
			}
			require.ErrorIs(t, err, ErrRedirect)
			var re *RedirectError
			require.True(t, errors.As(err, &re))
			require.Equal(t, tc.target, re.Target)
			require.Equal(t, filepath.Base(tc.file), filepath.Base(re.Path))
			require.Equal(t, []string{"page.md"}, loadedIDs(t, writeDirWith(t, tc.file, content)), "LoadDir passes over it")
		})
	}
}

// writeDirWith returns a folder holding file and an ordinary page.md.
func writeDirWith(t *testing.T, file string, content []byte) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, dir, file, content)
	writeFile(t, dir, "page.md", []byte("# Page\n\nAn ordinary page about pumps.\n"))
	return dir
}
