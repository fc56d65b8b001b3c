package textutil

import "strings"

// UnfenceJSON strips one Markdown code fence (``` or ```json) around a
// model's reply, which models add even when told to reply with JSON only;
// anything else is returned trimmed and unchanged.
func UnfenceJSON(reply string) string {
	s := strings.TrimSpace(reply)
	if !strings.HasPrefix(s, "```") || !strings.HasSuffix(s, "```") || len(s) < 6 {
		return s
	}
	first, rest, ok := strings.Cut(s[3:len(s)-3], "\n")
	if !ok {
		return s
	}
	if tag := strings.TrimSpace(first); tag != "" && !strings.EqualFold(tag, "json") {
		return s
	}
	return strings.TrimSpace(rest)
}
