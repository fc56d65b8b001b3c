package validate

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/retrieve"
)

// Output hygiene: an answer is shown to people, often rendered as Markdown
// or HTML. A model (or an injection it followed) can put a link or an image
// there that no source gave it: an image URL is fetched by the reader's
// browser the moment it renders, carrying whatever the query string holds.
// So a URL stays only when a source the sentence cites contains it, and raw
// HTML is shown as text.

var (
	// linkRe finds the constructs that carry a URL; the order of the
	// alternatives decides which wins at a position.
	linkRe = regexp.MustCompile(
		// 1: image alt, 2: image target
		`!\[([^\]\n]*)\]\(\s*(` + linkTarget + `)` + linkTitle + `\s*\)` +
			// 3: link text, 4: link target
			`|\[([^\]\n]*)\]\(\s*(` + linkTarget + `)` + linkTitle + `\s*\)` +
			// 5: autolink target
			`|` + autolink +
			// 6: bare URL
			`|(` + bareURL + `)`)
	// htmlRe finds what a renderer would take for HTML, after an autolink
	// (which linkRe has vetted and which must stay as it is): a tag, a
	// comment, a declaration, a processing instruction, or the start of
	// one left unclosed ("<img src=…" without '>').
	htmlRe = regexp.MustCompile(`(` + autolink + `)` +
		`|<!--.*?-->|</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>\n]*)?/?>|<![A-Za-z][^<>\n]*>|<\?[^<>\n]*\?>|<[/!?]?[A-Za-z]`)
	// bareURLRe finds URLs in source text.
	bareURLRe   = regexp.MustCompile(bareURL)
	htmlEscaper = strings.NewReplacer("<", "&lt;", ">", "&gt;")
	// unsafeSchemeRe is a link target that runs code or embeds content.
	unsafeSchemeRe = regexp.MustCompile(`(?i)^\s*(?:javascript|vbscript|data|file):`)
)

const (
	linkTarget = `<[^<>\n]*>|[^\s()<>]+(?:\([^\s()]*\)[^\s()<>]*)*`
	linkTitle  = `(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?`
	bareURL    = `(?i:\b(?:https?|ftp)://|\bwww\.)[^\s<>"'` + "`" + `\[\]{}|\\^]+`
	autolink   = `<((?i:https?|ftp)://[^\s<>]+|(?i:mailto):[^\s<>]+)>`
)

// CleanOutput returns one answer sentence as it may be shown, given the
// sources it cites:
//
//   - a Markdown image whose URL no cited source contains is removed;
//   - a Markdown link whose URL no cited source contains keeps only its
//     text; so does an autolink (<https://…>) or bare URL, which is removed;
//   - javascript:, vbscript:, data: and file: targets are always removed;
//   - raw HTML tags and comments are escaped ("<script>" becomes
//     "&lt;script&gt;"), so they show as text instead of rendering;
//   - a placeholder or type parameter list whose name is no HTML element
//     ("Rc<T>", "<PackageName>_ROOT") becomes inline code, which reads as
//     written in plain text and renders inert as Markdown.
//
// Text inside inline code and fenced code blocks is left as it is, and so
// is a '<' that cannot open a tag ("< 5 bar", "a <= b"). URLs are compared
// by scheme, host, path and query (case of scheme and host, a trailing '/',
// the fragment and trailing punctuation ignored); a relative or mailto
// target must occur in a cited source as written. Every rewrite is local to
// its line, except that a fence opened in the sentence runs to its end, so
// a sentence cleaned alone reads as it does in the whole answer.
// CleanOutput is safe for concurrent use.
func CleanOutput(sentence string, cited []retrieve.Source) string {
	return newAllowList(cited).clean(sentence, true)
}

// allowList holds what a sentence's cited sources allow. The URLs of the
// sources are collected on first need: most sentences carry no link, and
// scanning every cited source for URLs was most of rendering an answer.
type allowList struct {
	texts []string
	urls  map[string]bool // normalised absolute URLs; nil until needed
}

func newAllowList(cited []retrieve.Source) *allowList {
	a := &allowList{}
	for _, s := range cited {
		a.texts = append(a.texts, s.Chunk.Text)
	}
	return a
}

