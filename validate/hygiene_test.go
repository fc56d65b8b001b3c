package validate

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
)

const (
	linkSource = "Download the manual from https://docs.example.com/manual.pdf. " +
		"Support: <support@example.com>, mailto:help@example.com. See ./install.md for setup. " +
		"Background: https://en.wikipedia.org/wiki/Pump_(device)."
	plainSource = "The pump runs at 6 bar. Nothing here links anywhere."
	// argsSource names its arguments like HTML elements, as build-tool
	// manuals do.
	argsSource = "frob_add(<option> <source>...) adds <option> to every <source> file."
)

func TestCleanOutput(t *testing.T) {
	links, plain, args := sources(linkSource), sources(plainSource), sources(argsSource)
	cases := []struct {
		name, in string
		cited    string // "links", "plain", "args" or "" (none)
		want     string
	}{
		{"bare URL from the cited source", "Get it at https://docs.example.com/manual.pdf.", "links", "Get it at https://docs.example.com/manual.pdf."},
		{"bare URL normalised", "Get it at HTTPS://Docs.Example.com/manual.pdf/#page=2 now.", "links", "Get it at HTTPS://Docs.Example.com/manual.pdf/#page=2 now."},
		{"bare URL from an uncited source", "Get it at https://docs.example.com/manual.pdf.", "plain", "Get it at."},
		{"bare URL with no source", "Get it at https://docs.example.com/manual.pdf today.", "", "Get it at today."},
		{"query string the source lacks", "See https://docs.example.com/manual.pdf?leak=secret for details.", "links", "See for details."},
		{"other host", "See https://docs.example.com.evil.net/manual.pdf for details.", "links", "See for details."},
		{"www URL", "Visit www.evil.example.net today.", "links", "Visit today."},
		{"URL with parentheses", "See https://en.wikipedia.org/wiki/Pump_(device).", "links", "See https://en.wikipedia.org/wiki/Pump_(device)."},
		{"image removed whole", "![chart](https://evil.example.net/c.png?d=x) The pump is blue.", "links", "The pump is blue."},
		{"image mid-sentence", "The diagram ![d](https://evil.example.net/d.png) shows the valve.", "links", "The diagram shows the valve."},
		{"image from the source kept", "![manual](https://docs.example.com/manual.pdf)", "links", "![manual](https://docs.example.com/manual.pdf)"},
		{"image with title", `![x](https://evil.example.net/x.png "t") ok`, "links", "ok"},
		{"link keeps its text", "Read [the manual](https://evil.example.net/m) first.", "links", "Read the manual first."},
		{"link from the source kept", `Read [the manual](https://docs.example.com/manual.pdf "Manual") first.`, "links", `Read [the manual](https://docs.example.com/manual.pdf "Manual") first.`},
		{"link in angle brackets", "Read [it](<https://evil.example.net/a b>).", "links", "Read it."},
		{"citation marker as link text", "It opens at 6 bar [S1](https://evil.example.net).", "plain", "It opens at 6 bar [S1]."},
		{"autolink removed", "Contact <https://evil.example.net/x>.", "links", "Contact."},
		{"mailto autolink from the source", "Write to <mailto:help@example.com>.", "links", "Write to <mailto:help@example.com>."},
		{"mailto autolink not in the source", "Write to <mailto:attacker@evil.example.net>.", "links", "Write to."},
		{"javascript link", "[click](javascript:alert(1)) here", "links", "click here"},
		{"data image", "![p](data:image/png;base64,AAAA) done", "links", "done"},
		{"relative link from the source", "See [setup](./install.md).", "links", "See [setup](./install.md)."},
		{"relative link not in the source", "See [setup](./install.md).", "plain", "See setup."},
		{"script tag escaped", "It opens at 6 bar <script>alert(1)</script>.", "plain", "It opens at 6 bar &lt;script&gt;alert(1)&lt;/script&gt;."},
		{"img tag escaped, URL removed", `<img src="https://evil.example.net/p.png?d=1" onerror="x">`, "plain", `&lt;img src="" onerror="x"&gt;`},
		{"anchor tag: URL removed, tag escaped", `<a href="https://evil.example.net/x">here</a>`, "links", `&lt;a href=""&gt;here&lt;/a&gt;`},
		{"autolink from the source kept whole", "Get <https://docs.example.com/manual.pdf> now.", "links", "Get <https://docs.example.com/manual.pdf> now."},
		{"www in angle brackets", "Go to <www.evil.example.net>.", "links", "Go to <>."},
		{"HTML comment escaped", "Fine. <!-- ignore the rules -->", "plain", "Fine. &lt;!-- ignore the rules --&gt;"},
		{"unclosed tag escaped", "<img src=x onerror=alert(1)", "plain", "&lt;img src=x onerror=alert(1)"},
		{"closing tag escaped", "bold</b> text", "plain", "bold&lt;/b&gt; text"},
		{"comparisons stay readable", "Keep it < 5 bar and > 2 bar; a <= b, x<5, 3 -> 4.", "plain", "Keep it < 5 bar and > 2 bar; a <= b, x<5, 3 -> 4."},
		{"inline code untouched", "Run `<b>make</b> https://evil.example.net` now <b>.", "plain", "Run `<b>make</b> https://evil.example.net` now &lt;b&gt;."},
		{"double-backtick code", "Use ``a ` <b>`` here <i>.", "plain", "Use ``a ` <b>`` here &lt;i&gt;."},
		{"unmatched backtick is text", "A ` tick <b>x</b>", "plain", "A ` tick &lt;b&gt;x&lt;/b&gt;"},
		{"fenced code untouched", "```html\n<div>https://evil.example.net</div>\n```", "plain", "```html\n<div>https://evil.example.net</div>\n```"},
		{"after the fence closes", "```\n<i>\n```\n<b>x</b>", "plain", "```\n<i>\n```\n&lt;b&gt;x&lt;/b&gt;"},
		{"a fence closed with its citation", "```\n<i>\n``` [S1]\n<b>x</b>", "plain", "```\n<i>\n``` [S1]\n&lt;b&gt;x&lt;/b&gt;"},
		{"a fence line with words does not close", "```\n<i>\n``` and <b>\n<b>x</b>", "plain", "```\n<i>\n``` and <b>\n<b>x</b>"},
		{"unclosed fence runs to the end", "~~~\n<b>x</b>\n![i](https://evil.example.net/i.png)", "plain", "~~~\n<b>x</b>\n![i](https://evil.example.net/i.png)"},
		{"entities untouched", "R&D &amp; co.", "plain", "R&D &amp; co."},
		{"type parameter shown as code", "The smart pointer Rc<T> counts references.", "plain", "The smart pointer `Rc<T>` counts references."},
		{"two type parameters", "The type HashMap<K, V> stores keys.", "plain", "The type `HashMap<K, V>` stores keys."},
		{"nested and qualified", "Share std::sync::Arc<Mutex<Vec<u8>>> between threads.", "plain", "Share `std::sync::Arc<Mutex<Vec<u8>>>` between threads."},
		{"placeholder with a suffix", "Set <PackageName>_ROOT to the prefix.", "plain", "Set `<PackageName>_ROOT` to the prefix."},
		{"placeholder argument", "Run git add <pathspec> first, then <commit-ish>.", "plain", "Run git add `<pathspec>` first, then `<commit-ish>`."},
		{"placeholder inside a word", "CMake uses MultiThreaded$<$<CONFIG:Debug>:Debug>DLL by default.", "plain", "CMake uses `MultiThreaded$<$<CONFIG:Debug>:Debug>DLL` by default."},
		{"two placeholders in a word", "Add it to CMAKE_<LANG>_FLAGS_<CONFIG>, not (<file>).", "plain", "Add it to `CMAKE_<LANG>_FLAGS_<CONFIG>`, not (`<file>`)."},
		{"placeholder in a file name", "It ships Find<PackageName>.cmake files.", "plain", "It ships `Find<PackageName>.cmake` files."},
		{"no span opens inside brackets", "Use the form <min>[.<max>] or <app name>/(model name).", "plain", "Use the form `<min>`[`.<max>`] or `<app name>`/(model name)."},
		{"element name stays escaped", "Use <select> here and List<b> there.", "plain", "Use &lt;select&gt; here and List&lt;b&gt; there."},
		{"attribute makes it a tag", "Add <widget onload=x> now.", "plain", "Add &lt;widget onload=x&gt; now."},
		{"unclosed type parameter escaped", "A Vec<T that never closes.", "plain", "A Vec&lt;T that never closes."},
		{"no URL, no HTML", "The pump runs at 6 bar [S1].", "plain", "The pump runs at 6 bar [S1]."},
		{"element-named argument the source writes", "It adds <option> to each <source> file [S1].", "args", "It adds `<option>` to each `<source>` file [S1]."},
		{"element-named argument no source writes", "It adds <option> here.", "plain", "It adds &lt;option&gt; here."},
		{"element-named argument closed as markup", "It adds <option>x</option> here.", "args", "It adds &lt;option&gt;x&lt;/option&gt; here."},
		{"element-named tag with attributes", "It adds <option selected> here.", "args", "It adds &lt;option selected&gt; here."},
		{"element name in another case", "It adds <OPTION> here.", "args", "It adds &lt;OPTION&gt; here."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cited := map[string][]retrieve.Source{"links": links, "plain": plain, "args": args}[tc.cited]
			got := CleanOutput(tc.in, cited)
			require.Equal(t, tc.want, got)
			require.Equal(t, got, CleanOutput(got, cited), "idempotent")
		})
	}
}

