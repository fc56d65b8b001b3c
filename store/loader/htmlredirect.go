package loader

import (
	"bytes"
	"path"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// redirectMaxWords is the most visible text, in words, a page with a meta
// refresh to another address may have and still count as a redirect
// stub. Generators' stubs say a handful of words ("Redirecting to…
// page.html", mdBook; "Redirecting… Click here if you are not
// redirected.", Jekyll's redirect-from; nothing at all, Sphinx's
// reredirects); a real page with a refresh has paragraphs of its own.
const redirectMaxWords = 30

// redirectTarget returns the address of the page's first meta refresh
// that names one (`<meta http-equiv="refresh" content="0; url=...">`),
// or "" when there is none or it reloads the page itself (no URL, or
// self, the page's own file name: an auto-refreshing page rather than a
// redirect). Sphinx's reredirects puts the tag inside <noscript> in the
// head, which the parser keeps as raw text; that text is read as
// markup too.
func redirectTarget(root *html.Node, self string) string {
	var found string
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		if found != "" {
			return
		}
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.Meta:
				if strings.EqualFold(strings.TrimSpace(attrVal(n, "http-equiv")), "refresh") {
					found = refreshURL(attrVal(n, "content"), self)
				}
				return
			case atom.Noscript:
				if c := n.FirstChild; c != nil && c.Type == html.TextNode && c.NextSibling == nil {
					found = rawRefresh(c.Data, self)
					return
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(root)
	return found
}

// rawRefresh finds a meta refresh in markup kept as text.
func rawRefresh(raw, self string) string {
	z := html.NewTokenizer(strings.NewReader(raw))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			if !bytes.Equal(name, []byte("meta")) {
				continue
			}
			var equiv, content string
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch string(k) {
				case "http-equiv":
					equiv = string(v)
				case "content":
					content = string(v)
				}
			}
			if strings.EqualFold(strings.TrimSpace(equiv), "refresh") {
				if u := refreshURL(content, self); u != "" {
					return u
				}
			}
		}
	}
}

// refreshURL returns the URL of a refresh's content ("5; url=x.html",
// "0;URL='x.html'", "0; x.html"), or "" when it names none or names
// the page itself.
func refreshURL(content, self string) string {
	_, rest, ok := strings.Cut(content, ";")
	if !ok {
		_, rest, ok = strings.Cut(content, ",") // an old, tolerated separator
	}
	if !ok {
		return ""
	}
	rest = strings.TrimSpace(rest)
	if len(rest) >= 4 && strings.EqualFold(rest[:3], "url") {
		if after, eq := strings.CutPrefix(strings.TrimSpace(rest[3:]), "="); eq {
			rest = strings.TrimSpace(after)
		}
	}
	rest = strings.Trim(rest, `'"`)
	target, _, _ := strings.Cut(rest, "#")
	if target == "" || path.Clean(target) == self {
		return ""
	}
	return rest
}
