package retrieve

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/hybridrag/hybridrag/store"
)

// scopeCache holds one value per (tenant, project) of a filter, built on
// first use. Every refresh a query asks the store for its index version and
// builds the value again when it moved; without a store.Statter the value
// is built once. Between checks a changed collection is read with the older
// value: while an index run writes batch after batch, queries do not rebuild
// at every new version, nor ask a remote store for it on every query.
// At most max scopes are kept: past that the map is cleared, so a service
// with many tenants rebuilds an entry rather than growing without bound.
// Safe for concurrent use; concurrent queries of a scope being built wait
// for that one build.
type scopeCache[T any] struct {
	what    string // names the value in errors
	statter store.Statter
	refresh time.Duration
	build   func(context.Context, store.Filter) (T, error)
	max     int

	mu sync.Mutex
	m  map[[2]string]*scopeEntry[T]
}

type scopeEntry[T any] struct {
	mu      sync.Mutex // held while building
	v       T
	version int64
	checked time.Time
	ok      bool // built at least once
}

// entry returns f's scope entry, creating it empty if need be.
func (c *scopeCache[T]) entry(f store.Filter) *scopeEntry[T] {
	key := [2]string{f.TenantID, f.ProjectID}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.m[key]
	if e == nil {
		if c.m == nil || len(c.m) >= c.max {
			c.m = map[[2]string]*scopeEntry[T]{}
		}
		e = new(scopeEntry[T])
		c.m[key] = e
	}
	return e
}

// get returns the value of f's scope, building it if it is missing or
// stale.
func (c *scopeCache[T]) get(ctx context.Context, f store.Filter) (T, error) {
	e := c.entry(f)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.ok && (c.statter == nil || time.Since(e.checked) < c.refresh) {
		return e.v, nil
	}
	scope := store.Filter{TenantID: f.TenantID, ProjectID: f.ProjectID}
	version := int64(0)
	if c.statter != nil {
		st, err := c.statter.Stats(ctx, scope)
		if err != nil {
			var zero T
			return zero, fmt.Errorf("retrieve: %s: %w", c.what, err)
		}
		version = st.IndexVersion
	}
	if e.ok && version == e.version {
		e.checked = time.Now()
		return e.v, nil
	}
	v, err := c.build(ctx, scope)
	if err != nil {
		var zero T
		return zero, err
	}
	e.v, e.version, e.checked, e.ok = v, version, time.Now(), true
	return v, nil
}
