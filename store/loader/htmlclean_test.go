package loader

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// generatorPage is a hand-made page in the style of one documentation
// generator, with the sentences a reader came for and the chrome around
// them.
type generatorPage struct {
	file        string
	main        []string // sentences that must survive, each exactly once
	boilerplate []string // strings that must not reach the text
	sections    []string // heading paths, in order
	// plain also holds (and is tested) with every class and id removed:
	// the page's structure and content density alone must clean it.
	plain bool
}

var generatorPages = []generatorPage{
	{
		file: "docbook.html", // PostgreSQL 15 manual: navheader/navfooter tables
		main: []string{
			"PostgreSQL databases require periodic maintenance known as vacuuming.",
			"PostgreSQL's VACUUM command has to process each table on a regular basis for several reasons.",
			"VACUUM (VERBOSE, ANALYZE) onek;",
			"The standard form of VACUUM can run in parallel with production database operations.",
			"In PostgreSQL, an UPDATE or DELETE of a row does not immediately remove the old version of the row.",
			"Plain VACUUM may not be satisfactory when a table contains large numbers of dead row versions.",
			"25.1. Routine Vacuuming", "25.1.1. Vacuuming Basics", "25.1.2. Recovering Disk Space",
		},
		boilerplate: []string{"Prev", "Next", "Home", "Up", "Chapter 25. Routine Database Maintenance Tasks", "25.2. Routine Reindexing"},
		sections: []string{
			"25.1. Routine Vacuuming",
			"25.1. Routine Vacuuming > 25.1.1. Vacuuming Basics",
			"25.1. Routine Vacuuming > 25.1.2. Recovering Disk Space",
			"25.1. Routine Vacuuming > Tip",
		},
		plain: true,
	},
	{
		file: "sphinx.html", // Python documentation
		main: []string{
			"The ZIP file format is a common archive and compression standard.",
			"Documentation on the ZIP file format by Phil Katz, the creator of the format and algorithms used.",
			"Open a ZIP file, where file can be a path to a file (a string), a file-like object or a path-like object.",
			"with ZipFile('spam.zip') as myzip:",
			"ZipFile Objects",
		},
		boilerplate: []string{"¶", "Quick search", "Table of Contents", "Previous topic", "gzip — Support for gzip files",
			"Navigation", "modules", "previous", "Report a Bug", "Show Source", "Python Software Foundation",
			"Last updated on", "Created using", "The Python Standard Library"},
		sections: []string{"zipfile — Work with ZIP archives", "zipfile — Work with ZIP archives > ZipFile Objects"},
		plain:    true,
	},
	{
		file: "mkdocs.html", // MkDocs with the Material theme
		main: []string{
			"Acme reads its settings from a single file named acme.yml in the working directory.",
			"Settings given on the command line override every value from the configuration file.",
			"The variable ACME_HOME points at the directory that holds the cache and the logs.",
			"export ACME_HOME=/opt/acme",
		},
		boilerplate: []string{"¶", "Skip to content", "Acme Docs", "User guide", "Getting started", "Installation",
			"Upgrading from version one", "Table of contents", "Previous", "Next", "Back to top", "Copyright",
			"Material for MkDocs", "June 3, 2024"},
		sections: []string{"Configuration", "Configuration > Environment variables"},
		plain:    true,
	},
	{
		file: "godoc.html", // pkg.go.dev
		main: []string{
			"Package ring implements operations on circular lists.",
			"A Ring is an element of a circular list, or ring.",
			"Value any // for use by client; untouched by this library",
		},
		boilerplate: []string{"¶", "Skip to Main Content", "Why Go", "Learn", "cookies", "Standard library",
			"Valid go.mod file", "Redistributable license", "cs.opensource.google", "Terms of Service",
			"Privacy Policy", "Report an Issue", "Use Cases", "Copyright", "Imported by"},
		sections: []string{"ring", "ring > Documentation", "ring > Documentation > Overview", "ring > Documentation > Types",
			"ring > Documentation > Types > type Ring", "ring > Source Files"},
	},
	{
		file: "javadoc.html", // Javadoc (Java 8 style)
		main: []string{
			"java.util",
			"Class ArrayDeque<E>",
			"Resizable-array implementation of the Deque interface.",
			"Since:",
			"Inserts the specified element at the front of this deque.",
			"public\u00a0void\u00a0addFirst(E\u00a0e)",
		},
		boilerplate: []string{"Skip navigation links", "Overview", "Package", "Use", "Tree", "Deprecated", "Index",
			"Help", "Prev Class", "Next Class", "Frames", "No Frames", "Summary:", "Constr", "Standard Ed. 8",
			"Submit a bug or feature", "Java SE Documentation", "Oracle", "All rights reserved"},
		sections: []string{"Class ArrayDeque<E>", "Class ArrayDeque<E> > Method Detail", "Class ArrayDeque<E> > Method Detail > addFirst"},
		plain:    true,
	},
	{
		file: "hugo.html", // Hugo with the Docsy theme
		main: []string{
			"Widget keeps nightly snapshots of every volume for thirty days.",
			"A snapshot is taken at two in the morning local time and copied to the archive bucket.",
			"Change the snapshot hour with the backup.hour setting in the server configuration.",
			"backup.keep_days | 30",
			"Restoring a snapshot replaces the volume contents and cannot be undone afterwards.",
		},
		boilerplate: []string{"Widget Docs", "About", "Blog", "Search this site", "Getting Started", "View page source",
			"Edit this page", "Create documentation issue", "Feedback", "Was this page helpful?", "Glad to hear it",
			"Last modified", "Fix typo", "GitHub", "All Rights Reserved", "cookies", "Privacy policy"},
		sections: []string{"Backups", "Backups > Schedule", "Backups > Restore"},
	},
}

