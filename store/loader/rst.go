package loader

import (
	"path"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/store"
)

// A reStructuredText file (Sphinx and docutils sources: Python's and
// Django's documentation, the Linux kernel's, most Python projects') is
// read by its markup, the way the HTML walker reads the page Sphinx would
// render from it: section titles become headings, object descriptions
// (".. function:: compile(pattern, flags=0)"), option and definition lists
// become definition entries, literal blocks and code directives become
// fenced code, and inline markup is reduced to the text a reader sees.
// Read as plain text, its underlines, directives and roles would be
// indexed and quoted as words, and nothing would say which function a
// paragraph describes.

// rstReader reads one reStructuredText document into a walker.
type rstReader struct {
	w      walker
	styles []string          // title adornment styles in the order met; a style's index is its level - 1
	subs   map[string]string // substitution definitions ("|version| replace:: 3.11")
	module string            // the Python module ".. module::" or ".. currentmodule::" named last
	class  int               // depth of class descriptions being read: their members take no module prefix
	level  int               // the level of the section title read last
	lists  int               // depth of list items being read
	depth  int               // depth of nested bodies being read (maxRSTDepth)
	meta   store.Metadata    // bibliographic fields (":Date:", ":Version:") before the body
	title  string            // a bibliographic ":title:" field
	inc    *includer         // reads included files; nil drops includes
	labels map[string]string // section labels to their titles, this file's and its folder's
	inBody bool              // a block other than a bibliographic field has been read
}

// parseRST fills doc with the text, sections and title of a
// reStructuredText document; text must be valid UTF-8. Its include
// directives are dropped.
func parseRST(text string, doc *store.Document) { parseRSTIn(text, doc, nil) }

// parseRSTIn is parseRST with ".. include::" followed through inc
// (include.go); a nil inc drops them.
func parseRSTIn(text string, doc *store.Document, inc *includer) {
	lines := rstLines(text)
	r := rstReader{subs: rstSubstitutions(lines), inc: inc, labels: rstLabels(lines)}
	for label, title := range inc.labels() {
		if _, own := r.labels[label]; !own {
			r.labels[label] = title
		}
	}
	r.body(lines)
	r.w.closeSection()
	doc.Text, doc.Sections, doc.Title = r.w.out.String(), r.w.sections, r.w.firstH1
	if r.title != "" {
		doc.Title = r.title
	}
	setRevision(&doc.Metadata, r.meta.Revision)
	if doc.Metadata.Date.IsZero() {
		doc.Metadata.Date = r.meta.Date
	}
}

// rstLines splits text into lines with tabs expanded to the next multiple
// of 8 columns, as docutils does, and trailing space removed.
func rstLines(text string) []string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.IndexByte(l, '\t') >= 0 {
			l = expandTabs(l)
		}
		lines[i] = strings.TrimRightFunc(l, unicode.IsSpace)
	}
	return lines
}

// indentOf returns the number of leading spaces of l.
func indentOf(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }

// blockEnd returns the index after the indented block that starts at i:
// the lines up to the next non-blank line indented less than min, less
// trailing blank lines.
func blockEnd(lines []string, i, min int) int {
	j := i
	last := i
	for j < len(lines) && (lines[j] == "" || indentOf(lines[j]) >= min) {
		if lines[j] != "" {
			last = j + 1
		}
		j++
	}
	return last
}

