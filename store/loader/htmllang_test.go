package loader

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/hybridrag/hybridrag/store"
)

// A multilingual manual links each page's translations at its top and
// bottom; the switcher is no text of the page. Short links that are not
// language tags, and a sentence naming languages, stay.
func TestLanguageSwitcherIsChrome(t *testing.T) {
	page := `<html><head><title>Kettle</title></head><body>
<div class="top"><p><span>Available Languages: </span><a href="k.html.de" hreflang="de">de</a> | <a href="k.html.en">en</a> | <a href="k.html.pt-br">pt-br</a></p></div>
<h1>Kettle</h1><p>The kettle boils water in about three minutes when it is full.</p>
<p>See <a href="a.html">API</a> | <a href="b.html">FAQ</a> for more.</p>
<p>The manual is translated into <a href="k.html.de">de</a> and <a href="k.html.fr">fr</a> by volunteers who keep it current.</p>
<div class="bottom"><a href="k.html.de">de</a> | <a href="k.html.en">en</a></div>
</body></html>`
	doc, err := LoadFile(writeFile(t, t.TempDir(), "kettle.html", []byte(page)))
	require.NoError(t, err)
	require.NotContains(t, doc.Text, "Available Languages")
	require.NotContains(t, doc.Text, "pt-br")
	require.Contains(t, doc.Text, "The kettle boils water")
	require.Contains(t, doc.Text, "API")
	require.Contains(t, doc.Text, "translated into de and fr by volunteers")
}

func TestPageLanguage(t *testing.T) {
	for _, c := range []struct{ page, want string }{
		{`<html lang="de-DE"><body><p>Text</p></body></html>`, "de"},
		{`<html lang="pt_BR"><body></body></html>`, "pt"},
		{`<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xml:lang="fr"><body></body></html>`, "fr"},
		{`<html lang="EN"><body></body></html>`, "en"},
		{`<html><body><p lang="de">Text</p></body></html>`, ""},
		{`<html lang="x-klingon-1"><body></body></html>`, ""},
	} {
		root, err := html.Parse(strings.NewReader(c.page))
		require.NoError(t, err)
		require.Equal(t, c.want, pageLanguage(root), c.page)
	}
}

func TestPathLanguage(t *testing.T) {
	dirs := map[string][]string{
		"html": {"en-US", "ko-KR"}, "site": {"de", "en", "img"}, "src": {"id", "util"}, "": {"html", "site", "src"},
	}
	siblings := func(dir string) []string { return dirs[dir] }
	for _, c := range []struct{ rel, want string }{
		{"html/ko-KR/sect.apt-get.html", "ko"},
		{"html/en-US/index.html", "en"},
		{"handbook/pt_BR/a/b.html", "pt"},    // a region: a language whatever its siblings
		{"site/de/guide/install.html", "de"}, // bare, beside another language
		{"src/id/intro.html", ""},            // bare, alone: a folder named "id"
		{"ko-KR.html", ""},                   // a file's name is no folder
		{"docs/intro.html", ""},
	} {
		require.Equal(t, c.want, pathLanguage(c.rel, siblings), c.rel)
	}
}

// A page's folder gives its language when its markup declares none; a
// declared one wins.
func TestLoadDirSetsLanguage(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "html", "ko-KR"), "apt.html", []byte(`<html><body><h1>APT</h1><p>apt-get 명령.</p></body></html>`))
	writeFile(t, filepath.Join(dir, "html", "en-US"), "apt.html", []byte(`<html lang="en-GB"><body><h1>APT</h1><p>The apt-get command.</p></body></html>`))
	writeFile(t, dir, "notes.md", []byte("# Notes\n\nPlain.\n"))
	got := map[string]string{}
	require.NoError(t, LoadDir(dir, func(d store.Document) error {
		got[d.ID] = d.Metadata.Extra[store.LanguageKey]
		return nil
	}))
	require.Equal(t, map[string]string{"html/en-US/apt.html": "en", "html/ko-KR/apt.html": "ko", "notes.md": ""}, got)
}
