package loader

import (
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/hybridrag/hybridrag/store"
)

// A document's revision and date come from its format's own metadata
// (front matter, meta tags, PDF information, Word core properties) and,
// failing that, from a "Revision B" or "Last updated June 3, 2024" line
// near the top of its text. Values that do not parse are ignored: a
// document without a readable date is still a document.

// topLines is how many non-empty lines at the start of a text are searched
// for revision and date lines.
const topLines = 20

// setRevision and setDate fill a field only while it is empty, so that the
// first (most specific) source wins and nothing a host set is replaced.
func setRevision(m *store.Metadata, rev string) {
	rev = strings.Join(strings.Fields(rev), " ")
	if m.Revision == "" && rev != "" && len(rev) <= 64 {
		m.Revision = rev
	}
}

func setDate(m *store.Metadata, s string) {
	if !m.Date.IsZero() {
		return
	}
	if t, ok := parseDate(s); ok {
		m.Date = t
	}
}

// dateLayouts are the date forms documents commonly carry, tried in order
// on the whole value.
var dateLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05",
	"2006-01-02T15:04",
	"2006-01-02 15:04:05 -0700",
	"2006-01-02 15:04:05 -07:00",
	"2006-01-02 15:04:05Z07:00",
	"2006-01-02 15:04:05",
	"2006-01-02 15:04",
	"2006-01-02",
	"2006/01/02",
	"2006.01.02",
	"2006-01",
	"January 2, 2006",
	"January 2 2006",
	"Jan 2, 2006",
	"Jan 2 2006",
	"Jan. 2, 2006",
	"2 January 2006",
	"2 Jan 2006",
	"2 Jan. 2006",
	"January 2006",
	"Jan 2006",
	"Monday, January 2, 2006",
	"Mon, Jan 2, 2006",
	time.RFC1123Z,
	time.RFC1123,
	"Mon, 2 Jan 2006 15:04:05 -0700",
	"Mon, 2 Jan 2006 15:04:05 MST",
	time.UnixDate,
}

// parseDate reads a date in one of dateLayouts, or a PDF date
// ("D:20240603101500+02'00'"). Times without a zone are UTC.
func parseDate(s string) (time.Time, bool) {
	s = strings.Join(strings.Fields(strings.Trim(s, " \t\"'")), " ")
	if s == "" || len(s) > 64 {
		return time.Time{}, false
	}
	if strings.HasPrefix(s, "D:") || (len(s) >= 8 && allDigits(s[:8])) {
		if t, ok := parsePDFDate(s); ok {
			return t, true
		}
	}
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return plausible(t)
		}
	}
	return time.Time{}, false
}

// plausible rejects years no document carries (a version number such as
// "0001-01" read as a date).
func plausible(t time.Time) (time.Time, bool) {
	if t.Year() < 1900 || t.Year() > 2200 {
		return time.Time{}, false
	}
	return t, true
}

