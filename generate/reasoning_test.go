package generate_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
)

func TestStripReasoning(t *testing.T) {
	cases := []struct {
		name, reply, answer string
		removed             bool
	}{
		{"no block", "Replace the filters every 6 months [S1].", "Replace the filters every 6 months [S1].", false},
		{"block then answer", "<think>S1 says 6 months.</think>\n\nReplace them every 6 months [S1].", "Replace them every 6 months [S1].", true},
		{"glued to the answer", "<think>They last a year.</think>Replace them every 6 months [S1].", "Replace them every 6 months [S1].", true},
		{"leading space and case", "\n  <THINKING>\nhmm [S2]\n</Thinking> Every 6 months [S1].", "Every 6 months [S1].", true},
		{"reasoning tag", "<reasoning>a</reasoning>B [S1].", "B [S1].", true},
		// A chat template that opens the block in the prompt leaves only
		// the closing tag in the reply.
		{"closing tag only", "The user asks about filters [S1].\n</think>\n\nEvery 6 months [S1].", "Every 6 months [S1].", true},
		{"never closed", "<think>The user asks about filters [S1].", "", true},
		{"a tag inside the answer is kept", "Every 6 months [S1]. <think> is not special here.", "Every 6 months [S1]. <think> is not special here.", false},
		{"other markup", "<b>Every 6 months</b> [S1].", "<b>Every 6 months</b> [S1].", false},
		{"empty", "", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			answer, removed := generate.StripReasoning(tc.reply)
			require.Equal(t, tc.answer, answer)
			require.Equal(t, tc.removed, removed)
		})
	}
}

// A stream knows only what has arrived: it holds text while a block may
// be opening or is open, and cannot wait for a closing tag alone.
func TestReasoningPrefixStreaming(t *testing.T) {
	cases := []struct {
		text    string
		n       int
		pending bool
	}{
		{"", 0, true},
		{"  ", 0, true},
		{"<", 0, true},
		{"<thin", 0, true},
		{"<thinkin", 0, true},
		{"<reas", 0, true},
		{"<think>S1 says", 14, true},
		{"<think>x</think>", 16, false},
		{"<think>x</think> \nAn", 18, false},
		{"<b", 0, false},
		{"Every", 0, false},
		{"Every [S1].\n</think>", 0, false},
	}
	for _, tc := range cases {
		n, pending := generate.ReasoningPrefix(tc.text, false)
		require.Equal(t, tc.n, n, "%q", tc.text)
		require.Equal(t, tc.pending, pending, "%q", tc.text)
	}
	// The whole reply may end a block with a closing tag alone.
	n, pending := generate.ReasoningPrefix("Every [S1].\n</think>", true)
	require.Equal(t, len("Every [S1].\n</think>"), n)
	require.False(t, pending)
}
