package loader

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A site name joined to the page's title is left out when the rest is the
// page's own heading; any other title is kept whole.
func TestLoadHTMLTitleWithoutSiteName(t *testing.T) {
	cases := []struct{ name, html, want string }{
		{"sphinx suffix with headerlink",
			`<title>add_subdirectory &#8212; Widget 2.4 Documentation</title>` +
				`<h1>add_subdirectory<a class="headerlink" href="#x">¶</a></h1><p>Adds a folder.</p>`,
			"add_subdirectory"},
		{"page title holding the separator itself",
			`<title>gears — gear ratio helpers — Widget 2.4 documentation</title>` +
				`<h1>gears — gear ratio helpers</h1><p>Text.</p>`,
			"gears — gear ratio helpers"},
		{"mdbook: menu title is a heading too, the page's part wins",
			`<title>pumps - The Widget Book</title><h1 class="menu-title">The Widget Book</h1>` +
				`<h1 id="pumps"><a class="header" href="#pumps">Pumps</a></h1><p>Text.</p>`,
			"pumps"},
		{"docusaurus bar",
			`<title>Getting started | Widget</title><h1>Getting Started</h1><p>Text.</p>`,
			"Getting started"},
		{"site name first",
			`<title>Widget Docs · Valve timing</title><h2>Valve timing</h2><p>Text.</p>`,
			"Valve timing"},
		{"heading that is the whole title: kept",
			`<title>Valves — Tuning and Timing</title><h1>Valves — Tuning and Timing</h1><p>T.</p>`,
			"Valves — Tuning and Timing"},
		{"docbook chapter: no part is a heading",
			`<title>PL/Gear — Gear Procedural Language</title>` +
				`<h2>Chapter 44. PL/Gear — Gear Procedural Language</h2><p>T.</p>`,
			"PL/Gear — Gear Procedural Language"},
		{"hyphenated word is no separator",
			`<title>Read-only mode</title><h1>Read</h1><p>T.</p>`,
			"Read-only mode"},
		{"no headings", `<title>Pumps - Widget</title><p>Text.</p>`, "Pumps - Widget"},
		{"punctuation-only parts never match",
			`<title>Pumps | --</title><h1>--</h1><h2>Other</h2><p>T.</p>`,
			"Pumps | --"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := writeFile(t, t.TempDir(), "page.html", []byte(c.html))
			doc, err := LoadFile(path)
			require.NoError(t, err)
			require.Equal(t, c.want, doc.Title)
		})
	}
}
