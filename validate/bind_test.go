package validate

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// A bound Lexical answers exactly as an unbound one, for every prefix of
// an answer (as a Stream calls it), from any number of goroutines, and
// falls back to a fresh index when called with other sources.
func TestBindMatchesValidate(t *testing.T) {
	src := sources(benchSources(6, 400)...)
	answer := "The PX-100 pump must be installed on a level concrete base at least 10 mm thick [S1]. " +
		"Fill the pump housing with 18 litres of SAE 30 oil before the first start-up [S2]. " +
		"The maximum operating pressure is 99 bar [S3]. Replace the filter every 250 hours [S4][S5]. " +
		"The minimum operating pressure is 32 bar [S3]."
	lex := New(Options{})
	bound := lex.Bind(src)
	ctx := context.Background()
	var cuts []int
	for i := range answer {
		if answer[i] == '.' {
			cuts = append(cuts, i+1)
		}
	}
	var wg sync.WaitGroup
	for _, cut := range cuts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			want, err := lex.Validate(ctx, answer[:cut], src)
			require.NoError(t, err)
			got, err := bound.Validate(ctx, answer[:cut], src)
			require.NoError(t, err)
			require.Equal(t, want, got, "prefix %q", answer[:cut])
		}()
	}
	wg.Wait()

	other := sources(strings.Repeat("The maximum operating pressure is 99 bar. ", 2))
	want, err := lex.Validate(ctx, "The maximum operating pressure is 99 bar [S1].", other)
	require.NoError(t, err)
	got, err := bound.Validate(ctx, "The maximum operating pressure is 99 bar [S1].", other)
	require.NoError(t, err)
	require.Equal(t, want, got)
	require.True(t, got.Sentences[0].Supported)
}
