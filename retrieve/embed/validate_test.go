package embed

import (
	"context"
	"errors"
	"math"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/stretchr/testify/require"
)

// scripted is a retrieve.Embedder that returns whatever reply says and
// counts its calls.
type scripted struct {
	reply func(texts []string) ([][]float32, error)
	calls atomic.Int64
}

func (s *scripted) EmbedDocuments(_ context.Context, texts []string) ([][]float32, error) {
	s.calls.Add(1)
	return s.reply(texts)
}

func (s *scripted) EmbedQuery(_ context.Context, text string) ([]float32, error) {
	s.calls.Add(1)
	vecs, err := s.reply([]string{text})
	if err != nil || len(vecs) == 0 {
		return nil, err
	}
	return vecs[0], nil
}

// replyAll answers every text with vec.
func replyAll(vec ...float32) func([]string) ([][]float32, error) {
	return func(texts []string) ([][]float32, error) {
		out := make([][]float32, len(texts))
		for i := range out {
			out[i] = append([]float32(nil), vec...)
		}
		return out, nil
	}
}

// replyWith answers text i with vecs[i].
func replyWith(vecs ...[]float32) func([]string) ([][]float32, error) {
	return func([]string) ([][]float32, error) { return vecs, nil }
}

func TestValidateDocuments(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	boom := errors.New("provider down")
	cases := []struct {
		name      string
		dim       int
		reply     func([]string) ([][]float32, error)
		texts     int
		wantErr   error // sentinel, nil for success
		wantIndex int   // Index of the typed error
	}{
		{"ok", 0, replyAll(1, 0, 0), 3, nil, 0},
		{"ok with dim", 3, replyAll(0.5, 0.5, 0), 2, nil, 0},
		{"too few vectors", 0, replyWith([]float32{1}), 2, ErrCount, 0},
		{"too many vectors", 0, replyWith([]float32{1}, []float32{1}), 1, ErrCount, 0},
		{"nil reply", 0, replyWith(), 1, ErrCount, 0},
		{"dimension varies", 0, replyWith([]float32{1, 2}, []float32{1, 2, 3}), 2, ErrDimension, 1},
		{"dimension differs from dim", 4, replyAll(1, 2, 3), 2, ErrDimension, 0},
		{"NaN", 0, replyWith([]float32{1, 2}, []float32{nan, 1}), 2, ErrBadVector, 1},
		{"+Inf", 0, replyWith([]float32{1, inf}), 1, ErrBadVector, 0},
		{"-Inf", 0, replyWith([]float32{1, 1}, []float32{1, 1}, []float32{-inf, 1}), 3, ErrBadVector, 2},
		{"all zero", 0, replyWith([]float32{1, 1}, []float32{0, 0}), 2, ErrBadVector, 1},
		{"empty vector", 0, replyWith([]float32{}), 1, ErrBadVector, 0},
		{"provider error passes through", 0, func([]string) ([][]float32, error) { return nil, boom }, 1, boom, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			texts := make([]string, c.texts)
			vecs, err := Validate(&scripted{reply: c.reply}, c.dim).EmbedDocuments(context.Background(), texts)
			if c.wantErr == nil {
				require.NoError(t, err)
				require.Len(t, vecs, c.texts)
				return
			}
			require.ErrorIs(t, err, c.wantErr)
			require.Nil(t, vecs)
			var ve *VectorError
			var de *DimensionError
			var ce *CountError
			switch {
			case errors.As(err, &ve):
				require.Equal(t, c.wantIndex, ve.Index)
				require.NotEmpty(t, ve.Reason)
			case errors.As(err, &de):
				require.Equal(t, c.wantIndex, de.Index)
				require.NotEqual(t, de.Got, de.Want)
			case errors.As(err, &ce):
				require.Equal(t, c.texts, ce.Want)
			}
			require.Regexp(t, `^embed: |provider down`, err.Error())
		})
	}
}

func TestValidateFixesDimensionAcrossCalls(t *testing.T) {
	ctx := context.Background()
	dim := 2
	inner := &scripted{reply: func(texts []string) ([][]float32, error) {
		v := make([]float32, dim)
		v[0] = 1
		return replyAll(v...)(texts)
	}}
	e := Validate(inner, 0)
	require.Equal(t, 0, e.(Dimensioner).Dimension())
	_, err := e.EmbedDocuments(ctx, []string{"a"})
	require.NoError(t, err)
	require.Equal(t, 2, e.(Dimensioner).Dimension())

	dim = 3 // the model changed under us
	_, err = e.EmbedDocuments(ctx, []string{"a"})
	var de *DimensionError
	require.ErrorAs(t, err, &de)
	require.Equal(t, DimensionError{Index: 0, Got: 3, Want: 2}, *de)
	_, err = e.EmbedQuery(ctx, "q")
	require.ErrorIs(t, err, ErrDimension)
}

