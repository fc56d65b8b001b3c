package loader

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/store"
)

var utf8BOM = []byte("\xef\xbb\xbf")

// loadText reads a text or Markdown file straight into the document's
// string: os.ReadFile and string(raw) would hold the file twice, which for
// a file of hundreds of megabytes is most of the indexer's memory. Text
// with a UTF-16 byte-order mark (rare) takes readText's converting path.
func loadText(path string, markdown bool, doc *store.Document, inc *includer) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("loader: %w", err)
	}
	defer f.Close()
	var b strings.Builder
	if st, err := f.Stat(); err == nil && st.Size() > 0 {
		b.Grow(int(st.Size()) + 1) // +1: io.Copy's final read finds EOF without growing
	}
	if _, err := io.Copy(&b, f); err != nil {
		return fmt.Errorf("loader: read %s: %w", path, err)
	}
	text := strings.TrimPrefix(b.String(), string(utf8BOM))
	if strings.HasPrefix(text, "\xff\xfe") || strings.HasPrefix(text, "\xfe\xff") {
		return readText([]byte(text), path, markdown, doc, inc)
	}
	if !utf8.ValidString(text) {
		return &EncodingError{Path: path, Offset: firstInvalid([]byte(text)), Hint: encodingHint([]byte(text))}
	}
	setText(text, markdown, doc, inc)
	return nil
}

// readText stores raw as the document text, without a UTF-8 byte-order
// mark; Markdown also yields a title.
func readText(raw []byte, path string, markdown bool, doc *store.Document, inc *includer) error {
	return readMarkup(raw, path, doc, func(text string, d *store.Document) { setText(text, markdown, d, inc) })
}

// setText stores valid UTF-8 text; Markdown also yields a title. A .txt
// file written in reStructuredText or AsciiDoc, or a manual page, is read
// by its markup or layout, its includes followed through inc.
func setText(text string, markdown bool, doc *store.Document, inc *includer) {
	doc.Text = text
	if !markdown {
		if lines := readManPage(text); lines != nil {
			// "man pumpctl > pumpctl.txt": read by its layout (htmlman.go).
			var w walker
			w.manPage(lines)
			w.closeSection()
			doc.Text, doc.Sections, doc.Title = w.out.String(), w.sections, manTitle(lines)
		} else if looksLikeRST(text) {
			parseRSTIn(text, doc, inc)
		} else if looksLikeAsciiDoc(text) {
			parseAsciiDocIn(text, doc, inc)
		}
	}
	if markdown {
		doc.Title = markdownTitle(doc.Text)
		frontMatterMeta(doc.Text, &doc.Metadata)
		// Front matter is metadata, not content: its title is kept above,
		// and its lines would otherwise be indexed and quoted as text.
		doc.Text = inlineHTMLCode(htmlTables(usageBlocks(withoutHTMLComments(withoutLiquidRaw(stripFrontMatter(doc.Text))))))
	}
}

// frontMatterKeys are the front matter keys read as revision or date, in
// order of preference: a modification date says more about the text than
// a publication date.
var (
	frontMatterRevision = []string{"revision", "rev", "version"}
	frontMatterDate     = []string{"last_updated", "last-updated", "lastupdated", "updated", "lastmod",
		"last_modified", "last-modified", "modified", "date"}
)

// frontMatterMeta fills m from the top-level "key: value" lines of a YAML
// front matter block.
func frontMatterMeta(text string, m *store.Metadata) {
	first, rest, ok := strings.Cut(text, "\n")
	if !ok || strings.TrimSpace(first) != "---" {
		return
	}
	values := map[string]string{}
	closed := false
	for rest != "" {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		line = strings.TrimRight(line, "\r")
		if l := strings.TrimSpace(line); l == "---" || l == "..." {
			closed = true
			break
		}
		if line == "" || line[0] == ' ' || line[0] == '\t' || line[0] == '#' {
			continue // nested values and comments
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		if i := strings.Index(v, " #"); i >= 0 && !strings.HasPrefix(v, `"`) && !strings.HasPrefix(v, "'") {
			v = strings.TrimSpace(v[:i])
		}
		values[strings.ToLower(strings.TrimSpace(k))] = strings.Trim(v, `"'`)
	}
	if !closed {
		return // a rule, not front matter
	}
	for _, k := range frontMatterRevision {
		setRevision(m, values[k])
	}
	for _, k := range frontMatterDate {
		setDate(m, values[k])
	}
}

// stripFrontMatter removes a YAML front matter block ("---" on the first
// line, up to a closing "---" or "...") from the start of Markdown text.
func stripFrontMatter(text string) string {
	first, rest, ok := strings.Cut(text, "\n")
	if !ok || strings.TrimSpace(first) != "---" {
		return text
	}
	for rest != "" {
		line, after, _ := strings.Cut(rest, "\n")
		if l := strings.TrimSpace(line); l == "---" || l == "..." {
			return strings.TrimLeft(after, "\r\n")
		}
		rest = after
	}
	return text // no closing line: a rule, not front matter
}

func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(b)
}

