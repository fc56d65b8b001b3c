package postgres_test

import (
	"context"
	"os"
	"testing"

	"github.com/hybridrag/hybridrag/internal/crashtest"
	"github.com/hybridrag/hybridrag/store/postgres"
)

var crashConfig = crashtest.Config{
	NewLocation: func(t *testing.T) string { return newSchema(t) },
	Open: func(ctx context.Context, schema string) (crashtest.Store, error) {
		return postgres.Open(ctx, os.Getenv(dsnEnv), postgres.Options{Schema: schema})
	},
	HelperTest: "TestCrashHelper",
}

// TestCrashHelper is the child of TestKillNineDuringIndexReplaceReindex;
// it does nothing in a normal test run.
func TestCrashHelper(t *testing.T) { crashtest.Child(t, crashConfig) }

// TestKillNineDuringIndexReplaceReindex kills a client process indexing,
// replacing, deleting and reindexing files at random moments (5 times with
// -short, 100 otherwise) and checks the schema after each kill against the
// acknowledged operations and a clean index of the same files. It skips
// without HYBRIDRAG_POSTGRES_DSN.
func TestKillNineDuringIndexReplaceReindex(t *testing.T) {
	testDSN(t)
	crashtest.Run(t, crashConfig)
}
