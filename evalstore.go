package hybridrag

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// EvalRunRecord is an EvalRun in the form a store keeps it: the run's
// identity and two JSON blobs. Its fields match the SQLite query log's
// row type field for field, so a host converts one into the other with a
// plain type conversion. A plain value; its RawMessages must not be
// modified while shared.
type EvalRunRecord struct {
	ID      string
	Started time.Time
	Name    string
	// Aggregate holds the run's settings, duration and aggregate metrics
	// (an evalRunHeader).
	Aggregate json.RawMessage
	// Questions holds the per-question results ([]EvalResult).
	Questions json.RawMessage
}

// EvalRunStore persists evaluation runs. Implementations must be safe for
// concurrent use.
type EvalRunStore interface {
	SaveEvalRun(ctx context.Context, rec EvalRunRecord) error
}

// EvalRunStoreFunc adapts a function to EvalRunStore; it is as safe for
// concurrent use as the function.
type EvalRunStoreFunc func(ctx context.Context, rec EvalRunRecord) error

// SaveEvalRun calls f.
func (f EvalRunStoreFunc) SaveEvalRun(ctx context.Context, rec EvalRunRecord) error {
	return f(ctx, rec)
}

// ErrInvalidEvalRecord means a stored record cannot be read back as a run.
var ErrInvalidEvalRecord = errors.New("hybridrag: invalid eval run record")

// evalRunHeader is the Aggregate blob of a record.
type evalRunHeader struct {
	DurationMS float64       `json:"duration_ms"`
	Settings   EvalSettings  `json:"settings"`
	Metrics    EvalAggregate `json:"metrics"`
}

// Record returns the run in its stored form.
func (r *EvalRun) Record() (EvalRunRecord, error) {
	agg, err := json.Marshal(evalRunHeader{DurationMS: r.DurationMS, Settings: r.Settings, Metrics: r.Aggregate})
	if err != nil {
		return EvalRunRecord{}, fmt.Errorf("hybridrag: encode eval run: %w", err)
	}
	qs, err := json.Marshal(r.Questions)
	if err != nil {
		return EvalRunRecord{}, fmt.Errorf("hybridrag: encode eval run: %w", err)
	}
	return EvalRunRecord{ID: r.ID, Started: r.Started, Name: r.Name, Aggregate: agg, Questions: qs}, nil
}

// EvalRunFromRecord reads a stored run back. A record whose blobs are not
// valid fails with an error wrapping ErrInvalidEvalRecord.
func EvalRunFromRecord(rec EvalRunRecord) (*EvalRun, error) {
	var h evalRunHeader
	if err := json.Unmarshal(rec.Aggregate, &h); err != nil {
		return nil, fmt.Errorf("%w: aggregate: %w", ErrInvalidEvalRecord, err)
	}
	r := &EvalRun{ID: rec.ID, Name: rec.Name, Started: rec.Started, DurationMS: h.DurationMS, Settings: h.Settings, Aggregate: h.Metrics}
	if err := json.Unmarshal(rec.Questions, &r.Questions); err != nil {
		return nil, fmt.Errorf("%w: questions: %w", ErrInvalidEvalRecord, err)
	}
	return r, nil
}
