package hybridrag_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store"
)

// qlRecorder is an in-memory QueryLog and Observer, safe for concurrent use.
type qlRecorder struct {
	mu      sync.Mutex
	records []hybridrag.QueryRecord
	events  []hybridrag.Event
}

func (r *qlRecorder) Record(_ context.Context, rec hybridrag.QueryRecord) (int64, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.records = append(r.records, rec)
	return int64(len(r.records)), nil
}

func (r *qlRecorder) Observe(_ context.Context, e hybridrag.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, e)
}

func (r *qlRecorder) last(t *testing.T) hybridrag.QueryRecord {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	require.NotEmpty(t, r.records)
	return r.records[len(r.records)-1]
}

// stages returns the stage names of the recorded events, in order, and
// clears them.
func (r *qlRecorder) takeEvents() []hybridrag.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	ev := r.events
	r.events = nil
	return ev
}

// qlDocs is a tiny manual: each question below finds one document.
var qlDocs = []store.Document{
	{ID: "filters", Source: "docs/filters.md", TenantID: "acme", ProjectID: "manual",
		Text: "# Filters\n\nReplace the G4 filters every six months. The G4 filters sit behind the front panel; open the panel with the supplied key before replacing the filters.\n"},
	{ID: "errors", Source: "docs/errors.md", TenantID: "acme", ProjectID: "manual",
		Text: "# Error codes\n\nError code E4 means the condensate drain is blocked. To fix error E4, clean the condensate drain and restart the unit.\n"},
	{ID: "install", Source: "docs/install.md", TenantID: "acme", ProjectID: "manual",
		Text: "# Installation\n\nThe outdoor air intake must be at least two metres from the exhaust outlet. Mount the unit on a wall that can carry forty kilograms.\n"},
}

const (
	qlAnswerable   = "How often should the G4 filters be replaced?"
	qlUnanswerable = "How do I connect the ventilator to my Wi-Fi network?"
)

// qlPipeline indexes qlDocs into a new pipeline built from cfg.
func qlPipeline(t *testing.T, cfg hybridrag.Config) *hybridrag.Pipeline {
	t.Helper()
	cfg.Store = openStore(t, t.TempDir())
	p, err := hybridrag.New(cfg)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	_, err = p.Index(context.Background(), qlDocs...)
	require.NoError(t, err)
	return p
}

func qlRequest(q string) hybridrag.Request {
	req := hybridrag.Request{Question: q, Agent: "helpdesk"}
	req.Filter.TenantID, req.Filter.ProjectID = "acme", "manual"
	return req
}
