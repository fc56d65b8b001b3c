package server_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/server"
)

// TestRequireTenant: a pipeline with Config.RequireTenant behind a server
// whose caller has no tenant (no keys) answers 400 tenant_required, not
// every tenant's documents; a key bound to a tenant is served.
func TestRequireTenant(t *testing.T) {
	body := map[string]any{"query": "How often is the shaft seal replaced?"}
	open := newFixture(t, fixtureOpts{cfg: hybridrag.Config{RequireTenant: true}})
	for _, path := range []string{"/v1/query", "/v1/retrieve", "/v1/query/stream"} {
		code := open.apiErr(open.do(http.MethodPost, path, "", body), http.StatusBadRequest)
		require.Equal(t, server.CodeTenantRequired, code, path)
	}

	keyed := newFixture(t, fixtureOpts{cfg: hybridrag.Config{RequireTenant: true}, opts: server.Options{Auth: testKeys(t)}})
	var ans answerJSON
	keyed.json(http.MethodPost, "/v1/query", keyAcme, body, http.StatusOK, &ans)
	require.Nil(t, ans.RefusalReason)
	require.Equal(t, "pump.md", ans.Sources[0].DocumentID)
}
