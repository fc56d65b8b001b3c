package retrieve_test

import (
	"context"
	"fmt"
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
	putChunks(t, st, emb, "top", []string{"docker top CONTAINER. Display the running processes of a container."}, [][]string{{"top"}})
	for i := range 6 {
		putChunks(t, st, emb, fmt.Sprintf("other%d", i), []string{fmt.Sprintf("Volumes keep data of chapter %d outside the image.", i)}, [][]string{{"Volumes"}})
	}
	h, err := retrieve.NewHybrid(st, nil, nil, retrieve.Options{})
	require.NoError(t, err)
	res, err := h.Retrieve(context.Background(), retrieve.Query{Text: "running processes container", KeywordK: 4, MMRLambda: 1})
	require.NoError(t, err)
	docs := docsOf(res)
	require.Contains(t, docs, "top")
	copies := 0
	for _, d := range docs {
		if len(d) > 4 && d[:4] == "api-" {
			copies++
		}
	}
	require.Equal(t, 1, copies, "one copy stands for all: %v", docs)

	// A question that names a version scores its copy apart from the
	// others: it leads, and one of the others stands for the rest.
	res, err = h.Retrieve(context.Background(), retrieve.Query{Text: "running processes container v1.23", KeywordK: 4, MMRLambda: 1})
	require.NoError(t, err)
	docs = docsOf(res)
	require.Equal(t, "api-v1.23", docs[0])
	require.Contains(t, docs, "api-v1.18")
}