// dedent removes the smallest indent of the non-blank lines.
func dedent(lines []string) []string {
	least := -1
	for _, l := range lines {
		if l != "" && (least < 0 || indentOf(l) < least) {
			least = indentOf(l)
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		if len(l) >= least && least > 0 {
			l = l[least:]
		}
		out[i] = l
	}
	return out
}

// maxRSTDepth bounds how deep blocks nest (block quotes, list items,
// directive content): each level copies its lines, so a file indenting
// every line one step more than the last would cost time quadratic in its
// length. Blocks deeper than that are read as one paragraph.
const maxRSTDepth = 64

// body reads a sequence of blocks, all indented at least as much as its
// first line's least indent (0 after dedent).
func (r *rstReader) body(lines []string) {
	if r.depth >= maxRSTDepth {
		r.para(r.inline(strings.Join(strings.Fields(strings.Join(lines, " ")), " ")))
		return
	}
	r.depth++
	defer func() { r.depth-- }()
	for i := 0; i < len(lines); {
		l := lines[i]
		if l == "" {
			i++
			continue
		}
		if indentOf(l) > 0 {
			// A block quote: read as the blocks it holds.
			j := blockEnd(lines, i, 1)
			r.body(dedent(lines[i:j]))
			i = j
			continue
		}
		i = r.block(lines, i)
	}
}

// block reads the unindented block that starts at lines[i] and returns the
// index after it.
func (r *rstReader) block(lines []string, i int) int {
	l := lines[i]
	if title, next, ok := r.sectionTitle(lines, i); ok {
		r.inBody = true
		if title != "" {
			r.w.sectionWriter.heading(title, r.level)
		}
		return next
	}
	if adornment(l) && len(l) >= 4 && (i+1 == len(lines) || lines[i+1] == "") {
		return i + 1 // a transition
	}
	if l == ".." || strings.HasPrefix(l, ".. ") {
		r.inBody = true
		return r.explicit(lines, i)
	}
	if m := rstField.FindStringSubmatch(l); m != nil {
		return r.fields(lines, i)
	}
	r.inBody = true
	switch {
	case rstBullet.MatchString(l):
		return r.list(lines, i, false)
	case rstEnumerated(lines, i):
		return r.list(lines, i, true)
	case rstOption.MatchString(l) && rstOptionBlock(lines, i):
		return r.options(lines, i)
	case strings.HasPrefix(l, ">>>"):
		j := i
		for j < len(lines) && lines[j] != "" {
			j++
		}
		r.code(lines[i:j])
		return j
	case l == "|" || strings.HasPrefix(l, "| "):
		return r.lineBlock(lines, i)
	case rstGridBorder.MatchString(l):
		return r.gridTable(lines, i)
	case rstSimpleBorder.MatchString(l):
		return r.simpleTable(lines, i)
	}
	// A paragraph, or a definition list item: one line with its definition
	// indented right below it.
	j := i + 1
	for j < len(lines) && lines[j] != "" && indentOf(lines[j]) == 0 {
		j++
	}
	if j == i+1 && j < len(lines) && lines[j] != "" {
		end := blockEnd(lines, j, 1)
		r.entry([]string{r.inline(l)}, dedent(lines[j:end]))
		return end
	}
	return r.paragraph(lines, i, j)
}

// paragraph writes lines[i:j] as a paragraph; a paragraph ending in "::"
// introduces the indented literal block after it, which is written as
// code. It returns the index after both.
func (r *rstReader) paragraph(lines []string, i, j int) int {
	text := strings.Join(lines[i:j], " ")
	literal := strings.HasSuffix(text, "::")
	if literal {
		// "Paragraph::" reads "Paragraph:"; "Paragraph ::" and a lone "::"
		// lose the marker.
		text = strings.TrimSuffix(text, ":")
		if t := strings.TrimSuffix(text, ":"); t == "" || strings.HasSuffix(t, " ") {
			text = strings.TrimSpace(t)
		}
	}
	r.para(r.inline(text))
	if !literal {
		return j
	}
	k := j
	for k < len(lines) && lines[k] == "" {
		k++
	}
	if k == len(lines) || indentOf(lines[k]) == 0 {
		return j
	}
	end := blockEnd(lines, k, 1)
	r.code(lines[k:end])
	return end
}

// para writes text as a paragraph of its own.
func (r *rstReader) para(text string) {
	if text == "" {
		return
	}
	if !r.w.out.marker {
		r.w.out.lineBreak(2) // a list item's first paragraph stays on its marker's line
	}
	r.w.out.inline(text)
}

// code writes lines as a fenced code block, less their common indent.
func (r *rstReader) code(lines []string) {
	lines = trimBlank(lines)
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return
	}
	para := make([]manLine, len(lines))
	for k, l := range dedent(lines) {
		para[k] = manLine{indent: indentOf(l), text: strings.TrimLeft(l, " ")}
	}
	r.w.manCode(para)
}

