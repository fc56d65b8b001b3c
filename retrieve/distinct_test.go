package retrieve_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/stretchr/testify/require"
)

// Copies of one section, kept for each API version, must not take every
// candidate place: the command's own page ranks below them and was left
// out of the pool.
func TestCopiesLeaveRoomInThePool(t *testing.T) {
	st, emb := openExpansionStore(t)
	for v := 18; v <= 24; v++ {
		putChunks(t, st, emb, fmt.Sprintf("api-v1.%d", v), []string{fmt.Sprintf(
			"List processes running inside the container. On Unix systems this is done by running the ps command in the container, and the container lists each process with its user, its parent, its start time, the terminal it runs on and the command line it was started with, one line each. Example request: GET /v1.%d/containers/4fa6e0f0c678/top HTTP/1.1", v)}, [][]string{{"List processes"}})
	}
	putChunks(t, st, emb, "top", []string{"docker top CONTAINER. Display the running processes of a container. " +
		"The command takes the options of ps after the name, such as aux, and prints one line for each process with the columns ps prints; " +
		"its output is the output of ps, run where the named one runs, so the columns are those the host's ps gives."}, [][]string{{"top"}})
	for i := range 6 {
		putChunks(t, st, emb, fmt.Sprintf("other%d", i), []string{fmt.Sprintf("Volumes keep data of chapter %d outside the image.", i)}, [][]string{{"Volumes"}})
	}
	h, err := retrieve.NewHybrid(st, nil, nil, retrieve.Options{Expansion: retrieve.ExpansionNone})
	require.NoError(t, err)
	res, err := h.Retrieve(context.Background(), retrieve.Query{Text: "running processes container", KeywordK: 4, MMRLambda: 1})
	require.NoError(t, err)
	docs := docsOf(res)
	require.Contains(t, docs, "top")
	copies := 0
	for _, d := range docs {
		if strings.HasPrefix(d, "api-") {
			copies++
		}
	}
	require.Equal(t, 7, copies, "the copies are kept, in one place: %v", docs)

	// A question that names a version scores its copy apart from the
	// others: it leads, and the others take one place after it.
	res, err = h.Retrieve(context.Background(), retrieve.Query{Text: "running processes container v1.23", KeywordK: 4, MMRLambda: 1})
	require.NoError(t, err)
	docs = docsOf(res)
	require.Equal(t, "api-v1.23", docs[0])
	require.Contains(t, docs, "api-v1.18")
}
