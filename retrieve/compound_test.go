package retrieve_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
)

// A hyphenated question word and its joined spelling are one term to
// Relevance: a chunk writing "readonly" covers a question's "read-only"
// as fully as one writing the hyphen (its part "read" included), and the
// joined form is no term of its own that a chunk writing "command line"
// as two words would lack.
func TestRelevanceReadsCompoundsEitherWay(t *testing.T) {
	st, emb := openExpansionStore(t)
	putChunks(t, st, emb, "readonly", []string{"Mark each variable as readonly; its value cannot be changed."}, [][]string{{"Attributes"}})
	putChunks(t, st, emb, "read-only", []string{"Mark each variable as read-only; its value cannot be changed."}, [][]string{{"Attributes"}})
	putChunks(t, st, emb, "spaced", []string{"Options given on the command line override the file."}, [][]string{{"Options"}})
	putChunks(t, st, emb, "hyphened", []string{"Command-line options override the file."}, [][]string{{"Options"}})
	for i := range 20 {
		putChunks(t, st, emb, "filler"+string(rune('a'+i)), []string{"The shell reads its startup file and runs each command it holds."}, [][]string{{"Startup"}})
	}
	coverage := func(res *retrieve.Result, doc string) float64 {
		for _, s := range res.Sources {
			if s.Chunk.DocumentID == doc && s.Passage != nil {
				return s.Passage.Coverage
			}
		}
		t.Fatalf("%s not retrieved with a passage: %v", doc, docsOf(res))
		return 0
	}
	relevance := func(res *retrieve.Result, doc string) float64 {
		for _, s := range res.Sources {
			if s.Chunk.DocumentID == doc {
				return s.Relevance
			}
		}
		t.Fatalf("%s not retrieved: %v", doc, docsOf(res))
		return 0
	}

	res := retrieveKeyword(t, st, retrieve.Options{}, "How do I make a variable read-only?")
	require.Subset(t, docsOf(res)[:2], []string{"readonly", "read-only"})
	require.NotContains(t, res.Analysis.Keywords, "readonli", "the joined form is no term of its own")
	require.InDelta(t, relevance(res, "read-only"), relevance(res, "readonly"), 0.05)
	require.InDelta(t, coverage(res, "read-only"), coverage(res, "readonly"), 1e-9, "the same words, either spelling")
	// Dropping the question's scaffold words ("exactly") keeps the joined
	// spelling's reading.
	res = retrieveKeyword(t, st, retrieve.Options{}, "How exactly do I make a variable read-only?")
	require.InDelta(t, coverage(res, "read-only"), coverage(res, "readonly"), 1e-9)

	res = retrieveKeyword(t, st, retrieve.Options{}, "Which command-line options override the file?")
	require.InDelta(t, relevance(res, "hyphened"), relevance(res, "spaced"), 0.05)
	require.NotContains(t, res.Analysis.Keywords, "commandlin")

	// A name written with a hyphen is known when the collection writes
	// its parts: "TLS-level" is no unknown name for want of "tlslevel".
	putChunks(t, st, emb, "tls", []string{"Compression at the TLS level is off by default."}, [][]string{{"TLS"}})
	res = retrieveKeyword(t, st, retrieve.Options{}, "Is TLS-level compression enabled by default?")
	require.Empty(t, res.Analysis.Unknown)
	require.Equal(t, "tls", res.Sources[0].Chunk.DocumentID)
}