// entry writes a definition entry: its terms, one a line, then the blocks
// of its description.
func (r *rstReader) entry(terms []string, desc []string) {
	r.w.out.lineBreak(2)
	r.w.beginEntry(shortTerm(strings.Join(terms, ", ")))
	r.w.out.flush()
	r.w.out.b.WriteString(strings.Join(terms, "\n"))
	r.w.out.lineBreak(1)
	r.body(desc)
	r.w.endEntry()
	r.w.out.lineBreak(2)
}

// rstAdornmentChars are the punctuation characters docutils accepts in
// section title underlines, overlines and transitions.
const rstAdornmentChars = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

// adornment reports a line of one repeated adornment character, at least
// two long.
func adornment(l string) bool {
	if len(l) < 2 || !strings.ContainsRune(rstAdornmentChars, rune(l[0])) {
		return false
	}
	return strings.Count(l, l[:1]) == len(l)
}

// sectionTitle reads a section title at lines[i]: a line of text with an
// underline of an adornment character at least as long (or at least four
// long), optionally with an overline of the same character too. It sets
// r.level from the style and returns the title's text and the index after
// it.
func (r *rstReader) sectionTitle(lines []string, i int) (string, int, bool) {
	l := lines[i]
	style, title, next := "", "", 0
	switch {
	case adornment(l) && i+2 < len(lines) && lines[i+1] != "" && lines[i+2] == l &&
		utf8.RuneCountInString(strings.TrimSpace(lines[i+1])) <= len(l):
		style, title, next = "o"+l[:1], strings.TrimSpace(lines[i+1]), i+3
	case !adornment(l) && i+1 < len(lines) && adornment(lines[i+1]) && (len(lines[i+1]) >= 4 || len(lines[i+1]) >= utf8.RuneCountInString(l)) &&
		!rstBullet.MatchString(l) && (i+2 == len(lines) || lines[i+2] == "" || !adornment(lines[i+2])):
		style, title, next = lines[i+1][:1], strings.TrimSpace(l), i+2
	default:
		return "", 0, false
	}
	level := 0
	for k, s := range r.styles {
		if s == style {
			level = k + 1
		}
	}
	if level == 0 {
		r.styles = append(r.styles, style)
		level = len(r.styles)
	}
	r.level = min(level, 6)
	return r.inline(title), next, true
}

var (
	rstBullet       = regexp.MustCompile(`^[-*+•‣⁃](?: +|$)`)
	rstEnumerator   = regexp.MustCompile(`^(?:\(?(?:[0-9]+|#|[a-zA-Z]|[ivxlcdmIVXLCDM]+)\)|(?:[0-9]+|#|[a-zA-Z]|[ivxlcdmIVXLCDM]+)\.)(?: +|$)`)
	rstField        = regexp.MustCompile(`^:((?:[^:\\` + "`" + `]|\\.)+):(?: +(.*))?$`)
	rstOption       = regexp.MustCompile(`^(?:--?[A-Za-z0-9][\w-]*(?:[ =][<\w\[][^ ,]*)?|/[A-Za-z0-9]\w*)(?:, (?:--?[A-Za-z0-9][\w-]*(?:[ =][<\w\[][^ ,]*)?|/[A-Za-z0-9]\w*))*(?:  +\S.*)?$`)
	rstGridBorder   = regexp.MustCompile(`^\+(?:-+\+)+$`)
	rstSimpleBorder = regexp.MustCompile(`^=+(?: +=+)+$`)
)

