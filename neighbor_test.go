package hybridrag_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// neighborSource is a retrieved chunk; of names the source it was added
// beside (retrieve.Source.NeighborOf), "" for a searched one.
func neighborSource(tenant, id string, index int, text, of string) retrieve.Source {
	return retrieve.Source{
		Chunk: store.Chunk{ID: id, DocumentID: "pump.md", Source: "pump.md", TenantID: tenant,
			Heading: []string{"Pump manual", "Seal"}, Index: index, Text: text},
		Relevance: 0.9, NeighborOf: of,
	}
}

// An AnswerSource names the source a neighbour chunk was added for by its
// label when that source is among the answer's sources, by its chunk id
// otherwise, and a searched source names none (absent from the JSON).
func TestAnswerSourceNeighborOf(t *testing.T) {
	cases := []struct {
		name string
		srcs []retrieve.Source
		want []string
	}{
		{"no neighbours", []retrieve.Source{
			neighborSource("", "c1", 1, "Replace the shaft seal every 2,000 hours.", ""),
			neighborSource("", "c7", 7, "Inspect the impeller yearly.", ""),
		}, []string{"", ""}},
		{"neighbours after and before their seeds", []retrieve.Source{
			neighborSource("", "c1", 1, "Replace the shaft seal every 2,000 hours.", ""),
			neighborSource("", "c2", 2, "Keep a spare seal kit.", "c1"),
			neighborSource("", "c7", 7, "Inspect the impeller yearly.", ""),
			neighborSource("", "c6", 6, "Open the casing first.", "c7"),
		}, []string{"", "S1", "", "S3"}},
		{"seed not among the sources", []retrieve.Source{
			neighborSource("", "c2", 2, "Keep a spare seal kit.", "c1"),
		}, []string{"c1"}},
		{"a chunk of the same id in another tenant is not the seed", []retrieve.Source{
			neighborSource("globex", "c1", 1, "Replace the shaft seal every 2,000 hours.", ""),
			neighborSource("acme", "c2", 2, "Keep a spare seal kit.", "c1"),
		}, []string{"", "c1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := hybridrag.Sources(c.srcs)
			require.Len(t, got, len(c.want))
			for i := range got {
				require.Equal(t, c.want[i], got[i].NeighborOf, "source %s", got[i].ID)
				raw, err := json.Marshal(got[i])
				require.NoError(t, err)
				var m map[string]any
				require.NoError(t, json.Unmarshal(raw, &m))
				if c.want[i] == "" {
					require.NotContains(t, m, "neighbor_of", "omitted when empty")
				} else {
					require.Equal(t, c.want[i], m["neighbor_of"])
				}
			}
		})
	}
}

// Through the pipeline: Ask's Answer carries neighbor_of on the neighbour
// it shows the generator.
func TestAskNeighborOf(t *testing.T) {
	srcs := []retrieve.Source{
		neighborSource("", "c1", 1, "Replace the shaft seal every 2,000 operating hours.", ""),
		neighborSource("", "c2", 2, "Keep a spare shaft seal kit on the shelf.", "c1"),
	}
	p := newPipeline(t, hybridrag.Config{Retriever: retrieve.RetrieverFunc(func(_ context.Context, q retrieve.Query) (*retrieve.Result, error) {
		return &retrieve.Result{Query: q.Text, Sources: srcs, Candidates: len(srcs)}, nil
	})})
	_, err := p.Index(context.Background(), manual...) // an empty store refuses before retrieval
	require.NoError(t, err)
	ans, err := p.Ask(context.Background(), hybridrag.Request{Question: "How often is the shaft seal replaced?"})
	require.NoError(t, err)
	require.False(t, ans.Refused(), ans.Answer)
	require.Len(t, ans.Sources, 2)
	require.Empty(t, ans.Sources[0].NeighborOf)
	require.Equal(t, "S1", ans.Sources[1].NeighborOf)
	raw, err := json.Marshal(ans)
	require.NoError(t, err)
	require.Contains(t, string(raw), `"neighbor_of":"S1"`)
}