// sourceURLs returns the normalised absolute URLs of the cited sources.
func (a *allowList) sourceURLs() map[string]bool {
	if a.urls == nil {
		a.urls = map[string]bool{}
		for _, t := range a.texts {
			for _, u := range bareURLRe.FindAllString(t, -1) {
				if key, ok := normalizeURL(u); ok {
					a.urls[key] = true
				}
			}
		}
	}
	return a.urls
}

// allows reports whether a link target may stay.
func (a *allowList) allows(target string) bool {
	target = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(target), "<"), ">"))
	if target == "" || unsafeSchemeRe.MatchString(target) {
		return false
	}
	if key, ok := normalizeURL(target); ok {
		return a.sourceURLs()[key]
	}
	// Relative, anchor or mailto targets: as written in a cited source.
	lower := strings.ToLower(strings.TrimPrefix(strings.ToLower(target), "mailto:"))
	for _, t := range a.texts {
		if strings.Contains(strings.ToLower(t), lower) {
			return true
		}
	}
	return false
}

// normalizeURL returns scheme://host/path?query of an absolute URL (or one
// starting with "www."), lower-casing scheme and host and dropping user
// info, fragment, a trailing '/' and trailing punctuation.
func normalizeURL(raw string) (string, bool) {
	raw = trimURL(raw)
	if strings.HasPrefix(strings.ToLower(raw), "www.") {
		raw = "http://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Scheme == "" {
		return "", false
	}
	key := strings.ToLower(u.Scheme) + "://" + strings.ToLower(u.Host) + strings.TrimRight(u.EscapedPath(), "/")
	if u.RawQuery != "" {
		key += "?" + u.RawQuery
	}
	return key, true
}

// trimURL drops punctuation that ends the prose around a URL rather than
// the URL: a final '.', ',', ')' without its '(' and the like.
func trimURL(u string) string {
	for u != "" {
		c := u[len(u)-1]
		switch {
		case strings.IndexByte(".,;:!?*_~'\"", c) >= 0:
			u = u[:len(u)-1]
		case c == ')' && strings.Count(u, "(") < strings.Count(u, ")"):
			u = u[:len(u)-1]
		default:
			return u
		}
	}
	return u
}

// clean rewrites text outside code. atLineStart says whether text starts
// a line of the answer (a fence can only open there).
func (a *allowList) clean(text string, atLineStart bool) string {
	var b strings.Builder
	b.Grow(len(text))
	for _, part := range splitCode(text, atLineStart) {
		if part.code {
			b.WriteString(part.text)
			continue
		}
		a.cleanProse(&b, part.text)
	}
	return b.String()
}

// cleanProse writes s, which holds no code, to b: URLs first (a URL inside
// an HTML tag goes too), then HTML escaped.
func (a *allowList) cleanProse(b *strings.Builder, s string) {
	var out strings.Builder
	prev := 0
	trimNext := false // a removal opened the text: no space before what follows
	atStart := b.Len() == 0
	write := func(t string) {
		if trimNext {
			if t = strings.TrimLeft(t, " "); t != "" {
				trimNext = false
			}
		}
		out.WriteString(t)
	}
	for _, m := range linkRe.FindAllStringSubmatchIndex(s, -1) {
		has := func(g int) bool { return m[2*g] >= 0 }
		group := func(g int) string {
			if !has(g) {
				return ""
			}
			return s[m[2*g]:m[2*g+1]]
		}
		var repl string
		removed := false // the construct went without its text
		switch {
		case has(2): // image: all or nothing
			if a.allows(group(2)) {
				repl = s[m[0]:m[1]]
			} else {
				removed = true
			}
		case has(4): // link: its text at least
			if a.allows(group(4)) {
				repl = s[m[0]:m[1]]
			} else {
				repl = linkText(group(3))
			}
		case has(5): // autolink
			if a.allows(group(5)) {
				repl = s[m[0]:m[1]]
			} else {
				removed = true
			}
		default: // bare URL; punctuation after it stays
			u := group(6)
			t := trimURL(u)
			if a.allows(t) {
				repl = u
			} else {
				repl, removed = u[len(t):], true
			}
		}
		write(s[prev:m[0]])
		if removed {
			tidySeam(&out, repl+s[m[1]:])
			trimNext = trimNext || (atStart && out.Len() == 0)
		}
		write(repl)
		prev = m[1]
	}
	write(s[prev:])
	b.WriteString(escapeHTML(out.String(), a.texts))
}