var classOrID = regexp.MustCompile(`\s(class|id)="[^"]*"`)

func TestLoadHTMLDropsBoilerplate(t *testing.T) {
	for _, pg := range generatorPages {
		raw, err := os.ReadFile(filepath.Join("testdata", "html", pg.file))
		require.NoError(t, err)
		variants := map[string][]byte{"as published": raw}
		if pg.plain {
			variants["without class and id"] = classOrID.ReplaceAll(raw, nil)
		}
		for name, raw := range variants {
			t.Run(pg.file+"/"+name, func(t *testing.T) {
				doc := store.Document{ID: pg.file, Source: pg.file}
				require.NoError(t, parseHTML(raw, &doc))
				for _, s := range pg.main {
					require.Equal(t, 1, strings.Count(doc.Text, s), "main text %q in:\n%s", s, doc.Text)
				}
				for _, s := range pg.boilerplate {
					require.False(t, containsWord(doc.Text, s), "boilerplate %q in:\n%s", s, doc.Text)
				}
				var got []string
				for _, s := range doc.Sections {
					if s.Terms > 0 {
						continue // entries: htmldl_test.go
					}
					got = append(got, strings.Join(s.Heading, " > "))
					require.True(t, strings.HasPrefix(doc.Text[s.Start:], s.Heading[len(s.Heading)-1]))
				}
				require.Equal(t, pg.sections, got)
			})
		}
	}
}

// containsWord reports s in text at word boundaries ("Up" is not in
// "Upgrade").
func containsWord(text, s string) bool {
	re := regexp.MustCompile(`(^|\W)` + regexp.QuoteMeta(s) + `($|\W)`)
	return re.MatchString(text)
}

