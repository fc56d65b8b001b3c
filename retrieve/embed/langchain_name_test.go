package embed

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLangchainName: the name stores record. Without Options.Name it must
// stay the Go type name that hybridrag.EmbedderID recorded before Name
// existed, or every store built with a Langchain embedder would mismatch.
func TestLangchainName(t *testing.T) {
	cases := []struct {
		name string
		opts Options
		want string
	}{
		{name: "unnamed keeps the old record", want: fmt.Sprintf("%T", (*Langchain)(nil))},
		{name: "provider and model", opts: Options{Name: "ollama:nomic-embed-text"}, want: "ollama:nomic-embed-text"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, FromLangchain(nil, tc.opts).Name())
		})
	}
}
