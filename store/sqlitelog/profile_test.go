package sqlitelog_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

// A version 2 log (before agents had profiles) migrates in place: its rows
// read with an empty profile, and new rows keep theirs.
func TestMigrateAddsProfile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "q.db")
	l, err := sqlitelog.Open(path, sqlitelog.Options{})
	require.NoError(t, err)
	old, err := l.Record(ctx, fullRecord())
	require.NoError(t, err)
	require.NoError(t, l.Close())
	// Make it the version 2 file an older hybridrag wrote.
	rawExec(t, path, `ALTER TABLE queries DROP COLUMN profile`, `DROP INDEX index_runs_tenant`,
		`ALTER TABLE eval_runs DROP COLUMN tenant`, `PRAGMA user_version = 2`)

	l, err = sqlitelog.Open(path, sqlitelog.Options{})
	require.NoError(t, err)
	defer l.Close()
	require.Equal(t, sqlitelog.SchemaVersion, rawInt(t, path, `PRAGMA user_version`))
	e, err := l.Get(ctx, "", old)
	require.NoError(t, err)
	require.Empty(t, e.Profile)
	require.Equal(t, fullRecord().Question, e.Question)

	id, err := l.Record(ctx, fullRecord())
	require.NoError(t, err)
	e, err = l.Get(ctx, "", id)
	require.NoError(t, err)
	require.Equal(t, "balanced", e.Profile)
	require.Equal(t, "helpdesk", e.Agent)
}
