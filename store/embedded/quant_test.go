package embedded

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/viterin/vek/vek32"

	"github.com/hybridrag/hybridrag/store"
)

func TestQuantEncode(t *testing.T) {
	for _, tc := range []struct {
		name  string
		v     []float32
		code  []int8
		scale float32
	}{
		{"max maps to 127", []float32{0.5, -0.25, 0.25, 0}, []int8{127, -63, 64, 0}, 0.5 / 127},
		{"negative max", []float32{-1, 0.5}, []int8{-127, 64}, 1.0 / 127},
		{"halves round up", []float32{127, 0.5, -0.5, 1.5, -1.5, -127}, []int8{127, 1, 0, 2, -1, -127}, 1},
		{"zero vector", []float32{0, 0}, []int8{0, 0}, 0},
		{"infinity is not encoded", []float32{float32(math.Inf(1)), 1}, []int8{0, 0}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code := make([]int8, len(tc.v))
			for i := range code {
				code[i] = 99 // must be overwritten
			}
			require.InDelta(t, tc.scale, quantEncode(code, tc.v), 1e-9)
			require.Equal(t, tc.code, code)
		})
	}
}

// TestQuantEncodeError checks the reconstruction error bound on random
// normalised vectors: |x − scale·code| ≤ scale/2.
func TestQuantEncodeError(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, dim := range []int{1, 7, 384, 1536} {
		v := make([]float32, dim)
		for i := range v {
			v[i] = float32(r.NormFloat64())
		}
		normalizeInto(v, v)
		code := make([]int8, dim)
		scale := quantEncode(code, v)
		for i, x := range v {
			require.LessOrEqual(t, math.Abs(float64(x-scale*float32(code[i]))), float64(scale)/2*1.0001, "dim %d i %d", dim, i)
		}
	}
}

// requireCodesCurrent checks that every row has the code of its vector.
func requireCodesCurrent(t *testing.T, s *Store) {
	t.Helper()
	st := s.st
	require.NotNil(t, st.quant)
	require.Len(t, st.quant.scales, len(st.rows))
	require.Len(t, st.quant.codes, len(st.rows)*st.dim)
	want := make([]int8, st.dim)
	for i := range st.rows {
		scale := quantEncode(want, st.vector(int32(i)))
		require.Equal(t, scale, st.quant.scales[i], "row %d", i)
		require.Equal(t, want, st.quant.code(i, st.dim), "row %d", i)
	}
}

// quantDocs makes n documents of 1–4 chunks with random 32-dimensional
// vectors, spread over two tenants.
func quantDocs(n int, seed uint64, prefix string) []store.Entry {
	const dim = 32
	r := rand.New(rand.NewPCG(seed, 3))
	var out []store.Entry
	for d := range n {
		id := prefix + strconv.Itoa(d)
		tenant := "t" + strconv.Itoa(d%2)
		e := store.Entry{Document: store.Document{ID: id, TenantID: tenant, Title: id}}
		for c := range 1 + r.IntN(4) {
			text := fmt.Sprintf("%s chunk %d", id, c)
			e.Chunks = append(e.Chunks, store.Chunk{
				ID: store.ChunkID(id, c, text), DocumentID: id, TenantID: tenant, Title: id, Text: text, Index: c,
				Metadata: store.Metadata{SourceType: []string{"manual", "report"}[c%2]},
			})
			v := make([]float32, dim)
			for i := range v {
				v[i] = float32(r.NormFloat64())
			}
			e.Vectors = append(e.Vectors, v)
		}
		out = append(out, e)
	}
	return out
}

// TestQuantCodesFollowRows puts, replaces and deletes documents (rows are
// swap-removed, so codes move) and reopens, checking every code each time.
func TestQuantCodesFollowRows(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "store")
	s, err := Open(dir, Options{Create: true, Quantization: QuantizationInt8})
	require.NoError(t, err)
	require.NoError(t, s.Put(ctx, quantDocs(120, 1, "a")...))
	requireCodesCurrent(t, s)
	require.NoError(t, s.Put(ctx, quantDocs(40, 2, "a")...)) // replaces a0..a39 with new vectors
	requireCodesCurrent(t, s)
	var del []string
	for i := 0; i < 120; i += 3 {
		del = append(del, "a"+strconv.Itoa(i))
	}
	require.NoError(t, s.Delete(ctx, "t0", "", del...))
	require.NoError(t, s.Delete(ctx, "t1", "", del...))
	requireCodesCurrent(t, s)
	require.NoError(t, s.Put(ctx, quantDocs(30, 4, "b")...))
	requireCodesCurrent(t, s)
	rows := len(s.st.rows)
	require.NoError(t, s.Close())

	s, err = Open(dir, Options{})
	require.NoError(t, err)
	defer s.Close()
	require.Equal(t, QuantizationInt8, s.Quantization())
	require.Len(t, s.st.rows, rows)
	requireCodesCurrent(t, s)

	// Emptying the store and filling it again.
	var all []string
	for i := range 120 {
		all = append(all, "a"+strconv.Itoa(i))
	}
	for _, tenant := range []string{"t0", "t1"} {
		require.NoError(t, s.Delete(ctx, tenant, "", all...))
		require.NoError(t, s.Delete(ctx, tenant, "", "b0", "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b10", "b11", "b12", "b13", "b14", "b15", "b16", "b17", "b18", "b19", "b20", "b21", "b22", "b23", "b24", "b25", "b26", "b27", "b28", "b29"))
	}
	require.Empty(t, s.st.rows)
	requireCodesCurrent(t, s)
	require.NoError(t, s.Put(ctx, quantDocs(10, 5, "c")...))
	requireCodesCurrent(t, s)
}

