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
	fence := ""
	for i, l := range lines {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			switch {
			case fence == "":
				fence = t[:3]
			case strings.HasPrefix(t, fence):
				fence = ""
			}
			continue
		}
		if fence == "" {
			lines[i] = htmlCodeSpan.ReplaceAllString(l, "`$1`")
		}
	}
	return strings.Join(lines, "\n")
}
