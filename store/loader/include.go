package loader

import (
	"io"
	"os"
	"path"
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

// includer reads the files one document includes.
type includer struct {
	root   *os.Root
	dir    string // the including file's folder, relative to root, slash-separated
	depth  int
	budget *int // bytes still allowed, shared by the whole document
}

// newIncluder returns an includer for the file at rel (relative to root).
func newIncluder(root *os.Root, rel string) *includer {
	budget := maxIncludeBytes
	return &includer{root: root, dir: path.Dir(strings.ReplaceAll(rel, "\\", "/")), budget: &budget}
}

// read returns the text of target, a path relative to the including
// file's folder, and an includer for the includes inside it. ok is false
// when the include is not followed: no includer, too deep, a target
// outside the folder, missing, not UTF-8, or over the budget.
func (in *includer) read(target string) (text string, next *includer, ok bool) {
	if in == nil || in.depth >= maxIncludeDepth || target == "" || strings.Contains(target, "://") {
		return "", nil, false
	}
	name := path.Join(in.dir, target)
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
	next = &includer{root: in.root, dir: path.Dir(name), depth: in.depth + 1, budget: in.budget}
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