// Chrome is judged by structure and density, not by words: content that
// looks like navigation in some way stays.
func TestLoadHTMLKeepsContentThatLooksLikeChrome(t *testing.T) {
	cases := []htmlTextCase{
		{"article header holds the title",
			"<body><nav><a href=/>Home</a></nav><article><header><h1>Title</h1></header><p>Body text.</p></article></body>",
			"Title\n\nBody text."},
		{"aside with a sentence inside an article",
			"<article><h1>T</h1><p>Intro.</p><aside><p>Note that the pump must be primed before it is started for the first time.</p></aside></article>",
			"T\n\nIntro.\n\nNote that the pump must be primed before it is started for the first time."},
		{"sidebar directive with prose",
			`<div class="body"><p>Text.</p><div class="sidebar"><p>A sidebar in the text explains the background of the pressure limits in detail.</p></div></div>`,
			"Text.\n\nA sidebar in the text explains the background of the pressure limits in detail."},
		{"short code block beside the content",
			"<body><div><p>Install the package with the system package manager before you continue with the setup.</p><p>More words here to make this block the center of the page.</p></div><pre>apt install pump</pre></body>",
			"Install the package with the system package manager before you continue with the setup.\n\nMore words here to make this block the center of the page.\n\n```\napt install pump\n```"},
		{"a table of links is content when it is the page",
			"<body><table><tr><td><a href=a>Alpha</a></td><td>first</td></tr><tr><td><a href=b>Beta</a></td><td>second</td></tr></table></body>",
			"Alpha | first\nBeta | second"},
		{"words in a class that only contain a hint",
			`<div class="canvas-navigator-x"><p>Kept.</p></div><div class="headerless"><p>Also kept.</p></div>`,
			"Kept.\n\nAlso kept."},
		{"the word copyright in a closing sentence",
			"<article><h1>Licensing</h1><p>Every file keeps its notice.</p><p>Copyright notices must stay in <a href=x>every file</a>.</p></article>",
			"Licensing\n\nEvery file keeps its notice.\n\nCopyright notices must stay in every file."},
		{"body classes never drop the page",
			`<body class="nav-open toc"><ul><li><a href=a>Alpha</a></li></ul></body>`,
			"- Alpha"},
	}
	requireHTMLTexts(t, cases)
}

// Overlays a theme opens on demand are hidden by its stylesheet, which the
// loader does not read: their class words mark them.
func TestLoadHTMLDropsOverlays(t *testing.T) {
	cases := []htmlTextCase{
		{"mdBook keyboard help popup",
			`<body><div id="mdbook-help-container"><div id="mdbook-help-popup"><h2 class="mdbook-help-title">Keyboard shortcuts</h2><div><p>Press <kbd>S</kbd> or <kbd>/</kbd> to search in the book</p><p>Press <kbd>Esc</kbd> to hide this help</p></div></div></div>` +
				`<main><h1>Ownership</h1><p>Each value in Rust has an owner, and there can only be one owner at a time.</p></main></body>`,
			"Ownership\n\nEach value in Rust has an owner, and there can only be one owner at a time."},
		{"search modal",
			`<body><div class="search-modal"><input><p>No results</p></div><article><h1>Pumps</h1><p>The pump must be primed before it is started for the first time.</p></article></body>`,
			"Pumps\n\nThe pump must be primed before it is started for the first time."},
		{"a modal's prose stays: it may be the content",
			`<body><div class="modal"><p>The pump must be primed before it is started for the first time, or its seal fails.</p></div></body>`,
			"The pump must be primed before it is started for the first time, or its seal fails."},
	}
	requireHTMLTexts(t, cases)
}

// A loose list wraps each item in a paragraph (Sphinx, Markdown): the
// item's text stays on its marker's line.
func TestLoadHTMLListItemParagraphs(t *testing.T) {
	cases := []htmlTextCase{
		{"paragraphs in items",
			"<body><p>Three steps:</p><ul><li><p>First, decorate.</p></li><li><p>Second, sort.</p><p>Stable.</p></li></ul></body>",
			"Three steps:\n\n- First, decorate.\n\n- Second, sort.\n\nStable."},
		{"numbered, in a div",
			"<body><ol><li><div><p>Open the valve.</p></div></li><li>Start the pump.</li></ol></body>",
			"1. Open the valve.\n\n2. Start the pump."},
		{"code first stays fenced on its own line",
			"<body><ul><li><pre>make install</pre></li></ul></body>",
			"-\n\n```\nmake install\n```"},
	}
	requireHTMLTexts(t, cases)
}

// htmlTextCase is a page and the text the loader must extract from it.
type htmlTextCase struct{ name, html, want string }

func requireHTMLTexts(t *testing.T, cases []htmlTextCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := store.Document{ID: "p.html"}
			require.NoError(t, parseHTML([]byte(c.html), &doc))
			require.Equal(t, c.want, doc.Text)
		})
	}
}

