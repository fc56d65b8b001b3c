package postgres_test

import (
	"errors"
	"testing"

	"github.com/hybridrag/hybridrag/hybridragtest"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/postgres"
)

// TestConformance runs the shared store contract against the PostgreSQL
// store with its in-process vector index.
func TestConformance(t *testing.T) {
	hybridragtest.TestStore(t, func(t *testing.T) store.Store {
		return openTest(t, newSchema(t), postgres.Options{VectorIndex: postgres.VectorInProcess})
	})
}

// TestConformancePGVector runs it with vector search in SQL, where the
// pgvector extension is installed (it is optional, so its absence skips).
func TestConformancePGVector(t *testing.T) {
	schema := newSchema(t)
	s, err := postgres.Open(t.Context(), testDSN(t), postgres.Options{Schema: schema, VectorIndex: postgres.VectorPGVector})
	if errors.Is(err, postgres.ErrNoPGVector) {
		t.Skip("the pgvector extension is not available in the test database")
	}
	if err != nil {
		t.Fatal(err)
	}
	_ = s.Close()
	hybridragtest.TestStore(t, func(t *testing.T) store.Store {
		return openTest(t, newSchema(t), postgres.Options{VectorIndex: postgres.VectorPGVector})
	})
}
