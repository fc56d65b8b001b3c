package loader

import (
	"testing"

	"github.com/stretchr/testify/require"
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