func TestHintWords(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"md-sidebar md-sidebar--primary", []string{"md", "sidebar", "md", "sidebar", "primary"}},
		{"topNav navList", []string{"top", "nav", "nav", "list"}},
		{"go-Main-headerContent", []string{"go", "main", "header", "content"}},
		{"navheader", []string{"navheader"}},
		{"", nil},
	}
	for _, c := range cases {
		var got []string
		forEachWord(c.in, func(w string) { got = append(got, w) })
		require.Equal(t, c.want, got, c.in)
	}
}

// Docutils' in-page table of contents repeats the page's headings as a
// list of links; DocBook's div.table-contents wraps a data table.
func TestLoadHTMLInPageContents(t *testing.T) {
	cases := []htmlTextCase{
		{"docutils contents topic",
			`<body><div class="document"><div class="body" role="main"><section id="w31"><h1><a class="toc-backref" href="#id3">Widget 3.1 Release Notes</a></h1>` +
				`<div class="contents topic" id="contents"><p class="topic-title">Contents</p><ul class="simple">` +
				`<li><p><a class="reference internal" href="#w31" id="id3">Widget 3.1 Release Notes</a></p><ul>` +
				`<li><p><a class="reference internal" href="#nf" id="id4">New Features</a></p><ul><li><p><a class="reference internal" href="#p" id="id5">Pumps</a></p></li></ul></li>` +
				`<li><p><a class="reference internal" href="#df" id="id6">Deprecated Features</a></p></li></ul></li></ul></div>` +
				`<p>Changes made since Widget 3.0 include the following.</p><section id="nf"><h2><a class="toc-backref" href="#id4">New Features</a></h2>` +
				`<section id="p"><h3><a class="toc-backref" href="#id5">Pumps</a></h3><ul class="simple"><li><p>The pump learned a new PRIME option to fill its chamber before the first start.</p></li></ul></section></section>` +
				`<section id="df"><h2><a class="toc-backref" href="#id6">Deprecated Features</a></h2><ul class="simple"><li><p>The DRY option of the pump is deprecated and will be removed in a later release.</p></li></ul></section>` +
				`</section></div></div></body>`,
			"Widget 3.1 Release Notes\n\nChanges made since Widget 3.0 include the following.\n\nNew Features\n\nPumps\n\n" +
				"- The pump learned a new PRIME option to fill its chamber before the first start.\n\nDeprecated Features\n\n" +
				"- The DRY option of the pump is deprecated and will be removed in a later release."},
		{"docbook table-contents stays",
			`<body><div class="sect1"><h2>Limits</h2><p>The limits of the pump are listed below for each model.</p><div class="table-contents"><table><tr><td>HX-100</td><td>3 bar</td></tr><tr><td>HX-200</td><td>5 bar</td></tr></table></div></div></body>`,
			"Limits\n\nThe limits of the pump are listed below for each model.\n\nHX-100 | 3 bar\nHX-200 | 5 bar"},
		{"texinfo table of contents, node lines and section menus",
			// makeinfo's output (GNU manuals, FFmpeg): the contents' links
			// are chrome by their ids ("toc-…"), which left a "Table of
			// Contents" title over bare bullets at the head of the first
			// chunk, and "Next: …, Up: … [Contents][Index]" before a
			// section read as a sentence.
			`<body><h1 class="settitle">Pump Manual</h1><div class="Contents_element" id="SEC_Contents"><h2 class="contents-heading">Table of Contents</h2>` +
				`<div class="contents"><ul class="no-bullet"><li><a id="toc-Priming" href="#Priming">1 Priming</a><ul class="no-bullet"><li><a id="toc-Valves" href="#Valves">1.1 Valves</a></li></ul></li>` +
				`<li><a id="toc-Starting" href="#Starting">2 Starting</a></li></ul></div></div><hr>` +
				`<div class="chapter" id="Priming"><div class="header"><p>Next: <a href="#Starting" accesskey="n" rel="next">Starting</a>, Up: <a href="#Top" rel="up">Top</a> &nbsp; [<a href="#SEC_Contents" rel="contents">Contents</a>][<a href="#Index" rel="index">Index</a>]</p></div>` +
				`<h2 class="chapter">1 Priming</h2><p>Fill the chamber with water before the first start of the pump.</p><ul class="section-toc"><li><a href="#Valves" accesskey="1">Valves</a></li></ul><hr>` +
				`<div class="section" id="Valves"><div class="header"><p>Up: <a href="#Priming" rel="up">Priming</a> &nbsp; [<a href="#SEC_Contents" rel="contents">Contents</a>][<a href="#Index" rel="index">Index</a>]</p></div>` +
				`<h3 class="section">1.1 Valves</h3><p>Open both valves while the chamber fills and close them afterwards.</p></div></div>` +
				`<div class="chapter" id="Starting"><div class="header"><p>Previous: <a href="#Priming" rel="prev">Priming</a> &nbsp; [<a href="#SEC_Contents" rel="contents">Contents</a>]</p></div>` +
				`<h2 class="chapter">2 Starting</h2><p>Press the green button and wait until the pressure reaches two bar.</p></div></body>`,
			"Pump Manual\n\n1 Priming\n\nFill the chamber with water before the first start of the pump.\n\n1.1 Valves\n\n" +
				"Open both valves while the chamber fills and close them afterwards.\n\n2 Starting\n\n" +
				"Press the green button and wait until the pressure reaches two bar."},
		{"a contents block with text of its own stays",
			`<body><h1>Pumps</h1><div class="contents"><h2>Contents of the box</h2><p>The box holds the pump, two hoses and this manual.</p></div></body>`,
			"Pumps\n\nContents of the box\n\nThe box holds the pump, two hoses and this manual."},
		{"a list of links only leaves no bullets",
			`<body><h1>Pumps</h1><p>Prime the pump before the first start of the season.</p><ul><li><a class="nav" href="a.html">A</a></li><li><a class="nav" href="b.html">B</a></li></ul></body>`,
			"Pumps\n\nPrime the pump before the first start of the season."},
		{"a topic that is not a table of contents stays",
			`<body><h1>Pumps</h1><div class="topic"><p class="topic-title">Summary</p><ul><li>Priming</li><li>Starting</li></ul></div><p>Prime the pump before use.</p></body>`,
			"Pumps\n\nSummary\n\n- Priming\n- Starting\n\nPrime the pump before use."},
	}
	requireHTMLTexts(t, cases)
}

