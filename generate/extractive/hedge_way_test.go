package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// "Is there a way to …" and "a certain number of" phrase the question: no
// answer writes "way" or "certain", and counted as words the answer lacks
// they kept the size-limit option below the bar of weakly relevant sources.
func TestWayAndCertainAreScaffold(t *testing.T) {
	p := prompt("-fs limit_size (output)\n\nSet the file size limit. Writing stops once the file reaches limit_size bytes.",
		"queue_size\n\nSets maximum input buffer size in bytes. If the buffering reaches this value, incoming frames will be dropped.")
	for i := range p.Sources {
		p.Sources[i].Source.Relevance = 0.35 - 0.05*float64(i)
	}
	got := answerTo(t, "Is there a way to stop the encoder once the output file reaches a certain number of bytes?", p)
	require.True(t, strings.Contains(got, "Writing stops once the file reaches limit_size bytes."), got)
}
