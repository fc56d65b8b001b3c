package hybridrag

import (
	"context"
	"slices"
	"sync"

	"github.com/hybridrag/hybridrag/store"
)

// maxScopes bounds the agent scope cache: a multi-tenant host asks for
// many tenants, and a full cache simply starts again.
const maxScopes = 1024

// scopeKey names one agent's document set in one tenant and project.
type scopeKey struct{ agent, tenant, project string }

// scope is the sorted ids of the documents an agent's tags select, as
// listed at a store index version.
type scope struct {
	version int64
	ids     []string
}

// scopeCache keeps each agent's tagged documents per tenant and project so
// that a request need not list every document of the store: the list is
// reused while the store's IndexVersion (store.Statter), which every write
// batch moves, is unchanged. A store without Statter, or one reporting
// version 0, is listed on every request. Safe for concurrent use; the
// zero value is empty.
type scopeCache struct {
	mu sync.Mutex
	m  map[scopeKey]scope
}

// taggedIDs returns the sorted ids of the documents of tenant and project
// that carry any of a's tags. The version is read before listing, so a
// cached list is never older than the version it is filed under.
func (c *scopeCache) taggedIDs(ctx context.Context, st store.Store, lister store.DocumentLister, a *Agent, tenant, project string) ([]string, error) {
	var version int64
	if s, ok := st.(store.Statter); ok {
		stats, err := s.Stats(ctx, store.Filter{TenantID: tenant, ProjectID: project})
		if err != nil {
			return nil, err
		}
		version = stats.IndexVersion
	}
	key := scopeKey{a.Name, tenant, project}
	if version != 0 {
		c.mu.Lock()
		sc, ok := c.m[key]
		c.mu.Unlock()
		if ok && sc.version == version {
			return sc.ids, nil
		}
	}
	docs, err := lister.ListDocuments(ctx, tenant, project)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, d := range docs {
		if slices.ContainsFunc(d.Metadata.Tags, func(t string) bool { return slices.Contains(a.Tags, t) }) {
			ids = append(ids, d.ID)
		}
	}
	slices.Sort(ids)
	if version != 0 {
		c.mu.Lock()
		if c.m == nil || len(c.m) >= maxScopes {
			c.m = map[scopeKey]scope{}
		}
		c.m[key] = scope{version: version, ids: ids}
		c.mu.Unlock()
	}
	return ids, nil
}
