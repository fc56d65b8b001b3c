package loader

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/hybridrag/hybridrag/store"
)

// Redirect stubs written as sources. A project that moves a page often
// leaves its old source behind as a stub that builds into a redirect:
// pip's reference/pip_uninstall.rst holds ".. meta:: :http-equiv=refresh:
// 3; url=../../cli/pip_uninstall/" over "This page has moved", a Markdown
// page a raw <meta http-equiv="refresh"> tag or Jekyll's "redirect_to:"
// front matter. Indexed, the stub's few words and its title ("pip
// uninstall", linked) compete with the page it points to, as an HTML
// redirect page's do (htmlredirect.go), and take a source's place in the
// context; LoadDir passes them over the same way.

// rstRefresh matches a docutils meta field that refreshes the page
// (":http-equiv=refresh: 3; url=../x/"), and captures its content.
var rstRefresh = regexp.MustCompile(`(?mi)^[ \t]*:http-equiv=refresh:[ \t]*(\S.*)$`)

// redirectTo matches Jekyll's redirect_to front matter key and captures
// its value.
var redirectTo = regexp.MustCompile(`(?m)^redirect_to:[ \t]*["']?([^\s"']+)`)

// markupRedirect returns the address a reStructuredText or Markdown
// source of at most redirectMaxWords words of text (text, as loaded)
// sends its reader to, from raw, its source; "" when it is no redirect
// stub. self is the source's path.
func markupRedirect(raw, text, self string) string {
	if countWords(text) > redirectMaxWords {
		return ""
	}
	name := filepath.Base(self)
	if m := rstRefresh.FindStringSubmatch(raw); m != nil {
		return refreshURL(m[1], name)
	}
	if m := redirectTo.FindStringSubmatch(frontMatter(raw)); m != nil {
		return m[1]
	}
	if strings.Contains(strings.ToLower(raw), "http-equiv") {
		return rawRefresh(raw, name)
	}
	return ""
}

// frontMatter returns the YAML front matter block raw opens with, "" when
// it has none.
func frontMatter(raw string) string {
	rest, ok := strings.CutPrefix(raw, "---\n")
	if !ok {
		return ""
	}
	if end := strings.Index(rest, "\n---"); end >= 0 {
		return rest[:end+1]
	}
	return ""
}

// redirectStub returns a *RedirectError when doc, loaded from the text,
// Markdown or reStructuredText source at path, is a redirect stub
// (markupRedirect), nil otherwise. raw is the source; nil reads its head
// from path, which only a document of a few words pays for.
func redirectStub(path string, raw []byte, doc *store.Document) error {
	if countWords(doc.Text) > redirectMaxWords {
		return nil
	}
	if raw == nil {
		head, err := readHead(path)
		if err != nil {
			return nil // it loaded; a stub check is not worth failing it
		}
		raw = head
	}
	if to := markupRedirect(string(raw), doc.Text, path); to != "" {
		return &RedirectError{Path: doc.Source, Target: to}
	}
	return nil
}
