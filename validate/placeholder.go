package validate

import "strings"

// Technical text is full of angle-bracket names that are not HTML: type
// parameters (Rc<T>, HashMap<K, V>), placeholders (<PackageName>_ROOT,
// git commit <file>). Escaped to "&lt;T&gt;" they read as noise wherever
// the answer is shown as text (a terminal, a page that sets textContent),
// and a Markdown renderer would swallow them raw. As a code span they read
// as written everywhere and render inert. Only names no HTML element has,
// without attributes, qualify; a real tag is escaped as before. A name
// that is an HTML element qualifies only as a bare "<name>" that a cited
// source writes as such and that the sentence never closes: build-tool
// manuals name their arguments <option>, <source>, <var> or <output>.

// maxPlaceholder bounds the bytes from '<' to its '>'.
const maxPlaceholder = 80

// placeholderSpan returns the span of the code-like token around the '<'
// at s[i] when it opens a placeholder or type parameter list, extended
// over the identifier before it and after its '>' ("std::rc::Rc<T>",
// "<PackageName>_ROOT"); lo is the first byte it may start at; texts are
// the cited sources' texts (see quotedElement).
func placeholderSpan(s string, i, lo int, texts []string) (start, end int, ok bool) {
	j := i + 1
	for j < len(s) && isNameByte(s[j], j == i+1) {
		j++
	}
	if j == i+1 || htmlElements[strings.ToLower(s[i+1:j])] && !quotedElement(s, i, j, texts) {
		return 0, 0, false
	}
	depth := 1
	for end = j; end < len(s) && end-i <= maxPlaceholder; end++ {
		c := s[end]
		switch {
		case c == '<':
			depth++
		case c == '>':
			depth--
		case c == '\n', c == '`', c == '=', c == '"', c == '/', c == '\\':
			return 0, 0, false
		}
		if depth == 0 {
			break
		}
	}
	if depth != 0 {
		return 0, 0, false
	}
	end++
	start = i
	for start > lo && isTokenByte(s[start-1]) {
		start--
	}
	for end < len(s) && isNameByte(s[end], false) {
		end++
	}
	start, end = wholeToken(s, start, end, lo)
	return start, end, true
}

// wholeToken widens the span s[start:end] to the whole word it lies in, up
// to spaces, backticks, brackets and quotes, less the punctuation after it:
// a placeholder inside a generator expression
// ("MultiThreaded$<$<CONFIG:Debug>:Debug>DLL"), beside another
// ("CMAKE_<LANG>_FLAGS_<CONFIG>") or in a file name ("Find<pkg>.cmake") is
// shown as one code span, as the source writes the word, not as spans cut
// into it ("…$<$`<CONFIG:Debug>`:…", or "`CMAKE_<LANG>_FLAGS_“<CONFIG>`",
// which Markdown reads as one span holding two backticks). Brackets stop
// it so that no span opens inside a pair it does not close.
func wholeToken(s string, start, end, lo int) (int, int) {
	for start > lo && !tokenEdge(s[start-1]) {
		start--
	}
	e := end
	for e < len(s) && !tokenEdge(s[e]) {
		e++
	}
	for e > end && strings.IndexByte(".,;:!?/", s[e-1]) >= 0 {
		e--
	}
	return start, e
}

// tokenEdge reports whether c ends a word for wholeToken: a space, a
// backtick (which would close the code span early), a bracket or a quote.
func tokenEdge(c byte) bool {
	return strings.IndexByte(" \t\n\r`()[]{}\"'", c) >= 0
}

// isNameByte reports whether c can be in an identifier (not first: a digit).
func isNameByte(c byte, first bool) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || !first && ('0' <= c && c <= '9' || c == '-')
}

// isTokenByte reports whether c can be in a qualified name before '<'
// ("std::collections::HashMap", "Vec", "&'a str").
func isTokenByte(c byte) bool {
	return isNameByte(c, false) || c == ':' || c == '&' || c == '\''
}

// htmlElements are the element names of HTML, SVG and MathML roots that a
// browser gives meaning to; a tag with one of them is escaped, never
// shown as code.
var htmlElements = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`a abbr acronym address applet area article aside audio b base basefont bdi bdo
		bgsound big blink blockquote body br button canvas caption center cite code col colgroup data datalist dd
		del details dfn dialog dir div dl dt em embed fieldset figcaption figure font footer form frame frameset
		h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe image img input ins isindex kbd keygen label legend
		li link listing main map mark marquee math menu menuitem meta meter nav nobr noembed noframes noscript
		object ol optgroup option output p param picture plaintext portal pre progress q rb rp rt rtc ruby s samp
		script search section select slot small source spacer span strike strong style sub summary sup svg table
		tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr xmp`) {
		m[n] = true
	}
	return m
}()

// quotedElement reports whether the element-named tag opening at s[i]
// (its name ends at j) is a bare "<name>" that some cited source writes as
// such, and the sentence has no closing "</name" that would make it markup.
func quotedElement(s string, i, j int, texts []string) bool {
	if j >= len(s) || s[j] != '>' {
		return false
	}
	tag := s[i : j+1]
	if strings.Contains(strings.ToLower(s), "</"+strings.ToLower(s[i+1:j])) {
		return false
	}
	for _, t := range texts {
		if strings.Contains(t, tag) {
			return true
		}
	}
	return false
}
