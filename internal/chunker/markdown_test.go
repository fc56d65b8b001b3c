package chunker

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseMarkdownHeadings(t *testing.T) {
	type h struct {
		Level int
		Text  string
		Line  string
	}
	cases := []struct {
		name string
		in   string
		want []h
	}{
		{"atx levels", "# One\ntext\n## Two ##\n###### Six\n####### seven\n#nospace",
			[]h{{1, "One", "# One"}, {2, "Two", "## Two ##"}, {6, "Six", "###### Six"}}},
		{"atx indentation", "   # Three spaces\n    # four spaces is code\n\t# tab is code",
			[]h{{1, "Three spaces", "   # Three spaces"}}},
		{"closing hashes kept when glued", "# C#\n# Title #", []h{{1, "C#", "# C#"}, {1, "Title", "# Title #"}}},
		{"empty heading", "#\ntext", []h{{1, "", "#"}}},
		{"setext", "Title\n=====\n\nSub title\non two lines\n---\n", []h{{1, "Title", "Title\n====="}, {2, "Sub title on two lines", "Sub title\non two lines\n---"}}},
		{"thematic break is not setext", "text\n\n---\n\nmore", nil},
		{"list item is not setext", "- item\n---\n", nil},
		{"quote is not setext", "> quote\n---\n", nil},
		{"fence hides headings", "```bash\n# comment\n\n## also comment\n```\n# Real", []h{{1, "Real", "# Real"}}},
		{"tilde fence and longer close", "~~~\n# no\n~~~~\n# Yes", []h{{1, "Yes", "# Yes"}}},
		{"unclosed fence", "# A\n```\n# no\n", []h{{1, "A", "# A"}}},
		{"backtick info with backtick is not a fence", "``` a`b\n# Yes", []h{{1, "Yes", "# Yes"}}},
		{"front matter", "---\ntitle: x\n---\n# Body", []h{{1, "Body", "# Body"}}},
		{"crlf", "# One\r\ntext\r\n\r\nTwo\r\n---\r\n", []h{{1, "One", "# One"}, {2, "Two", "Two\r\n---"}}},
		{"table is not setext", "| a | b |\n|---|---|\n| 1 | 2 |", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []h
			for _, x := range parseMarkdown(c.in).headings {
				got = append(got, h{x.level, x.text, c.in[x.start:x.end]})
			}
			require.Equal(t, c.want, got)
		})
	}
}

func TestParseMarkdownFences(t *testing.T) {
	in := "a\n```\ncode\n```\nb\n~~~\nopen"
	md := parseMarkdown(in)
	require.Len(t, md.fences, 2)
	require.Equal(t, "```\ncode\n```", in[md.fences[0].start:md.fences[0].end])
	require.Equal(t, "~~~\nopen", in[md.fences[1].start:md.fences[1].end])
}

func TestATXTextStripsAttributes(t *testing.T) {
	require.Equal(t, "Default GODEBUG Values", atxText(" Default GODEBUG Values {#default}"))
	require.Equal(t, "Install", atxText("Install {.unnumbered} ##"))
	require.Equal(t, "Sets {a} and {b}", atxText("Sets {a} and {b}"))
}
