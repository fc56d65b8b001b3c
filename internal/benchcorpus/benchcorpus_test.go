package benchcorpus

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestWord(t *testing.T) {
	for i, want := range map[uint64]string{0: "za", 25: "zz", 26: "zba", 27: "zbb", 26*26 + 1: "zbab"} {
		require.Equal(t, want, Word(i), "word %d", i)
	}
}

// digest hashes n chunks and q queries of a generator.
func digest(g *Generator, n, q int) string {
	h := sha256.New()
	for range n {
		text, vec := g.Chunk()
		h.Write([]byte(text))
		for _, x := range vec {
			h.Write(binary.LittleEndian.AppendUint32(nil, math.Float32bits(x)))
		}
	}
	for range q {
		h.Write([]byte(g.Query()))
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// The corpus must not change under the figures measured on it: the digests
// were taken from the generators this package replaced (store/embedded's
// newBenchCorpus and scripts/openbench, which drew the same stream).
func TestGeneratorIsStable(t *testing.T) {
	tests := []struct {
		seed       uint64
		words, dim int
		want       string
	}{
		{42, Words, Dim, "8d27b14ad47f33ee05868c1e195215fe397c606e90105fcf3612f96bd42e7b61"},
		{5, 40, 8, "3a69dfd543ba842e323d3b542a14d62a7447e95eb5ad793ffe22e2519a125303"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.seed), func(t *testing.T) {
			got := digest(New(tc.seed, tc.words, tc.dim), 50, 5)
			require.Equal(t, got, digest(New(tc.seed, tc.words, tc.dim), 50, 5), "same seed, same corpus")
			require.NotEqual(t, got, digest(New(tc.seed+1, tc.words, tc.dim), 50, 5))
			require.Equal(t, tc.want, got)
		})
	}
}

func TestEntries(t *testing.T) {
	g := New(1, 3, 2)
	var texts []string
	var vecs [][]float32
	for range 7 {
		text, vec := g.Chunk()
		texts, vecs = append(texts, text), append(vecs, vec)
	}
	// Chunks 6..12: the end of document 1, all of 2, the start of 3.
	entries := Entries(texts, vecs, 6)
	require.Len(t, entries, 3)
	wantDocs := []struct {
		id, tenant string
		chunks     []int
	}{{"doc1", "t1", []int{6, 7}}, {"doc2", "t2", []int{8, 9, 10, 11}}, {"doc3", "t0", []int{12}}}
	for i, want := range wantDocs {
		e := entries[i]
		require.Equal(t, want.id, e.Document.ID)
		require.Equal(t, want.tenant, e.Document.TenantID)
		require.Len(t, e.Chunks, len(want.chunks))
		require.Len(t, e.Vectors, len(want.chunks))
		for k, j := range want.chunks {
			c := e.Chunks[k]
			require.Equal(t, texts[j-6], c.Text)
			require.Equal(t, vecs[j-6], e.Vectors[k])
			require.Equal(t, j%PerDoc, c.Index)
			require.Equal(t, want.id, c.DocumentID)
			require.Equal(t, want.tenant, c.TenantID)
			require.Equal(t, []string{"manual", "report"}[j%2], c.Metadata.SourceType)
			require.Equal(t, time.Date(2020+j%5, 1, 1, 0, 0, 0, 0, time.UTC), c.Metadata.Date)
		}
	}
}