// TestQuantSearchAgainstExact compares a quantized store with an exact one
// holding the same chunks: hits carry exact cosine scores, a store no
// larger than MinRescore gives identical results, and a larger one finds
// (nearly) all of the exact top 10, filtered or not.
func TestQuantSearchAgainstExact(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name      string
		docs      int
		minRecall float64
	}{
		{"all rows rescored", 30, 1},
		{"candidates only", 600, 0.99},
	} {
		t.Run(tc.name, func(t *testing.T) {
			entries := quantDocs(tc.docs, 7, "d")
			exact := openTest(t, filepath.Join(t.TempDir(), "exact"), Options{Create: true})
			quant := openTest(t, filepath.Join(t.TempDir(), "quant"), Options{Create: true, Quantization: QuantizationInt8})
			require.NoError(t, exact.Put(ctx, entries...))
			require.NoError(t, quant.Put(ctx, entries...))
			require.True(t, quant.st.quantReady())
			if tc.minRecall < 1 {
				require.Greater(t, len(quant.st.rows), rescoreCount(10, len(quant.st.rows)), "the store must be larger than the candidates")
			}
			r := rand.New(rand.NewPCG(8, 9))
			found, total := 0, 0
			for qi := range 60 {
				q := make([]float32, 32)
				for i := range q {
					q[i] = float32(r.NormFloat64())
				}
				f := []store.Filter{{}, {TenantID: "t1"}, {SourceTypes: []string{"report"}}}[qi%3]
				want, err := exact.SearchVector(ctx, q, 10, f)
				require.NoError(t, err)
				got, err := quant.SearchVector(ctx, q, 10, f)
				require.NoError(t, err)
				require.Len(t, got, len(want))
				exactScore := map[string]float64{}
				for _, h := range want {
					exactScore[h.Chunk.ID] = h.Score
				}
				for i, h := range got {
					if i > 0 {
						require.GreaterOrEqual(t, got[i-1].Score, h.Score, "best first")
					}
					require.True(t, f.Match(&h.Chunk), "filter")
					if s, ok := exactScore[h.Chunk.ID]; ok {
						require.Equal(t, s, h.Score, "rescored exactly")
						found++
					}
				}
				total += len(want)
				if tc.minRecall == 1 {
					require.Equal(t, ids(want), ids(got))
				}
			}
			recall := float64(found) / float64(total)
			t.Logf("recall@10 %.4f over 60 queries, %d rows", recall, len(quant.st.rows))
			require.GreaterOrEqual(t, recall, tc.minRecall)
		})
	}
}

func TestQuantizationRecorded(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "store")
	file := filepath.Join(dir, quantFile)
	steps := []struct {
		opts Options
		want Quantization
		file bool
	}{
		{Options{Create: true}, QuantizationNone, false},
		{Options{Quantization: QuantizationInt8}, QuantizationInt8, true},
		{Options{}, QuantizationInt8, true},
		{Options{ReadOnly: true}, QuantizationInt8, true},
		{Options{ReadOnly: true, Quantization: QuantizationNone}, QuantizationNone, true}, // in memory only
		{Options{Quantization: QuantizationNone}, QuantizationNone, false},
		{Options{}, QuantizationNone, false},
		{Options{ReadOnly: true, Quantization: QuantizationInt8}, QuantizationInt8, false}, // in memory only
		{Options{}, QuantizationNone, false},
	}
	for i, step := range steps {
		s, err := Open(dir, step.opts)
		require.NoError(t, err, "step %d", i)
		require.Equal(t, step.want, s.Quantization(), "step %d", i)
		require.Equal(t, step.want == QuantizationInt8, s.st.quant != nil, "step %d", i)
		if i == 0 {
			require.NoError(t, s.Put(ctx, quantDocs(20, 1, "x")...))
		}
		if step.want == QuantizationInt8 {
			requireCodesCurrent(t, s)
		}
		require.NoError(t, s.Close())
		_, err = os.Stat(file)
		require.Equal(t, step.file, err == nil, "step %d: file present", i)
	}

	// A new store created quantized records it at once.
	dir2 := filepath.Join(t.TempDir(), "new")
	s, err := Open(dir2, Options{Create: true, Quantization: QuantizationInt8})
	require.NoError(t, err)
	require.NoError(t, s.Close())
	q, err := readQuant(dir2)
	require.NoError(t, err)
	require.Equal(t, QuantizationInt8, q)
}

