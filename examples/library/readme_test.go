package main

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestREADMEShowsThisFile keeps the README's library example compilable as
// shown: the README must hold main.go from "package main" on, verbatim.
func TestREADMEShowsThisFile(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	src, err := os.ReadFile("main.go")
	require.NoError(t, err)
	_, body, ok := strings.Cut(string(src), "package main\n")
	require.True(t, ok)
	require.Contains(t, string(readme), "```go\npackage main\n"+body+"```",
		"README.md's library example differs from examples/library/main.go; copy it over")
}
