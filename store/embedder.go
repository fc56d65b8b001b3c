package store

import (
	"context"
	"fmt"
)

// EmbedderID identifies the embedder whose vectors a store holds. Vectors
// from two embedders are not comparable even at the same dimension, so a
// store remembers the one that built it.
type EmbedderID struct {
	Name      string `json:"name"`
	Dimension int    `json:"dimension"` // 0: unknown
	// ConfigHash distinguishes configurations of one embedder (model
	// options, seeds); "" when the embedder does not say.
	ConfigHash string `json:"config_hash,omitempty"`
}

// Matches reports whether vectors from e and o can be compared: same name,
// and the same dimension and configuration where both know them.
func (e EmbedderID) Matches(o EmbedderID) bool {
	return e.Name == o.Name &&
		(e.Dimension == 0 || o.Dimension == 0 || e.Dimension == o.Dimension) &&
		(e.ConfigHash == "" || o.ConfigHash == "" || e.ConfigHash == o.ConfigHash)
}

func (e EmbedderID) String() string {
	s := fmt.Sprintf("%q", e.Name)
	if e.Dimension > 0 {
		s += fmt.Sprintf(", %d dimensions", e.Dimension)
	}
	if e.ConfigHash != "" {
		s += ", config " + e.ConfigHash
	}
	return s
}

// EmbedderRecorder is an optional capability of a Store: it keeps the
// EmbedderID of the embedder that built it, with its data. Load reports
// found = false for a store that has none recorded (new, or built before
// stores recorded it). Implementations must be safe for concurrent use.
type EmbedderRecorder interface {
	LoadEmbedder(ctx context.Context) (id EmbedderID, found bool, err error)
	SaveEmbedder(ctx context.Context, id EmbedderID) error
}
