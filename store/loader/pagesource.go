package loader

import (
	"os"
	"path/filepath"
	"strings"
)

// renderedPage returns the HTML page under root that the plain-text file
// at path is the source of, or "" when it is not one. Documentation
// builds ship the sources of their pages beside them: Sphinx copies each
// page's source to _sources/PAGE.rst.txt (or PAGE.txt), and AsciiDoc
// trees such as git's keep PAGE.txt next to PAGE.html. Loaded as plain
// text, such a copy is the page again with its markup as words and
// without its headings, so every passage would be found twice. path and
// root are resolved paths; only pages under root count, so pointing
// LoadDir at a _sources folder itself loads it.
func renderedPage(root, path string) string {
	if !strings.EqualFold(filepath.Ext(path), ".txt") {
		return ""
	}
	stem := strings.TrimSuffix(path, filepath.Ext(path))
	if page := htmlOf(stem); page != "" {
		return page
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
