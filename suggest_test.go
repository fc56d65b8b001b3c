package hybridrag_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store"
)

func TestRefusalSuggestions(t *testing.T) {
	ctx := context.Background()
	docs := []store.Document{
		{ID: "pump.md", Metadata: store.Metadata{SourceType: "manual", Confidentiality: "public", Date: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}, Text: manual[0].Text},
		{ID: "valve.md", Metadata: store.Metadata{SourceType: "report", Confidentiality: "internal", Date: time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)}, Text: manual[1].Text},
	}
	p := newPipeline(t, hybridrag.Config{Agents: []hybridrag.Agent{{Name: "pumps", Tags: []string{"pump"}}}})
	docs[0].Metadata.Tags = []string{"pump"}
	_, err := p.Index(ctx, docs...)
	require.NoError(t, err)
	const valveQ = "At what pressure does the relief valve open?"
	cases := []struct {
		name     string
		req      hybridrag.Request
		missing  []string
		excluded []string
	}{
		{"terms no document holds", hybridrag.Request{Question: "How do I calibrate the turbocharger wastegate?"}, []string{"calibrate", "turbocharger", "wastegate"}, nil},
		// "often" and "exactly" are in no document either, but only phrase
		// the question: indexing documents about them would not help.
		{"question scaffold is not missing", hybridrag.Request{Question: "How often, exactly, is the wastegate serviced?"}, []string{"wastegate", "serviced"}, nil},
		{"source type filter", hybridrag.Request{Question: valveQ, Filter: store.Filter{SourceTypes: []string{"manual"}}}, nil, []string{"source_types"}},
		{"confidentiality filter", hybridrag.Request{Question: valveQ, Filter: store.Filter{Confidentiality: []string{"public"}}}, nil, []string{"confidentiality"}},
		{"date filter", hybridrag.Request{Question: valveQ, Filter: store.Filter{Before: time.Date(2024, 12, 31, 0, 0, 0, 0, time.UTC)}}, nil, []string{"dates"}},
		{"document filter", hybridrag.Request{Question: valveQ, Filter: store.Filter{DocumentIDs: []string{"pump.md"}}}, nil, []string{"document_ids"}},
		{"agent tags", hybridrag.Request{Question: valveQ, Agent: "pumps"}, nil, []string{"agent_tags"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ans, err := p.Ask(ctx, tc.req)
			require.NoError(t, err)
			require.True(t, ans.Refused(), ans.Answer)
			require.NotNil(t, ans.Suggestions)
			require.Equal(t, tc.missing, ans.Suggestions.MissingTerms)
			require.Equal(t, tc.excluded, ans.Suggestions.ExcludedBy)
			require.NotEmpty(t, ans.Suggestions.Messages)
			b, err := json.Marshal(ans)
			require.NoError(t, err)
			require.Contains(t, string(b), `"suggestions":{`)
		})
	}

	// An answer carries none, and a filter that excluded nothing better
	// is not named.
	ans, err := p.Ask(ctx, hybridrag.Request{Question: valveQ, Filter: store.Filter{SourceTypes: []string{"report"}}})
	require.NoError(t, err)
	require.False(t, ans.Refused())
	require.Nil(t, ans.Suggestions)
	b, err := json.Marshal(ans)
	require.NoError(t, err)
	require.NotContains(t, string(b), "suggestions")
}
