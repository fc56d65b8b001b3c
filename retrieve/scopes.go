package retrieve

import (
	"sync"

	"github.com/hybridrag/hybridrag/store"
)

// scopes holds one entry per (tenant, project) of a filter, created on
// first use, at most max of them: past that the map is cleared, so a
// service with many tenants rebuilds an entry rather than growing without
// bound. Each entry guards its own contents. Safe for concurrent use.
type scopes[E any] struct {
	max int
	mu  sync.Mutex
	m   map[[2]string]*E
}

// entry returns f's scope entry, creating it empty if need be.
func (s *scopes[E]) entry(f store.Filter) *E {
	key := [2]string{f.TenantID, f.ProjectID}
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.m[key]
	if e == nil {
		if s.m == nil || len(s.m) >= s.max {
			s.m = map[[2]string]*E{}
		}
		e = new(E)
		s.m[key] = e
	}
	return e
}
