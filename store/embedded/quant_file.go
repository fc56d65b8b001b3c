package embedded

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hybridrag/hybridrag/store"
)

// quantFile records a store's quantization (JSON). Its absence means none:
// stores written before quantization existed have no such file, and
// builds that predate it ignore it and scan exactly, which is still
// correct. The codes are not stored: they are a deterministic function of
// the logged float32 vectors (quantEncode), derived at Open.
const quantFile = "QUANTIZATION"

// quantInfo is quantFile's content. Scale names the scale granularity
// ("per-vector": one float32 per vector, max|x|/127); it is derived from
// each vector, so there are no fitted parameters to store.
type quantInfo struct {
	Quantization string `json:"quantization"`
	Scale        string `json:"scale"`
}

const quantScalePerVector = "per-vector"

// readQuant returns the quantization dir records.
func readQuant(dir string) (Quantization, error) {
	path := filepath.Join(dir, quantFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return QuantizationNone, nil
	}
	if err != nil {
		return 0, fmt.Errorf("embedded: read %s: %w", path, err)
	}
	var qi quantInfo
	if err := json.Unmarshal(data, &qi); err != nil {
		return 0, fmt.Errorf("embedded: %s is not valid JSON (%v): %w", path, err, store.ErrCorrupt)
	}
	switch {
	case qi.Quantization == "none":
		return QuantizationNone, nil
	case qi.Quantization == "int8" && qi.Scale == quantScalePerVector:
		return QuantizationInt8, nil
	}
	return 0, fmt.Errorf("embedded: %s names quantization %q with scale %q, which this build does not know: %w", path, qi.Quantization, qi.Scale, store.ErrCorrupt)
}

// writeQuant records q (None or Int8) in dir: None removes the file.
func writeQuant(dir string, q Quantization) error {
	path := filepath.Join(dir, quantFile)
	if q != QuantizationInt8 {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("embedded: remove %s: %w", path, err)
		}
		return syncDir(dir)
	}
	b, _ := json.Marshal(quantInfo{Quantization: q.String(), Scale: quantScalePerVector})
	return writeFileAtomic(path, append(b, '\n'))
}

// resolveQuant returns the quantization Open uses: opts.Quantization, or
// for QuantizationStored (and unknown values) what dir records.
func resolveQuant(dir string, opts Options) (stored, use Quantization, err error) {
	stored, err = readQuant(dir)
	if err != nil {
		return 0, 0, err
	}
	switch opts.Quantization {
	case QuantizationNone, QuantizationInt8:
		return stored, opts.Quantization, nil
	}
	return stored, stored, nil
}

// newState returns an empty state that keeps codes when the store is
// quantized.
func (s *Store) newState() *state {
	st := newState()
	if s.quant == QuantizationInt8 {
		st.quant = &quantIndex{}
	}
	return st
}

// Quantization reports how this Store scans vectors: QuantizationInt8 or
// QuantizationNone (never QuantizationStored).
func (s *Store) Quantization() Quantization { return s.quant }
