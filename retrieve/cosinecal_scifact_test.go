package retrieve_test

import (
	"context"
	"testing"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/stretchr/testify/require"
)

// TestSciFactCollectionCosine logs the cosine range CollectionCosine
// derives for SciFact with the hashing embedder, whose fitted defaults
// (DefaultCosineFloor, DefaultCosineCeiling) the rule should come close to.
func TestSciFactCollectionCosine(t *testing.T) {
	sf := openSciFact(t, "test")
	r, err := retrieve.CollectionCosine(context.Background(), sf.st, store.Filter{})
	require.NoError(t, err)
	t.Logf("SciFact hash: floor %.3f ceiling %.3f derived %v (q05 %.3f q25 %.3f median %.3f q75 %.3f q95 %.3f; %d pairs of %d chunks)",
		r.Floor, r.Ceiling, r.Derived, r.Q05, r.Q25, r.Median, r.Q75, r.Q95, r.Pairs, r.Chunks)
	require.True(t, r.Derived)
	require.InDelta(t, retrieve.DefaultCosineFloor, r.Floor, 0.05)
	require.InDelta(t, retrieve.DefaultCosineCeiling, r.Ceiling, 0.05)
}
