package loader

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// anchorPage is a small page in one generator's markup for headings,
// terms and sections that carry link targets: a heading whose text is
// wrapped in a link, a permalink glyph, an id slug made of words that
// elsewhere name site chrome.
type anchorPage struct {
	name     string
	html     string
	text     string     // the loader's text, exactly
	sections [][]string // heading paths, in order
}

// The sentence every page's content holds, long enough to be prose.
const anchorProse = "<p>The pump must be primed with water before it is started for the first time.</p>"

const anchorProseText = "The pump must be primed with water before it is started for the first time."

// Navigation around the content, in the markup the generators use.
const (
	sphinxChrome = `<div class="related" role="navigation"><h3>Navigation</h3><ul><li><a href="genindex.html">index</a></li><li><a href="next.html">next</a> |</li></ul></div>`
	sphinxSide   = `<div class="sphinxsidebar" role="navigation"><div class="sphinxsidebarwrapper"><h3><a href="contents.html">Table of Contents</a></h3><ul><li><a href="#primer">Primer</a></li></ul><h4>Previous topic</h4><p class="topless"><a href="prev.html">Pumps</a></p></div></div>`
)

var anchorPages = []anchorPage{
	{
		name: "docutils toc-backref headings (Sphinx .. contents::)",
		html: `<body>` + sphinxChrome + `<div class="document"><div class="body" role="main">
<section id="pump-faq"><h1><a class="toc-backref" href="#id1" role="doc-backlink">Pump FAQ</a><a class="headerlink" href="#pump-faq" title="Permalink to this heading">¶</a></h1>
<nav class="contents" id="contents" role="doc-toc"><p class="topic-title">Contents</p><ul><li><a class="reference internal" href="#priming" id="id2">Priming</a></li></ul></nav>
<section id="priming"><h2><a class="toc-backref" href="#id2" role="doc-backlink">How do I prime the pump?</a><a class="headerlink" href="#priming" title="Permalink to this heading">¶</a></h2>` + anchorProse + `</section></section>
</div></div>` + sphinxSide + `<div class="footer">© Copyright 2024, Pump Makers.</div></body>`,
		text:     "Pump FAQ\n\nHow do I prime the pump?\n\n" + anchorProseText,
		sections: [][]string{{"Pump FAQ"}, {"Pump FAQ", "How do I prime the pump?"}},
	},
	{
		name: "VuePress header-anchor wrapping the heading text",
		html: `<body><header class="navbar"><a href="/">Home</a><a href="/guide/">Guide</a></header><main class="page"><div class="theme-default-content">
<h1 id="priming" tabindex="-1"><a class="header-anchor" href="#priming"><span>Priming</span></a></h1>` + anchorProse + `
</div><nav class="page-nav"><a href="/prev">Previous</a><a href="/next">Next</a></nav></main></body>`,
		text:     "Priming\n\n" + anchorProseText,
		sections: [][]string{{"Priming"}},
	},
	{
		name: "mdBook: the heading text is a link with class header",
		html: `<body><nav id="sidebar" class="sidebar" aria-label="Table of contents"><ol class="chapter"><li><a href="ch01.html">1. Getting Started</a></li></ol></nav><div id="page-wrapper" class="page-wrapper"><div class="page"><div id="menu-bar" class="menu-bar"><h1 class="menu-title">The Pump Book</h1><a href="print.html" title="Print this book">Print</a></div>
<div id="content" class="content"><main>
<h1 id="priming"><a class="header" href="#priming">Priming</a></h1>` + anchorProse + `
<h2 id="variable-strokes"><a class="header" href="#variable-strokes">Variable Strokes</a></h2>` + anchorProse + `
</main><nav class="nav-wrapper" aria-label="Page navigation"><a rel="prev" href="ch01.html" class="mobile-nav-chapters previous">Previous chapter</a></nav></div></div></div></body>`,
		text:     "Priming\n\n" + anchorProseText + "\n\nVariable Strokes\n\n" + anchorProseText,
		sections: [][]string{{"Priming"}, {"Priming", "Variable Strokes"}},
	},
	{
		name: "Docusaurus hash-link holding a zero-width space",
		html: `<body><nav class="navbar"><a href="/">Docs</a></nav><main><article><div class="theme-doc-markdown markdown">
<header><h1>Priming</h1></header>` + anchorProse + `
<h2 class="anchor anchorWithStickyNavbar_LWe7" id="before-you-start">Before you start<a href="#before-you-start" class="hash-link" aria-label="Direct link to Before you start" title="Direct link to Before you start">&#8203;</a></h2>` + anchorProse + `
<h3 class="anchor anchorWithStickyNavbar_LWe7" id="settings">Settings<a href="#settings" class="hash-link" aria-label="Direct link to Settings" title="Direct link to Settings">&#8203;</a></h3>
<table><thead><tr><th>Name</th><th>Default</th></tr></thead><tbody><tr><td><code>strokes</code></td><td>12</td></tr></tbody></table>
</div></article></main></body>`,
		text:     "Priming\n\n" + anchorProseText + "\n\nBefore you start\n\n" + anchorProseText + "\n\nSettings\n\nName | Default\nstrokes | 12",
		sections: [][]string{{"Priming"}, {"Priming", "Before you start"}, {"Priming", "Before you start", "Settings"}},
	},
	{
		name: "MkDocs heading slugs made of chrome words",
		html: `<body><div class="md-sidebar md-sidebar--primary"><nav class="md-nav"><a href="/">Home</a></nav></div><div class="md-content"><article class="md-content__inner md-typeset">
<h1 id="priming">Priming<a class="headerlink" href="#priming" title="Permanent link">¶</a></h1>` + anchorProse + `
<h2 id="next-steps">Next steps<a class="headerlink" href="#next-steps" title="Permanent link">¶</a></h2>` + anchorProse + `
<h2 id="search">Search<a class="headerlink" href="#search" title="Permanent link">¶</a></h2>` + anchorProse + `
</article></div><footer class="md-footer"><a href="/prev" class="md-footer__link--prev">Previous</a></footer></body>`,
		text:     "Priming\n\n" + anchorProseText + "\n\nNext steps\n\n" + anchorProseText + "\n\nSearch\n\n" + anchorProseText,
		sections: [][]string{{"Priming"}, {"Priming", "Next steps"}, {"Priming", "Search"}},
	},
	{
		name: "Hugo anchor after the heading text, slug of chrome words",
		html: `<body><nav class="td-navbar"><a href="/">Widget</a></nav><main role="main" class="td-main"><div class="td-content">
<h1>Pumps</h1>` + anchorProse + `
<h2 id="related-settings">Related settings <a class="anchor" href="#related-settings">#</a></h2>` + anchorProse + `
</div></main></body>`,
		text:     "Pumps\n\n" + anchorProseText + "\n\nRelated settings\n\n" + anchorProseText,
		sections: [][]string{{"Pumps"}, {"Pumps", "Related settings"}},
	},
	{
		name: "Asciidoctor sectlinks: the heading text is its own link",
		html: `<body><div id="header"><h1>Pump Manual</h1></div><div id="content"><div class="sect1">
<h2 id="_search"><a class="link" href="#_search">Search</a></h2><div class="sectionbody"><div class="paragraph">` + anchorProse + `</div></div></div></div>
<div id="footer"><div id="footer-text">Last updated 2024-06-03</div></div></body>`,
		text:     "Pump Manual\n\nSearch\n\n" + anchorProseText,
		sections: [][]string{{"Pump Manual"}, {"Pump Manual", "Search"}},
	},
	{
		name: "pkg.go.dev heading text in a span with a header class",
		html: `<body><header class="go-Header"><a href="/">Go</a></header><main class="go-Main"><div class="Documentation-content">
<h3 id="pkg-types" class="Documentation-typesHeader">Types</h3>
<h4 tabindex="-1" id="Pump" data-kind="type" class="Documentation-typeHeader"><span class="Documentation-typeHeaderTitle">type Pump</span> <a class="Documentation-idLink" href="#Pump">¶</a></h4>` + anchorProse + `
</div></main></body>`,
		text:     "Types\n\ntype Pump\n\n" + anchorProseText,
		sections: [][]string{{"Types"}, {"Types", "type Pump"}},
	},
	{
		name: "rustdoc item sections: ids are qualified names",
		html: `<body><nav class="sidebar"><a href="../index.html">crate</a></nav><main><section id="main-content" class="content">
<h1>Struct <a class="struct" href="#">Pump</a></h1>` + anchorProse + `
<h2 id="implementations" class="section-header">Implementations<a href="#implementations" class="anchor">§</a></h2>
<details class="toggle method-toggle" open><summary><section id="method.next" class="method"><a class="src rightside" href="../src/pump.rs.html#10">source</a><h4 class="code-header">pub fn <a href="#method.next" class="fn">next</a>(&amp;mut self) -&gt; Stroke</h4></section></summary><div class="docblock">` + anchorProse + `</div></details>
</section></main></body>`,
		text:     "Struct Pump\n\n" + anchorProseText + "\n\nImplementations\n\nsource\n\npub fn next(&mut self) -> Stroke\n\n" + anchorProseText,
		sections: [][]string{{"Struct Pump"}, {"Struct Pump", "Implementations"}, {"Struct Pump", "Implementations", "pub fn next(&mut self) -> Stroke"}},
	},
	{
		name: "javadoc member sections: ids are signatures",
		html: `<body><header role="banner" class="flex-header"><nav role="navigation"><a href="index.html">Overview</a></nav></header><main role="main"><div class="header"><h1 title="Class Pump" class="title">Class Pump</h1></div>
<section class="details"><section class="method-details" id="method-detail"><h2>Method Details</h2>
<section class="detail" id="next()"><h3>next</h3><div class="member-signature"><span class="return-type">Stroke</span>&nbsp;<span class="element-name">next</span>()</div><div class="block">Returns the next stroke.</div></section>
</section></section></main></body>`,
		text:     "Class Pump\n\nMethod Details\n\nnext\n\nStroke\u00a0next()\n\nReturns the next stroke.",
		sections: [][]string{{"Class Pump"}, {"Class Pump", "Method Details"}, {"Class Pump", "Method Details", "next"}},
	},
	{
		name: "Sphinx sections and API terms whose ids hold chrome words",
		html: `<body>` + sphinxChrome + `<div class="document"><div class="body" role="main">
<section id="module-pump.cookies"><span id="pump-cookies-priming-state"></span><h1>pump.cookies — priming state<a class="headerlink" href="#module-pump.cookies">¶</a></h1>` + anchorProse + `
<dl class="py method"><dt class="sig sig-object py" id="pump.cookies.Stroke.next"><span class="sig-name descname"><span class="pre">next</span></span><span class="sig-paren">(</span><span class="sig-paren">)</span><a class="headerlink" href="#pump.cookies.Stroke.next" title="Permalink to this definition">¶</a></dt><dd><p>Return the next stroke.</p></dd></dl>
<dl class="py attribute"><dt class="sig sig-object py" id="header"><span class="sig-name descname"><span class="pre">header</span></span></dt><dd><p>The header.</p></dd></dl>
<section id="copyright"><h2>Copyright<a class="headerlink" href="#copyright">¶</a></h2>` + anchorProse + `</section>
</section></div></div>` + sphinxSide + `<div class="footer">© Copyright 2024, Pump Makers.</div></body>`,
		text:     "pump.cookies — priming state\n\n" + anchorProseText + "\n\nnext()\n\nReturn the next stroke.\n\nheader\n\nThe header.\n\nCopyright\n\n" + anchorProseText,
		sections: [][]string{{"pump.cookies — priming state"}, {"pump.cookies — priming state", "Copyright"}},
	},
	{
		name: "Sphinx (Django's theme): a page wrapper and a short section, ids slugged from their headings",
		html: `<body><div id="bd"><div class="yui-b"><div class="yui-g" id="topics-pagination">
<div class="section" id="s-pagination"><span id="pagination"></span><h1>Pagination<a class="headerlink" href="#pagination">¶</a></h1>` + anchorProse + `
<div class="section" id="s-session-cookie-age"><span id="session-cookie-age"></span><h3><code class="docutils literal"><span class="pre">SESSION_COOKIE_AGE</span></code><a class="headerlink" href="#session-cookie-age">¶</a></h3>
<p>Default: <code class="docutils literal"><span class="pre">1209600</span></code></p><p>The age of session cookies, in seconds.</p></div>
</div></div></div></div></body>`,
		text:     "Pagination\n\n" + anchorProseText + "\n\nSESSION_COOKIE_AGE\n\nDefault: 1209600\n\nThe age of session cookies, in seconds.",
		sections: [][]string{{"Pagination"}, {"Pagination", "SESSION_COOKIE_AGE"}},
	},
	{
		name: "Apache's directive headings: the name in a span whose id is the name",
		html: `<body><div id="page-content"><h1>Pump module</h1>` + anchorProse + `
<div class="directive-section"><h2 id="cookiedomain"><span id="CookieDomain">CookieDomain</span> Directive <a title="Permanent link" href="#cookiedomain" class="permalink">&para;</a></h2>` + anchorProse + `</div>
<div class="directive-section"><h2 id="header"><span id="Header">Header</span> Directive <a title="Permanent link" href="#header" class="permalink">&para;</a></h2>` + anchorProse + `</div>
</div></body>`,
		text:     "Pump module\n\n" + anchorProseText + "\n\nCookieDomain Directive\n\n" + anchorProseText + "\n\nHeader Directive\n\n" + anchorProseText,
		sections: [][]string{{"Pump module"}, {"Pump module", "CookieDomain Directive"}, {"Pump module", "Header Directive"}},
	},
	{
		name: "docutils div sections and DocBook terms",
		html: `<body><div class="navheader"><table><tr><td><a href="prev.html">Prev</a></td><td><a href="next.html">Next</a></td></tr></table></div><div class="sect1">
<div class="section" id="cookies"><h2>Cookies</h2>` + anchorProse + `</div>
<div class="variablelist"><dl class="variablelist"><dt id="GUC-SEARCH-PATH"><span class="term"><code class="varname">search_path</code> (<code class="type">string</code>)</span></dt><dd><p>Sets the order in which schemas are searched.</p></dd></dl></div>
</div><div class="navfooter"><table><tr><td><a href="prev.html">Prev</a></td><td><a href="index.html">Home</a></td></tr></table></div></body>`,
		text:     "Cookies\n\n" + anchorProseText + "\n\nsearch_path (string)\n\nSets the order in which schemas are searched.",
		sections: [][]string{{"Cookies"}},
	},
}

