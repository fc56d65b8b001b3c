package validate

import (
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// tableHeader reports whether span sp of answer is the header row of a
// Markdown table: a line that starts and ends with '|' right after a line
// that is not a row. A GFM table always opens with its column names, which
// state nothing and cite nothing; checked as a claim the row was dropped,
// leaving the table without its header. The rule looks only at what comes
// before, so a stream decides it as the whole answer does. A first row
// with a number in it reads as data and stays a claim.
func tableHeader(answer string, sp textutil.Span) bool {
	line := strings.TrimSpace(answer[sp.Start:sp.End])
	if len(line) < 3 || line[0] != '|' || line[len(line)-1] != '|' {
		return false
	}
	start := strings.LastIndexByte(answer[:sp.Start], '\n') + 1
	if strings.TrimSpace(answer[start:sp.Start]) != "" {
		return false // the span does not open its line
	}
	if start > 0 {
		prevStart := strings.LastIndexByte(answer[:start-1], '\n') + 1
		if strings.HasPrefix(strings.TrimSpace(answer[prevStart:start-1]), "|") {
			return false
		}
	}
	return len(extractFacts(line)) == 0
}