// rstEnumerated reports an enumerated list item at lines[i]: an
// enumerator ("1.", "#.", "a)", "(iv)") that the next line does not
// continue as a paragraph ("A. Smith wrote …" starts a paragraph).
func rstEnumerated(lines []string, i int) bool {
	if !rstEnumerator.MatchString(lines[i]) {
		return false
	}
	if i+1 == len(lines) || lines[i+1] == "" || indentOf(lines[i+1]) > 0 {
		return true
	}
	return rstEnumerator.MatchString(lines[i+1])
}

// list reads the items of a bullet or enumerated list from lines[i] on and
// returns the index after the list.
func (r *rstReader) list(lines []string, i int, numbered bool) int {
	n, first := 1, true
	for i < len(lines) {
		l := lines[i]
		var m string
		if numbered {
			if !rstEnumerated(lines, i) {
				break
			}
			m = rstEnumerator.FindString(l)
		} else {
			if !rstBullet.MatchString(l) {
				break
			}
			m = rstBullet.FindString(l)
		}
		width := len(m)
		if width == len(l) {
			width = len(strings.TrimRight(m, " ")) + 1
		}
		end := blockEnd(lines, i+1, 1)
		item := append([]string{strings.Repeat(" ", width) + l[len(m):]}, lines[i+1:end]...)
		marker := "-"
		if numbered {
			marker = strconv.Itoa(n) + "."
			n++
		}
		// A list opens on a new paragraph; its items, and a list inside
		// an item, go on one line each, as the HTML walker writes them.
		if first && r.lists == 0 {
			r.w.out.lineBreak(2)
		}
		first = false
		r.w.out.lineBreak(1)
		r.w.out.inline(marker + " ")
		r.w.out.marker = true
		r.lists++
		r.body(dedent(item))
		r.lists--
		r.w.out.lineBreak(1)
		i = end
		for i < len(lines) && lines[i] == "" {
			i++
		}
	}
	r.w.out.lineBreak(2)
	return i
}

// fields reads a field list (":param pattern: the expression") as one
// line a field. Before the document's title and body, a field list is the
// file's metadata (docinfo, Sphinx's file-wide fields), which a page does
// not show: its date, version and title are kept in the Document's
// metadata and title instead.
func (r *rstReader) fields(lines []string, i int) int {
	for i < len(lines) {
		m := rstField.FindStringSubmatch(lines[i])
		if m == nil {
			break
		}
		end := blockEnd(lines, i+1, 1)
		body := strings.TrimSpace(m[2] + " " + strings.Join(strings.Fields(strings.Join(lines[i+1:end], " ")), " "))
		name := r.inline(m[1])
		if !r.inBody {
			switch strings.ToLower(name) {
			case "date", "last updated", "updated":
				setDate(&r.meta, body)
			case "revision", "version":
				setRevision(&r.meta, body)
			case "title":
				r.title = r.inline(body)
			}
		}
		if r.inBody {
			r.w.out.lineBreak(1)
			r.w.out.inline(strings.TrimSpace(name + ": " + r.inline(body)))
		}
		i = end
		for i < len(lines) && lines[i] == "" {
			i++
		}
	}
	r.w.out.lineBreak(2)
	return i
}

// rstOptionBlock reports whether an option-like line at lines[i] starts an
// option list item: its description follows after two spaces or on the
// indented lines below it.
func rstOptionBlock(lines []string, i int) bool {
	if strings.Contains(lines[i], "  ") {
		return true
	}
	return i+1 < len(lines) && lines[i+1] != "" && indentOf(lines[i+1]) > 0
}

