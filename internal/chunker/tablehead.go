package chunker

import (
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Table headers. A Markdown table longer than a chunk (a chart's hundred
// parameters, a program's flags) is cut between rows, and only its first
// chunk holds the header that says what each column is: a later chunk's
// row "| `--query.max-samples` | Maximum number of samples … | `50000000` |"
// no longer said its last cell is the default. A chunk that starts inside
// such a table carries the table's header row as the last element of its
// heading path, as a long entry's chunks carry its term.

// tableHeaderBefore returns the header row of the Markdown table the line
// at offset start continues, "" when start is in no row of a table begun
// before it.
func tableHeaderBefore(text string, start int) string {
	// A chunk may start inside a row, where a long cell was cut between
	// sentences: the row is the line start is on.
	ls := strings.LastIndexByte(text[:start], '\n') + 1
	if ls == 0 || !textutil.IsPipeRow(lineAt(text, ls)) {
		return ""
	}
	header := ""
	for at := ls; at > 0; {
		prev := strings.LastIndexByte(text[:at-1], '\n') + 1
		l := lineAt(text, prev)
		if !textutil.IsPipeRow(l) {
			break
		}
		header, at = l, prev
	}
	if header == "" {
		return ""
	}
	return strings.TrimSpace(header)
}

// lineAt returns the line starting at offset i, without its line break.
func lineAt(text string, i int) string {
	if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
		return text[i : i+j]
	}
	return text[i:]
}
