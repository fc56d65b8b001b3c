package loader

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// languageCodes are the language tags multilingual documentation writes as
// the links of its language switcher ("Available Languages: de | en | fr |
// ja"), lower case.
var languageCodes = map[string]bool{}

func init() {
	for _, c := range strings.Fields(`ar bg ca cs da de el en es et eu fa fi fr gl he hi hr hu id it ja ko lt lv
		nb nl no pl pt pt-br pt-pt ro ru sk sl sr sv th tr uk vi zh zh-cn zh-hans zh-hant zh-tw`) {
		languageCodes[c] = true
	}
}

// maxSwitcherLabel bounds the words outside the links of a language
// switcher ("Available Languages:").
const maxSwitcherLabel = 3

// languageSwitcher reports an element that only links the page's
// translations: two or more links whose texts are all language tags, and
// at most a short label besides. On every page of a multilingual manual
// it opens (and often ends) the text, so chunks began with it and answers
// and source previews quoted it.
func languageSwitcher(n *html.Node) bool {
	links, other := 0, 0
	ok := true
	var walk func(*html.Node)
	walk = func(m *html.Node) {
		for c := m.FirstChild; c != nil && ok; c = c.NextSibling {
			switch {
			case c.Type == html.ElementNode && c.DataAtom == atom.A:
				t := strings.ToLower(strings.TrimSpace(textOf(c, nil)))
				if !languageCodes[t] {
					ok = false
					return
				}
				links++
			case c.Type == html.TextNode:
				for _, w := range strings.Fields(c.Data) {
					if strings.Trim(w, "|/·•,;") != "" {
						other++
					}
				}
				// chrome asks this of every element without prose: stop
				// at the first sign of text, not at the end of the subtree.
				ok = other <= maxSwitcherLabel
			case c.Type == html.ElementNode:
				walk(c)
			}
		}
	}
	walk(n)
	return ok && links >= 2
}
