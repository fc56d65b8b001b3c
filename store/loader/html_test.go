package loader

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/chunker"
	"github.com/hybridrag/hybridrag/internal/errprefix"
)

const page = `<!DOCTYPE html>
<html><head><title>  Pump
 Manual </title><style>p { color: red }</style><script>var x = "<h1>no</h1>";</script></head>
<body>
<nav><a href="/">Home</a> <a href="/docs">Docs</a></nav>
<p>Welcome to the   <b>pump</b> manual &amp; guide.</p>
<h1>Installation</h1>
<p>Unpack the pump.<br>Check the seal.</p>
<h2>Linux</h2>
<ul><li>Install with apt</li><li>Start the <em>service</em>
  <ul><li>nested item</li></ul></li></ul>
<div hidden>secret hidden text</div>
<p style="display: none">also hidden</p>
<span aria-hidden="true">icon</span>
<h2>Windows <small>(beta)</small></h2>
<ol><li>Run setup.exe</li><li>Reboot</li></ol>
<table><tr><th>Step</th><th>Value</th></tr><tr><td>1</td><td>3.5&nbsp;bar</td></tr></table>
<h1>Usage</h1>
<pre><code><span class="k">if</span> ok {
    run()

}
</code></pre>
<p>Done.</p>
<noscript>enable js</noscript>
</body></html>`

const pageText = "Welcome to the pump manual & guide.\n\n" +
	"Installation\n\n" +
	"Unpack the pump.\nCheck the seal.\n\n" +
	"Linux\n\n" +
	"- Install with apt\n- Start the service\n- nested item\n\n" +
	"Windows (beta)\n\n" +
	"1. Run setup.exe\n2. Reboot\n\n" +
	"Step | Value\n1 | 3.5\u00a0bar\n\n" +
	"Usage\n\n" +
	"```\nif ok {\n    run()\n\n}\n```\n\n" +
	"Done."

func TestLoadHTML(t *testing.T) {
	path := writeFile(t, t.TempDir(), "manual.html", []byte(page))
	doc, err := LoadFile(path)
	require.NoError(t, err)
	require.Equal(t, pageText, doc.Text)
	require.Equal(t, "Pump Manual", doc.Title)

	type sec struct {
		Heading string
		Text    string
	}
	var got []sec
	for _, s := range doc.Sections {
		got = append(got, sec{strings.Join(s.Heading, " > "), doc.Text[s.Start:s.End]})
	}
	require.Equal(t, []sec{
		{"Installation", "Installation\n\nUnpack the pump.\nCheck the seal."},
		{"Installation > Linux", "Linux\n\n- Install with apt\n- Start the service\n- nested item"},
		{"Installation > Windows (beta)", "Windows (beta)\n\n1. Run setup.exe\n2. Reboot\n\nStep | Value\n1 | 3.5\u00a0bar"},
		{"Usage", "Usage\n\n```\nif ok {\n    run()\n\n}\n```\n\nDone."},
	}, got)
}

func TestLoadHTMLTitleFallbacks(t *testing.T) {
	cases := []struct{ name, html, want string }{
		{"first h1", "<h2>Sub</h2><h1>Main <i>Title</i></h1><h1>Second</h1>", "Main Title"},
		{"file name", "<p>No headings</p>", "page.htm"},
		{"svg title is not the page title", "<svg><title>icon</title></svg><h1>Real</h1>", "Real"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := writeFile(t, t.TempDir(), "page.htm", []byte(c.html))
			doc, err := LoadFile(path)
			require.NoError(t, err)
			require.Equal(t, c.want, doc.Title)
		})
	}
}

func TestLoadHTMLLegacyCharset(t *testing.T) {
	raw := []byte("<html><head><meta charset=\"windows-1252\"></head><body><p>caf\xe9</p></body></html>")
	path := writeFile(t, t.TempDir(), "old.html", raw)
	doc, err := LoadFile(path)
	require.NoError(t, err)
	require.Equal(t, "café", doc.Text)
}

// The chunker turns the loader's sections into heading paths, and does not
// mistake a '#' paragraph of an HTML page for a Markdown heading.
func TestLoadHTMLThenChunk(t *testing.T) {
	html := "<h1>Guide</h1><p>Intro.</p><h2>Install</h2><p># not a heading</p><p>Run it.</p>"
	path := writeFile(t, t.TempDir(), filepath.Join("site", "guide.html"), []byte(html))
	doc, err := LoadFile(path)
	require.NoError(t, err)
	chunks, err := chunker.Split(doc, chunker.Options{MinTokens: 1})
	require.NoError(t, err)
	var paths []string
	for _, c := range chunks {
		require.Equal(t, doc.Text[c.Start:c.End], c.Text)
		paths = append(paths, c.HeadingPath())
	}
	require.Equal(t, []string{"Guide", "Guide > Install"}, paths)
	require.Equal(t, "Install\n\n# not a heading\n\nRun it.", chunks[1].Text)
}

// A page nested deeper than x/net/html allows (512 open elements) is a
// typed, named error that index can skip, and 500 levels still load.
func TestLoadHTMLTooDeep(t *testing.T) {
	dir := t.TempDir()
	deep := writeFile(t, dir, "deep.html", []byte(strings.Repeat("<div>", 600)+"too deep"))
	_, err := LoadFile(deep)
	var fe *FormatError
	require.ErrorAs(t, err, &fe)
	require.ErrorIs(t, err, ErrMalformed)
	require.Equal(t, "HTML", fe.Format)
	require.Contains(t, err.Error(), deep)
	require.Empty(t, errprefix.Repeated(err.Error()), err.Error())

	ok := writeFile(t, dir, "ok.html", []byte("<html><body>"+strings.Repeat("<div>", 500)+"still fine"))
	doc, err := LoadFile(ok)
	require.NoError(t, err)
	require.Equal(t, "still fine", doc.Text)
}
