package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A question asking why leads with the sentence that gives a reason over
// one that covers its words as well and gives none; a question that also
// asks for something else keeps its usual order.
func TestReasonLeadsWhyQuestions(t *testing.T) {
	const (
		plain  = "WAL mode on a network filesystem is not supported for clients on different machines."
		reason = "WAL mode is not supported on a network filesystem because the wal-index is shared memory."
	)
	got := answerTo(t, "Why is WAL mode not supported on a network filesystem?", prompt(plain, reason))
	require.True(t, strings.HasPrefix(got, reason), got)

	got = answerTo(t, "Why is WAL mode not supported on a network filesystem, and what should I use instead?", prompt(plain, reason))
	require.True(t, strings.HasPrefix(got, plain), got)
}
