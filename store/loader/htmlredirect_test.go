package loader

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// TestLoadHTMLRedirect: pages whose only job is to send the reader on (a
// meta refresh to another address, a few words at most) are redirect
// pages, whatever wrote them; a refresh that reloads the page, or a page
// with text of its own, loads as usual.
func TestLoadHTMLRedirect(t *testing.T) {
	realBody := "<h1>Valves</h1><p>" + strings.Repeat("The relief valve opens at six bar and closes again below five. ", 4) + "</p>"
	for _, tc := range []struct {
		name, page string
		target     string // "" when the page loads
	}{
		{"mdbook", `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Redirecting...</title>
<meta http-equiv="refresh" content="0; URL=ch18-02-trait-objects.html">
<link rel="canonical" href="ch18-02-trait-objects.html"></head>
<body><p>Redirecting to... <a href="ch18-02-trait-objects.html">ch18-02-trait-objects.html</a>.</p>
<script>window.location.replace("ch18-02-trait-objects.html");</script></body></html>`, "ch18-02-trait-objects.html"},
		{"jekyll redirect-from", `<!DOCTYPE html><html lang="en-US"><meta charset="utf-8"><title>Redirecting&hellip;</title>
<link rel="canonical" href="https://example.org/new/"><script>location="https://example.org/new/"</script>
<meta http-equiv="refresh" content="0; url=https://example.org/new/"><meta name="robots" content="noindex">
<h1>Redirecting&hellip;</h1><a href="https://example.org/new/">Click here if you are not redirected.</a></html>`, "https://example.org/new/"},
		{"sphinx reredirects in noscript", `<html><head><noscript><meta http-equiv="refresh" content="0; url=../usage/install.html"/></noscript></head>
<body><script>window.location.href = '../usage/install.html';</script></body></html>`, "../usage/install.html"},
		{"plain, quoted, delayed", `<html><head><META HTTP-EQUIV="Refresh" CONTENT="5;URL='pumps/index.html#top'"></head>
<body><p>This page has moved to the <a href="pumps/index.html">pump pages</a>.</p></body></html>`, "pumps/index.html#top"},
		{"comma separator, no url=", `<html><head><meta http-equiv="refresh" content="0, next.html"></head><body></body></html>`, "next.html"},
		{"refresh without address reloads", `<html><head><meta http-equiv="refresh" content="30"></head><body><p>Pump status: running.</p></body></html>`, ""},
		{"refresh to itself reloads", `<html><head><meta http-equiv="refresh" content="60; url=status.html"></head><body><p>Pump status: running.</p></body></html>`, ""},
		{"refresh with a real body", `<html><head><meta http-equiv="refresh" content="0; url=new.html"></head><body>` + realBody + `</body></html>`, ""},
		{"no refresh, few words", `<html><head><meta name="robots" content="noindex"></head><body><p>Moved.</p></body></html>`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeFile(t, t.TempDir(), "status.html", []byte(tc.page))
			doc, err := LoadFile(path)
			if tc.target == "" {
				require.NoError(t, err)
				require.NotEmpty(t, strings.TrimSpace(doc.Text))
				return
			}
			require.ErrorIs(t, err, ErrRedirect)
			var re *RedirectError
			require.ErrorAs(t, err, &re)
			require.Equal(t, tc.target, re.Target)
			require.Equal(t, path, re.Path)
			require.Contains(t, err.Error(), "only redirects to "+tc.target)
		})
	}
}

// TestLoadDirPassesOverRedirects: LoadDir leaves redirect pages out
// without stopping; a caller with OnLoadError sees them as ErrRedirect.
func TestLoadDirPassesOverRedirects(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "old.html", []byte(`<html><head><meta http-equiv="refresh" content="0; url=new.html"></head><body><p>Redirecting to new.html</p></body></html>`))
	writeFile(t, dir, "new.html", []byte(`<html><body><h1>Pump</h1><p>The pump runs at 3000 rpm.</p></body></html>`))

	var ids []string
	require.NoError(t, LoadDir(dir, func(d store.Document) error {
		ids = append(ids, d.ID)
		return nil
	}))
	require.Equal(t, []string{"new.html"}, ids)

	var told []string
	ids = nil
	require.NoError(t, LoadDirFunc(dir, func(d store.Document) error {
		ids = append(ids, d.ID)
		return nil
	}, func(path string, err error) error {
		require.ErrorIs(t, err, ErrRedirect)
		told = append(told, filepath.Base(path))
		return nil
	}))
	require.Equal(t, []string{"new.html"}, ids)
	require.Equal(t, []string{"old.html"}, told)

	stop := errors.New("stop")
	err := LoadDirFunc(dir, func(store.Document) error { return nil }, func(string, error) error { return stop })
	require.ErrorIs(t, err, stop)

	// A redirect page named alone is an error: the caller asked for it.
	_, err = os.Stat(filepath.Join(dir, "old.html"))
	require.NoError(t, err)
	err = LoadDirWith(filepath.Join(dir, "old.html"), DirOptions{}, func(store.Document) error { return nil })
	require.ErrorIs(t, err, ErrRedirect)
}
