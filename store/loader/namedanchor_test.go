package loader

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// An <a> with only a name marks a place to link to; its text is the
// page's own. A list of terms each wrapped in one read as a list of links
// and was dropped as navigation.
func TestNamedAnchorsAreNoLinks(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "errors.html", []byte(`<html><head><title>Errors</title></head><body>
<div class="nav"><a href="index.html">Home</a> | <a href="api.html">API</a> | <a href="faq.html">FAQ</a></div>
<h1>Common system errors</h1>
<ul>
<li><a name="EACCES"><b>EACCES</b> (Permission denied)</a></li>
<li><a name="EADDRINUSE"><b>EADDRINUSE</b> (Address already in use)</a></li>
<li><a id="ECONNRESET"><b>ECONNRESET</b> (Connection reset by peer)</a></li>
<li><a name="EPIPE"><b>EPIPE</b> (Broken pipe)</a></li>
</ul>
<h2><a name="SEC12">Pipes and Redirection</a></h2>
<p><a name="index-pipe">A pipe connects the standard output of one command to the standard input of the next.</a></p>
</body></html>`))
	var text string
	require.NoError(t, LoadDir(dir, func(d store.Document) error { text = d.Text; return nil }))
	require.Contains(t, text, "- ECONNRESET (Connection reset by peer)")
	require.Contains(t, text, "- EPIPE (Broken pipe)")
	require.Contains(t, text, "A pipe connects the standard output")
	require.NotContains(t, text, "FAQ")
}
