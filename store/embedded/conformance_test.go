package embedded_test

import (
	"testing"

	"github.com/hybridrag/hybridrag/hybridragtest"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
)

// TestConformance runs the shared store contract against the embedded store.
func TestConformance(t *testing.T) {
	hybridragtest.TestStore(t, func(t *testing.T) store.Store {
		s, err := embedded.Open(t.TempDir(), embedded.Options{Create: true})
		if err != nil {
			t.Fatalf("open embedded store: %v", err)
		}
		t.Cleanup(func() { _ = s.Close() })
		return s
	})
}

// TestCodeWords runs the shared check of technical text analysis, which
// the PostgreSQL store passes too.
func TestCodeWords(t *testing.T) {
	hybridragtest.TestStoreCodeWords(t, func(t *testing.T) store.Store {
		s, err := embedded.Open(t.TempDir(), embedded.Options{Create: true})
		if err != nil {
			t.Fatalf("open embedded store: %v", err)
		}
		t.Cleanup(func() { _ = s.Close() })
		return s
	})
}
