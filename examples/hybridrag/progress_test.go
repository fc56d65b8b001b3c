package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestIndexProgressLinesWhenNotATerminal(t *testing.T) {
	var w strings.Builder
	p := newIndexProgress(250, &w)
	for range 250 / 32 {
		require.NoError(t, p.Add(32))
	}
	require.NoError(t, p.Add(250%32))
	require.NoError(t, p.Finish())
	require.Equal(t, "indexed 128/250 documents\nindexed 224/250 documents\n", w.String())
}

func TestIndexProgressSilentForSmallRuns(t *testing.T) {
	var w strings.Builder
	p := newIndexProgress(40, &w)
	require.NoError(t, p.Add(32))
	require.NoError(t, p.Add(8))
	require.NoError(t, p.Finish())
	require.Empty(t, w.String())
}
