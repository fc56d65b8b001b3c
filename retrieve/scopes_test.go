package retrieve

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// versionStatter reports a settable index version, or err.
type versionStatter struct {
	version int64
	err     error
}

func (s *versionStatter) Stats(context.Context, store.Filter) (store.Stats, error) {
	return store.Stats{IndexVersion: s.version}, s.err
}

func TestScopeCache(t *testing.T) {
	ctx := context.Background()
	st := &versionStatter{version: 1}
	builds := map[string]int{}
	c := &scopeCache[string]{what: "test value", statter: st, refresh: time.Minute, max: 2,
		build: func(_ context.Context, f store.Filter) (string, error) {
			require.Empty(t, f.DocumentIDs, "the build sees the scope only")
			builds[f.TenantID]++
			return f.TenantID + "-v", nil
		}}
	get := func(tenant string) string {
		v, err := c.get(ctx, store.Filter{TenantID: tenant, DocumentIDs: []string{"x"}})
		require.NoError(t, err)
		return v
	}
	age := func(tenant string) {
		c.entry(store.Filter{TenantID: tenant}).checked = time.Now().Add(-2 * time.Minute)
	}

	require.Equal(t, "a-v", get("a"))
	require.Equal(t, "a-v", get("a"))
	require.Equal(t, 1, builds["a"], "built once")

	st.version = 2 // a write within the refresh interval: kept
	get("a")
	require.Equal(t, 1, builds["a"])
	age("a") // interval passed, version moved: built again
	get("a")
	require.Equal(t, 2, builds["a"])
	age("a") // interval passed, no write since: kept
	get("a")
	require.Equal(t, 2, builds["a"])

	get("b")
	get("c") // a third scope clears the map (max 2): a is built again
	get("a")
	require.Equal(t, 3, builds["a"])

	st.err = errors.New("store down")
	age("a")
	_, err := c.get(ctx, store.Filter{TenantID: "a"})
	require.ErrorIs(t, err, st.err)
	require.ErrorContains(t, err, "retrieve: test value:")
}

func TestScopeCacheWithoutStatter(t *testing.T) {
	n := 0
	c := &scopeCache[int]{refresh: time.Nanosecond, max: 4,
		build: func(context.Context, store.Filter) (int, error) { n++; return n, nil }}
	for range 3 {
		v, err := c.get(context.Background(), store.Filter{})
		require.NoError(t, err)
		require.Equal(t, 1, v, "built once: nothing tells it the collection changed")
	}
}
