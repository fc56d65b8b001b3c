package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/server"
)

type artifactJSON struct {
	Type          string  `json:"type"`
	RefusalReason *string `json:"refusal_reason"`
	Sections      []struct {
		Title     string   `json:"title"`
		Supported bool     `json:"supported"`
		Text      string   `json:"text"`
		Citations []string `json:"citations"`
		Retrieved []string `json:"retrieved"`
	} `json:"sections"`
	Sources []struct {
		ID         string `json:"id"`
		DocumentID string `json:"document_id"`
	} `json:"sources"`
	Markdown string `json:"markdown"`
}

func TestArtifactEndpoint(t *testing.T) {
	f := newFixture(t, fixtureOpts{opts: server.Options{Auth: testKeys(t)}})
	schema := map[string]any{"name": "sheet", "title": "Pump Sheet", "sections": []map[string]any{
		{"title": "Priming", "query": "prime water litres"},
		{"title": "Firmware", "query": "firmware bluetooth"},
	}}
	var a artifactJSON
	f.json("POST", "/v1/artifact", keyAcme, map[string]any{"topic": "pump", "schema": schema}, http.StatusOK, &a)
	require.Nil(t, a.RefusalReason, a.Markdown)
	require.Equal(t, "sheet", a.Type)
	require.True(t, a.Sections[0].Supported, a.Sections[0].Text)
	require.Contains(t, a.Sections[0].Text, "2 litres")
	require.False(t, a.Sections[1].Supported)
	require.True(t, strings.HasPrefix(a.Markdown, "# Pump Sheet: pump"))
	for _, s := range a.Sources {
		require.Equal(t, "pump.md", s.DocumentID)
	}

	// The other tenant has no pump manual: refused whole.
	f.json("POST", "/v1/artifact", keyGlobex, map[string]any{"topic": "pump", "schema": schema}, http.StatusOK, &a)
	require.NotNil(t, a.RefusalReason)
	for _, s := range a.Sources {
		require.NotEqual(t, "pump.md", s.DocumentID)
	}

	for _, body := range []map[string]any{
		{"topic": "pump", "type": "sonnet"},
		{"topic": "pump"},
		{"topic": "pump", "type": "blueprint", "agent": "ghost"},
		{"topic": "pump", "schema": map[string]any{"name": "empty"}},
		{"topic": "x", "type": "blueprint"},
	} {
		res := f.do("POST", "/v1/artifact", keyAcme, body)
		require.NotEmpty(t, f.apiErr(res, http.StatusBadRequest), "%v", body)
	}
}