// escapeHTML escapes every tag-like construct of s but autolinks, and
// shows placeholders and type parameters ("Rc<T>") as code (placeholder.go);
// texts are the cited sources' texts, which may quote a placeholder that
// happens to be named like an HTML element ("<option>").
func escapeHTML(s string, texts []string) string {
	var b strings.Builder
	prev := 0
	for _, m := range htmlRe.FindAllStringSubmatchIndex(s, -1) {
		if m[0] < prev { // inside a placeholder written already
			continue
		}
		if m[2] >= 0 { // an autolink linkRe let stay
			b.WriteString(s[prev:m[1]])
			prev = m[1]
			continue
		}
		if start, end, ok := placeholderSpan(s, m[0], prev, texts); ok {
			b.WriteString(s[prev:start])
			b.WriteString("`" + s[start:end] + "`")
			prev = end
			continue
		}
		b.WriteString(s[prev:m[0]])
		b.WriteString(htmlEscaper.Replace(s[m[0]:m[1]]))
		prev = m[1]
	}
	b.WriteString(s[prev:])
	return b.String()
}

// linkText is what is left of a rejected link: its text, with a citation
// marker kept as one ("[S1](…)" stays "[S1]").
func linkText(text string) string {
	if citationLabelRe.MatchString(text) {
		return "[" + text + "]"
	}
	return text
}

var citationLabelRe = regexp.MustCompile(`^\s*S\d+(?:\s*[,;]\s*S\d+)*\s*$`)

// tidySeam drops the space before a removed construct when what follows
// is a space or closing punctuation, so no double space or " ." is left.
func tidySeam(b *strings.Builder, rest string) {
	out := b.String()
	if !strings.HasSuffix(out, " ") {
		return
	}
	if rest != "" && strings.IndexByte(" .,;:!?)", rest[0]) < 0 {
		return
	}
	trimmed := strings.TrimRight(out, " ")
	b.Reset()
	b.WriteString(trimmed)
}

// codePart is a piece of text that is, or is not, code.
type codePart struct {
	text string
	code bool
}

// splitCode cuts text into code and prose: fenced blocks (``` or ~~~ at
// a line start, to the closing fence or the end) and inline code spans
// (a run of backticks closed by a run of the same length on the same line).
func splitCode(text string, atLineStart bool) []codePart {
	var parts []codePart
	add := func(s string, code bool) {
		if s == "" {
			return
		}
		if n := len(parts); n > 0 && parts[n-1].code == code {
			parts[n-1].text += s
			return
		}
		parts = append(parts, codePart{s, code})
	}
	var fence string // the open fence's marker, "" outside a fence
	for i := 0; i < len(text); {
		end := strings.IndexByte(text[i:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += i + 1
		}
		line := text[i:end]
		lineStart := i > 0 || atLineStart
		switch marker := fenceMarker(line); {
		case fence != "":
			add(line, true)
			// A closing fence with the block's citation after it ("``` [S1]")
			// closes it, as textutil.Sentences reads it.
			if marker != "" && strings.HasPrefix(marker, fence) && textutil.OnlyMarkers(strings.TrimLeft(strings.TrimSpace(line), marker[:1])) {
				fence = ""
			}
		case lineStart && marker != "":
			fence = marker
			add(line, true)
		default:
			for _, p := range inlineCode(line) {
				add(p.text, p.code)
			}
		}
		i = end
	}
	return parts
}

// fenceMarker returns the backtick or tilde run that opens line as a
// fence (up to three spaces first), or "".
func fenceMarker(line string) string {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return ""
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	if n < 3 {
		return ""
	}
	return t[:n]
}

// inlineCode splits one line at its inline code spans.
func inlineCode(line string) []codePart {
	var parts []codePart
	prev := 0
	for i := 0; i < len(line); {
		if line[i] != '`' {
			i++
			continue
		}
		n := 0
		for i+n < len(line) && line[i+n] == '`' {
			n++
		}
		closeAt := -1
		for j := i + n; j < len(line); {
			if line[j] != '`' {
				j++
				continue
			}
			k := 0
			for j+k < len(line) && line[j+k] == '`' {
				k++
			}
			if k == n {
				closeAt = j + k
				break
			}
			j += k
		}
		if closeAt < 0 {
			i += n
			continue
		}
		parts = append(parts, codePart{line[prev:i], false}, codePart{line[i:closeAt], true})
		prev, i = closeAt, closeAt
	}
	return append(parts, codePart{line[prev:], false})
}
