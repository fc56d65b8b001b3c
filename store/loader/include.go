package loader

import (
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Documentation sources share text through includes: Git's pages include
// their option lists and config/*.txt, Python's docs include notes kept in
// Doc/includes. A page read without them lacks exactly the part a reader
// asks about ("What does git config's core.autocrlf do?"). Includes are
// followed only while a folder is loaded (LoadDirWith), and only to files
// inside that folder: os.Root refuses "..", absolute paths and symbolic
// links that leave it, so a document cannot pull /etc/passwd or another
// tenant's files into the index. LoadFile, which also reads uploads,
// follows none.

// Bounds on what one document may include.
const (
	maxIncludeDepth = 8        // includes within included files
	maxIncludeBytes = 64 << 20 // all included text together
)

// includer reads the files one document includes, and knows what the
// folder's scan found about the other documents.
type includer struct {
	root   *os.Root
	dir    string // the including file's folder, relative to root, slash-separated
	docDir string // the document's own folder: Sphinx resolves :doc: from it, in included text too
	depth  int
	budget *int        // bytes still allowed, shared by the whole document
	scan   *folderScan // labels and titles of the whole folder; nil when it was not scanned
}

// newIncluder returns an includer for the file at rel (relative to root),
// with what scan found in the folder (nil for nothing).
func newIncluder(root *os.Root, rel string, scan *folderScan) *includer {
	budget := maxIncludeBytes
	dir := path.Dir(strings.ReplaceAll(rel, "\\", "/"))
	return &includer{root: root, dir: dir, docDir: dir, budget: &budget, scan: scan}
}

// read returns the text of target, a path relative to the including
// file's folder (or, starting with "/", to the loaded folder, as Sphinx
// reads it), and an includer for the includes inside it. ok is false
// when the include is not followed: no includer, too deep, a target
// outside the folder, missing, not UTF-8, or over the budget.
func (in *includer) read(target string) (text string, next *includer, ok bool) {
	if in == nil || in.depth >= maxIncludeDepth || target == "" || strings.Contains(target, "://") {
		return "", nil, false
	}
	name := path.Join(in.dir, target)
	if strings.HasPrefix(target, "/") {
		name = path.Clean(target[1:]) // Sphinx: relative to the source folder
	}
	f, err := in.root.Open(name)
	if err != nil {
		return "", nil, false
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() || st.Size() > int64(*in.budget) {
		return "", nil, false
	}
	raw, err := io.ReadAll(io.LimitReader(f, int64(*in.budget)+1))
	if err != nil || len(raw) > *in.budget || !utf8.Valid(raw) {
		return "", nil, false
	}
	*in.budget -= len(raw)
	next = &includer{root: in.root, dir: path.Dir(name), docDir: in.docDir, depth: in.depth + 1, budget: in.budget, scan: in.scan}
	return strings.TrimPrefix(string(raw), string(utf8BOM)), next, true
}

// selectLines returns the lines an include keeps: with "lines" ranges
// ("5..10;20", "12..-1": to the end), those lines (counted from 1);
// with tags, the lines between "tag::NAME[]" and "end::NAME[]" of the
// tags named (the marker lines themselves left out); else all of them.
func selectLines(lines []string, ranges string, tags []string) []string {
	if ranges != "" {
		var out []string
		for _, r := range strings.FieldsFunc(ranges, func(c rune) bool { return c == ';' || c == ',' }) {
			from, to, span := strings.Cut(strings.TrimSpace(r), "..")
			a, err := strconv.Atoi(from)
			if err != nil || a < 1 {
				continue
			}
			b := a
			if span {
				if b, err = strconv.Atoi(to); err != nil || b < 0 || b > len(lines) {
					b = len(lines)
				}
			}
			for k := a; k <= b && k <= len(lines); k++ {
				out = append(out, lines[k-1])
			}
		}
		return out
	}
	if len(tags) == 0 {
		return lines
	}
	want := map[string]bool{}
	for _, t := range tags {
		want[strings.TrimSpace(t)] = true
	}
	var out []string
	open := 0 // wanted tags open at this line
	for _, l := range lines {
		if name, ok := tagMarker(l, "tag::"); ok {
			if want[name] {
				open++
			}
			continue
		}
		if name, ok := tagMarker(l, "end::"); ok {
			if want[name] && open > 0 {
				open--
			}
			continue
		}
		if open > 0 {
			out = append(out, l)
		}
	}
	return out
}

// tagMarker reads a tag marker ("// tag::setup[]", "# end::setup[]") in l.
func tagMarker(l, kind string) (string, bool) {
	k := strings.Index(l, kind)
	if k < 0 {
		return "", false
	}
	rest := l[k+len(kind):]
	name, after, ok := strings.Cut(rest, "[]")
	if !ok || strings.TrimSpace(after) != "" || name == "" || strings.ContainsAny(name, " \t") {
		return "", false
	}
	return name, true
}

// includeLine matches an include directive: AsciiDoc's "include::T[…]"
// or reStructuredText's ".. include:: T".
var includeLine = regexp.MustCompile(`(?m)^(?:include::([^\[\s]+)\[|[ \t]*\.\. +include:: +(\S+))`)

// maxPartScan bounds the files includedParts reads: a larger one is a
// page of its own, not a shared part, and its includes are not sought.
const maxPartScan = 8 << 20

// folderScan is what one pass over a folder's markup files finds.
type folderScan struct {
	// parts are the files under the folder that another file there
	// includes, by their slash-separated path relative to it, each with
	// the first file found including it. Such a part (Git's
	// diff-options.txt, Python's Doc/includes/*.rst) is read within the
	// pages that include it; loaded alone as well, its text would be found
	// twice, and without the page's title and headings. A file including
	// itself is not a part.
	parts map[string]string
	// labels map the reST section labels of every file (".. _re-syntax:"
	// above "Regular Expression Syntax") to their titles, which Sphinx
	// shows for a ":ref:" to them from any page.
	labels map[string]string
	// titles map each reST file, by its slash-separated path relative to
	// the folder without its extension ("howto/logging"), to its title,
	// which Sphinx shows for a ":doc:" to it.
	titles map[string]string
	// pages counts the folder's HTML pages; noindex holds those marked
	// noindex (noindex.go), by slash-separated path.
	pages   int
	noindex map[string]bool
	// htmlSizes are the sizes of the folder's HTML pages, by
	// slash-separated path, for largePageSize.
	htmlSizes map[string]int64
	// editions counts the folder's files that may be another edition of
	// its pages (editionCandidate); authored counts its pages in other
	// source formats than HTML (editionSource).
	editions, authored int
	// doxygen holds the HTML pages whose head names Doxygen as their
	// generator (doxygen.go).
	doxygen map[string]bool
	// builds are the static-site builds the folder's generator
	// configuration files describe (sitebuild.go).
	builds []siteBuild
}

// labels returns the folder's reST section labels (nil without a scan).
func (in *includer) labels() map[string]string {
	if in == nil || in.scan == nil {
		return nil
	}
	return in.scan.labels
}

// docTitle returns the title of the document a ":doc:" target names:
// relative to the document's folder, or, starting with "/", to the Sphinx
// source folder, which may be any folder of the loaded one
// ("/howto/logging" is python/Doc/howto/logging.rst loaded from python/).
func (in *includer) docTitle(target string) (string, bool) {
	if in == nil || in.scan == nil {
		return "", false
	}
	titles := in.scan.titles
	if abs, ok := strings.CutPrefix(target, "/"); ok {
		abs = path.Clean(abs)
		if t, ok := titles[abs]; ok {
			return t, true
		}
		best := ""
		for name := range titles {
			if strings.HasSuffix(name, "/"+abs) && (best == "" || len(name) < len(best) || len(name) == len(best) && name < best) {
				best = name
			}
		}
		t, ok := titles[best]
		return t, ok && best != ""
	}
	t, ok := titles[path.Join(in.docDir, target)]
	return t, ok
}

// scanFolder reads the markup files under real (a resolved folder), up
// to maxPartScan bytes each, for their includes, section labels and
// titles, the head of each HTML page for a noindex mark, and the
// configuration files of static-site generators.
func scanFolder(real string) folderScan {
	parts, labels, titles := map[string]string{}, map[string]string{}, map[string]string{}
	scan := folderScan{parts: parts, labels: labels, titles: titles, noindex: map[string]bool{}, htmlSizes: map[string]int64{}, doxygen: map[string]bool{}}
	_ = filepath.WalkDir(real, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable folders are the main walk's to report
		}
		if p != real && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if isSiteConfig(d.Name()) {
			if rel, err := filepath.Rel(real, p); err == nil {
				if b, ok := siteConfig(real, filepath.ToSlash(rel)); ok {
					scan.builds = append(scan.builds, b)
				}
			}
			return nil
		}
		if kindOf(p) == kindHTML {
			scan.pages++
			rel, err := filepath.Rel(real, p)
			if err != nil {
				return nil
			}
			if head, err := readHead(p); err == nil {
				if marksNoIndex(head) {
					scan.noindex[filepath.ToSlash(rel)] = true
				}
				if madeByDoxygen(head) {
					scan.doxygen[filepath.ToSlash(rel)] = true
				}
			}
			if info, err := d.Info(); err == nil {
				scan.htmlSizes[filepath.ToSlash(rel)] = info.Size()
			}
			return nil
		}
		if editionCandidate(kindOf(uncompressed(p))) {
			scan.editions++
		}
		if editionSource(kindOf(p)) {
			scan.authored++
		}
		if !mayInclude(p) {
			return nil
		}
		if info, err := d.Info(); err != nil || info.Size() > maxPartScan {
			return nil
		}
		raw, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		rel, err := filepath.Rel(real, p)
		if err != nil {
			return nil
		}
		from := filepath.ToSlash(rel)
		if k := kindOf(p); k == kindRST || k == kindText && utf8.Valid(raw) && looksLikeRST(string(raw)) {
			lines := rstLines(string(raw))
			for label, title := range rstLabels(lines) {
				if _, seen := labels[label]; !seen {
					labels[label] = title
				}
			}
			if title := rstTitle(lines); title != "" {
				titles[rstDocName(from)] = title
			}
		}
		for _, m := range includeLine.FindAllSubmatch(raw, -1) {
			target := string(m[1]) + string(m[2])
			if strings.ContainsAny(target, "{<") || strings.Contains(target, "://") {
				continue
			}
			part := path.Join(path.Dir(from), target)
			if strings.HasPrefix(target, "/") {
				part = path.Clean(target[1:])
			}
			if part == from || strings.HasPrefix(part, "../") || part == ".." {
				continue
			}
			if _, seen := parts[part]; !seen {
				parts[part] = from
			}
		}
		return nil
	})
	return scan
}

// mayInclude reports a file whose format has include directives.
func mayInclude(p string) bool {
	k := kindOf(p)
	return k == kindAsciiDoc || k == kindRST || k == kindText
}
