package loader

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/hybridrag/hybridrag/store"
)

// htmlRevisionMeta and htmlDateMeta are the <meta> names (name, property or
// http-equiv, lower-cased) that carry a page's revision and date, in order
// of preference.
var (
	htmlRevisionMeta = []string{"revision", "version", "docsearch:version"}
	htmlDateMeta     = []string{"article:modified_time", "og:updated_time", "dcterms.modified", "dc.date.modified",
		"last-modified", "lastmod", "date", "dcterms.date", "dc.date", "article:published_time",
		"dcterms.created", "dc.date.created"}
)

// dateClassWords mark elements whose text is the page's modification date
// (MkDocs' git-revision-date plugin, Hugo themes' lastmod).
var dateClassWords = map[string]bool{"lastmod": true, "updated": true, "modified": true, "revision": true}

// htmlMeta fills m from the page's meta tags, then from elements marked
// as its date, then from "Last updated on …" lines anywhere in its full
// text (generators such as Sphinx print them in the footer, which the
// cleaned text leaves out).
func htmlMeta(root *html.Node, raw []byte, m *store.Metadata) {
	metas := map[string]string{}
	var marked []string
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch {
			case n.DataAtom == atom.Meta:
				var key, content string
				for _, a := range n.Attr {
					switch a.Key {
					case "name", "property", "http-equiv", "itemprop":
						key = strings.ToLower(strings.TrimSpace(a.Val))
					case "content":
						content = a.Val
					}
				}
				if _, dup := metas[key]; key != "" && !dup {
					metas[key] = content
				}
			case hasDateClass(n):
				if v := attrVal(n, "datetime"); v != "" {
					marked = append(marked, v)
				} else {
					marked = append(marked, collapse(textOf(n, nil)))
				}
				return
			case n.DataAtom == atom.Time && attrVal(n, "datetime") != "" && strings.EqualFold(attrVal(n, "itemprop"), "dateModified"):
				marked = append(marked, attrVal(n, "datetime"))
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(root)
	for _, k := range htmlRevisionMeta {
		setRevision(m, metas[k])
	}
	for _, k := range htmlDateMeta {
		setDate(m, metas[k])
	}
	for _, s := range marked {
		if t, ok := findDate(strings.TrimSuffix(strings.TrimSpace(s), ":")); ok && m.Date.IsZero() {
			m.Date = t
		}
		scanDateLines(s, m) // "Last modified June 3, 2024: …"
	}
	if m.Date.IsZero() && hasDateLabel(raw) {
		w := walker{}
		w.walk(root)
		scanDateLines(w.out.String(), m)
	}
}

// scanDateLines fills m.Date from the first "Last updated …" line of text.
func scanDateLines(text string, m *store.Metadata) {
	for text != "" && m.Date.IsZero() {
		var line string
		line, text, _ = strings.Cut(text, "\n")
		line = strings.TrimSpace(line)
		if line == "" || len(strings.Fields(line)) > labelLineWords+4 {
			continue
		}
		lower := strings.ToLower(line)
		for _, l := range dateLabels[:8] { // the "last …" and "updated" labels
			if rest, ok := afterLabel(line, lower, l); ok {
				if t, ok := findDate(strings.Trim(rest, "()[]—–-, ")); ok {
					m.Date = t
				}
				break
			}
		}
	}
}

// hasDateLabel is a cheap test for a labelled date line in a page
// ("Last updated", "last modified", "Updated on"; the first letter in
// either case), run on the raw bytes before a second walk is paid for.
func hasDateLabel(raw []byte) bool {
	for _, l := range []string{"ast update", "ast modified", "pdated on"} {
		if bytes.Contains(raw, []byte(l)) {
			return true
		}
	}
	return false
}

func hasDateClass(n *html.Node) bool {
	found := false
	for _, a := range n.Attr {
		if a.Key == "class" {
			forEachWord(a.Val, func(w string) { found = found || dateClassWords[w] })
		}
	}
	return found
}

func attrVal(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}
