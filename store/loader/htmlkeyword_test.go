package loader

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// Each keyword block opens an entry that holds the blocks after it up to
// the next keyword, and a block holding a heading ends it: the chunks of
// a keyword's description say which keyword they describe.
func TestLoadHTMLKeywordEntries(t *testing.T) {
	page := `<body><div class="container">` +
		`<div class="page-header"><h2>4.2. Pump keywords</h2></div>` +
		`<div class="keyword"><b>timeout prime</b> <span>&lt;timeout&gt;</span></div>` +
		`<pre class="text">Set the maximum time to wait for the pump to prime.</pre>` +
		`<div class="separator"><span>Arguments :</span><pre class="arguments">&lt;timeout&gt; is the timeout in milliseconds.</pre></div>` +
		`<div class="keyword"><b>timeout drain</b> <span>&lt;timeout&gt;</span></div>` +
		`<pre class="text">Set the maximum time to wait for the tank to drain.</pre>` +
		`<div class="page-header"><h2>5. Tank keywords</h2></div><p>Tanks hold water.</p>` +
		`</div></body>`
	doc := store.Document{ID: "p.html"}
	require.NoError(t, parseHTML([]byte(page), &doc))
	var got []string
	for _, s := range doc.Sections {
		got = append(got, strings.Join(s.Heading, " > ")+" | "+strings.TrimSpace(doc.Text[s.Start:s.End]))
	}
	require.Equal(t, []string{
		"4.2. Pump keywords | 4.2. Pump keywords\n\ntimeout prime <timeout>\n\nSet the maximum time to wait for the pump to prime.\n\nArguments :\n\n<timeout> is the timeout in milliseconds.\n\ntimeout drain <timeout>\n\nSet the maximum time to wait for the tank to drain.",
		"4.2. Pump keywords > timeout prime <timeout> | timeout prime <timeout>\n\nSet the maximum time to wait for the pump to prime.\n\nArguments :\n\n<timeout> is the timeout in milliseconds.",
		"4.2. Pump keywords > timeout drain <timeout> | timeout drain <timeout>\n\nSet the maximum time to wait for the tank to drain.",
		"5. Tank keywords | 5. Tank keywords\n\nTanks hold water.",
	}, got)
}
