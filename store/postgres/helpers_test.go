package postgres_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store/postgres"
)

// dsnEnv names the database the tests use. scripts/with-postgres.sh and
// .ci/run start a throwaway server and set it.
const dsnEnv = "HYBRIDRAG_POSTGRES_DSN"

// testDSN returns the test database's DSN. Without one the tests skip,
// except in CI (CI=true), where a missing server is a failure.
func testDSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(dsnEnv)
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: in CI the PostgreSQL tests must run against a real server (.ci/run starts one with scripts/postgres-lib.sh)", dsnEnv)
		}
		t.Skipf("PostgreSQL tests need a database: set %s, or run them against a throwaway server with: scripts/with-postgres.sh go test ./store/postgres/", dsnEnv)
	}
	return dsn
}

// newSchema returns a fresh schema name, dropped when the test ends.
func newSchema(t testing.TB) string {
	t.Helper()
	dsn := testDSN(t)
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "hrtest_" + hex.EncodeToString(b)
	t.Cleanup(func() {
		require.NoError(t, postgres.Drop(context.Background(), dsn, schema, false))
	})
	return schema
}

// openTest opens a store in schema, closed when the test ends.
func openTest(t testing.TB, schema string, opts postgres.Options) *postgres.Store {
	t.Helper()
	opts.Schema = schema
	s, err := postgres.Open(context.Background(), testDSN(t), opts)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	return s
}
