package hybridrag_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store"
)

// recordingEmbedder remembers each call's size and each text's vector.
type recordingEmbedder struct {
	*embed.Hash
	mu    sync.Mutex
	calls []int
	vecs  map[string][]float32
}

func (r *recordingEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	vecs, err := r.Hash.EmbedDocuments(ctx, texts)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, len(texts))
	for i, t := range texts {
		if err == nil {
			r.vecs[t] = vecs[i]
		}
	}
	return vecs, err
}

// TestIndexEmbedsInGroups: a large document is embedded a bounded group of
// chunks at a time, groups span small documents, and every chunk gets the
// vector of its own text.
func TestIndexEmbedsInGroups(t *testing.T) {
	ctx := context.Background()
	emb := &recordingEmbedder{Hash: embed.NewHash(embed.HashOptions{}), vecs: map[string][]float32{}}
	p := newPipeline(t, hybridrag.Config{Embedder: emb})

	var big strings.Builder
	for i := 0; i < 600; i++ {
		fmt.Fprintf(&big, "## Step %d\n\n", i)
		for j := 0; j < 40; j++ {
			fmt.Fprintf(&big, "Step %d tightens bolt %d of flange %d to the torque in table %d. ", i, j, i%7, j%5)
		}
		big.WriteString("\n\n")
	}
	docs := []store.Document{{ID: "a.md", Text: "# A\n\nThe pump runs at 3000 rpm."}, {ID: "big.md", Text: big.String()}}
	for i := 0; i < 5; i++ {
		docs = append(docs, store.Document{ID: fmt.Sprintf("n%d.md", i), Text: fmt.Sprintf("# Note %d\n\nValve %d opens at %d bar.", i, i, i+3)})
	}
	st, err := p.Index(ctx, docs...)
	require.NoError(t, err)
	require.Greater(t, st.Chunks, 2*256, "enough chunks for several groups")

	total := 0
	for _, n := range emb.calls {
		require.LessOrEqual(t, n, 256)
		total += n
	}
	require.Equal(t, st.Chunks, total)
	require.Less(t, len(emb.calls), st.Chunks/100, "small documents share calls")

	seen := 0
	require.NoError(t, p.Store().(store.Scanner).Scan(ctx, store.Filter{}, func(c store.Chunk, v []float32) error {
		var want []float32
		wantLen := 0
		for text, vec := range emb.vecs {
			if strings.HasSuffix(text, c.Text) && (want == nil || len(text) < wantLen) {
				want, wantLen = vec, len(text)
			}
		}
		require.NotNil(t, want, c.ID)
		require.InDeltaSlice(t, normalized(want), v, 1e-5, "chunk %d of %s", c.Index, c.DocumentID)
		seen++
		return nil
	}))
	require.Equal(t, st.Chunks, seen)
}

func normalized(v []float32) []float32 {
	var ss float64
	for _, x := range v {
		ss += float64(x) * float64(x)
	}
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(float64(x) / math.Sqrt(ss))
	}
	return out
}