// Texinfo's indexes list every indexed name with a link to its section;
// retrieval found them for any question naming one. makeinfo 6 classes the
// table "index-vr" and its jump letters "summary-letter"; makeinfo 7 writes
// "vr-entries-printindex" and "vr-letters-header-printindex".
func TestLoadHTMLTexinfoIndexes(t *testing.T) {
	cases := []htmlTextCase{
		{"makeinfo 6",
			`<body><div class="appendix" id="Variable-Index"><h3 class="appendixsec">D.3 Variable Index</h3><p>Every variable of the pump, with the section that documents it.</p>` +
				`<table><tr><th valign="top">Jump to: &nbsp; </th><td><a class="summary-letter" href="#vr_letter-P"><b>P</b></a> &nbsp; </td></tr></table>` +
				`<table class="index-vr" border="0"><tr><td></td><th align="left">Index Entry</th><td>&nbsp;</td><th align="left"> Section</th></tr>` +
				`<tr><th id="vr_letter-P">P</th><td></td><td></td></tr><tr><td></td><td valign="top"><a href="#index-PUMP_005fSPEED"><code>PUMP_SPEED</code></a>:</td><td>&nbsp;</td><td valign="top"><a href="#Pump-Variables">Pump Variables</a></td></tr></table>` +
				`<table><tr><th valign="top">Jump to: &nbsp; </th><td><a class="summary-letter" href="#vr_letter-P"><b>P</b></a> &nbsp; </td></tr></table></div></body>`,
			"D.3 Variable Index\n\nEvery variable of the pump, with the section that documents it."},
		{"makeinfo 7",
			`<body><div class="appendix-level-extent" id="Variable-Index"><h3 class="appendix">D.3 Variable Index</h3><p>Every variable of the pump, with the section that documents it.</p>` +
				`<table class="vr-letters-header-printindex"><tr><th>Jump to: &nbsp; </th><td><a class="summary-letter-printindex" href="#vr_letter-P"><b>P</b></a></td></tr></table>` +
				`<table class="vr-entries-printindex" border="0"><tr><td></td><td class="printindex-index-entry"><a href="#index-PUMP_005fSPEED"><code class="code">PUMP_SPEED</code></a>:</td><td>&nbsp;</td><td class="printindex-index-section"><a href="#Pump-Variables">Pump Variables</a></td></tr></table></div>` +
				`<div class="appendix-level-extent" id="Glossary"><h3 class="appendix">D.4 Glossary</h3><p>A chamber is the part of the pump that holds the water before it is pressed out.</p></div></body>`,
			"D.3 Variable Index\n\nEvery variable of the pump, with the section that documents it.\n\nD.4 Glossary\n\nA chamber is the part of the pump that holds the water before it is pressed out."},
		{"a table of links that is no index stays",
			`<body><h1>Pumps</h1><table class="models"><tr><td><a href="hx100.html">HX-100</a></td><td>3 bar</td></tr></table></body>`,
			"Pumps\n\nHX-100 | 3 bar"},
	}
	requireHTMLTexts(t, cases)
}

