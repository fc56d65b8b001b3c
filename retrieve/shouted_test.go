package retrieve_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
)

// A question written in capitals is searched as words: its "IS" and "THE"
// are no keywords that find a licence written in capitals. Keywords in
// capitals in an ordinary question still count.
func TestShoutedQuestionSearchedAsWords(t *testing.T) {
	st, emb := openExpansionStore(t)
	putChunks(t, st, emb, "license", []string{
		"THE SOFTWARE IS PROVIDED AS IS, WITHOUT WARRANTY OF ANY KIND. IN NO EVENT SHALL THE AUTHORS BE LIABLE FOR ANY CLAIM.",
	}, [][]string{{"License"}})
	putChunks(t, st, emb, "server", []string{
		"Server settings\n\nThe port setting gives the TCP port the server listens on. Its default is 5432.",
		"Queries\n\nThe HAVING clause eliminates groups that do not satisfy its condition.",
	}, [][]string{{"Server settings"}, {"Queries"}})
	for _, q := range []string{"WHAT IS THE DEFAULT PORT OF THE SERVER?", "What is the default port of the server?"} {
		res := retrieveKeyword(t, st, retrieve.Options{}, q)
		require.NotEmpty(t, res.Sources, q)
		require.Equal(t, "server", res.Sources[0].Chunk.DocumentID, q)
		require.NotContains(t, res.Analysis.Keywords, "is", q)
	}
	res := retrieveKeyword(t, st, retrieve.Options{}, "What does the HAVING clause do?")
	require.Contains(t, res.Analysis.Keywords, "having")
	require.Contains(t, res.Sources[0].Chunk.Text, "HAVING")
}
