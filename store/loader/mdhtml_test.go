package loader

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A raw HTML table in Markdown reads as the HTML loader reads a page's
// table; one inside a code fence is an example and stays as written.
func TestLoadMarkdownHTMLTable(t *testing.T) {
	doc, err := loadString(t, "run.md", "# Kilns\n\nThe kiln supports these policies:\n\n"+
		"<table>\n  <thead>\n    <tr><th>Policy</th><th>Result</th></tr>\n  </thead>\n  <tbody>\n"+
		"    <tr>\n      <td><strong>no</strong></td>\n      <td>\n        Do not refire the kiln when it cools.\n        This is the default.\n      </td>\n    </tr>\n"+
		"    <tr><td><strong>always</strong></td><td>Always refire the kiln.</td></tr>\n  </tbody>\n</table>\n\n"+
		"```html\n<table><tr><td>example</td></tr></table>\n```\n")
	require.NoError(t, err)
	require.Equal(t, "# Kilns\n\nThe kiln supports these policies:\n\n"+
		"Policy | Result\nno | Do not refire the kiln when it cools. This is the default.\nalways | Always refire the kiln.\n\n"+
		"```html\n<table><tr><td>example</td></tr></table>\n```\n", doc.Text)
}

// Liquid's raw and endraw tags are escapes, not content.
func TestLoadMarkdownLiquidRaw(t *testing.T) {
	doc, err := loadString(t, "inspect.md", "# inspect\n\n```console\n{% raw %}\n$ kiln inspect -f \"{{ .Temp }}\" k1\n{% endraw %}\n```\n\n"+
		"Use {% raw %}{{ .Temp }}{% endraw %} for the temperature.\n")
	require.NoError(t, err)
	require.Equal(t, "# inspect\n\n```console\n$ kiln inspect -f \"{{ .Temp }}\" k1\n```\n\nUse {{ .Temp }} for the temperature.\n", doc.Text)
}

// A <code> element in Markdown is written as the code span it renders as;
// other angle brackets, and code blocks, stay as written.
func TestLoadMarkdownInlineHTMLCode(t *testing.T) {
	doc, err := loadString(t, "flags.md", "# Flags\n\n| Flag | Description |\n| --- | --- |\n"+
		"| <code class=\"text-nowrap\">--config.file</code> | Kiln configuration file path. |\n\n"+
		"Set `<duration>` in the <CODE>kiln.yml</CODE> file.\n\n```html\n<code>kept</code>\n```\n")
	require.NoError(t, err)
	require.Equal(t, "# Flags\n\n| Flag | Description |\n| --- | --- |\n| `--config.file` | Kiln configuration file path. |\n\n"+
		"Set `<duration>` in the `kiln.yml` file.\n\n```html\n<code>kept</code>\n```\n", doc.Text)
}
