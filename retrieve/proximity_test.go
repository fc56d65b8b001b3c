package retrieve_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
)

// A short entry writing the question's words together outranks a long
// chunk that uses them apart and more often, which plain BM25 prefers.
func TestProximityFavoursWordsWrittenTogether(t *testing.T) {
	st, emb := openExpansionStore(t)
	putChunks(t, st, emb, "top", []string{"Usage: docker top CONTAINER [ps OPTIONS]. Display the running processes of a container. " +
		"Options: --help prints usage; ps options are passed to the ps program of the host, such as aux for every user."}, [][]string{{"top"}})
	putChunks(t, st, emb, "narrative", []string{
		"Running daemons write their logs to disk every hour. Processes wait for input from terminals and sockets. " +
			"Containers group them for isolation. Running jobs are listed by the scheduler daily. " +
			"Processes may fork children at will. Containers share the kernel of the host. " +
			"Running services restart after a failure. Processes exit with a status code. Containers stop with them.",
	}, [][]string{{"Detached mode"}})
	for i := range 8 {
		putChunks(t, st, emb, fmt.Sprintf("filler%d", i), []string{fmt.Sprintf("Volume %d stores files for a container.", i)}, [][]string{{"Volumes"}})
	}
	q := "How do I see the running processes of a container?"

	plain := retrieveKeyword(t, st, retrieve.Options{ProximityWeight: -1}, q)
	require.Equal(t, "narrative", docsOf(plain)[0], "the fixture must be one plain BM25 gets wrong: %v %v", plain.Sources[0].Scores, plain.Sources[1].Scores)

	res := retrieveKeyword(t, st, retrieve.Options{}, q)
	require.Equal(t, "top", docsOf(res)[0], "%v %v", res.Sources[0].Scores, res.Sources[1].Scores)
	require.Greater(t, res.Sources[0].Scores.BM25, plain.Sources[1].Scores.BM25, "the bonus is part of the keyword score")
}

// Words of the question in the other order, or far apart, gain nothing:
// the ranking is plain BM25's.
func TestProximityNeedsOrderAndNearness(t *testing.T) {
	for name, text := range map[string]string{
		"reversed": "The container holds processes that are running.",
		"apart":    "Running daemons write logs to disk every hour. Processes wait for input from terminals and sockets. A container groups them.",
	} {
		t.Run(name, func(t *testing.T) {
			st, emb := openExpansionStore(t)
			putChunks(t, st, emb, "a", []string{text}, [][]string{{"A"}})
			putChunks(t, st, emb, "b", []string{"Filler about volumes."}, [][]string{{"B"}})
			q := "How do I see the running processes of a container?"
			plain := retrieveKeyword(t, st, retrieve.Options{ProximityWeight: -1}, q)
			res := retrieveKeyword(t, st, retrieve.Options{}, q)
			require.InDelta(t, plain.Sources[0].Scores.BM25, res.Sources[0].Scores.BM25, 1e-9)
		})
	}
}

func TestProximityOptionsValidated(t *testing.T) {
	st, _ := openExpansionStore(t)
	for _, w := range []float64{math.NaN(), math.Inf(1)} {
		_, err := retrieve.NewHybrid(st, nil, nil, retrieve.Options{ProximityWeight: w})
		require.ErrorIs(t, err, retrieve.ErrInvalidOptions, "%v", w)
	}
}
