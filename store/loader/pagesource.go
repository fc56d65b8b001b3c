package loader

import (
	"os"
	"path/filepath"
	"strings"
)

// renderedPage returns the HTML page under root that the plain-text,
// reStructuredText, AsciiDoc or Markdown file at path is the source of, or "" when
// it is not one. Documentation builds ship the sources of their pages
// beside them: Sphinx copies each page's source to _sources/PAGE.rst.txt
// (or PAGE.txt), and AsciiDoc trees such as git's keep PAGE.txt (or
// PAGE.adoc) next to PAGE.html. A Sphinx project built in place holds its
// pages under _build/html (sphinxPage). The page is preferred: it holds
// what the source only points to (autodoc's API reference, resolved
// cross-references). Loaded as plain
// text, such a copy is the page again with its markup as words and
// without its headings, so every passage would be found twice. path and
// root are resolved paths; only pages under root count, so pointing
// LoadDir at a _sources folder itself loads it.
//
// A Markdown file is the source of the page beside it of the same name:
// Node.js ships each API page as PAGE.md and the PAGE.html its doc tool
// makes of it (Debian's nodejs-doc installs both), and a site built from
// Markdown with a known generator is handled by builtPage.
func renderedPage(root, path string) string {
	k := kindOf(path)
	if k != kindText && k != kindRST && k != kindAsciiDoc && k != kindMarkdown {
		return ""
	}
	stem := strings.TrimSuffix(path, filepath.Ext(path))
	if page := htmlOf(stem); page != "" {
		return page
	}
	if k == kindMarkdown {
		return ""
	}
	if k != kindText || strings.HasSuffix(strings.ToLower(stem), ".rst") {
		if page := sphinxPage(root, path); page != "" {
			return page
		}
	}
	if k != kindText {
		return ""
	}
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return ""
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	for i := len(parts) - 2; i >= 0; i-- {
		if parts[i] != "_sources" {
			continue
		}
		page := strings.Join(append(parts[:i:i], parts[i+1:]...), "/")
		page = strings.TrimSuffix(page, filepath.Ext(page)) // .txt
		switch strings.ToLower(filepath.Ext(page)) {
		case ".rst", ".md", ".ipynb", ".txt":
			page = strings.TrimSuffix(page, filepath.Ext(page))
		}
		return htmlOf(filepath.Join(root, filepath.FromSlash(page)))
	}
	return ""
}

// htmlOf returns stem.html or stem.htm when it is a regular file.
func htmlOf(stem string) string {
	for _, ext := range []string{".html", ".htm"} {
		if st, err := os.Stat(stem + ext); err == nil && st.Mode().IsRegular() {
			return stem + ext
		}
	}
	return ""
}

// sphinxPage returns the page a Sphinx build under root made from the
// source at path: the nearest folder above path holding conf.py is the
// source folder, and its build is in _build/html or build/html inside it,
// or build/html beside it (sphinx-quickstart's separate source and build
// folders).
func sphinxPage(root, path string) string {
	for dir := filepath.Dir(path); ; dir = filepath.Dir(dir) {
		rel, err := filepath.Rel(root, dir)
		if err != nil || strings.HasPrefix(rel, "..") {
			return ""
		}
		if st, err := os.Stat(filepath.Join(dir, "conf.py")); err == nil && st.Mode().IsRegular() {
			page, err := filepath.Rel(dir, path)
			if err != nil {
				return ""
			}
			page = strings.TrimSuffix(page, filepath.Ext(page))
			page = strings.TrimSuffix(page, ".rst") // PAGE.rst.txt
			for _, build := range []string{filepath.Join(dir, "_build", "html"), filepath.Join(dir, "build", "html"),
				filepath.Join(filepath.Dir(dir), "build", "html")} {
				if r, err := filepath.Rel(root, build); err != nil || strings.HasPrefix(r, "..") {
					continue // a build outside root is not loaded: the sources are all there is
				}
				if p := htmlOf(filepath.Join(build, page)); p != "" {
					return p
				}
			}
			return ""
		}
		if rel == "." {
			return ""
		}
	}
}
