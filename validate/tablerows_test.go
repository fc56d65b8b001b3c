package validate_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/validate"
)

// A table row quoted whole is the source's, however its cells' sentences
// and figures would read as running text; a row the source does not hold
// whole, or one with its figure changed, is not.
func TestQuotedTableRowIsSupported(t *testing.T) {
	src := "## Flags\n\n| Flag | Description | Default |\n| --- | --- | --- |\n" +
		"| `--kiln.listen-address` | Address to listen on for the UI. Also the API's. | `0.0.0.0:9090` |\n" +
		"| `--kiln.max-heat` | Maximum heat of a firing. | `1300` |"
	sources := []retrieve.Source{{Chunk: store.Chunk{Source: "flags.md", Text: src}}}
	for _, tc := range []struct {
		name, answer string
		supported    bool
	}{
		{"the row, fenced", "```\n| `--kiln.listen-address` | Address to listen on for the UI. Also the API's. | `0.0.0.0:9090` |\n```\n[S1]", true},
		{"the figure changed", "```\n| `--kiln.listen-address` | Address to listen on for the UI. Also the API's. | `0.0.0.0:9091` |\n```\n[S1]", false},
		{"another row's figure", "```\n| `--kiln.listen-address` | Address to listen on for the UI. Also the API's. | `1300` |\n```\n[S1]", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := validate.New(validate.Options{}).Validate(context.Background(), tc.answer, sources)
			require.NoError(t, err)
			require.Len(t, r.Sentences, 1)
			require.Equal(t, tc.supported, r.Sentences[0].Supported, "%+v", r.Sentences[0].Failures)
			if tc.supported {
				// The support is the row, for an audit to point at.
				require.Len(t, r.Sentences[0].Support, 1)
				sp := r.Sentences[0].Support[0]
				require.Equal(t, "| `--kiln.listen-address` | Address to listen on for the UI. Also the API's. | `0.0.0.0:9090` |", src[sp.Start:sp.End])
			}
		})
	}
}

// A table's header may be the cited chunk's last heading, where the chunk
// starts inside the table.
func TestQuotedHeaderFromTheHeading(t *testing.T) {
	sources := []retrieve.Source{{Chunk: store.Chunk{Source: "flags.md", Heading: []string{"Flags", "| Flag | Description | Default |"},
		Text: "| `--kiln.timeout` | Maximum time a firing may take. Use with server mode only. | `2m` |"}}}
	r, err := validate.New(validate.Options{}).Validate(context.Background(), "```\n| Flag | Description | Default |\n```\n[S1]", sources)
	require.NoError(t, err)
	require.True(t, r.Sentences[0].Supported, "%+v", r.Sentences[0].Failures)
}
