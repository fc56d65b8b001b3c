package loader

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// HTML comments and empty anchors render as nothing, so they are not
// text: a maintainer's note over the page, a reminder inside it and a heading's
// link target go; code blocks, indented code and code spans keep them.
func TestLoadMarkdownHTMLComments(t *testing.T) {
	doc, err := loadString(t, "fire.md", "<!-- This file is maintained within the kiln GitHub\n     repository. Make all\n     pull requests there. -->\n\n"+
		"# fire\n\n### <a name=\"cone\"></a> Fire to a cone (--cone)\n\n"+
		"The kiln fires to cone 6 by default.<!-- document cone 10 later --> It then cools.\n\n"+
		"<a name=\"old\"><!-- included for deep links --></a>\n\n"+
		"Write `<!-- note -->` to hide a note, `<a name=\"x\"></a>` to mark a target.\n\n```html\n<!-- kept -->\n<a id=\"x\"></a>\n```\n\n"+
		"Example:\n\n    <!-- indented, kept -->\n\nAn unclosed <!-- stays.\n")
	require.NoError(t, err)
	require.Equal(t, "\n\n\n\n# fire\n\n### Fire to a cone (--cone)\n\n"+
		"The kiln fires to cone 6 by default. It then cools.\n\n\n\n"+
		"Write `<!-- note -->` to hide a note, `<a name=\"x\"></a>` to mark a target.\n\n```html\n<!-- kept -->\n<a id=\"x\"></a>\n```\n\n"+
		"Example:\n\n    <!-- indented, kept -->\n\nAn unclosed <!-- stays.\n", doc.Text)
	require.Equal(t, "fire", doc.Title)
}
