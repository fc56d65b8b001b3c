package embedded_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/hybridrag/hybridrag/internal/crashtest"
	"github.com/hybridrag/hybridrag/store/embedded"
)

var crashConfig = crashtest.Config{
	NewLocation: func(t *testing.T) string { return filepath.Join(t.TempDir(), "store") },
	Open: func(_ context.Context, dir string) (crashtest.Store, error) {
		return embedded.Open(dir, embedded.Options{Create: true})
	},
	HelperTest: "TestCrashHelper",
}

// TestCrashHelper is the child of TestKillNineDuringIndexReplaceReindex;
// it does nothing in a normal test run.
func TestCrashHelper(t *testing.T) { crashtest.Child(t, crashConfig) }

// TestKillNineDuringIndexReplaceReindex kills a process indexing,
// replacing, deleting and reindexing files at random moments (5 times with
// -short, 100 otherwise) and checks the store after each kill against the
// acknowledged operations and a clean index of the same files.
func TestKillNineDuringIndexReplaceReindex(t *testing.T) { crashtest.Run(t, crashConfig) }
