package loader

import (
	"strconv"
	"strings"
)

// The mdoc macros (mdoc(7)), in which the BSDs and OpenSSH write their
// pages (ssh_config(5), sshd_config(5)). A line's macros print words
// ("Cm", "Ar"), flags ("Fl f" is "-f"), references ("Xr ssh 1" is
// "ssh(1)") and enclosures ("Dq", "Op"); ".Bl -tag" lists hold a page's
// options and become definition entries.

// mdocCallable are the macros mdoc parses inside a macro line's arguments.
var mdocCallable = map[string]bool{
	"Ac": true, "Ad": true, "An": true, "Ao": true, "Ap": true, "Aq": true, "Ar": true, "At": true, "Bc": true,
	"Bo": true, "Bq": true, "Brc": true, "Bro": true, "Brq": true, "Bsx": true, "Bx": true, "Cd": true, "Cm": true,
	"Dc": true, "Do": true, "Dq": true, "Dv": true, "Dx": true, "Ec": true, "Em": true, "Eo": true, "Er": true,
	"Ev": true, "Fa": true, "Fc": true, "Fl": true, "Fn": true, "Fo": true, "Fr": true, "Ft": true, "Fx": true,
	"Ic": true, "Li": true, "Lk": true, "Ms": true, "Mt": true, "Nm": true, "No": true, "Ns": true, "Nx": true,
	"Oc": true, "Oo": true, "Op": true, "Ox": true, "Pa": true, "Pc": true, "Pf": true, "Po": true, "Pq": true,
	"Qc": true, "Ql": true, "Qo": true, "Qq": true, "Sc": true, "So": true, "Sq": true, "St": true, "Sx": true,
	"Sy": true, "Ta": true, "Tn": true, "Ux": true, "Va": true, "Vt": true, "Xc": true, "Xo": true, "Xr": true,
}

// mdocStructural are mdoc's macros that only begin a line.
var mdocStructural = map[string]bool{
	"Dd": true, "Dt": true, "Sh": true, "Ss": true, "Pp": true, "Lp": true, "Bl": true, "El": true, "It": true,
	"Bd": true, "Ed": true, "D1": true, "Dl": true, "Nd": true, "Rs": true, "Re": true, "Ex": true, "Rv": true,
	"In": true, "Fd": true, "Bf": true, "Ef": true, "Db": true, "Bt": true, "Ud": true, "Lb": true,
	"%A": true, "%B": true, "%C": true, "%D": true, "%I": true, "%J": true, "%N": true, "%O": true, "%P": true,
	"%Q": true, "%R": true, "%T": true, "%U": true, "%V": true,
}

// mdocMacro reports a macro of the mdoc package.
func mdocMacro(name string) bool { return mdocCallable[name] || mdocStructural[name] }

// mdocList is an open ".Bl" list.
type mdocList struct {
	kind  byte // 't' tagged (-tag, -hang, -ohang, -inset, -diag), 'b' bulleted, 'e' enumerated, 'c' columns
	n     int  // items so far
	depth int  // its depth among the open lists, that of the entries its items open
}

// mdocEnclosures are the characters the enclosure macros print around
// their text, by opening, closing and one-line macro.
var mdocEnclosures = map[string][2]string{
	"Op": {"[", "]"}, "Oo": {"[", ""}, "Oc": {"", "]"},
	"Dq": {"“", "”"}, "Do": {"“", ""}, "Dc": {"", "”"},
	"Sq": {"‘", "’"}, "So": {"‘", ""}, "Sc": {"", "’"}, "Ql": {"‘", "’"},
	"Qq": {`"`, `"`}, "Qo": {`"`, ""}, "Qc": {"", `"`},
	"Pq": {"(", ")"}, "Po": {"(", ""}, "Pc": {"", ")"},
	"Bq": {"[", "]"}, "Bo": {"[", ""}, "Bc": {"", "]"},
	"Brq": {"{", "}"}, "Bro": {"{", ""}, "Brc": {"", "}"},
	"Aq": {"<", ">"}, "Ao": {"<", ""}, "Ac": {"", ">"},
	"Eo": {"", ""}, "Ec": {"", ""},
}

// mdocSystems are the names the operating-system macros print.
var mdocSystems = map[string]string{
	"Bx": "BSD", "Nx": "NetBSD", "Fx": "FreeBSD", "Ox": "OpenBSD", "Bsx": "BSD/OS", "Dx": "DragonFly",
	"Ux": "UNIX", "At": "AT&T UNIX",
}

