package retrieve_test

import (
	"context"
	"testing"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/stretchr/testify/require"
)

// A definition question is answered in the section named after its
// subject, even when another section mentions the subject more often.
func TestDefinitionFavoursTheSectionNamedAfterItsSubject(t *testing.T) {
	st, emb := openExpansionStore(t)
	putChunks(t, st, emb, "ref-frob", []string{"FROB rewrites the table in the order of an index and takes an exclusive lock while it runs."}, [][]string{{"Reference", "FROB"}})
	putChunks(t, st, emb, "maintenance", []string{"Run FROB after bulk loads; FROB jobs are slow on big tables."}, [][]string{{"Guide", "Routine maintenance"}})
	putChunks(t, st, emb, "partial", []string{"A partial index is built over a subset of a table, defined by a conditional expression."}, [][]string{{"Indexes", "Partial Indexes"}})
	putChunks(t, st, emb, "tuning", []string{"A partial index is smaller than a full index, and partial index scans are cheap."}, [][]string{{"Performance tips"}})
	for _, tc := range []struct{ q, want string }{
		{"What does the FROB command do?", "ref-frob"},
		{"What is FROB?", "ref-frob"},
		{"What is a partial index?", "partial"},
	} {
		h, err := retrieve.NewHybrid(st, st, emb, retrieve.Options{Fusion: retrieve.FusionWeighted})
		require.NoError(t, err)
		res, err := h.Retrieve(context.Background(), retrieve.Query{Text: tc.q})
		require.NoError(t, err)
		require.Equal(t, retrieve.IntentDefinition, res.Analysis.Intent)
		require.Equal(t, tc.want, docsOf(res)[0], tc.q)
	}
	// Not a definition: the section that says the most about FROB leads.
	res := retrieveKeyword(t, st, retrieve.Options{}, "When should FROB jobs run?")
	require.Equal(t, "maintenance", docsOf(res)[0])
}
