package web_test

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/server/web"
)

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := fs.ReadFile(web.FS(), name)
	require.NoError(t, err, name)
	return string(b)
}

func files(t *testing.T, ext string) []string {
	t.Helper()
	names, err := fs.Glob(web.FS(), "*"+ext)
	require.NoError(t, err)
	require.NotEmpty(t, names, ext)
	return names
}

// The page's references (link href, script src, module imports) must all
// be embedded: a missing file is a blank page under a CSP that forbids
// any other origin.
func TestReferencesResolve(t *testing.T) {
	refRe := regexp.MustCompile(`(?:href|src)="([^"#]+)"`)
	importRe := regexp.MustCompile(`(?m)^import [^;]*? from '([^']+)';`)
	refs := map[string]string{}
	for _, m := range refRe.FindAllStringSubmatch(read(t, "index.html"), -1) {
		refs[m[1]] = "index.html"
	}
	for _, name := range files(t, ".js") {
		for _, m := range importRe.FindAllStringSubmatch(read(t, name), -1) {
			refs[path.Clean(m[1])] = name
		}
	}
	require.Contains(t, refs, "app.js")
	for ref, from := range refs {
		_, err := fs.Stat(web.FS(), ref)
		require.NoError(t, err, "%s references %s", from, ref)
	}
}

// The server sends Content-Security-Policy: default-src 'self'. Inline
// script or style, other origins and HTML built from strings would either
// be blocked by it or open a hole in it (the answer text is untrusted).
func TestCSPCompatible(t *testing.T) {
	html := read(t, "index.html")
	tests := []struct {
		name string
		re   string
		in   []string
	}{
		{"inline script", `<script(?:\s[^>]*)?>\s*[^<\s]`, []string{html}},
		{"style element", `<style`, []string{html}},
		{"style attribute", `\sstyle=`, []string{html}},
		{"event handler attribute", `\son[a-z]+=`, []string{html}},
		{"other origin", `(?i)(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}|url\(`, nil},
		{"HTML from strings", `innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function\(`, nil},
	}
	for _, tag := range regexp.MustCompile(`<script[^>]*>`).FindAllString(html, -1) {
		require.Contains(t, tag, ` src="`, "every script is a file")
	}
	var all []string
	for _, ext := range []string{".html", ".css", ".js"} {
		for _, name := range files(t, ext) {
			all = append(all, read(t, name))
		}
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.in
			if in == nil {
				in = all
			}
			re := regexp.MustCompile(tc.re)
			for _, s := range in {
				require.Empty(t, re.FindString(stripComments(s)))
			}
		})
	}
}

// stripComments drops // line comments of JS, so that prose in them (a
// URL in an explanation, say) is not mistaken for code.
func stripComments(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "//") {
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// The SVG namespace URI is an identifier, not a fetch; it is the one
// other-origin string allowed, and only in the icon.
func TestIconIsSelfContained(t *testing.T) {
	svg := read(t, "favicon.svg")
	require.NotContains(t, strings.ReplaceAll(svg, `xmlns="http://www.w3.org/2000/svg"`, ""), "http")
}