// A generator's signature below the content ("This document was generated
// … using texi2html") is no content, so the link bar between it and the
// text is the content's edge and goes too; a sentence that only starts
// like one stays.
func TestLoadHTMLGeneratorFooters(t *testing.T) {
	cases := []htmlTextCase{
		{"texi2html",
			`<body><h1 class="chapter">1. Priming</h1><p>Fill the chamber with water before the first start of the pump, then close both valves.</p>` +
				`<table><tr><td>[<a href="#SEC1" title="Beginning of this chapter"> &lt;&lt; </a>]</td><td>[<a href="p_2.html#SEC7" title="Next chapter"> &gt;&gt; </a>]</td>` +
				`<td> &nbsp; </td><td>[<a href="p_toc.html#SEC_Top">Top</a>]</td><td>[<a href="p_toc.html#SEC_Contents">Contents</a>]</td><td>[<a href="p_abt.html"> ? </a>]</td></tr></table>` +
				`<p><font size="-1">This document was generated by <em>Ann Smith</em> on <em>July, 26 2020</em> using <a href="https://www.nongnu.org/texi2html/"><em>texi2html 1.78a</em></a>.</font></p></body>`,
			"1. Priming\n\nFill the chamber with water before the first start of the pump, then close both valves."},
		{"doxygen",
			`<body><div class="contents"><p>Opens the valve of the pump and waits until the chamber is full of water.</p></div><hr class="footer"/><address class="footer"><small>Generated on Thu Jan 1 2026 for Pump by <a href="https://www.doxygen.org/index.html">doxygen</a> 1.9.4</small></address></body>`,
			"Opens the valve of the pump and waits until the chamber is full of water."},
		{"a see-also list at the end stays",
			// Its commas are text outside the links.
			`<body><h1>pumpctl-prime(1)</h1><p>Fills the chamber of the pump with water before the first start of the season.</p>` +
				`<h2>SEE ALSO</h2><p><a href="pumpctl.html">pumpctl(1)</a>, <a href="pumpctl-drain.html">pumpctl-drain(1)</a>, <a href="valves.html">Valves</a></p></body>`,
			"pumpctl-prime(1)\n\nFills the chamber of the pump with water before the first start of the season.\n\nSEE ALSO\n\npumpctl(1), pumpctl-drain(1), Valves"},
		{"a bibliography at the end stays",
			`<body><h1>Bibliography</h1><p>The following resources contain more about pumps and the way they are primed.</p>` +
				`<ul><li><p><a href="https://example.org/hitch">The Hitch-Hiker's Guide to Centrifugal Pumps</a>, (FAQ for news://comp.pumps.water)</p></li>` +
				`<li><p><a href="https://example.org/art">Centrifugal Pumps and their application to art and design</a>, by Ann Smith</p></li>` +
				`<li><p><a href="#smith04">[smith04]</a></p></li><li><p><a href="#jones">[jones]</a></p></li></ul></body>`,
			"Bibliography\n\nThe following resources contain more about pumps and the way they are primed.\n\n" +
				"- The Hitch-Hiker's Guide to Centrifugal Pumps, (FAQ for news://comp.pumps.water)\n\n" +
				"- Centrifugal Pumps and their application to art and design, by Ann Smith\n\n- [smith04]\n\n- [jones]"},
		{"a sentence that starts like a signature stays",
			`<body><h1>Alarms</h1><p>The pump raises an alarm when the chamber runs dry.</p><p>Generated by the controller, each alarm is written to the log with its time and code.</p></body>`,
			"Alarms\n\nThe pump raises an alarm when the chamber runs dry.\n\nGenerated by the controller, each alarm is written to the log with its time and code."},
	}
	requireHTMLTexts(t, cases)
}

