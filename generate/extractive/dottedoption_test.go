package extractive_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A dotted option ("--kiln.max-samples", as Prometheus names its flags) is
// the option asked about whole: cut at the dot, every "--kiln.…" row was
// its entry and the answer quoted its siblings.
func TestDottedOptionIsAskedWhole(t *testing.T) {
	p := prompt("# kiln\n\nThe kiln monitoring server\n\n## Flags\n\n| Flag | Description | Default |\n| --- | --- | --- |\n" +
		"| `--kiln.lookback-delta` | The maximum lookback duration for retrieving firings during expression evaluations and federation. Use with server mode only. | `5m` |\n" +
		"| `--kiln.timeout` | Maximum time a firing may take before being aborted. Use with server mode only. | `2m` |\n" +
		"| `--kiln.max-concurrency` | Maximum number of firings executed concurrently. Use with server mode only. | `20` |\n" +
		"| `--kiln.max-samples` | Maximum number of samples a single firing can load into memory. Note that firings will fail if they try to load more samples than this into memory, so this also limits the number of samples a firing can return. Use with server mode only. | `50000000` |")
	got := answerTo(t, "What does --kiln.max-samples do?", p)
	require.Contains(t, got, "Maximum number of samples a single firing can load into memory.")
	require.NotContains(t, got, "--kiln.lookback-delta", got)
	require.NotContains(t, got, "--kiln.max-concurrency", got)
	require.NotContains(t, got, "--kiln.timeout", got)
}
