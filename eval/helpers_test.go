package eval_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
)

// newPipeline builds a pipeline from cfg over a fresh store and closes it
// when the test ends.
func newPipeline(t *testing.T, cfg hybridrag.Config) *hybridrag.Pipeline {
	t.Helper()
	if cfg.Store == nil && cfg.Dir == "" {
		cfg.Dir = t.TempDir()
	}
	p, err := hybridrag.New(cfg)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	return p
}
