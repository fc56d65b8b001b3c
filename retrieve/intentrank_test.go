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

// "What does Kiln.toLabel() return?" is answered in the entry the
// reference names by an instance under the class's heading
// ("kn.toLabel([encoding])" under "Class: Kiln"), which never writes the
// class's name, while a sibling entry writes both words often.
func TestDefinitionFavoursTheMembersEntry(t *testing.T) {
	st, emb := openExpansionStore(t)
	putChunks(t, st, emb, "kiln-write", []string{"kn.write(label)\n\nWrites label to the Kiln. A Kiln label is a string; kn.toLabel() returns it as a string. Kiln labels are strings of the Kiln's own encoding."},
		[][]string{{"Kiln", "Class: Kiln", "kn.write(label)"}})
	putChunks(t, st, emb, "kiln-tolabel", []string{"kn.toLabel([encoding])\n\n- encoding <string> The character encoding to use. Default: 'utf8'.\n- start <integer> The byte offset to start decoding at. Default: 0.\n- end <integer> The byte offset to stop decoding at (not inclusive). Default: the length of the label.\n- Returns: <string>\n\nDecodes the label according to the specified character encoding. start and end may be passed to decode only a subset of the label, and a byte sequence that is not valid in the encoding is replaced by the replacement character."},
		[][]string{{"Kiln", "Class: Kiln", "kn.toLabel([encoding])"}})
	for i := range 6 {
		putChunks(t, st, emb, "filler"+string(rune('a'+i)), []string{"The glaze cools slowly overnight."}, [][]string{{"Glaze"}})
	}
	h, err := retrieve.NewHybrid(st, st, emb, retrieve.Options{Fusion: retrieve.FusionWeighted})
	require.NoError(t, err)
	fused := func(q string) (entry, sibling float64) {
		res, err := h.Retrieve(context.Background(), retrieve.Query{Text: q})
		require.NoError(t, err)
		for _, s := range res.Sources {
			switch s.Chunk.DocumentID {
			case "kiln-tolabel":
				entry = s.Scores.Fused
			case "kiln-write":
				sibling = s.Scores.Fused
			}
		}
		return entry, sibling
	}
	// The same words, asked as no definition, rank without the boost.
	entry, sibling := fused("What does Kiln.toLabel() return?")
	plainEntry, plainSibling := fused("When does Kiln.toLabel() return?")
	require.Greater(t, entry-sibling, plainEntry-plainSibling+0.01)
}
