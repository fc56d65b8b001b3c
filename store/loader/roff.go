package loader

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/store"
)

// Manual page sources (roff with the man or mdoc macros), as Unix systems
// install them: /usr/share/man/man5/sshd_config.5.gz. They are the
// commonest reference a Unix host has, and read as plain text their
// requests (".TP", ".It Cm AcceptEnv") and escapes ("\fB\-\-all\fR") would
// be indexed and quoted as words. parseRoff interprets the page the way
// nroff would for a terminal, so that the text is what "man" shows, and
// keeps its structure: .SH and .Sh titles become headings, tagged
// paragraphs (.TP, .IP, DocBook's term over an indented block, mdoc's
// ".Bl -tag" items) become definition entries, displays and no-fill
// regions become fenced code. Pages written by hand, by help2man,
// pod2man, DocBook and the BSD mdoc macros are all read.

// manPageExt matches the extension of a manual page source: a section
// number with an optional suffix ("ls.1", "printf.3pm", "x509.1ssl").
var manPageExt = regexp.MustCompile(`^\.[1-9][a-z]{0,8}$`)

// roffWork bounds the bytes a page may run through, macro expansions and
// interpolated strings included, as a multiple of its size plus a
// constant, so that a macro that calls itself, or a string made of
// references to itself ("\*A\*A…"), ends quickly.
const (
	roffWorkPerByte = 8
	roffWorkBase    = 1 << 24
)

// maxRoffDepth bounds nested macro calls and conditional blocks.
const maxRoffDepth = 16

// roffReader interprets one manual page into a walker.
type roffReader struct {
	w      walker
	strs   map[string]string   // strings defined with .ds
	macros map[string][]string // macros defined with .de, their lines in copy mode
	ie     []bool              // conditions of .ie requests awaiting their .el
	tr     map[string]string   // characters .tr translates
	trRepl *strings.Replacer   // tr as a replacer, built when first needed
	depth  int                 // nested macro calls and conditional blocks
	budget int                 // bytes left to interpret (roffWork)

	page roffPage
	meta store.Metadata
}

// parseRoff fills doc with the text, sections and title of a manual page
// source.
func parseRoff(text string, doc *store.Document) {
	r := roffReader{strs: map[string]string{}, macros: map[string][]string{}, budget: roffWorkBase + roffWorkPerByte*len(text)}
	r.page.init(&r)
	r.lines(roffLines(text))
	r.page.finish()
	r.w.closeSection()
	doc.Text, doc.Sections, doc.Title = r.w.out.String(), r.w.sections, r.page.title()
	doc.Metadata.Revision, doc.Metadata.Date = r.meta.Revision, r.meta.Date
}

// looksLikeRoff reports whether text is a manual page source: a request
// that titles a page or opens its sections (.TH, .SH, .Dd, .Dt, .Sh) or
// sources another page (.so) among its first lines, below any comments
// and definitions.
func looksLikeRoff(text string) bool {
	for n := 0; n < 500 && text != ""; n++ {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		if len(line) < 3 || line[0] != '.' && line[0] != '\'' {
			continue
		}
		switch name, _ := roffRequest(line); name {
		case "TH", "SH", "Dd", "Dt", "Sh", "so":
			return true
		}
	}
	return false
}

// manRedirect returns the page a manual page only sources (".so
// man5/foo.5", the way one page stands for several names), or "".
func manRedirect(text string) string {
	target := ""
	for l := range strings.Lines(text) {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, `.\"`) || strings.HasPrefix(l, `'\"`) || l == "." {
			continue
		}
		if l[0] != '.' && l[0] != '\'' {
			return "" // text: a page of its own
		}
		name, args := roffRequest(l)
		if name != "so" || target != "" {
			return ""
		}
		target = strings.TrimSpace(args)
	}
	return target
}