func TestValidateBadFirstVectorDoesNotFixDimension(t *testing.T) {
	ctx := context.Background()
	inner := &scripted{reply: replyWith([]float32{0, 0, 0})}
	e := Validate(inner, 0)
	_, err := e.EmbedQuery(ctx, "q")
	require.ErrorIs(t, err, ErrBadVector)
	require.Equal(t, 0, e.(Dimensioner).Dimension())
	inner.reply = replyAll(1, 1)
	_, err = e.EmbedQuery(ctx, "q")
	require.NoError(t, err)
	require.Equal(t, 2, e.(Dimensioner).Dimension())
}

func TestValidateQuery(t *testing.T) {
	ctx := context.Background()
	v, err := Validate(&scripted{reply: replyAll(3, 4)}, 2).EmbedQuery(ctx, "q")
	require.NoError(t, err)
	require.Equal(t, []float32{3, 4}, v)

	_, err = Validate(&scripted{reply: replyAll(float32(math.NaN()), 1)}, 0).EmbedQuery(ctx, "q")
	var ve *VectorError
	require.ErrorAs(t, err, &ve)
	require.Contains(t, ve.Reason, "NaN")

	_, err = Validate(&scripted{reply: replyAll(1, 2, 3)}, 2).EmbedQuery(ctx, "q")
	require.ErrorIs(t, err, ErrDimension)
}

func TestValidateEmptyInputAndNil(t *testing.T) {
	ctx := context.Background()
	inner := &scripted{reply: replyAll(1)}
	vecs, err := Validate(inner, 0).EmbedDocuments(ctx, nil)
	require.NoError(t, err)
	require.Empty(t, vecs)
	require.Zero(t, inner.calls.Load(), "no call for no texts")

	_, err = Validate(nil, 0).EmbedDocuments(ctx, []string{"a"})
	require.ErrorIs(t, err, ErrNilEmbedder)
	_, err = Validate(nil, 0).EmbedQuery(ctx, "a")
	require.ErrorIs(t, err, ErrNilEmbedder)
}

func TestValidateDoesNotDoubleWrap(t *testing.T) {
	inner := &scripted{reply: replyAll(1, 1)}
	once := Validate(inner, 0)
	require.Same(t, once, Validate(once, 0))
	pinned := Validate(inner, 2)
	require.Same(t, pinned, Validate(pinned, 2))
	require.Same(t, pinned, Validate(pinned, 0))
	require.NotSame(t, pinned, Validate(pinned, 3))
	_, err := Validate(pinned, 3).EmbedQuery(context.Background(), "q")
	require.ErrorIs(t, err, ErrDimension)

	lc := FromLangchain(nil, Options{Dim: 8})
	require.Same(t, lc, Validate(lc, 0))
	require.Same(t, lc, Validate(lc, 8))
	require.NotSame(t, lc, Validate(lc, 9))
}

// TestValidateConcurrentFirstCalls races two models of different
// dimensions for the first call: exactly one dimension must win and every
// call must either succeed with it or fail with ErrDimension.
func TestValidateConcurrentFirstCalls(t *testing.T) {
	var n atomic.Int64
	inner := &scripted{reply: func(texts []string) ([][]float32, error) {
		if n.Add(1)%2 == 0 {
			return replyAll(1, 1)(texts)
		}
		return replyAll(1, 1, 1)(texts)
	}}
	e := Validate(inner, 0)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		dims = map[int]int{}
		errs []error
	)
	for range 16 {
		wg.Go(func() {
			v, err := e.EmbedQuery(context.Background(), "q")
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
				return
			}
			dims[len(v)]++
		})
	}
	wg.Wait()
	require.Len(t, dims, 1, "one dimension wins")
	fixed := e.(Dimensioner).Dimension()
	require.Contains(t, dims, fixed)
	for _, err := range errs {
		require.ErrorIs(t, err, ErrDimension)
	}
}

func TestValidateWrapsHash(t *testing.T) {
	var e retrieve.Embedder = Validate(NewHash(HashOptions{Dim: 64}), 64)
	vecs, err := e.EmbedDocuments(context.Background(), []string{"pump", "", "valve seal"})
	require.NoError(t, err)
	require.Len(t, vecs, 3)
	_, err = Validate(NewHash(HashOptions{Dim: 64}), 128).EmbedQuery(context.Background(), "pump")
	require.ErrorIs(t, err, ErrDimension)
}