// Sphinx's general and module indexes list names with links back to the
// pages (the module index's synopses repeat each module page's title); its
// toctrees list the titles of subpages (the whole of contents.html).
func TestLoadHTMLSphinxIndexPages(t *testing.T) {
	cases := []htmlTextCase{
		{"general index",
			`<body><div class="body" role="main"><h1 id="index">Index</h1><div class="genindex-jumpbox"><a href="#A"><strong>A</strong></a></div>` +
				`<h2 id="A">A</h2><table style="width: 100%" class="indextable genindextable"><tr><td style="width: 33%; vertical-align: top;"><ul>` +
				`<li>add_pump<ul><li><a href="command/add_pump.html#index-0">command</a>, <a href="manual/pumps.html#index-1">[1]</a>, <a href="release/2.1.html#index-2">[2]</a></li></ul></li>` +
				`<li><a href="prop/PRIME.html#index-0">PRIME</a>, <a href="manual/pumps.html#index-3">[1]</a></li></ul></td></tr></table></div></body>`,
			"Index\n\nA\n\nA"}, // the jump box and the letter heading
		{"python general index letter page",
			`<body><div class="body" role="main"><h1 id="index">Index – Z</h1><table style="width: 100%" class="indextable"><tr><td><ul>` +
				`<li><a href="library/zipfile.html#zipfile.ZipFile">ZipFile (class in zipfile)</a></li><li><a href="library/zlib.html#module-zlib">zlib</a>, <a href="library/zlib.html#index-0">[1]</a></li></ul></td></tr></table></div></body>`,
			"Index – Z"},
		{"module index",
			`<body><div class="body" role="main"><h1>Python Module Index</h1><table class="indextable modindextable"><tr class="cap"><td></td><td><strong>z</strong></td><td></td></tr>` +
				`<tr><td></td><td><a href="library/zipfile.html#module-zipfile"><code class="xref">zipfile</code></a></td><td><em>Read and write ZIP-format archive files.</em></td></tr></table></div></body>`,
			"Python Module Index"},
		{"contents page",
			`<body><div class="body" role="main"><section><h1>Pump Documentation contents</h1><div class="toctree-wrapper compound"><ul>` +
				`<li class="toctree-l1"><a class="reference internal" href="intro.html">1. Introduction</a><ul><li class="toctree-l2"><a class="reference internal" href="intro.html#the-with-statement">1.1. The with statement</a></li></ul></li>` +
				`<li class="toctree-l1"><a class="reference internal" href="alarms.html">2. Alarms</a></li></ul></div></section></div></body>`,
			"Pump Documentation contents"},
		{"a section index keeps its prose",
			`<body><div class="body" role="main"><section><h1>Alarms</h1><p>The pump raises an alarm whenever the chamber runs dry or the seal leaks.</p><div class="toctree-wrapper compound"><ul>` +
				`<li class="toctree-l1"><a class="reference internal" href="dry.html">Dry running</a></li><li class="toctree-l1"><a class="reference internal" href="seal.html">Seal leaks</a></li></ul></div></section></div></body>`,
			"Alarms\n\nThe pump raises an alarm whenever the chamber runs dry or the seal leaks."},
	}
	requireHTMLTexts(t, cases)
}
