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

// pageLanguage returns the primary subtag of the language the page's html
// element declares (lang, or xml:lang), lower case: "de" of "de-DE"; ""
// when it declares none or not a plain tag.
func pageLanguage(root *html.Node) string {
	var el *html.Node
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == atom.Html {
			el = c
			break
		}
	}
	if el == nil {
		return ""
	}
	for _, key := range []string{"lang", "xml:lang"} {
		for _, a := range el.Attr {
			name := a.Key
			if a.Namespace != "" {
				name = a.Namespace + ":" + a.Key
			}
			if name != key {
				continue
			}
			tag, _, _ := strings.Cut(strings.TrimSpace(a.Val), "-")
			tag, _, _ = strings.Cut(tag, "_")
			tag = strings.ToLower(tag)
			if len(tag) >= 2 && len(tag) <= 3 && strings.IndexFunc(tag, func(r rune) bool { return r < 'a' || r > 'z' }) < 0 {
				return tag
			}
		}
	}
	return ""
}

// pathLanguage returns the language a document's path puts it in, relative
// to the folder indexed (slash-separated): the primary subtag of its
// nearest folder named by a language tag with a region ("ko-KR",
// "pt_BR"), or by a bare tag ("de") beside another folder so named
// (siblings lists a folder's subfolders); "" for none. Translated manuals
// keep one folder per language (the Debian Administrator's Handbook:
// html/en-US, html/ko-KR, …) and their pages rarely declare it.
func pathLanguage(rel string, siblings func(dir string) []string) string {
	parts := strings.Split(rel, "/")
	for i := len(parts) - 2; i >= 0; i-- {
		name := parts[i]
		if tag, region := languageDir(name); tag != "" {
			if region {
				return tag
			}
			parent := strings.Join(parts[:i], "/")
			for _, s := range siblings(parent) {
				if t, _ := languageDir(s); t != "" && s != name {
					return tag
				}
			}
		}
	}
	return ""
}

// languageDir returns the primary subtag of a folder name that is a
// language tag (languageCodes), and whether it has a region ("en-US").
func languageDir(name string) (tag string, region bool) {
	lower := strings.ToLower(strings.ReplaceAll(name, "_", "-"))
	if languageCodes[lower] && !strings.Contains(lower, "-") {
		return lower, false
	}
	primary, rest, ok := strings.Cut(lower, "-")
	if !ok || !languageCodes[primary] || len(rest) != 2 || strings.IndexFunc(rest, func(r rune) bool { return r < 'a' || r > 'z' }) >= 0 {
		return "", false
	}
	return primary, true
}
