package embedded

import (
	"math"
	"slices"

	"github.com/viterin/vek/vek32"

	"github.com/hybridrag/hybridrag/internal/int8dot"
)

// Quantization selects how SearchVector scans the vectors. It is a plain
// value.
type Quantization int

const (
	// QuantizationStored, the zero value, keeps what the store directory
	// records: a store once opened with QuantizationInt8 stays quantized
	// on every later Open; a new store is not quantized.
	QuantizationStored Quantization = iota
	// QuantizationNone scans the float32 vectors exactly. A writer's Open
	// records the choice (a quantized store stops being one).
	QuantizationNone
	// QuantizationInt8 keeps, next to every float32 vector, an int8 code
	// per dimension and one float32 scale per vector (code =
	// floor(127·x/max|x| + 0.5)). SearchVector scans the codes with SIMD, keeps the best
	// max(RescoreFactor·k, MinRescore) candidates and rescores those
	// exactly in float32, so scores are exact cosine similarities and the
	// hits are the exact top k unless a true hit ranked below the
	// candidates by its code (recall@10 ≥ 0.99 measured, see
	// BENCHMARKS.md). The float32 vectors stay in memory for rescoring:
	// the codes add a quarter to the vector memory, they save none. A
	// writer's Open records the choice in the directory; the codes are
	// derived from the logged vectors at Open (deterministically) and as
	// batches are applied. Read-only Stores quantize in memory only.
	QuantizationInt8
)

// Candidates rescored exactly per quantized query: max(RescoreFactor·k,
// MinRescore), measured in BENCHMARKS.md ("Quantized vectors").
const (
	RescoreFactor = 10
	MinRescore    = 100
)

// String names the mode as the QUANTIZATION file does.
func (q Quantization) String() string {
	switch q {
	case QuantizationStored:
		return "stored"
	case QuantizationNone:
		return "none"
	case QuantizationInt8:
		return "int8"
	}
	return "unknown"
}

// quantIndex holds the int8 codes of the state's rows: row i's code is
// codes[i*dim:(i+1)*dim] and its scale scales[i] (x ≈ scale·code). It
// follows the slab: rows [0, len(scales)) are encoded, the rest are
// encoded by sync, and removeRow moves codes as it moves vectors.
type quantIndex struct {
	codes  []int8
	scales []float32
}

// quantEncode writes the per-vector int8 code of v into code and returns
// its scale: code = floor(127·x/max|x| + 0.5), in float32 arithmetic so
// that every Open derives the same codes (int8dot.Quantize, AVX2 or Go).
// Neither pass has a data-dependent branch: a sign test per element
// mispredicted on half of them and cost 5× the rest of applying a batch.
// A zero vector (never stored: vectors are normalised) gets a zero scale.
func quantEncode(code []int8, v []float32) float32 {
	if len(v) == 0 {
		return 0
	}
	// Two SIMD passes beat one scalar loop carried through max.
	m := max(vek32.Max(v), -vek32.Min(v))
	if !(m > 0) || m > math.MaxFloat32 {
		clear(code)
		return 0
	}
	int8dot.Quantize(code, v, 127/m)
	return m / 127
}

// sync encodes the rows added since the last sync. The codes grow with
// the slab's capacity, so a slab sized once is mirrored by codes sized
// once.
func (qi *quantIndex) sync(st *state) {
	dim := st.dim
	from := len(qi.scales)
	n := len(st.rows)
	if from >= n || dim == 0 {
		return
	}
	if need := n * dim; cap(qi.codes) < need {
		qi.codes = slices.Grow(qi.codes, max(need, cap(st.slab))-len(qi.codes))
		qi.scales = slices.Grow(qi.scales, max(n, cap(st.slab)/dim)-len(qi.scales))
	}
	qi.codes = qi.codes[:n*dim]
	qi.scales = qi.scales[:n]
	for r := from; r < n; r++ {
		qi.scales[r] = quantEncode(qi.codes[r*dim:(r+1)*dim], st.vector(int32(r)))
	}
}

// remove mirrors removeRow's swap-remove of row i: row last's code moves
// into i. A code not yet encoded is dropped and re-derived by sync.
func (qi *quantIndex) remove(i, last int32, dim int) {
	n := int32(len(qi.scales))
	switch {
	case last < n:
		if i != last {
			copy(qi.codes[int(i)*dim:int(i+1)*dim], qi.codes[int(last)*dim:int(last+1)*dim])
			qi.scales[i] = qi.scales[last]
		}
		n = last
	case i < n:
		n = i
	}
	qi.scales = qi.scales[:n]
	qi.codes = qi.codes[:int(n)*dim]
}

// code returns row i's code.
func (qi *quantIndex) code(i int, dim int) []int8 {
	return qi.codes[i*dim : (i+1)*dim]
}

// quantQuery writes q (normalised) as int16 into dst, scaled so that no
// dot product with int8 codes can overflow int32.
func quantQuery(dst []int16, q []float32) {
	var m float32
	for _, x := range q {
		m = max(m, float32(math.Abs(float64(x))))
	}
	if m == 0 {
		clear(dst)
		return
	}
	s := float32(int8dot.MaxQuery(len(q))) / m
	for i, x := range q {
		dst[i] = int16(math.Round(float64(x * s)))
	}
}
