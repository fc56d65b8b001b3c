package loader

import (
	"bufio"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// A static-site project checked out with its site built keeps every page
// twice: as the Markdown the author writes and as the HTML the generator
// made of it. Loaded both, every passage is found twice and the answer's
// sources split between them. As with a Sphinx build (pagesource.go), the
// page is kept: it is what readers see, includes and shortcodes expanded.
// The generators are known by their configuration files, which say where
// the sources and the build are.

// siteBuild is one generator's source folder and build folder, both
// slash-separated and relative to the loaded folder.
type siteBuild struct {
	src, out string
}

// siteConfig reads the generator configuration file at rel (relative to
// the loaded folder real) and returns the source and build folders it
// names, ok false for a file that is no generator's configuration.
func siteConfig(real, rel string) (siteBuild, bool) {
	dir := path.Dir(rel)
	join := func(p string) string { return path.Clean(path.Join(dir, p)) }
	switch path.Base(rel) {
	case "book.toml": // mdBook: [book] src = "src", [build] build-dir = "book"
		src, out := "src", "book"
		section := ""
		configLines(real, rel, func(l string) {
			if strings.HasPrefix(l, "[") {
				section = strings.Trim(l, "[] ")
				return
			}
			k, v, ok := strings.Cut(l, "=")
			if !ok {
				return
			}
			switch k, v = strings.TrimSpace(k), configValue(v); {
			case section == "book" && k == "src":
				src = v
			case section == "build" && k == "build-dir":
				out = v
			}
		})
		return siteBuild{join(src), join(out)}, true
	case "mkdocs.yml", "mkdocs.yaml": // MkDocs: docs_dir: docs, site_dir: site
		src, out := "docs", "site"
		configLines(real, rel, func(l string) {
			k, v, ok := strings.Cut(l, ":")
			if !ok {
				return
			}
			switch k, v = strings.TrimSpace(k), configValue(v); k {
			case "docs_dir":
				src = v
			case "site_dir":
				out = v
			}
		})
		return siteBuild{join(src), join(out)}, true
	case "_config.yml", "_config.yaml": // Jekyll: the folder itself, built into _site
		return siteBuild{dir, join("_site")}, true
	case "hugo.toml", "hugo.yaml", "hugo.json", "config.toml": // Hugo (and Zola): content/ into public/
		return siteBuild{join("content"), join("public")}, true
	case "docusaurus.config.js", "docusaurus.config.ts": // Docusaurus: docs/ into build/docs/
		return siteBuild{join("docs"), join("build/docs")}, true
	}
	return siteBuild{}, false
}

// configLines calls fn with each trimmed line of the file at rel under
// real, comments left out; the first 64 KiB are enough for the keys read.
func configLines(real, rel string, fn func(string)) {
	f, err := os.Open(filepath.Join(real, filepath.FromSlash(rel)))
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 0; sc.Scan() && n < 64<<10; n += len(sc.Bytes()) + 1 {
		l := strings.TrimSpace(sc.Text())
		if l != "" && l[0] != '#' {
			fn(l)
		}
	}
}

// configValue reads a TOML or YAML scalar: a quoted string up to its
// closing quote, or the bare text before a comment.
func configValue(v string) string {
	v = strings.TrimSpace(v)
	if v != "" && (v[0] == '"' || v[0] == '\'') {
		if end := strings.IndexByte(v[1:], v[0]); end >= 0 {
			return v[1 : 1+end]
		}
	}
	if i := strings.Index(v, " #"); i >= 0 {
		v = v[:i]
	}
	return strings.TrimSpace(v)
}

// isSiteConfig reports whether a file name is one siteConfig reads.
func isSiteConfig(name string) bool {
	switch name {
	case "book.toml", "mkdocs.yml", "mkdocs.yaml", "_config.yml", "_config.yaml",
		"hugo.toml", "hugo.yaml", "hugo.json", "config.toml", "docusaurus.config.js", "docusaurus.config.ts":
		return true
	}
	return false
}

// pageOf returns the page loaded instead of the file at path (rel, its
// slash-separated path under real): the page it is the source of
// (renderedPage) or the one a site build made of it (builtPage); "" for
// none.
func (s *folderScan) pageOf(real, path, rel string) string {
	if page := renderedPage(real, path); page != "" {
		return page
	}
	return builtPage(s.builds, real, rel)
}

// builtPage returns the page a site build under the loaded folder real
// made from the Markdown source at rel (slash-separated), "" when none
// did: PAGE.md becomes PAGE.html or PAGE/index.html, and index.md,
// README.md or _index.md the index.html of their folder. The build must
// be inside real: otherwise the sources are all there is.
func builtPage(builds []siteBuild, real, rel string) string {
	if kindOf(rel) != kindMarkdown {
		return ""
	}
	for _, b := range builds {
		if b.out == b.src || !walked(b.out) {
			continue
		}
		inner, ok := underDir(rel, b.src)
		if _, inBuild := underDir(rel, b.out); !ok || inBuild {
			continue
		}
		stem := strings.TrimSuffix(inner, path.Ext(inner))
		var candidates []string
		switch strings.ToLower(path.Base(stem)) {
		case "index", "readme", "_index":
			candidates = []string{path.Join(path.Dir(stem), "index.html")}
		default:
			candidates = []string{stem + ".html", path.Join(stem, "index.html")}
		}
		for _, c := range candidates {
			page := filepath.Join(real, filepath.FromSlash(path.Join(b.out, c)))
			if st, err := os.Stat(page); err != nil || !st.Mode().IsRegular() {
				continue
			}
			// Only a page the walk loads may stand in for its source: not
			// one behind a link to a folder outside.
			if resolved, err := filepath.EvalSymlinks(page); err == nil && strings.HasPrefix(resolved, real+string(filepath.Separator)) {
				return page
			}
		}
	}
	return ""
}

// walked reports whether LoadDir's walk enters the folder dir (relative to
// the loaded folder): inside it, and no part of it hidden.
func walked(dir string) bool {
	if dir == ".." || strings.HasPrefix(dir, "../") || path.IsAbs(dir) {
		return false
	}
	for _, part := range strings.Split(dir, "/") {
		if strings.HasPrefix(part, ".") && part != "." {
			return false
		}
	}
	return true
}

// underDir returns rel relative to dir when rel lies under it ("." holds
// everything).
func underDir(rel, dir string) (string, bool) {
	if dir == "." {
		return rel, true
	}
	return strings.CutPrefix(rel, dir+"/")
}