// Each sentence keeps only the URLs of the sources it cites; text between
// claims (headings, lead-ins) cites nothing.
func TestRenderCleansEachSentenceAgainstItsSources(t *testing.T) {
	srcs := sources(linkSource, plainSource)
	answer := "## Manual <b>https://docs.example.com/manual.pdf</b>\n\n" +
		"Download the manual from https://docs.example.com/manual.pdf [S1].\n" +
		"The pump runs at 6 bar, see https://docs.example.com/manual.pdf [S2].\n" +
		"![x](https://evil.example.net/x.png?c=1) The pump runs at 6 bar [S2]."
	rep, err := New(Options{}).Validate(context.Background(), answer, srcs)
	require.NoError(t, err)
	text, out := Render(answer, rep, MarkLow, srcs)
	require.Equal(t, "## Manual &lt;b&gt;&lt;/b&gt;\n\n"+
		"Download the manual from https://docs.example.com/manual.pdf [S1].\n"+
		"The pump runs at 6 bar, see [S2].\n"+
		"The pump runs at 6 bar [S2].", text)
	require.Equal(t, 3, out.Kept, "MarkLow keeps every claim")

	// Under Drop a sentence dropped for other reasons goes whole, and the
	// cleaning does not disturb what Apply removes.
	answer = "The pump is painted <i>blue</i> [S2]. Download the manual from https://docs.example.com/manual.pdf [S1]."
	rep, err = New(Options{}).Validate(context.Background(), answer, srcs)
	require.NoError(t, err)
	text, _ = Render(answer, rep, Drop, srcs)
	require.Equal(t, "Download the manual from https://docs.example.com/manual.pdf [S1].", text)
}

func TestNormalizeURL(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"https://Example.com/a/", "https://example.com/a"},
		{"https://example.com/a#frag", "https://example.com/a"},
		{"https://user:pw@example.com/a", "https://example.com/a"},
		{"www.example.com/a.", "http://www.example.com/a"},
		{"https://example.com", "https://example.com/"},
	} {
		ka, ok := normalizeURL(tc.a)
		require.True(t, ok, tc.a)
		kb, ok := normalizeURL(tc.b)
		require.True(t, ok, tc.b)
		require.Equal(t, kb, ka, "%s vs %s", tc.a, tc.b)
	}
	for _, tc := range []struct{ a, b string }{
		{"https://example.com/a?x=1", "https://example.com/a?x=2"},
		{"https://example.com/a", "http://example.com/a"},
		{"https://example.com/a", "https://example.com/A"},
	} {
		ka, _ := normalizeURL(tc.a)
		kb, _ := normalizeURL(tc.b)
		require.NotEqual(t, ka, kb, "%s vs %s", tc.a, tc.b)
	}
	_, ok := normalizeURL("./install.md")
	require.False(t, ok)
	require.False(t, strings.Contains(linkSource, "evil"))
}
