package extractive

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A figure joined to a word as a modifier ("three-way merge", "2-phase
// cycle") says what kind a thing is: it counts no times, listeners or
// rows, unless the word is what the question counts ("a 32-bit mask"
// for how many bits).
func TestFigureInACompound(t *testing.T) {
	times := []string{"time", "faster"}
	require.True(t, countsOther("it uses a strategy called the ort strategy, which does a fancy three-way merge.", times))
	require.True(t, countsOther("the strategies that use 3-way merge, if a change is made on both branches", times))
	require.False(t, countsOther("the ort strategy is 3 times faster than a three-way merge.", times))
	require.False(t, countsOther("The zone mask is a 32-bit field.", []string{"bit"}))
	require.False(t, countsOther("The zone mask holds 32 zones.", []string{"zone"}))
}

// A figure in units of size measures data: it gives no number of files,
// unless the question counts such units.
func TestFigureOfSize(t *testing.T) {
	files := []string{"file"}
	require.True(t, countsOther("the object set exceeds the 4 GiB packfile limit.", files))
	require.True(t, countsOther("each entry takes 64 bytes.", files))
	require.False(t, countsOther("each entry takes 64 bytes.", []string{"byte"}))
	require.False(t, countsOther("at most 4 files and 4 GiB.", files))
}
