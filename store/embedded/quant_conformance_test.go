package embedded_test

import (
	"testing"

	"github.com/hybridrag/hybridrag/hybridragtest"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
)

// TestConformanceQuantized runs the shared store contract against a store
// whose vectors are scanned as int8 codes and rescored in float32.
func TestConformanceQuantized(t *testing.T) {
	hybridragtest.TestStore(t, func(t *testing.T) store.Store {
		s, err := embedded.Open(t.TempDir(), embedded.Options{Create: true, Quantization: embedded.QuantizationInt8})
		if err != nil {
			t.Fatalf("open embedded store: %v", err)
		}
		if got := s.Quantization(); got != embedded.QuantizationInt8 {
			t.Fatalf("store quantization %v, want int8", got)
		}
		t.Cleanup(func() { _ = s.Close() })
		return s
	})
}
