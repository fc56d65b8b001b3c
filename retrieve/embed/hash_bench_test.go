package embed

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/internal/tokens"
	"github.com/stretchr/testify/require"
)

// benchChunk builds an English-like chunk of at least n cl100k tokens,
// the size the chunker produces.
func benchChunk(b *testing.B, n int) string {
	b.Helper()
	words := strings.Fields(`the hydraulic pump maintains pressure in the main circuit when the
		operator opens the relief valve check the seal for wear and replace the filter element every
		500 operating hours measured values above 210 bar indicate a blocked return line consult
		section 4.2 of the service manual before dismantling the housing`)
	var sb strings.Builder
	for i := 0; ; i++ {
		fmt.Fprintf(&sb, "%s %s%d ", words[i%len(words)], words[(i*7)%len(words)], i%97)
		if i%40 == 39 {
			count, err := tokens.Count(sb.String())
			require.NoError(b, err)
			if count >= n {
				return sb.String()
			}
		}
	}
}

// BenchmarkHashEmbed measures embedding throughput on ~800-token chunks:
//
//	go test ./retrieve/embed -run '^$' -bench HashEmbed -benchmem
func BenchmarkHashEmbed(b *testing.B) {
	chunk := benchChunk(b, 800)
	for _, opts := range []struct {
		name string
		opts HashOptions
	}{
		{"default", HashOptions{}},
		{"words+chars", HashOptions{Features: CharNGrams | WordUnigrams | WordBigrams}},
		{"words-only", HashOptions{Features: WordUnigrams | WordBigrams}},
		{"dim1024", HashOptions{Dim: 1024}},
	} {
		b.Run(opts.name, func(b *testing.B) {
			h := NewHash(opts.opts)
			ctx := context.Background()
			b.SetBytes(int64(len(chunk)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := h.EmbedQuery(ctx, chunk); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "chunks/s")
		})
	}
}

// BenchmarkHashEmbedDocuments measures a batch of 64 chunks, the unit the
// indexer sends.
func BenchmarkHashEmbedDocuments(b *testing.B) {
	chunk := benchChunk(b, 800)
	texts := make([]string, 64)
	for i := range texts {
		texts[i] = chunk[i:] // distinct texts of nearly the same size
	}
	h := NewHash(HashOptions{})
	ctx := context.Background()
	b.SetBytes(int64(64 * len(chunk)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := h.EmbedDocuments(ctx, texts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(64*b.N)/b.Elapsed().Seconds(), "chunks/s")
}