// options reads an option list ("-a, --all  Show hidden files."), one
// definition entry an option.
func (r *rstReader) options(lines []string, i int) int {
	for i < len(lines) && rstOption.MatchString(lines[i]) && rstOptionBlock(lines, i) {
		l := lines[i]
		term, first, _ := strings.Cut(l, "  ")
		end := blockEnd(lines, i+1, 1)
		desc := dedent(lines[i+1 : end])
		if first = strings.TrimSpace(first); first != "" {
			desc = append([]string{first}, desc...)
		}
		r.entry([]string{term}, desc)
		i = end
		for i < len(lines) && lines[i] == "" {
			i++
		}
	}
	return i
}

// lineBlock writes a line block ("| line"), keeping its line breaks.
func (r *rstReader) lineBlock(lines []string, i int) int {
	r.w.out.lineBreak(2)
	for i < len(lines) && lines[i] != "" {
		l := strings.TrimPrefix(strings.TrimPrefix(lines[i], "|"), " ")
		if strings.HasPrefix(lines[i], "|") {
			r.w.out.lineBreak(1)
		}
		r.w.out.inline(r.inline(l))
		i++
	}
	r.w.out.lineBreak(2)
	return i
}

// rstMarkers match what only reStructuredText writes: a directive line,
// a role, an inline literal.
var (
	rstDirectiveLine = regexp.MustCompile(`(?m)^\s*\.\. [A-Za-z][\w:+.-]*::`)
	rstRole          = regexp.MustCompile(":[a-z][a-z:]*:`[^`]")
)

// looksLikeRST reports whether a .txt file is reStructuredText (Django's
// documentation sources, a project's README.txt): it has a section title
// underlined as reStructuredText writes one, and a directive or a role.
// Plain text that underlines its titles is read as it always was.
func looksLikeRST(text string) bool {
	text = sniffHead(text)
	// Inline literals alone do not tell: AsciiDoc quotes ``like this''.
	if !rstDirectiveLine.MatchString(text) && !rstRole.MatchString(text) {
		return false
	}
	lines := strings.SplitN(text, "\n", 2000)
	for i := 0; i+1 < len(lines); i++ {
		l, u := strings.TrimRight(lines[i], " \r"), strings.TrimRight(lines[i+1], " \r")
		if l != "" && !adornment(l) && adornment(u) && len(u) >= 3 && len(u) >= utf8.RuneCountInString(l) &&
			(i == 0 || strings.TrimSpace(lines[i-1]) == "" || adornment(strings.TrimSpace(lines[i-1]))) {
			return true
		}
	}
	return false
}

// rstTarget matches a hyperlink target line (".. _re-syntax:").
var rstTarget = regexp.MustCompile("^\\.\\. _([^:`]+|`[^`]+`):$")

// rstLabels returns the section labels of a document: each target that
// stands right above a section title (blank lines and other targets
// between), normalised as docutils does (lower case, white space
// collapsed), with the title's text.
func rstLabels(lines []string) map[string]string {
	labels := map[string]string{}
	var scratch rstReader // sectionTitle records styles; these are thrown away
	var pending []string
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if m := rstTarget.FindStringSubmatch(l); m != nil {
			pending = append(pending, rstLabelName(m[1]))
			continue
		}
		if l == "" || len(pending) == 0 {
			continue
		}
		if title, _, ok := scratch.sectionTitle(lines, i); ok && title != "" {
			for _, label := range pending {
				labels[label] = title
			}
		}
		pending = pending[:0]
	}
	return labels
}

// rstTitle returns a document's title: its first section title, "" if
// it has none.
func rstTitle(lines []string) string {
	var scratch rstReader
	for i := range lines {
		if lines[i] == "" {
			continue
		}
		if title, _, ok := scratch.sectionTitle(lines, i); ok && title != "" {
			return title
		}
	}
	return ""
}

// rstDocName returns the Sphinx document name of a source file's
// slash-separated path: without its extension, ".rst.txt" included.
func rstDocName(rel string) string {
	rel = strings.TrimSuffix(rel, path.Ext(rel))
	return strings.TrimSuffix(rel, ".rst")
}

// rstLabelName normalises a label as docutils does.
func rstLabelName(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(strings.Trim(s, "`")), " "))
}
