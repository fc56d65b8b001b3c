package eval_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store/embedded"
)

// newPipeline builds a pipeline from cfg over a fresh store and closes it
// when the test ends.
func newPipeline(t *testing.T, cfg hybridrag.Config) *hybridrag.Pipeline {
	t.Helper()
	if cfg.Store == nil {
		st, err := embedded.Open(t.TempDir(), embedded.Options{Create: true})
		require.NoError(t, err)
		t.Cleanup(func() { _ = st.Close() })
		cfg.Store = st
	}
	p, err := hybridrag.New(cfg)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	return p
}
