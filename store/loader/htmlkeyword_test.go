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
	require.Equal(t, []string{
		"4.2. Pump keywords | 4.2. Pump keywords\n\ntimeout prime <timeout>\n\nSet the maximum time to wait for the pump to prime.\n\nArguments :\n\n<timeout> is the timeout in milliseconds.\n\ntimeout drain <timeout>\n\nSet the maximum time to wait for the tank to drain.",
		"4.2. Pump keywords > timeout prime <timeout> | timeout prime <timeout>\n\nSet the maximum time to wait for the pump to prime.\n\nArguments :\n\n<timeout> is the timeout in milliseconds.",
		"4.2. Pump keywords > timeout drain <timeout> | timeout drain <timeout>\n\nSet the maximum time to wait for the tank to drain.",
		"5. Tank keywords | 5. Tank keywords\n\nTanks hold water.",
	}, sectionLines(t, page))
}

// A table of one row that names an option in its first cell and states
// its properties in the others ("Use: main", "Default: 20") opens an entry
// named by that cell, up to the next such table or heading; the name is a
// line of its own above the properties' row. A table of
// several rows, or one whose cells are not all properties, is a table.
func TestLoadHTMLPropertyBoxEntries(t *testing.T) {
	box := func(name, def string) string {
		return `<table><tr><td><span class="option">` + name + `</span></td><td>Use: <em>main</em></td>` +
			`<td>Type: <em>integer</em></td><td>Default: <em>` + def + `</em></td></tr></table>`
	}
	page := `<body><div class="section"><h3>23. Pump options</h3><p>Options in alphabetical order.</p>` +
		box("pump_max", "20") + `<p>The maximum number of pumps running at once.</p>` +
		box("pump_min", "2") + `<p>The minimum number of pumps.</p><p>Zero means none.</p>` +
		`<table><tr><td>tank_size</td><td>Use: main</td></tr><tr><td>tank_count</td><td>Use: main</td></tr></table>` +
		`<p>Tank options are listed above.</p>` +
		`<h3>24. Tanks</h3><p>Tanks hold water.</p></div></body>`
	require.Equal(t, []string{
		"23. Pump options | 23. Pump options\n\nOptions in alphabetical order.\n\npump_max\n\nUse: main | Type: integer | Default: 20\n\nThe maximum number of pumps running at once.\n\npump_min\n\nUse: main | Type: integer | Default: 2\n\nThe minimum number of pumps.\n\nZero means none.\n\ntank_size | Use: main\ntank_count | Use: main\n\nTank options are listed above.",
		"23. Pump options > pump_max | pump_max\n\nUse: main | Type: integer | Default: 20\n\nThe maximum number of pumps running at once.",
		"23. Pump options > pump_min | pump_min\n\nUse: main | Type: integer | Default: 2\n\nThe minimum number of pumps.\n\nZero means none.\n\ntank_size | Use: main\ntank_count | Use: main\n\nTank options are listed above.",
		"24. Tanks | 24. Tanks\n\nTanks hold water.",
	}, sectionLines(t, page))
}

// sectionLines parses page and returns each section as its heading path,
// " | " and its text.
func sectionLines(t *testing.T, page string) []string {
	t.Helper()
	doc := store.Document{ID: "p.html"}
	require.NoError(t, parseHTML([]byte(page), &doc))
	var got []string
	for _, s := range doc.Sections {
		got = append(got, strings.Join(s.Heading, " > ")+" | "+strings.TrimSpace(doc.Text[s.Start:s.End]))
	}
	return got
}
