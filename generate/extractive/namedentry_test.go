package extractive_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
)

// An API reference puts many short entries in one chunk, each named by
// its heading and described without repeating the name. The answer opens
// with the entry the question names, not with a sibling that shares as
// many of its words ("Returns a string …"). (Siblings may still follow
// it: dropping every sentence outside the named entry's section cost key
// facts on every set, see BENCHMARKS.md.)
func TestAnswerLeadsWithTheNamedEntry(t *testing.T) {
	entries := "Kiln\n\nkiln.cones()\n\nAdded in: v0.3.3\n\n- Returns: <Object[]>\n\nReturns an array of objects containing information about each cone in the kiln.\n\n" +
		"kiln.endianness()\n\nAdded in: v0.9.4\n\n- Returns: <string>\n\nReturns a string identifying the endianness of the cone controller for which the kiln firmware was compiled.\n\n" +
		"kiln.arch()\n\nAdded in: v0.5.0\n\n- Returns: <string>\n\nReturns the cone controller architecture for which the kiln firmware was compiled."
	gen, err := extractive.New(extractive.Options{}).Generate(context.Background(),
		generate.Request{Question: "What does kiln.cones() return?", Prompt: prompt(entries)})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(gen.Text, "Returns an array of objects containing information about each cone in the kiln. [S1]"), gen.Text)
}
