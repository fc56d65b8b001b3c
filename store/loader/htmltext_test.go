package loader

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Generated references put elements side by side with no space in the
// markup and separate them by style; a new sentence or label after a full
// stop or a version number gets the space a reader sees. Words split by
// markup inside them stay whole.
func TestLoadHTMLGluedElements(t *testing.T) {
	page := `<html><head><title>Kiln API</title></head><body>
<h1>Kiln API</h1>
<ul><li><code>delay</code> The wait before firing, in seconds.<strong>Default:</strong> <code>30</code>.</li></ul>
<div><span>Added in: v2.1.0</span><span>Deprecated since: v4.0.0</span></div>
<p>The <b>K</b>iln fires e.<i>g.</i> pottery, U.<abbr>S.</abbr> made, in v2.<em>x</em> and H<sub>2</sub>O vapour.</p>
<dl><dt><em class="property">class </em><code class="sig-prename descclassname"><span class="pre">kiln.storage.</span></code><code class="sig-name descname"><span class="pre">FallbackStore</span></code></dt><dd><p>Stores firings.</p></dd></dl>
<dl><dt><em class="property">class </em><span class="sig-prename descclassname"><span class="pre">kiln.</span></span><span class="sig-name descname"><span class="pre">Kiln</span></span>(<em>heat</em>)</dt><dd><p>A kiln.</p></dd></dl>
<p>Set <code>kiln.</code><code>Glaze</code> and fire.<code>Cool</code> is next.</p>
</body></html>`
	doc, err := LoadFile(writeFile(t, t.TempDir(), "kiln.html", []byte(page)))
	require.NoError(t, err)
	for _, want := range []string{
		"in seconds. Default: 30.",
		"Added in: v2.1.0 Deprecated since: v4.0.0",
		"The Kiln fires e.g. pottery, U.S. made, in v2.x and H2O vapour.",
		// A signature's module path and name are one name (Sphinx).
		"class kiln.storage.FallbackStore",
		"class kiln.Kiln(heat)",
		"Set kiln.Glaze and fire. Cool is next.",
	} {
		require.Contains(t, doc.Text, want)
	}
}
