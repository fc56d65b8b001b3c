package loader

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/store"
)

var utf8BOM = []byte("\xef\xbb\xbf")

// readText stores raw as the document text, without a UTF-8 byte-order
// mark; Markdown also yields a title.
func readText(raw []byte, path string, markdown bool, doc *store.Document) error {
	raw = bytes.TrimPrefix(raw, utf8BOM)
	if !utf8.Valid(raw) {
		return &EncodingError{Path: path, Offset: firstInvalid(raw), Hint: encodingHint(raw)}
	}
	doc.Text = string(raw)
	if markdown {
		doc.Title = markdownTitle(doc.Text)
	}
	return nil
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
		return "it starts with a UTF-16 byte-order mark; convert it to UTF-8"
	}
	return "convert it to UTF-8"
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