// mdocStandards are the names ".St" prints for the standards pages cite
// most; another prints its flag without the dash.
var mdocStandards = map[string]string{
	"-p1003.1": "IEEE Std 1003.1 (“POSIX.1”)", "-p1003.1-2008": "IEEE Std 1003.1-2008 (“POSIX.1”)",
	"-p1003.2": "IEEE Std 1003.2 (“POSIX.2”)", "-ansiC": "ANSI X3.159-1989 (“ANSI C89”)",
	"-isoC": "ISO/IEC 9899:1990 (“ISO C90”)", "-isoC-99": "ISO/IEC 9899:1999 (“ISO C99”)",
	"-isoC-2011": "ISO/IEC 9899:2011 (“ISO C11”)", "-susv4": "Version 4 of the Single UNIX Specification (“SUSv4”)",
}

// mdoc runs a macro of the mdoc package.
func (p *roffPage) mdoc(name, args string) {
	if p.columns() && (name == "It" || mdocCallable[name]) {
		args = strings.ReplaceAll(args, "\t", " Ta ")
	}
	toks := roffArgs(args)
	if p.xo != nil {
		if p.mdocRun(p.xo, append([]string{name}, toks...)) {
			p.endXo()
		}
		return
	}
	switch name {
	case "Dd":
		d := strings.TrimSpace(strings.Trim(strings.TrimPrefix(strings.TrimSpace(p.r.plain(args)), "$Mdocdate:"), "$"))
		setDate(&p.r.meta, d)
	case "Dt":
		if len(toks) > 0 {
			p.thName = p.r.plain(toks[0])
		}
		if len(toks) > 1 {
			p.thSect = p.r.plain(toks[1])
		}
	case "Sh", "Ss":
		level := 2
		if name == "Ss" {
			level = 3
		}
		p.heading(p.mdocText(toks), level)
	case "Pp", "Lp":
		p.paragraph()
	case "Bl":
		p.paragraph()
		p.openTags()
		l := mdocList{kind: 't', depth: len(p.lists) + 1}
		for _, t := range toks {
			switch t {
			case "-bullet", "-dash", "-hyphen", "-item":
				l.kind = 'b'
			case "-enum":
				l.kind = 'e'
			case "-column":
				l.kind = 'c'
			}
		}
		p.lists = append(p.lists, l)
	case "El":
		if k := len(p.lists); k > 0 {
			p.paragraph()
			p.openTags()
			p.closeEntries(p.lists[k-1].depth)
			p.lists = p.lists[:k-1]
			p.prefix = ""
		}
	case "It":
		p.item(toks)
	case "Bd":
		p.paragraph()
		p.openTags()
		for _, t := range toks {
			if t == "-literal" || t == "-unfilled" {
				p.noFill()
			}
		}
	case "Ed":
		if !p.fill {
			p.fillMode()
		} else {
			p.paragraph()
		}
	case "D1":
		p.paragraph()
		p.emit(p.mdocText(toks), false)
		p.paragraph()
	case "Dl":
		p.paragraph()
		p.openTags()
		if t := p.mdocText(toks); t != "" {
			p.w.manCode([]manLine{{text: t}})
		}
	case "Nd":
		p.emit("- "+p.mdocText(toks), false)
	case "Rs", "Re":
		p.paragraph()
	case "Ex":
		if n := p.mdocArgName(toks, "-std"); n != "" {
			p.emit("The "+n+" utility exits 0 on success, and >0 if an error occurs.", false)
		}
	case "Rv":
		if n := p.mdocArgName(toks, "-std"); n != "" {
			p.emit("The "+n+"() function returns the value 0 if successful; otherwise the value -1 is returned and the global variable errno is set to indicate the error.", false)
		}
	case "In":
		if len(toks) > 0 {
			p.emit("#include <"+p.r.plain(toks[0])+">", false)
		}
	case "Bf", "Ef", "Db", "Bt", "Ud":
	case "Nm":
		if p.inSynopsis() {
			p.paragraph() // each command's synopsis starts a line
		}
		fallthrough
	default:
		if name == "Nm" && p.mdocName == "" && len(toks) > 0 {
			p.mdocName = p.r.plain(toks[0])
		}
		if strings.HasPrefix(name, "%") {
			p.emit(p.mdocText(toks), false)
			return
		}
		p.emit(p.mdocText(append([]string{name}, toks...)), false)
	}
}