// parsePDFDate reads the PDF date form D:YYYYMMDDHHmmSSOHH'mm' (ISO 32000
// §7.9.4), where every part after the year is optional.
func parsePDFDate(s string) (time.Time, bool) {
	s = strings.TrimPrefix(s, "D:")
	num := func(i, n, def int) (int, bool) {
		if len(s) < i+n {
			return def, true
		}
		if !allDigits(s[i : i+n]) {
			return 0, false
		}
		v, _ := strconv.Atoi(s[i : i+n])
		return v, true
	}
	if len(s) < 4 {
		return time.Time{}, false
	}
	parts := [6]int{}
	defs := [6]int{0, 1, 1, 0, 0, 0}
	widths := [6]int{4, 2, 2, 2, 2, 2}
	i := 0
	for k := range parts {
		if i >= len(s) || !unicode.IsDigit(rune(s[i])) {
			parts[k] = defs[k]
			continue
		}
		v, ok := num(i, widths[k], defs[k])
		if !ok {
			return time.Time{}, false
		}
		parts[k] = v
		i += widths[k]
	}
	loc := time.UTC
	if i < len(s) {
		switch s[i] {
		case 'Z':
		case '+', '-':
			h, ok1 := num(i+1, 2, 0)
			m, ok2 := num(i+4, 2, 0) // after HH'
			if !ok1 || !ok2 {
				return time.Time{}, false
			}
			off := h*3600 + m*60
			if s[i] == '-' {
				off = -off
			}
			loc = time.FixedZone("", off)
		default:
			return time.Time{}, false
		}
	}
	mo, d, h, mi, se := parts[1], parts[2], parts[3], parts[4], parts[5]
	if mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59 {
		return time.Time{}, false
	}
	t := time.Date(parts[0], time.Month(mo), d, h, mi, se, 0, loc)
	if t.Day() != d {
		return time.Time{}, false // 31 February
	}
	return plausible(t)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// findDate returns the longest run of leading words of s that parses as a
// date ("Jun 03, 2024 (12:34 UTC)." → June 3, 2024).
func findDate(s string) (time.Time, bool) {
	words := strings.Fields(s)
	for n := min(len(words), 6); n > 0; n-- {
		cand := strings.TrimRight(strings.Join(words[:n], " "), ".,;:)")
		if t, ok := parseDate(cand); ok {
			return t, true
		}
	}
	return time.Time{}, false
}

// revisionLabels and dateLabels open the lines that carry a revision or a
// date, lower-cased and longest first.
var (
	revisionLabels = []string{"revision", "version", "rev.", "rev", "ver."}
	dateLabels     = []string{"last updated on", "last updated", "last modified on", "last modified",
		"last update", "last revised", "updated on", "updated", "modified", "revised", "published on",
		"published", "date"}
)

// labelLineWords caps the words of a revision or date line: a longer line
// is a sentence that happens to start with "Version".
const labelLineWords = 8

// scanLabelLines fills m from "Revision B", "Version 2.1 (June 2024)",
// "Last updated: 2024-06-03" lines among the first topLines non-empty lines
// of text (all lines when limit is negative).
func scanLabelLines(text string, limit int, m *store.Metadata) {
	seen := 0
	for text != "" && (limit < 0 || seen < limit) && (m.Revision == "" || m.Date.IsZero()) {
		var line string
		line, text, _ = strings.Cut(text, "\n")
		line = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "#*_>-|"))
		line = strings.TrimSpace(strings.Trim(line, "*_|"))
		if line == "" {
			continue
		}
		seen++
		if len(strings.Fields(line)) > labelLineWords+4 {
			continue
		}
		labelLine(line, m)
	}
}

// labelLine reads one candidate line.
func labelLine(line string, m *store.Metadata) {
	lower := strings.ToLower(line)
	for _, l := range revisionLabels {
		rest, ok := afterLabel(line, lower, l)
		if !ok {
			continue
		}
		words := strings.Fields(rest)
		if len(words) == 0 || len(words) > labelLineWords {
			return
		}
		// "Revision B, June 3, 2024" / "Version 2 (2024-06-03)"
		var date time.Time
		for i := 1; i < len(words) && date.IsZero(); i++ {
			if t, ok := findDate(strings.Trim(strings.Join(words[i:], " "), "()[]—–-, ")); ok {
				date = t
			}
		}
		if len(words) > 3 && date.IsZero() {
			return // "Version 2 of the protocol adds …": a sentence
		}
		rev := strings.TrimRight(words[0], ".,;:)")
		if rev != "" && strings.IndexFunc(rev, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			setRevision(m, rev)
		}
		if m.Date.IsZero() {
			m.Date = date
		}
		return
	}
	for _, l := range dateLabels {
		if rest, ok := afterLabel(line, lower, l); ok {
			if m.Date.IsZero() {
				if t, ok := findDate(strings.Trim(rest, "()[]—–-, ")); ok {
					m.Date = t
				}
			}
			return
		}
	}
}

// afterLabel returns what follows label at the start of line, past a
// separator (":", "#", "=", "-") or white space; label must end a word.
func afterLabel(line, lower, label string) (string, bool) {
	if !strings.HasPrefix(lower, label) {
		return "", false
	}
	rest := line[len(label):]
	if rest == "" {
		return "", false
	}
	if r := rune(rest[0]); !strings.HasSuffix(label, ".") && !unicode.IsSpace(r) && !strings.ContainsRune(":#=", r) {
		return "", false // "versions", "revisionist", "dated"
	}
	return strings.TrimLeft(rest, " \t:#="), true
}
