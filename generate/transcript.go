package generate

import (
	"strings"

	"github.com/hybridrag/hybridrag/store"
)

// timeHeader is the Time and Speakers lines of a transcript source's
// header, or "" for any other chunk. The time range tells a model which
// moments it may cite; name is the source's display name as the header
// shows it, label its S-label, and clean sanitises a header value.
func timeHeader(c store.Chunk, name, label string, clean func(string) string) string {
	ts, ok := c.TimeSpan()
	if !ok {
		return ""
	}
	var b strings.Builder
	b.WriteString("Time: " + store.FormatTimestamp(ts.Start) + "–" + store.FormatTimestamp(ts.End))
	if name = strings.NewReplacer("[", "(", "]", ")").Replace(name); name != "" {
		b.WriteString(" (cite a moment as [" + label + "] or [source: " + name + ", t=M:SS] within this range)")
	}
	b.WriteString("\n")
	if sp := clean(strings.Join(ts.Speakers, ", ")); sp != "" {
		b.WriteString("Speakers: " + sp + "\n")
	}
	return b.String()
}