// roffLines splits text into input lines, joining a line that ends in an
// escaped newline ("\" at its end) with the next.
func roffLines(text string) []string {
	raw := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	lines := make([]string, 0, len(raw))
	var cont strings.Builder
	for _, l := range raw {
		if n := len(l) - len(strings.TrimRight(l, `\`)); n%2 == 1 {
			cont.WriteString(l[:len(l)-1])
			continue
		}
		if cont.Len() > 0 {
			cont.WriteString(l)
			l = cont.String()
			cont.Reset()
		}
		lines = append(lines, l)
	}
	if cont.Len() > 0 {
		lines = append(lines, cont.String())
	}
	return lines
}

// roffRequest splits a control line into its request or macro name and
// the rest; the name is "" for a comment, an empty request or one that
// only closes a block (".\}").
func roffRequest(line string) (name, args string) {
	s := strings.TrimLeft(line[1:], " \t")
	if strings.HasPrefix(s, `\"`) || strings.HasPrefix(s, `\#`) {
		return "", ""
	}
	// A name ends at a space or an escape: ".el\{\" opens a block.
	end := strings.IndexAny(s, " \t\\")
	if end < 0 {
		end = len(s)
	}
	return s[:end], strings.TrimLeft(stripComment(s[end:]), " \t")
}

// stripComment returns s without a trailing comment ("\"" to the end).
func stripComment(s string) string {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '\\' {
			if s[i+1] == '"' {
				return strings.TrimRight(s[:i], " \t")
			}
			i++
		}
	}
	return s
}

// lines interprets input lines.
func (r *roffReader) lines(lines []string) {
	for i := 0; i < len(lines); i++ {
		if r.budget -= len(lines[i]) + 1; r.budget < 0 {
			return
		}
		l := lines[i]
		if l == "" || l[0] != '.' && l[0] != '\'' || r.page.inTable() && !strings.HasPrefix(l, ".TE") {
			r.page.textLine(l)
			continue
		}
		name, args := roffRequest(l)
		switch name {
		case "":
		case "ig":
			i = skipUntil(lines, i, roffEnd(args))
		case "de", "de1", "am", "am1":
			f := roffArgs(args)
			end := skipUntil(lines, i, roffEnd(strings.Join(f[min(1, len(f)):], " ")))
			if len(f) > 0 {
				body := lines[i+1 : end]
				if name[0] == 'a' {
					body = slices.Concat(r.macros[f[0]], body)
				}
				r.macros[f[0]] = body
			}
			i = end
		case "ds", "ds1", "as", "as1":
			n, v, _ := strings.Cut(args, " ")
			v = strings.TrimPrefix(strings.TrimLeft(v, " \t"), `"`)
			if name[0] == 'a' {
				v = r.strs[n] + v
			}
			if n != "" && len(v) < maxRoffExpansion {
				r.strs[n] = v
			}
		case "rm":
			for _, n := range roffArgs(args) {
				delete(r.macros, n)
				delete(r.strs, n)
			}
		case "if", "ie":
			cond, body := r.condition(args)
			if name == "ie" {
				r.ie = append(r.ie, cond)
			}
			i = r.conditional(lines, i, cond, body)
		case "el":
			cond := false
			if k := len(r.ie); k > 0 {
				cond = !r.ie[k-1]
				r.ie = r.ie[:k-1]
			}
			i = r.conditional(lines, i, cond, args)
		case "tr":
			r.translate(args)
		default:
			if roffIgnored[name] {
				continue
			}
			if body, ok := r.macros[name]; ok && !r.page.builtin(name) {
				r.call(body, roffArgs(args))
				continue
			}
			r.page.request(name, args)
		}
	}
}

// roffIgnored are the requests and macros that print nothing a reader
// sees: registers, fonts, sizes, traps, diversions, hyphenation, layout,
// the page's index entries (pod2man's .IX) and its own bookkeeping. A
// ".so" inside a page (rather than as all of it: manRedirect) is not
// followed either; LoadFile reads one file.
var roffIgnored = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`nr rr rn cc c2 ec eo so mso lf hw ev di da wh ch it tm tm1 tmc ab pso sy nx rd ex
		pl pn bp po ss cs bd uf fp ftr fschar fspecial char schar fchar rchar hcode hla hlm hpf hym kern lg mc nm nn
		os pc pev pm pnr ptr return shift substring length chop asciify unformat warn do als aln break continue
		while defcolor gcolor fcolor special output lt tl fam sizes ps vs ls ll in ti ta tc lc ne rt mk ad na nh hy
		ft cu ul ce rj fl em cf trf open opena write close UC PD DT IX AT Os Sm Bk Ek ns rs HY`) {
		m[n] = true
	}
	return m
}()

