package loader

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// An XHTML page's self-closed elements are empty, as an XML reader takes
// them: "<iframe …/>" does not swallow the page as raw text, and
// "<a class="anchor" id="crop"/>" does not make every later word a link.
func TestLoadXHTMLSelfClosedElements(t *testing.T) {
	const body = `<body><nav><a href="index.html">Home</a> <iframe src="https://example.com/button" title="Sponsor"/></nav>
<main><h1>Command-line Options</h1>
<!-- <p>A comment's <b/> stays a comment.</p> -->
<p><a class="anchor" id="crop"/><b>-crop</b> <i>geometry</i></p>
<p>Cut out one or more rectangular regions of the image.<br/>See also <a href="trim.html">-trim</a>.</p>
<p><a class="anchor" id="flop"/><b>-flop</b></p>
<p>Create a mirror image by reflecting each scanline in the horizontal direction.</p></main></body></html>`
	for _, head := range []string{
		`<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>Options</title></head>`,
		`<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd"><html lang="en"><head><title>Options</title></head>`,
	} {
		path := writeFile(t, t.TempDir(), "options.html", []byte(head+body))
		doc, err := LoadFile(path)
		require.NoError(t, err)
		require.Contains(t, doc.Text, "Cut out one or more rectangular regions of the image.")
		require.Contains(t, doc.Text, "Create a mirror image by reflecting each scanline in the horizontal direction.")
		require.NotContains(t, doc.Text, "comment's")
	}
}

func TestXHTMLSelfClosing(t *testing.T) {
	const decl = `<?xml version="1.0"?>`
	for _, c := range []struct{ in, want string }{
		{decl + `<iframe src="x" title='a/b'/>`, decl + `<iframe src="x" title='a/b'></iframe>`},
		{decl + `<a class="anchor" id="crop" />text`, decl + `<a class="anchor" id="crop"></a>text`},
		{decl + `<br/><img src="a.png" alt=""/><hr />`, decl + `<br/><img src="a.png" alt=""/><hr />`},
		{decl + `<!-- <div/> --><div/>`, decl + `<!-- <div/> --><div></div>`},
		{decl + `<!-- unclosed <div/>`, decl + `<!-- unclosed <div/>`},
		// Not XHTML: HTML parsing as browsers do it.
		{`<!DOCTYPE html><div/>text`, `<!DOCTYPE html><div/>text`},
	} {
		require.Equal(t, c.want, string(xhtmlSelfClosing([]byte(c.in))), c.in)
	}
}
