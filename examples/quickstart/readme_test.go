package main

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestREADMESampleOutput keeps the README's sample output honest: every
// part of the block after "It prints" (parts separated by a line "…") must
// appear verbatim in what quickstart prints, the indexing time aside.
func TestREADMESampleOutput(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	block := regexp.MustCompile("(?s)It prints[^\n]*\n\n```text\n(.*?)```").FindSubmatch(readme)
	require.NotNil(t, block, "README.md has no ```text block after \"It prints\"")

	var out strings.Builder
	require.NoError(t, run(context.Background(), &out))
	timing := regexp.MustCompile(`in [0-9.]+[µm]?s\.`)
	got := timing.ReplaceAllString(out.String(), "in TIME.")

	for part := range strings.SplitSeq(string(block[1]), "…\n") {
		part = timing.ReplaceAllString(part, "in TIME.")
		require.Contains(t, got, strings.TrimLeft(part, "\n"), "README sample output differs from quickstart's; run scripts/update-readme-sample.py")
	}
}
