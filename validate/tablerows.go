package validate

import (
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Quoted table rows. An answer may quote a row of a Markdown table whole
// ("| `--web.listen-address` | Address to listen on for UI, API, and
// telemetry. | `0.0.0.0:9090` |"), where the row's cells hold sentences of
// their own. Read as running text, the clause around the figure
// ("telemetry. | 0.0.0.0:9090 |") spans two of the source's sentences and
// the figure looked stated about something else, although the row is the
// source's, word for word. A row states its own thing, so a claim whose
// every line is a whole row of one cited source is supported as it
// stands.

// quotedRows returns the lines of a claim (as check reads it: fences and
// code spans' backticks gone) when every one of them is a table row ("| …
// |"), normalised by rowKey; nil otherwise.
func quotedRows(core string) []string {
	var rows []string
	for l := range strings.Lines(strings.TrimSpace(core)) {
		t := strings.TrimSpace(l)
		if len(t) < 3 || !textutil.IsPipeRow(t) {
			return nil
		}
		rows = append(rows, rowKey(t))
	}
	return rows
}

// rowKey is a row as compared: without backticks, its white space
// collapsed.
func rowKey(row string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(row, "`", "")), " ")
}

// rowSpans returns the spans [start, end) of text's lines that are rows
// (rowKey) of rows, in text order: the support of a quoted row. A row the
// text does not hold (a header carried in the chunk's heading) has none.
func rowSpans(text string, rows []string) [][2]int {
	want := map[string]bool{}
	for _, r := range rows {
		want[r] = true
	}
	var out [][2]int
	off := 0
	for l := range strings.Lines(text) {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "|") && want[rowKey(t)] {
			start := off + strings.Index(l, t)
			out = append(out, [2]int{start, start + len(t)})
			delete(want, rowKey(t))
		}
		off += len(l)
	}
	return out
}

// holdsRows reports whether text holds every row (rowKey) as a whole line.
func holdsRows(text string, rows []string) bool {
	have := map[string]bool{}
	for l := range strings.Lines(text) {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "|") {
			have[rowKey(t)] = true
		}
	}
	for _, r := range rows {
		if !have[r] {
			return false
		}
	}
	return true
}
