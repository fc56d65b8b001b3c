package loader

import (
	"regexp"
	"strings"

	"github.com/hybridrag/hybridrag/store"
)

// HTML tables in Markdown. Markdown has no syntax for a table whose cells
// hold paragraphs, so documentation writes those as raw HTML (Docker's run
// reference: restart policies, network modes). Read as Markdown source,
// the tags were text: "<table>\n  <thead>\n    <tr>" was quoted as a
// sentence, and a row's name ("<strong>no</strong>") stood lines apart
// from "Do not automatically restart the container when it exits. This is
// the default." A table block is read as the HTML loader reads a page's
// table: one row a line, its cells apart by " | ".

// htmlTableOpen and htmlTableClose match the lines a raw HTML table block
// starts and ends on.
var (
	htmlTableOpen  = regexp.MustCompile(`(?i)^\s{0,3}<table[\s>]`)
	htmlTableClose = regexp.MustCompile(`(?i)</table>\s*$`)
)

// htmlTables rewrites the raw HTML tables of a Markdown document as text;
// a table the HTML loader finds no text in stays as written.
func htmlTables(text string) string {
	if !strings.Contains(text, "<table") && !strings.Contains(text, "<TABLE") {
		return text
	}
	lines := strings.Split(text, "\n")
	var out []string
	var f mdFence
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if f.code(l) || !htmlTableOpen.MatchString(l) {
			out = append(out, l)
			continue
		}
		end := i
		for end < len(lines) && !htmlTableClose.MatchString(lines[end]) {
			end++
		}
		if end == len(lines) {
			out = append(out, l)
			continue
		}
		var doc store.Document
		if err := parseHTML([]byte("<html><body>"+strings.Join(lines[i:end+1], "\n")+"</body></html>"), &doc); err != nil || strings.TrimSpace(doc.Text) == "" {
			out = append(out, l)
			continue
		}
		out = append(out, strings.Split(strings.TrimSpace(doc.Text), "\n")...)
		i = end
	}
	return strings.Join(out, "\n")
}
