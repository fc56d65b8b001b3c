package loader

import (
	"regexp"
	"strconv"
	"strings"
)

// rstDirective matches an explicit markup line that starts a directive
// (".. note::", ".. py:function:: compile(pattern, flags=0)"): its name
// and the arguments on the same line.
var rstDirective = regexp.MustCompile(`^\.\. +([A-Za-z0-9][\w:+.-]*)::(?: +(.*))?$`)

// rstSubstitution matches a substitution definition (".. |version|
// replace:: 3.11").
var rstSubstitution = regexp.MustCompile(`^\.\. +\|([^|]+)\| +([\w:-]+)::(?: +(.*))?$`)

// rstFootnote matches a footnote or citation (".. [1] text", ".. [#note]
// text", ".. [CIT2002] text").
var rstFootnote = regexp.MustCompile(`^\.\. +\[([^\]]+)\](?: +(.*))?$`)

// Directives by what their content is. A directive of none of these kinds
// with arguments and content is an object description (a domain's
// function, class, option, setting …) and becomes a definition entry; one
// with neither is a marker that renders nothing (Django's ".. setting::
// DEBUG" before the setting's own section title).
var (
	// rstCodeDirectives hold code (their arguments name its language).
	rstCodeDirectives = map[string]bool{
		"code": true, "code-block": true, "sourcecode": true, "doctest": true, "testcode": true,
		"testoutput": true, "productionlist": true, "math": true, "parsed-literal": true,
		"prompt": true, "code-cell": true, "ipython": true, "jupyter-execute": true,
	}
	// rstHiddenDirectives render nothing a reader sees, or text read
	// from elsewhere that this file does not hold.
	rstHiddenDirectives = map[string]bool{
		"toctree": true, "index": true, "literalinclude": true, "raw": true,
		"meta": true, "image": true, "highlight": true, "moduleauthor": true, "sectionauthor": true,
		"codeauthor": true, "tabularcolumns": true, "default-role": true, "role": true,
		"contents": true, "sectnum": true, "header": true, "footer": true, "target-notes": true,
		"autosummary": true, "testsetup": true, "testcleanup": true, "default-domain": true,
		"program": true, "todo": true, "todolist": true, "title": true, "graphviz": true,
		"digraph": true, "graph": true, "inheritance-diagram": true, "automodule": true,
		"autoclass": true, "autofunction": true, "automethod": true, "autodata": true,
		"autoattribute": true, "autoexception": true, "literalinclude-lines": true,
	}
	// rstAdmonitions are written under their label, as Sphinx renders
	// them ("Note", then the text).
	rstAdmonitions = map[string]string{
		"note": "Note", "warning": "Warning", "tip": "Tip", "important": "Important",
		"caution": "Caution", "danger": "Danger", "attention": "Attention", "hint": "Hint",
		"error": "Error", "seealso": "See also", "impl-detail": "CPython implementation detail:",
	}
	// rstContainers hold ordinary blocks; their arguments are a title
	// (topic, sidebar, table …), a condition (only, ifconfig) or a class.
	// Docutils' "class" is not one: Sphinx documents a Python class with
	// that name and writes docutils' as "rst-class".
	rstContainers = map[string]bool{
		"only": true, "ifconfig": true, "container": true, "compound": true,
		"hlist": true, "tab": true, "tabs": true, "group-tab": true, "tab-set": true, "tab-item": true,
		"figure": true, "glossary": true, "topic": true, "sidebar": true, "table": true,
		"cssclass": true, "rst-class": true, "epigraph": true, "highlights": true,
		"pull-quote": true, "admonition": true, "dropdown": true, "card": true, "grid": true,
		"grid-item": true, "grid-item-card": true,
	}
	// rstTitledContainers write their arguments as a title line first.
	rstTitledContainers = map[string]bool{
		"topic": true, "sidebar": true, "table": true, "admonition": true, "dropdown": true,
		"card": true, "tab": true, "tab-item": true, "grid-item-card": true,
	}
	// rstObjectPrefixes are the words Sphinx writes before a Python
	// object's name ("class re.Pattern", "exception re.error(…)").
	rstObjectPrefixes = map[string]string{
		"class": "class ", "exception": "exception ", "classmethod": "classmethod ",
		"staticmethod": "static ", "decorator": "@", "decoratormethod": "@",
		"coroutinefunction": "coroutine ", "coroutinemethod": "coroutine ",
		"abstractmethod": "abstractmethod ",
	}
	// rstModuleMembers take the current module's name before theirs when
	// they are not inside a class ("re.compile(pattern, flags=0)").
	rstModuleMembers = map[string]bool{
		"function": true, "class": true, "exception": true, "data": true, "decorator": true,
		"coroutinefunction": true,
	}
)

