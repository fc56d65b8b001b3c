package generate

import (
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/retrieve"
)

// benchText is a realistic chunk: about 800 cl100k tokens of prose.
var benchText = strings.Repeat("The backup service runs every night at 02:00 and writes compressed archives to /var/backups. "+
	"Restores use the restore command with the archive name; see the operations guide for the flags. ", 20)

func BenchmarkSanitize(b *testing.B) {
	b.SetBytes(int64(len(benchText)))
	for b.Loop() {
		Sanitize(benchText, testNonce)
	}
}

// BenchmarkBuild builds a prompt from 15 sources of about 800 tokens into
// the default 6000-token budget, so the eighth source is cut.
func BenchmarkBuild(b *testing.B) {
	sources := make([]retrieve.Source, 15)
	for i := range sources {
		sources[i] = testSource("doc"+strings.Repeat("x", i), benchText)
	}
	builder, err := NewContextBuilder(ContextOptions{})
	if err != nil {
		b.Fatal(err)
	}
	req := BuildRequest{Question: "How are backups restored?", Sources: sources}
	for b.Loop() {
		if _, err := builder.Build(b.Context(), req); err != nil {
			b.Fatal(err)
		}
	}
}
