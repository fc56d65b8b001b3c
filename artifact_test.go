package hybridrag_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

var pumpSheet = hybridrag.ArtifactSchema{Name: "pump-sheet", Title: "Pump Sheet", Sections: []hybridrag.SectionSchema{
	{Title: "Priming", Query: "prime water litres"},
	{Title: "Seal", Query: "shaft seal replace hours"},
}}

// A section only cites what it retrieved: markers beyond its sources, or
// naming another section's chunk, are dropped from its text and citations.
func TestArtifactSectionCitesOnlyItsSources(t *testing.T) {
	ctx := context.Background()
	llm := hybridragtest.NewResponderLLM(func(_ context.Context, m []generate.Message) (string, error) {
		if strings.Contains(m[1].Content, `"Priming"`) {
			return "Prime the pump with 2 litres of water before the first start [S1]. Never run the pump dry [S2]. The seal overheats within 30 seconds [S9].", nil
		}
		return "Replace the shaft seal every 2,000 operating hours [S1]. Inspect the impeller for wear once a year [S7].", nil
	})
	p := newPipeline(t, hybridrag.Config{Generator: langchain.New(llm, langchain.Options{})})
	_, err := p.Index(ctx, manual...)
	require.NoError(t, err)
	art, err := p.Artifact(ctx, hybridrag.ArtifactRequest{Topic: "pump", Schema: &pumpSheet, MaxSources: 1, MinSources: -1})
	require.NoError(t, err)
	hybridragtest.CheckArtifact(t, art)
	for _, s := range art.Sections {
		require.True(t, s.Supported, "%s: %s", s.Title, s.Text)
		require.Len(t, s.Retrieved, 1)
		require.Len(t, s.Citations, 1, "%s: %s", s.Title, s.Text)
		require.NotContains(t, s.Text, "[S9]")
		require.NotContains(t, s.Text, "[S7]")
		require.NotContains(t, s.Text, "[S2]")
	}
	// Both sections saw the same one chunk of pump.md: one shared label.
	require.Equal(t, art.Sections[0].Retrieved, art.Sections[1].Retrieved)
	require.Equal(t, []string{"S1"}, art.Citations)
	// Dropped sentences lower coverage: the weakest section sets the
	// artifact's confidence.
	require.Equal(t, gate.Low, art.Confidence)
	require.Equal(t, gate.Low, art.Sections[0].Confidence)
}

func TestArtifactOutputs(t *testing.T) {
	ctx := context.Background()
	p := newPipeline(t, hybridrag.Config{Artifacts: []hybridrag.ArtifactSchema{pumpSheet}})
	_, err := p.Index(ctx, manual...)
	require.NoError(t, err)
	art, err := p.Artifact(ctx, hybridrag.ArtifactRequest{Topic: "pump", Type: "Pump_Sheet"})
	require.NoError(t, err)
	hybridragtest.CheckArtifact(t, art)
	require.Equal(t, "pump-sheet", art.Type)
	require.True(t, strings.HasPrefix(art.Markdown, "# Pump Sheet: pump\n"))
	require.Equal(t, art.Markdown, art.RenderMarkdown())
	for _, s := range art.Sources {
		require.Contains(t, art.Markdown, "- ["+s.ID+"] ")
	}

	b, err := json.Marshal(art)
	require.NoError(t, err)
	var got map[string]any
	require.NoError(t, json.Unmarshal(b, &got))
	for _, k := range []string{"type", "title", "topic", "confidence", "refusal_reason", "sections", "citations", "sources", "metadata", "markdown"} {
		require.Contains(t, got, k)
	}
	sec := got["sections"].([]any)[0].(map[string]any)
	for _, k := range []string{"title", "query", "text", "supported", "confidence", "citations", "retrieved", "validation", "gate"} {
		require.Contains(t, sec, k)
	}
}

func TestArtifactRequestErrors(t *testing.T) {
	ctx := context.Background()
	p := newPipeline(t, hybridrag.Config{})
	_, err := p.Index(ctx, manual...)
	require.NoError(t, err)
	cases := []struct {
		name string
		req  hybridrag.ArtifactRequest
		is   error
	}{
		{"unknown type", hybridrag.ArtifactRequest{Topic: "pump", Type: "sonnet"}, hybridrag.ErrUnknownArtifact},
		{"no type", hybridrag.ArtifactRequest{Topic: "pump"}, hybridrag.ErrUnknownArtifact},
		{"unknown agent", hybridrag.ArtifactRequest{Topic: "pump", Type: "blueprint", Agent: "ghost"}, hybridrag.ErrUnknownAgent},
		{"bad schema", hybridrag.ArtifactRequest{Topic: "pump", Schema: &hybridrag.ArtifactSchema{Name: "x"}}, hybridrag.ErrInvalidSchema},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := p.Artifact(ctx, tc.req)
			require.ErrorIs(t, err, tc.is)
		})
	}
	var qe *hybridrag.QueryError
	_, err = p.Artifact(ctx, hybridrag.ArtifactRequest{Topic: "x", Type: "blueprint"})
	require.ErrorAs(t, err, &qe)
}