// explicit reads the explicit markup block (a line starting with "..") at
// lines[i] and returns the index after it: a directive, a footnote, or
// markup that renders nothing (a comment, a hyperlink target, a
// substitution definition).
func (r *rstReader) explicit(lines []string, i int) int {
	end := blockEnd(lines, i+1, 1)
	l := lines[i]
	if m := rstDirective.FindStringSubmatch(l); m != nil && !rstSubstitution.MatchString(l) {
		r.directive(m[1], m[2], dedent(lines[i+1:end]))
		return end
	}
	if m := rstFootnote.FindStringSubmatch(l); m != nil {
		desc := dedent(lines[i+1 : end])
		if m[2] != "" {
			desc = append([]string{m[2]}, desc...)
		}
		r.w.out.lineBreak(2)
		r.w.out.inline("[" + strings.TrimPrefix(m[1], "#") + "] ")
		r.w.out.marker = true
		r.body(desc)
		return end
	}
	return end // comments, targets (".. _label:"), substitution definitions
}

// directive writes the directive name with arguments args and the block
// under its first line (options and content).
func (r *rstReader) directive(name, args string, block []string) {
	domain, base := "", name
	if k := strings.LastIndexByte(name, ':'); k >= 0 {
		domain, base = name[:k], name[k+1:]
	}
	// A directive's arguments may go on over the lines before its options
	// or its content; its options are ":name: value" lines; its content
	// follows a blank line.
	k := 0
	var more []string
	for k < len(block) && block[k] != "" && !rstField.MatchString(block[k]) {
		more = append(more, strings.TrimSpace(block[k]))
		k++
	}
	options := map[string]string{}
	for k < len(block) && block[k] != "" {
		if m := rstField.FindStringSubmatch(block[k]); m != nil {
			options[m[1]] = m[2]
		}
		k++
	}
	content := trimBlank(block[k:])
	args = strings.TrimSpace(args)
	// Directives that take no arguments but text (admonitions, version
	// notes, containers) may start it right under their first line:
	// those lines are text, with the structure they have.
	text := withoutOptions(block)

	switch {
	case rstHiddenDirectives[base]:
		return
	case base == "include":
		r.include(args, options)
		return
	case base == "module" || base == "currentmodule":
		if domain == "" || domain == "py" {
			r.module = strings.TrimSpace(args)
			if r.module == "None" {
				r.module = ""
			}
		}
		return
	case rstCodeDirectives[base]:
		if c := options["caption"]; c != "" {
			r.para(r.inline(c))
		}
		code := content
		if base == "productionlist" || base == "math" {
			code = append(append([]string{args}, more...), content...)
		}
		r.code(dedent(code))
		return
	case base == "versionadded" || base == "versionchanged" || base == "deprecated" ||
		base == "versionremoved" || base == "deprecated-removed":
		r.versionNote(base, args, text)
		return
	case rstAdmonitions[base] != "":
		r.para(rstAdmonitions[base])
		r.body(append(firstLine(args), text...))
		return
	case base == "rubric" || base == "centered":
		r.para(r.inline(strings.Join(append([]string{args}, more...), " ")))
		return
	case base == "csv-table":
		r.titled(args)
		r.csvTable(options["header"], content)
		return
	case base == "list-table":
		r.titled(args)
		r.listTable(content)
		return
	case base == "audit-event":
		r.auditEvent(args)
		return
	case base == "availability":
		r.para("Availability: " + r.inline(strings.Join(append([]string{args}, more...), " ")))
		return
	case rstContainers[base]:
		if rstTitledContainers[base] {
			r.titled(strings.Join(append([]string{args}, more...), " "))
		} else {
			content = text
		}
		if base == "glossary" {
			r.glossary(content)
			return
		}
		r.body(content)
		return
	}
	if args == "" {
		r.body(text)
		return
	}
	if len(content) == 0 && !rstModuleMembers[base] && base != "method" && base != "attribute" {
		return // a marker: the title or text after it names the thing
	}
	r.object(base, append([]string{args}, more...), content)
}

// trimBlank returns lines without leading blank lines.
func trimBlank(lines []string) []string {
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	return lines
}

// withoutOptions returns a directive's block without the option lines
// that open it.
func withoutOptions(block []string) []string {
	k := 0
	for k < len(block) && block[k] != "" && rstField.MatchString(block[k]) {
		k++
	}
	return trimBlank(block[k:])
}

// firstLine returns args as the first line of an admonition's content
// (".. note:: This is …"), or nothing.
func firstLine(args string) []string {
	if args == "" {
		return nil
	}
	return []string{args}
}

// titled writes a container's title, if it has one, as a paragraph.
func (r *rstReader) titled(title string) {
	r.para(r.inline(strings.TrimSpace(title)))
}

