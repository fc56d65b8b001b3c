package store

import (
	"fmt"
	"math"
)

// ValidateEntries checks a batch before anything is written, so that a bad
// batch is rejected whole. dim is the store's dimension, or 0 if the store is
// empty (then the first vector sets it). It returns the batch's dimension.
// Errors wrap ErrInvalidEntry, ErrDimensionMismatch or ErrInvalidVector.
func ValidateEntries(entries []Entry, dim int) (int, error) {
	type key struct{ tenant, project, id string }
	seen := make(map[key]bool, len(entries))
	for i := range entries {
		e := &entries[i]
		d := &e.Document
		if d.ID == "" {
			return dim, fmt.Errorf("%w: entry %d has an empty document id", ErrInvalidEntry, i)
		}
		k := key{d.TenantID, d.ProjectID, d.ID}
		if seen[k] {
			return dim, fmt.Errorf("%w: document id %q appears twice in one batch", ErrInvalidEntry, d.ID)
		}
		seen[k] = true
		if len(e.Chunks) == 0 {
			return dim, fmt.Errorf("%w: document %q has no chunks (empty document?)", ErrInvalidEntry, d.ID)
		}
		if len(e.Vectors) != len(e.Chunks) {
			return dim, fmt.Errorf("%w: document %q has %d chunks but %d vectors", ErrInvalidEntry, d.ID, len(e.Chunks), len(e.Vectors))
		}
		for j := range e.Chunks {
			c := &e.Chunks[j]
			if c.ID == "" || c.DocumentID != d.ID || c.TenantID != d.TenantID || c.ProjectID != d.ProjectID {
				return dim, fmt.Errorf("%w: chunk %d of document %q has an empty id or does not belong to the document", ErrInvalidEntry, j, d.ID)
			}
			v := e.Vectors[j]
			if dim == 0 {
				dim = len(v)
			}
			if len(v) != dim || dim == 0 {
				return dim, fmt.Errorf("%w: chunk %d of document %q has %d dimensions, want %d", ErrDimensionMismatch, j, d.ID, len(v), dim)
			}
			if err := CheckVector(v); err != nil {
				return dim, fmt.Errorf("chunk %d of document %q: %w", j, d.ID, err)
			}
		}
	}
	return dim, nil
}

// CheckVector rejects vectors that would make cosine similarity meaningless:
// NaN or Inf components, or all zeros.
func CheckVector(v []float32) error {
	nonzero := false
	for i, x := range v {
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("%w: component %d is %v", ErrInvalidVector, i, x)
		}
		if x != 0 {
			nonzero = true
		}
	}
	if !nonzero {
		return fmt.Errorf("%w: all components are zero", ErrInvalidVector)
	}
	return nil
}
