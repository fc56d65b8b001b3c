package embed_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/viterin/vek/vek32"
)

func ExampleNewHash() {
	h := embed.NewHash(embed.HashOptions{}) // 384 dimensions, no model
	ctx := context.Background()
	q, _ := h.EmbedQuery(ctx, "Why does the pump lose pressure?")
	docs, _ := h.EmbedDocuments(ctx, []string{
		"Pressure loss in pumps is usually caused by a worn seal.",
		"Employees accrue annual leave monthly.",
	})
	// Vectors are unit length, so the dot product is the cosine.
	fmt.Println(len(q), vek32.Dot(q, docs[0]) > vek32.Dot(q, docs[1]))
	// Output: 384 true
}

// staticEmbedder stands for a provider that returns a broken vector.
type staticEmbedder struct{ vec []float32 }

func (s staticEmbedder) EmbedDocuments(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = s.vec
	}
	return out, nil
}

func (s staticEmbedder) EmbedQuery(context.Context, string) ([]float32, error) { return s.vec, nil }

func ExampleValidate() {
	e := embed.Validate(staticEmbedder{vec: []float32{0, 0, 0}}, 0)
	_, err := e.EmbedDocuments(context.Background(), []string{"a", "b"})
	var ve *embed.VectorError
	fmt.Println(errors.Is(err, embed.ErrBadVector), errors.As(err, &ve), ve.Index)
	fmt.Println(err)
	// Output:
	// true true 0
	// embed: bad vector for text 0: all zero
}
