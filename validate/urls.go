package validate

import (
	"regexp"
	"strings"
)

// mdURLRe is the target of a Markdown link or image: "](url" up to a
// space or the closing parenthesis. Bare URLs are found with hygiene.go's
// bareURLRe, so the validator and CleanOutput see the same URLs.
var mdURLRe = regexp.MustCompile(`\]\(\s*<?([^()\s<>]+)`)

// urlSpan is a URL in a text.
type urlSpan struct {
	url        string
	start, end int
}

// findURLs returns the URLs of s: Markdown link and image targets and bare
// URLs, trailing punctuation removed.
func findURLs(s string) []urlSpan {
	var out []urlSpan
	add := func(start, end int) {
		for end > start && strings.ContainsRune(".,;:!?*_'\"", rune(s[end-1])) {
			end--
		}
		for _, u := range out {
			if start >= u.start && start < u.end {
				return
			}
		}
		if end > start {
			out = append(out, urlSpan{s[start:end], start, end})
		}
	}
	for _, m := range mdURLRe.FindAllStringSubmatchIndex(s, -1) {
		add(m[2], m[3])
	}
	for _, m := range bareURLRe.FindAllStringIndex(s, -1) {
		add(m[0], m[1])
	}
	return out
}

// blankURLs replaces the URLs of s with spaces: they are judged as
// URLs, not as words.
func blankURLs(s string, urls []urlSpan) string {
	if len(urls) == 0 {
		return s
	}
	b := []byte(s)
	for _, u := range urls {
		for i := u.start; i < u.end; i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

// urlCited reports whether a cited source holds the URL as written (a
// trailing slash aside).
func urlCited(u string, texts []string) bool {
	want := strings.TrimSuffix(u, "/")
	for _, t := range texts {
		if strings.Contains(t, want) {
			return true
		}
	}
	return false
}
