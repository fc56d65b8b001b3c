package loader

import (
	"regexp"
	"strings"
)

// Inline HTML code in Markdown. Generated references write names as
// <code> elements inside Markdown tables (Prometheus's flag tables: "|
// <code class="text-nowrap">--config.file</code> | Prometheus
// configuration file path. |"). Left as source, the tags were text, and an
// answer quoting the row showed them escaped ("&lt;code
// class=&quot;text-nowrap&quot;&gt;"). A <code> element is written as the
// code span it renders as; anything else in angle brackets is left alone
// (a placeholder, "<duration>", or HTML a page writes about).

// htmlCodeSpan matches a <code> element holding no markup and no backtick.
var htmlCodeSpan = regexp.MustCompile("(?i)<code(?:\\s[^>]*)?>([^<`\\n]+)</code>")

// inlineHTMLCode rewrites the <code> elements of a Markdown document
// outside its fenced code blocks.
func inlineHTMLCode(text string) string {
	if !strings.Contains(text, "<code") && !strings.Contains(text, "<CODE") {
		return text
	}
	lines := strings.Split(text, "\n")
	var f mdFence
	for i, l := range lines {
		if !f.code(l) {
			lines[i] = htmlCodeSpan.ReplaceAllString(l, "`$1`")
		}
	}
	return strings.Join(lines, "\n")
}

// mdFence follows a Markdown document's fenced code blocks line by line.
type mdFence struct{ open string } // the opening fence's characters, "" outside a block

// code reports whether line l is a fence line or inside a fenced block.
func (f *mdFence) code(l string) bool {
	t := strings.TrimSpace(l)
	if !strings.HasPrefix(t, "```") && !strings.HasPrefix(t, "~~~") {
		return f.open != ""
	}
	switch {
	case f.open == "":
		f.open = t[:3]
	case strings.HasPrefix(t, f.open):
		f.open = ""
	}
	return true
}