func encodingHint(b []byte) string {
	if bytes.HasPrefix(b, []byte{0xff, 0xfe}) || bytes.HasPrefix(b, []byte{0xfe, 0xff}) {
		return "it starts with a UTF-16 byte-order mark but is not valid UTF-16; convert it to UTF-8"
	}
	return "convert it to UTF-8"
}

// decodeUTF16 converts text that starts with a UTF-16 byte-order mark (as
// Windows tools write "Unicode" text) to UTF-8. It reports false for text
// without one, and for an odd length or unpaired surrogates, which are left
// to the UTF-8 check to reject.
func decodeUTF16(b []byte) ([]byte, bool) {
	var order binary.ByteOrder
	switch {
	case bytes.HasPrefix(b, []byte{0xff, 0xfe}):
		order = binary.LittleEndian
	case bytes.HasPrefix(b, []byte{0xfe, 0xff}):
		order = binary.BigEndian
	default:
		return nil, false
	}
	b = b[2:]
	if len(b)%2 != 0 {
		return nil, false
	}
	units := make([]uint16, len(b)/2)
	for i := range units {
		units[i] = order.Uint16(b[2*i:])
	}
	var out []byte
	for i := 0; i < len(units); i++ {
		u := units[i]
		r := rune(u)
		switch {
		case utf16.IsSurrogate(r):
			if i+1 >= len(units) {
				return nil, false
			}
			r = utf16.DecodeRune(r, rune(units[i+1]))
			if r == utf8.RuneError {
				return nil, false
			}
			i++
		}
		out = utf8.AppendRune(out, r)
	}
	return out, true
}

// markdownTitle returns the "title:" of YAML front matter, else the text of
// the first level-1 ATX heading outside code fences, else "".
func markdownTitle(text string) string {
	lines := strings.Split(text, "\n")
	i := 0
	if len(lines) > 0 && strings.TrimSpace(lines[0]) == "---" {
		for i = 1; i < len(lines); i++ {
			l := strings.TrimSpace(lines[i])
			if l == "---" || l == "..." {
				break
			}
			if v, ok := strings.CutPrefix(l, "title:"); ok {
				if t := strings.Trim(strings.TrimSpace(v), `"'`); t != "" {
					return t
				}
			}
		}
		if i == len(lines) {
			i = 0 // not front matter after all
		} else {
			i++
		}
	}
	fence := ""
	for ; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], "\r")
		t := strings.TrimLeft(l, " ")
		if len(l)-len(t) > 3 {
			continue
		}
		if fence != "" {
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]+" \t") == "" {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = t[:3]
			continue
		}
		if rest, ok := strings.CutPrefix(t, "#"); ok && (strings.HasPrefix(rest, " ") || strings.HasPrefix(rest, "\t")) {
			rest = strings.TrimSpace(rest)
			if trimmed := strings.TrimRight(rest, "#"); trimmed == "" || strings.HasSuffix(trimmed, " ") {
				rest = strings.TrimSpace(trimmed)
			}
			if rest != "" {
				return strings.Join(strings.Fields(rest), " ")
			}
		}
	}
	return ""
}

// markupSniff is how much of a .txt file looksLikeRST and
// looksLikeAsciiDoc read to tell its markup.
const markupSniff = 64 << 10

// sniffHead returns the first markupSniff bytes of text, cut at a
// character boundary.
func sniffHead(text string) string {
	if len(text) <= markupSniff {
		return text
	}
	n := markupSniff
	for n > 0 && !utf8.RuneStart(text[n]) {
		n--
	}
	return text[:n]
}