// mdocArgName returns the name an .Ex or .Rv request is about: its
// argument after flag, or the page's name.
func (p *roffPage) mdocArgName(toks []string, flag string) string {
	for _, t := range toks {
		if t != flag {
			return p.r.plain(t)
		}
	}
	return p.mdocName
}

// columns reports whether the innermost open list is a -column list.
func (p *roffPage) columns() bool { return len(p.lists) > 0 && p.lists[len(p.lists)-1].kind == 'c' }

// item runs .It: a tagged list's item opens an entry (or, inside one, a
// list item) with the line as its tag; a bulleted or numbered one a list
// item; a column list's a row.
func (p *roffPage) item(toks []string) {
	if len(p.lists) == 0 {
		p.lists = append(p.lists, mdocList{kind: 't', depth: 1})
	}
	l := &p.lists[len(p.lists)-1]
	l.n++
	p.paragraph()
	switch l.kind {
	case 't':
		if len(p.tags) == 0 {
			p.closeEntries(l.depth)
		}
		p.tagDepth = l.depth
		for k, t := range toks {
			if t == "Xo" {
				p.xo = &mdocOut{}
				p.mdocRun(p.xo, toks[:k])
				return
			}
		}
		if t := p.mdocText(toks); t != "" {
			p.tags = append(p.tags, t)
		}
	case 'b', 'e':
		p.openTags()
		p.closeEntries(l.depth)
		p.prefix = "- "
		if l.kind == 'e' {
			p.prefix = strconv.Itoa(l.n) + ". "
		}
		if t := p.mdocText(toks); t != "" {
			p.emit(t, false)
		}
	case 'c':
		p.openTags()
		if t := p.mdocText(toks); t != "" {
			brk := 1 // a row under the one before
			if l.n == 1 {
				brk = 2
			}
			p.w.out.lineBreak(brk)
			p.w.out.inline(t)
		}
	}
}

// endXo ends an item head that went on over lines (".It Xo" … ".Xc").
func (p *roffPage) endXo() {
	if t := strings.Join(strings.Fields(p.xo.String()), " "); t != "" {
		p.tags = append(p.tags, t)
	}
	p.xo = nil
}

// mdocText returns what a line of mdoc macros and words prints.
func (p *roffPage) mdocText(toks []string) string {
	var o mdocOut
	p.mdocRun(&o, toks)
	return o.String()
}

// mdocOut collects what mdoc macros print, spacing words as mdoc does.
type mdocOut struct {
	b       strings.Builder
	noSpace bool // the next word joins the last (Ns, an opening delimiter)
}

func (o *mdocOut) word(s string) {
	if s == "" {
		return
	}
	if o.b.Len() > 0 && !o.noSpace {
		o.b.WriteByte(' ')
	}
	o.b.WriteString(s)
	o.noSpace = false
}

// close writes s against the text before it.
func (o *mdocOut) close(s string) {
	o.b.WriteString(s)
	o.noSpace = false
}

// open writes s with the next word against it.
func (o *mdocOut) open(s string) {
	if s == "" {
		return
	}
	o.word(s)
	o.noSpace = true
}

func (o *mdocOut) String() string { return o.b.String() }

// closingDelim reports a token mdoc sets against the word before it.
func closingDelim(t string) bool {
	switch t {
	case ".", ",", ";", ":", "?", "!", ")", "]":
		return true
	}
	return false
}