// TestLoadHTMLKeepsAnchoredHeadings: headings, terms and sections that
// carry link targets are content, whatever words their link's class or
// their id holds; the navigation around them still goes.
func TestLoadHTMLKeepsAnchoredHeadings(t *testing.T) {
	for _, pg := range anchorPages {
		t.Run(pg.name, func(t *testing.T) {
			doc := store.Document{ID: "p.html"}
			require.NoError(t, parseHTML([]byte(pg.html), &doc))
			require.Equal(t, pg.text, doc.Text)
			var got [][]string
			for _, s := range doc.Sections {
				if s.Terms > 0 {
					continue // entries: htmldl_test.go
				}
				got = append(got, s.Heading)
				require.Equal(t, s.Heading[len(s.Heading)-1], doc.Text[s.Start:s.Start+len(s.Heading[len(s.Heading)-1])])
			}
			require.Equal(t, pg.sections, got)
		})
	}
}

// Chrome named by a class or an id still goes when its id is no anchor:
// a theme's ids name parts of the page, and a hinted part of a heading
// beside its text is not the heading.
func TestLoadHTMLDropsChromeBesideAnchors(t *testing.T) {
	cases := []struct{ name, html, want string }{
		{"footer and cookie banner by id",
			`<body><div id="content"><h1>Pumps</h1>` + anchorProse + `</div><div id="cookie-banner"><p>We use cookies on this site to learn how you read the documentation and improve it.</p></div><div id="footer"><p>Pump Makers, 1 Main Street, Springfield, hosted by the friendly people at Example Hosting.</p></div></body>`,
			"Pumps\n\n" + anchorProseText},
		{"titled sidebar of links by id",
			`<body><div id="sidebar"><h3>Navigation</h3><ul><li><a href="a.html">Alpha pumps</a></li><li><a href="b.html">Beta pumps</a></li></ul></div><div id="content"><h1>Pumps</h1>` + anchorProse + `</div></body>`,
			"Pumps\n\n" + anchorProseText},
		{"an edit link beside the heading text",
			`<body><main><h1>Pumps <a class="edit-link" href="/edit/pumps.md">edit</a></h1>` + anchorProse + `</main></body>`,
			"Pumps\n\n" + anchorProseText},
		{"a heading that is itself chrome by its class, over links",
			`<body><main><h1>Pumps</h1>` + anchorProse + `<div><h2 class="sidebar-title">On this page</h2><ul><li><a href="#priming">Priming</a></li><li><a href="#stroke">Stroke</a></li></ul></div></main></body>`,
			"Pumps\n\n" + anchorProseText},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := store.Document{ID: "p.html"}
			require.NoError(t, parseHTML([]byte(c.html), &doc))
			require.Equal(t, c.want, doc.Text)
		})
	}
}
