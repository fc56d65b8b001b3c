package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// RunRecord is a Run in the form a store keeps it: the run's identity and
// two JSON documents. store/sqlitelog's Log saves and reads it as is. A
// plain value; its RawMessages must not be modified while shared.
type RunRecord struct {
	ID      string
	Started time.Time
	Name    string
	// Tenant is Run.Tenant: the run's questions' one tenant, or "".
	Tenant string
	// Aggregate holds the run's settings, duration and aggregate metrics
	// (a runHeader).
	Aggregate json.RawMessage
	// Questions holds the per-question results ([]Result).
	Questions json.RawMessage
}

// RunStore persists evaluation runs (store/sqlitelog's Log is one).
// Implementations must be safe for concurrent use.
type RunStore interface {
	SaveEvalRun(ctx context.Context, rec RunRecord) error
}

// RunStoreFunc adapts a function to RunStore; it is as safe for concurrent
// use as the function.
type RunStoreFunc func(ctx context.Context, rec RunRecord) error

// SaveEvalRun calls f.
func (f RunStoreFunc) SaveEvalRun(ctx context.Context, rec RunRecord) error {
	return f(ctx, rec)
}

// ErrInvalidRecord means a stored record cannot be read back as a run.
var ErrInvalidRecord = errors.New("eval: invalid run record")

// runHeader is the Aggregate document of a record.
type runHeader struct {
	DurationMS float64   `json:"duration_ms"`
	Settings   Settings  `json:"settings"`
	Metrics    Aggregate `json:"metrics"`
}

// Record returns the run in its stored form.
func (r *Run) Record() (RunRecord, error) {
	agg, err := json.Marshal(runHeader{DurationMS: r.DurationMS, Settings: r.Settings, Metrics: r.Aggregate})
	if err != nil {
		return RunRecord{}, fmt.Errorf("eval: encode run: %w", err)
	}
	qs, err := json.Marshal(r.Questions)
	if err != nil {
		return RunRecord{}, fmt.Errorf("eval: encode run: %w", err)
	}
	return RunRecord{ID: r.ID, Started: r.Started, Name: r.Name, Tenant: r.Tenant, Aggregate: agg, Questions: qs}, nil
}

// RunFromRecord reads a stored run back. A record whose documents are not
// valid fails with an error wrapping ErrInvalidRecord.
func RunFromRecord(rec RunRecord) (*Run, error) {
	var h runHeader
	if err := json.Unmarshal(rec.Aggregate, &h); err != nil {
		return nil, fmt.Errorf("%w: aggregate: %w", ErrInvalidRecord, err)
	}
	r := &Run{ID: rec.ID, Name: rec.Name, Tenant: rec.Tenant, Started: rec.Started, DurationMS: h.DurationMS, Settings: h.Settings, Aggregate: h.Metrics}
	if err := json.Unmarshal(rec.Questions, &r.Questions); err != nil {
		return nil, fmt.Errorf("%w: questions: %w", ErrInvalidRecord, err)
	}
	return r, nil
}