// mdocRun writes what toks print to o and reports whether they end an item
// head that went on over lines (Xc).
func (p *roffPage) mdocRun(o *mdocOut, toks []string) (xc bool) {
	for i := 0; i < len(toks); {
		m := toks[i]
		if !mdocCallable[m] {
			p.mdocWord(o, m)
			i++
			continue
		}
		i++
		j := i
		for j < len(toks) && !mdocCallable[toks[j]] {
			j++
		}
		args := toks[i:j]
		words := 0 // arguments that are not delimiters
		for _, a := range args {
			if !closingDelim(a) && a != "(" && a != "[" {
				words++
			}
		}
		switch m {
		case "Xc":
			xc = true
			p.mdocWords(o, args)
		case "Ns":
			o.noSpace = true
			p.mdocWords(o, args)
		case "Ap":
			o.close("'")
			o.noSpace = true
			p.mdocWords(o, args)
		case "Fl":
			if words == 0 {
				o.word("-")
			}
			for _, a := range args {
				if closingDelim(a) || a == "(" || a == "[" {
					p.mdocWord(o, a)
				} else {
					o.word("-" + p.r.plain(a))
				}
			}
		case "Ar":
			if words == 0 {
				o.word("file ...")
			}
			p.mdocWords(o, args)
		case "Nm":
			if words == 0 {
				o.word(p.mdocName)
			}
			p.mdocWords(o, args)
		case "Xr":
			if len(args) >= 2 && !closingDelim(args[1]) {
				o.word(p.r.plain(args[0]) + "(" + p.r.plain(args[1]) + ")")
				p.mdocWords(o, args[2:])
			} else {
				p.mdocWords(o, args)
			}
		case "Pf":
			if len(args) > 0 {
				o.word(p.r.plain(args[0]))
				o.noSpace = true
				p.mdocWords(o, args[1:])
			}
		case "Ta":
			o.word("|")
			p.mdocWords(o, args)
		case "Fn":
			if len(args) > 0 {
				end := len(args)
				for end > 1 && closingDelim(args[end-1]) {
					end--
				}
				params := make([]string, 0, end)
				for _, a := range args[1:end] {
					params = append(params, p.r.plain(a))
				}
				o.word(p.r.plain(args[0]) + "(" + strings.Join(params, ", ") + ")")
				p.mdocWords(o, args[end:])
			}
		case "Fo":
			if len(args) > 0 {
				o.word(p.r.plain(args[0]) + "(")
				o.noSpace = true
			}
		case "Fc":
			o.close(")")
			p.mdocWords(o, args)
		case "Op", "Dq", "Sq", "Qq", "Pq", "Bq", "Brq", "Aq", "Ql":
			// The enclosure holds the rest of the line but the
			// punctuation that ends it.
			rest := toks[i:]
			end := len(rest)
			for end > 0 && closingDelim(rest[end-1]) {
				end--
			}
			var in mdocOut
			xc = p.mdocRun(&in, rest[:end]) || xc
			e := mdocEnclosures[m]
			o.word(e[0] + in.String() + e[1])
			p.mdocWords(o, rest[end:])
			return xc
		case "Oo", "Do", "So", "Qo", "Po", "Bo", "Bro", "Ao", "Eo":
			o.open(mdocEnclosures[m][0])
			p.mdocWords(o, args)
		case "Oc", "Dc", "Sc", "Qc", "Pc", "Bc", "Brc", "Ac", "Ec":
			o.close(mdocEnclosures[m][1])
			p.mdocWords(o, args)
		case "Bx", "Nx", "Fx", "Ox", "Bsx", "Dx", "Ux", "At":
			name := mdocSystems[m]
			if len(args) > 0 && !closingDelim(args[0]) && m != "Ux" {
				v := p.r.plain(args[0])
				if m == "Bx" {
					name = v + name
				} else {
					name += " " + v
				}
				args = args[1:]
			}
			o.word(name)
			p.mdocWords(o, args)
		case "St":
			if len(args) > 0 {
				s, ok := mdocStandards[args[0]]
				if !ok {
					s = strings.TrimPrefix(p.r.plain(args[0]), "-")
				}
				o.word(s)
				p.mdocWords(o, args[1:])
			}
		case "Lk":
			if len(args) > 1 && !closingDelim(args[1]) {
				o.word(p.r.plain(args[1]) + " <" + p.r.plain(args[0]) + ">")
				p.mdocWords(o, args[2:])
			} else {
				p.mdocWords(o, args)
			}
		default:
			p.mdocWords(o, args)
		}
		i = j
	}
	return xc
}

// mdocWords writes a macro's arguments.
func (p *roffPage) mdocWords(o *mdocOut, args []string) {
	for _, a := range args {
		p.mdocWord(o, a)
	}
}

// mdocWord writes one argument: punctuation against its neighbour, other
// words spaced.
func (p *roffPage) mdocWord(o *mdocOut, a string) {
	switch {
	case closingDelim(a):
		o.close(a)
	case a == "(" || a == "[":
		o.open(a)
	default:
		o.word(p.r.plain(a))
	}
}
