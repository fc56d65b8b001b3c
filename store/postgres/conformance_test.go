package postgres_test

import (
	"errors"
	"os"
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
// pgvector extension is installed. It is optional, so its absence skips,
// unless HYBRIDRAG_PGVECTOR=required (for machines that have it).
func TestConformancePGVector(t *testing.T) {
	schema := newSchema(t)
	s, err := postgres.Open(t.Context(), testDSN(t), postgres.Options{Schema: schema, VectorIndex: postgres.VectorPGVector})
	if errors.Is(err, postgres.ErrNoPGVector) {
		if os.Getenv("HYBRIDRAG_PGVECTOR") == "required" {
			t.Fatalf("HYBRIDRAG_PGVECTOR=required but the database has no pgvector: %v", err)
		}
		t.Skip("the pgvector extension is not available in the test database (install it in the server to run these tests)")
	}
	if err != nil {
		t.Fatal(err)
	}
	_ = s.Close()
	hybridragtest.TestStore(t, func(t *testing.T) store.Store {
		return openTest(t, newSchema(t), postgres.Options{VectorIndex: postgres.VectorPGVector})
	})
}

// TestCodeWords runs the shared check of technical text analysis, which
// the embedded store passes too: both read code words through
// textutil.Side.
func TestCodeWords(t *testing.T) {
	hybridragtest.TestStoreCodeWords(t, func(t *testing.T) store.Store {
		return openTest(t, newSchema(t), postgres.Options{VectorIndex: postgres.VectorInProcess})
	})
}