// object writes an object description as a definition entry: its
// signatures as terms, as Sphinx shows them, then its content.
func (r *rstReader) object(base string, signatures, content []string) {
	// A signature ending in a backslash goes on on the next line.
	var joined []string
	for k := 0; k < len(signatures); k++ {
		s := strings.TrimSpace(signatures[k])
		for strings.HasSuffix(s, "\\") && k+1 < len(signatures) {
			k++
			s = strings.TrimSuffix(s, "\\") + strings.TrimSpace(signatures[k])
		}
		joined = append(joined, strings.TrimSpace(strings.TrimSuffix(s, "\\")))
	}
	terms := make([]string, 0, len(joined))
	for _, s := range joined {
		if s == "" {
			continue
		}
		if r.module != "" && r.class == 0 && rstModuleMembers[base] && !strings.HasPrefix(s, r.module+".") {
			s = r.module + "." + s
		}
		terms = append(terms, rstObjectPrefixes[base]+unescapeRST(s))
	}
	if len(terms) == 0 {
		r.body(content)
		return
	}
	if base == "class" || base == "exception" {
		r.class++
		defer func() { r.class-- }()
	}
	r.entry(terms, content)
}

// versionNote writes a version note as Sphinx renders it ("New in version
// 3.2.", "Changed in version 3.7: FutureWarning is raised …"): the label
// leads the note's first paragraph, which may introduce a literal block.
func (r *rstReader) versionNote(base, args string, text []string) {
	version, rest, _ := strings.Cut(args, " ")
	label := map[string]string{
		"versionadded": "New in version ", "versionchanged": "Changed in version ",
		"deprecated": "Deprecated since version ", "versionremoved": "Removed in version ",
		"deprecated-removed": "Deprecated since version ",
	}[base] + version
	if base == "deprecated-removed" {
		removed, after, _ := strings.Cut(strings.TrimSpace(rest), " ")
		label += ", will be removed in version " + removed
		rest = after
	}
	if rest = strings.TrimSpace(rest); rest != "" {
		text = append([]string{rest}, text...)
	}
	if len(text) == 0 {
		r.para(label + ".")
		return
	}
	if strings.HasPrefix(text[0], "..") || indentOf(text[0]) > 0 || rstBullet.MatchString(text[0]) {
		// The note holds blocks (a nested admonition, a list): the label
		// stands on its own line before them.
		r.para(label + ":")
		r.body(text)
		return
	}
	lines := append([]string{label + ": " + text[0]}, text[1:]...)
	r.body(lines)
}

// auditEvent writes Python's ".. audit-event:: os.chdir path os.chdir" as
// the sentence the documentation renders.
func (r *rstReader) auditEvent(args string) {
	f := strings.Fields(args)
	if len(f) == 0 {
		return
	}
	s := "Raises an auditing event " + f[0]
	if len(f) > 1 && f[1] != "" {
		s += " with arguments " + f[1]
	}
	r.para(s + ".")
}

// glossary reads a glossary's terms: one or more term lines over an
// indented definition.
func (r *rstReader) glossary(lines []string) {
	for i := 0; i < len(lines); {
		if lines[i] == "" || indentOf(lines[i]) > 0 {
			i++
			continue
		}
		var terms []string
		for i < len(lines) && lines[i] != "" && indentOf(lines[i]) == 0 {
			terms = append(terms, r.inline(lines[i]))
			i++
		}
		end := blockEnd(lines, i, 1)
		r.entry(terms, dedent(lines[i:end]))
		i = end
	}
}

// include reads the file an include directive names, through r.inc: as
// reStructuredText, or as code with :literal: or :code:, cut by
// :start-after:, :end-before:, :start-line: and :end-line:.
func (r *rstReader) include(target string, options map[string]string) {
	if strings.HasPrefix(target, "<") {
		return // a standard docutils include ("<isonum.txt>"): substitution definitions only
	}
	text, next, ok := r.inc.read(target)
	if !ok {
		return
	}
	if after := options["start-after"]; after != "" {
		if _, rest, found := strings.Cut(text, after); found {
			text = rest
		}
	}
	if before := options["end-before"]; before != "" {
		text, _, _ = strings.Cut(text, before)
	}
	lines := rstLines(text)
	from, to := 0, len(lines)
	if n, err := strconv.Atoi(options["start-line"]); err == nil && n >= 0 && n <= len(lines) {
		from = n
	}
	if n, err := strconv.Atoi(options["end-line"]); err == nil && n >= from && n <= len(lines) {
		to = n
	}
	lines = lines[from:to]
	if _, literal := options["literal"]; literal {
		r.code(lines)
		return
	}
	if _, code := options["code"]; code {
		r.code(lines)
		return
	}
	for name, v := range rstSubstitutions(lines) {
		if _, ok := r.subs[name]; !ok {
			r.subs[name] = v
		}
	}
	saved := r.inc
	r.inc = next
	r.body(lines)
	r.inc = saved
}
