package loader

import (
	"regexp"
	"strings"
)

// liquidRaw matches Liquid's raw and endraw tags ("{% raw %}", "{%- endraw
// -%}"), which Jekyll sites write around text holding "{{" so that it is
// shown as written: an escape, not content. Left in, they stood as lines
// of their own inside the examples an answer quoted.
var liquidRaw = regexp.MustCompile(`\{%-?\s*(?:raw|endraw)\s*-?%\}`)

// withoutLiquidRaw removes Liquid's raw and endraw tags, and the lines
// they stood alone on.
func withoutLiquidRaw(text string) string {
	if !strings.Contains(text, "{%") {
		return text
	}
	lines := strings.Split(text, "\n")
	out := lines[:0]
	for _, l := range lines {
		if !liquidRaw.MatchString(l) {
			out = append(out, l)
			continue
		}
		if t := liquidRaw.ReplaceAllString(l, ""); strings.TrimSpace(t) != "" {
			out = append(out, t)
		}
	}
	return strings.Join(out, "\n")
}
