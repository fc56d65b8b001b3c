package main

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMinimalAnswers(t *testing.T) {
	var out strings.Builder
	require.NoError(t, run(context.Background(), &out))
	require.Contains(t, out.String(), "opens at 6 bar. [S1]")
	require.Contains(t, out.String(), "Sources:")
}