func TestQuantFileDamaged(t *testing.T) {
	for _, tc := range []struct{ name, content string }{
		{"not JSON", "int8"},
		{"unknown kind", `{"quantization":"int4","scale":"per-vector"}`},
		{"unknown scale", `{"quantization":"int8","scale":"per-dimension"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "store")
			s, err := Open(dir, Options{Create: true})
			require.NoError(t, err)
			require.NoError(t, s.Close())
			require.NoError(t, os.WriteFile(filepath.Join(dir, quantFile), []byte(tc.content), 0o644))
			for _, opts := range []Options{{}, {ReadOnly: true}, {Quantization: QuantizationInt8}} {
				_, err = Open(dir, opts)
				require.ErrorIs(t, err, store.ErrCorrupt)
			}
			// The directory is still usable once the file is fixed.
			require.NoError(t, os.Remove(filepath.Join(dir, quantFile)))
			s, err = Open(dir, Options{})
			require.NoError(t, err)
			require.NoError(t, s.Close())
		})
	}
}

// TestQuantConcurrentSearchAndWrites searches a quantized store while
// batches replace and delete documents (moving codes): every hit's score
// must be the exact cosine of the vector it carries.
func TestQuantConcurrentSearchAndWrites(t *testing.T) {
	ctx := context.Background()
	s := openTest(t, filepath.Join(t.TempDir(), "store"), Options{Create: true, Quantization: QuantizationInt8})
	require.NoError(t, s.Put(ctx, quantDocs(100, 1, "a")...))
	q := make([]float32, 32)
	for i := range q {
		q[i] = float32(i%5) - 2
	}
	qn := normalized(q)
	var done atomic.Bool
	errs := make(chan error, 4)
	var wg sync.WaitGroup
	for r := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f := []store.Filter{{}, {TenantID: "t1"}}[r]
			for n := 0; !done.Load() || n < 5; n++ {
				hits, err := s.SearchVector(ctx, q, 10, f)
				if err == nil && len(hits) != 10 {
					err = fmt.Errorf("%d hits", len(hits))
				}
				for i := 0; err == nil && i < len(hits); i++ {
					if d := math.Abs(float64(vek32.Dot(hits[i].Vector, qn)) - hits[i].Score); d > 1e-6 {
						err = fmt.Errorf("hit %d: score %v is not its vector's cosine (off by %g)", i, hits[i].Score, d)
					}
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	for v := range 30 {
		require.NoError(t, s.Put(ctx, quantDocs(20, uint64(10+v), "a")...))
		require.NoError(t, s.Delete(ctx, "t0", "", "a"+strconv.Itoa(20+v)))
	}
	done.Store(true)
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	requireCodesCurrent(t, s)
}

// TestQuantSnapshotReader opens a quantized store read-only while its
// writer holds it: the snapshot reads the recorded choice and derives the
// codes of the batches it loads.
func TestQuantSnapshotReader(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "store")
	w := openTest(t, dir, Options{Create: true, Quantization: QuantizationInt8})
	require.NoError(t, w.Put(ctx, quantDocs(50, 1, "a")...))
	r := openTest(t, dir, Options{ReadOnly: true})
	require.True(t, r.Snapshot())
	require.Equal(t, QuantizationInt8, r.Quantization())
	requireCodesCurrent(t, r)
	hits, err := r.SearchVector(ctx, quantDocs(1, 9, "q")[0].Vectors[0], 5, store.Filter{})
	require.NoError(t, err)
	require.Len(t, hits, 5)
}

func TestRescoreCount(t *testing.T) {
	for _, tc := range []struct{ k, rows, want int }{
		{10, 100_000, 100},
		{1, 100_000, MinRescore},
		{50, 100_000, 500},
		{10, 50, 50},
		{200, 1000, 1000},
		{math.MaxInt, 1000, 1000},
		{math.MaxInt / 5, 1 << 40, 1 << 40},
	} {
		require.Equal(t, tc.want, rescoreCount(tc.k, tc.rows), "k %d rows %d", tc.k, tc.rows)
	}
}