// roffEnd is the line that ends a .de or .ig body: ".." or ".NAME".
func roffEnd(name string) string {
	if name = strings.TrimSpace(name); name != "" {
		return "." + name
	}
	return ".."
}

// skipUntil returns the index of the line after i that ends a body (".."
// or the end name given), or len(lines) if none does.
func skipUntil(lines []string, i int, end string) int {
	for j := i + 1; j < len(lines); j++ {
		if t := strings.TrimRight(lines[j], " \t"); t == end || end == ".." && t == "'.." {
			return j
		}
	}
	return len(lines)
}

// call runs a macro the page defined, with its arguments in place of
// \$1 … \$9, \$* and \$@, and copy mode's doubled backslashes undone.
func (r *roffReader) call(body []string, args []string) {
	if r.depth >= maxRoffDepth {
		return
	}
	lines := make([]string, len(body))
	for k, l := range body {
		l = strings.ReplaceAll(l, `\\`, `\`)
		if strings.Contains(l, `\$`) {
			l = substituteArgs(l, args)
		}
		lines[k] = l
	}
	r.depth++
	r.lines(lines)
	r.depth--
}

// substituteArgs replaces \$N, \$*, \$@ and \$# in l with args.
func substituteArgs(l string, args []string) string {
	var b strings.Builder
	for i := 0; i < len(l); i++ {
		if l[i] != '\\' || i+2 >= len(l) || l[i+1] != '$' {
			b.WriteByte(l[i])
			continue
		}
		c := l[i+2]
		switch {
		case c >= '1' && c <= '9':
			if k := int(c - '1'); k < len(args) {
				b.WriteString(args[k])
			}
		case c == '*' || c == '@':
			b.WriteString(strings.Join(args, " "))
		case c == '#':
			b.WriteString(strconv.Itoa(len(args)))
		default:
			b.WriteString(l[i : i+3])
		}
		i += 2
	}
	return b.String()
}

// condition evaluates the condition at the start of an .if or .ie
// request's arguments, as nroff would: "n" (a terminal) holds, "t" does
// not, "\n(.g" (groff) holds, "d NAME" holds for a defined string or
// macro, a string comparison ('a'b') compares what each side prints, a
// number holds when positive. What it cannot evaluate (registers it does
// not keep, expressions) is false. body is the rest of the request.
func (r *roffReader) condition(args string) (bool, string) {
	s := strings.TrimLeft(args, " \t")
	neg := false
	for strings.HasPrefix(s, "!") {
		neg, s = !neg, s[1:]
	}
	holds, rest := false, s
	switch {
	case s == "":
	case (s[0] == 'n' || s[0] == 't' || s[0] == 'o' || s[0] == 'e' || s[0] == 'v') && (len(s) == 1 || strings.ContainsRune(" \t\\", rune(s[1]))):
		holds, rest = s[0] == 'n', s[1:]
	case (s[0] == 'd' || s[0] == 'r' || s[0] == 'c' || s[0] == 'F' || s[0] == 'm' || s[0] == 'S') && len(s) > 1 && (s[1] == ' ' || s[1] == '\t'):
		f := strings.Fields(s[2:])
		name := ""
		if len(f) > 0 {
			name = f[0]
		}
		_, defs := r.strs[name]
		_, mac := r.macros[name]
		holds = s[0] == 'd' && (defs || mac || r.page.builtin(name))
		rest = strings.TrimLeft(s[2:], " \t")
		rest = strings.TrimPrefix(rest, name)
	case s[0] == '\'' || s[0] == '"' || s[0] == '|':
		d := s[:1]
		parts := strings.SplitN(s[1:], d, 3)
		if len(parts) == 3 {
			holds, rest = r.plain(parts[0]) == r.plain(parts[1]), parts[2]
		} else {
			rest = ""
		}
	default:
		end := strings.IndexAny(s, " \t")
		if end < 0 {
			end = len(s)
		}
		if k := strings.Index(s, `\{`); k >= 0 && k < end {
			end = k
		}
		expr := s[:end]
		rest = s[end:]
		switch {
		case expr == `\n(.g` || expr == `\n[.g]`:
			holds = true
		default:
			if v, err := strconv.Atoi(strings.Trim(expr, "()")); err == nil {
				holds = v > 0
			}
		}
	}
	return holds != neg, strings.TrimLeft(rest, " \t")
}

// conditional runs body when cond holds. A body that opens a block
// ("\{") runs on to the line that closes it; the index of the last line
// the conditional used is returned.
func (r *roffReader) conditional(lines []string, i int, cond bool, body string) int {
	if !strings.HasPrefix(body, `\{`) {
		if cond && body != "" && r.depth < maxRoffDepth {
			r.depth++
			r.lines([]string{roffControl(body)})
			r.depth--
		}
		return i
	}
	block := []string{strings.TrimLeft(body[2:], " \t")}
	open := braceDepth(body)
	j := i
	for open > 0 && j+1 < len(lines) {
		j++
		block = append(block, lines[j])
		open += braceDepth(lines[j])
	}
	if cond && r.depth < maxRoffDepth {
		for k, l := range block {
			block[k] = roffControl(l)
		}
		r.depth++
		r.lines(block)
		r.depth--
	}
	return j
}

// roffControl returns a conditional body line with the indent groff
// allows before its control character removed (".    ds PI pi").
func roffControl(l string) string {
	if t := strings.TrimLeft(l, " \t"); t != "" && (t[0] == '.' || t[0] == '\'') {
		return t
	}
	return l
}

// braceDepth counts the blocks a line opens less those it closes.
func braceDepth(l string) int {
	n := 0
	for i := 0; i+1 < len(l); i++ {
		if l[i] != '\\' {
			continue
		}
		switch l[i+1] {
		case '{':
			n++
		case '}':
			n--
		}
		i++
	}
	return n
}

// readManSource reads a manual page source into doc. A page not in UTF-8
// is read as Latin-1, as groff reads one without a coding tag. A file
// that holds no page is unsupported, and a page that only sources another
// is a *RedirectError.
func readManSource(raw []byte, path string, doc *store.Document) error {
	raw = bytes.TrimPrefix(raw, utf8BOM)
	text := ""
	if utf8.Valid(raw) {
		text = string(raw)
	} else {
		runes := make([]rune, len(raw))
		for k, c := range raw {
			runes[k] = rune(c)
		}
		text = string(runes)
	}
	if !looksLikeRoff(text) {
		return fmt.Errorf("%w: %s is named as a manual page but holds none", ErrUnsupported, path)
	}
	if target := manRedirect(text); target != "" {
		return &RedirectError{Path: path, Target: target}
	}
	parseRoff(text, doc)
	return nil
}

// translate runs .tr: its argument pairs characters, each printed as the
// other from then on (pod2man's ".tr \(*W-" prints its dash string's
// placeholder as a hyphen).
func (r *roffReader) translate(args string) {
	var chars []string
	for i := 0; i < len(args); {
		if args[i] == ' ' || args[i] == '\t' {
			break
		}
		if args[i] != '\\' {
			_, n := utf8.DecodeRuneInString(args[i:])
			chars = append(chars, args[i:i+n])
			i += n
			continue
		}
		start := i
		i += 2
		if i <= len(args) {
			switch args[i-1] {
			case '(':
				i = min(len(args), i+2)
			case '[':
				_, n := bracketed(args[i-1:])
				i += n - 1
			}
		}
		chars = append(chars, r.plain(args[start:min(i, len(args))]))
	}
	if r.tr == nil {
		r.tr = map[string]string{}
	}
	for k := 0; k < len(chars); k += 2 {
		to := " "
		if k+1 < len(chars) {
			to = chars[k+1]
		}
		if chars[k] != "" && chars[k] != to {
			r.tr[chars[k]] = to
		}
	}
	r.trRepl = nil
}
