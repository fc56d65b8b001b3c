package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store/postgres"
)

func writeReindexDocs(t *testing.T) string {
	t.Helper()
	docs := filepath.Join(t.TempDir(), "docs")
	require.NoError(t, os.MkdirAll(docs, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "pump.md"), []byte("# Pump manual\n\n## Priming\n\nPrime the pump with 2 litres of water before the first start.\n\n## Seals\n\nReplace the shaft seal every 2,000 operating hours.\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "valve.md"), []byte("# Valve guide\n\n## Relief\n\nThe pressure relief valve opens at 6 bar. Test it every 6 months.\n"), 0o600))
	return docs
}

func TestCLIReindex(t *testing.T) {
	docs := writeReindexDocs(t)
	st := filepath.Join(t.TempDir(), "store")
	code, out, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "indexed 2 documents")

	code, out, errOut = runCLI(t, "reindex", "--store", st)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "reindexed 2 documents")
	require.Contains(t, out, "(0 skipped)")

	code, out, errOut = runCLI(t, "retrieve", "--store", st, "--json", "--no-log", "When does the relief valve open?")
	require.Equal(t, 0, code, errOut)
	var res retrievalJSON
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	require.NotEmpty(t, res.Sources)
	require.Contains(t, res.Sources[0].Text, "6 bar")

	code, _, errOut = runCLI(t, "reindex")
	require.Equal(t, 2, code, "reindex without --store is bad usage")
	require.Contains(t, errOut, "--store")
	code, _, _ = runCLI(t, "reindex", "--store", filepath.Join(t.TempDir(), "missing"))
	require.Equal(t, 1, code, "reindex never creates a store")
}

// TestCLIPostgresStore runs index, retrieve, ask and reindex with --store
// set to a PostgreSQL DSN. It needs HYBRIDRAG_POSTGRES_DSN (see
// scripts/with-postgres.sh); in CI its absence is a failure.
func TestCLIPostgresStore(t *testing.T) {
	dsn := os.Getenv("HYBRIDRAG_POSTGRES_DSN")
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("HYBRIDRAG_POSTGRES_DSN is not set: in CI the PostgreSQL tests must run against a real server")
		}
		t.Skip("set HYBRIDRAG_POSTGRES_DSN, or run: scripts/with-postgres.sh go test ./examples/hybridrag/")
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "hrcli_" + hex.EncodeToString(b)
	t.Cleanup(func() { require.NoError(t, postgres.Drop(context.Background(), dsn, schema, false)) })
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	spec := dsn + sep + schemaParam + "=" + schema
	docs := writeReindexDocs(t)

	code, out, errOut := runCLI(t, "index", "--store", spec, "--tenant", "acme", docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "indexed 2 documents")

	code, out, errOut = runCLI(t, "retrieve", "--store", spec, "--tenant", "acme", "--json", "How many litres prime the pump?")
	require.Equal(t, 0, code, errOut)
	require.NotContains(t, errOut, "not logged", "a PostgreSQL store does not try to log queries to a directory")
	var res retrievalJSON
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	require.NotEmpty(t, res.Sources)
	require.Contains(t, res.Sources[0].Text, "2 litres")

	code, out, errOut = runCLI(t, "retrieve", "--store", spec, "--tenant", "other", "--json", "How many litres prime the pump?")
	require.Equal(t, 0, code, errOut)
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	require.Empty(t, res.Sources, "another tenant sees nothing")

	code, out, errOut = runCLI(t, "ask", "--store", spec, "--tenant", "acme", "How often should the shaft seal be replaced?")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "2,000")

	// A PostgreSQL store has no directory for the query log: queries and
	// eval runs are logged only into --log PATH, and log needs it too.
	logDB := filepath.Join(t.TempDir(), "queries.db")
	code, _, errOut = runCLI(t, "ask", "--store", spec, "--tenant", "acme", "--log", logDB, "How often should the shaft seal be replaced?")
	require.Equal(t, 0, code, errOut)
	code, out, errOut = runCLI(t, "log", "--store", spec, "--log", logDB)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "shaft seal")
	code, _, errOut = runCLI(t, "log", "--store", spec)
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "--log PATH")
	qs := filepath.Join(t.TempDir(), "qs.jsonl")
	require.NoError(t, os.WriteFile(qs, []byte(`{"id":"q1","query":"How many litres prime the pump?","relevant_documents":["pump.md"]}`+"\n"), 0o600))
	code, out, errOut = runCLI(t, "eval", "--store", spec, "--tenant", "acme", "--questions", qs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "1 questions")
	require.NotContains(t, out, "saved to", "without --log a PostgreSQL store's eval run is not saved")
	code, out, errOut = runCLI(t, "eval", "--store", spec, "--tenant", "acme", "--questions", qs, "--log", logDB)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "saved to "+logDB)

	code, out, errOut = runCLI(t, "reindex", "--store", spec)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "reindexed 2 documents")
}
