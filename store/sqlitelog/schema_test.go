package sqlitelog_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

func rawExec(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	defer db.Close()
	for _, s := range stmts {
		_, err := db.Exec(s)
		require.NoError(t, err)
	}
}

func rawInt(t *testing.T, path, query string) int {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	defer db.Close()
	var n int
	require.NoError(t, db.QueryRow(query).Scan(&n))
	return n
}

func TestReopenKeepsRowsAndSchema(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "q.db")
	l, err := sqlitelog.Open(path, sqlitelog.Options{})
	require.NoError(t, err)
	id, err := l.Record(ctx, fullRecord())
	require.NoError(t, err)
	require.NoError(t, l.Close())

	l, err = sqlitelog.Open(path, sqlitelog.Options{})
	require.NoError(t, err)
	defer l.Close()
	e, err := l.Get(ctx, "", id)
	require.NoError(t, err)
	require.Equal(t, fullRecord().Question, e.Question)
	require.Equal(t, sqlitelog.SchemaVersion, rawInt(t, path, `PRAGMA user_version`))
}

func TestWALMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q.db")
	l, err := sqlitelog.Open(path, sqlitelog.Options{})
	require.NoError(t, err)
	defer l.Close()
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	defer db.Close()
	var mode string
	require.NoError(t, db.QueryRow(`PRAGMA journal_mode`).Scan(&mode))
	require.Equal(t, "wal", mode)
}

func TestOpenRejects(t *testing.T) {
	cases := map[string]struct {
		setup func(t *testing.T, path string)
		opts  sqlitelog.Options
		is    error
		check func(t *testing.T, err error)
	}{
		"newer schema": {
			setup: func(t *testing.T, path string) {
				l, err := sqlitelog.Open(path, sqlitelog.Options{})
				require.NoError(t, err)
				require.NoError(t, l.Close())
				rawExec(t, path, `PRAGMA user_version = 99`)
			},
			is: sqlitelog.ErrSchemaTooNew,
			check: func(t *testing.T, err error) {
				var se *sqlitelog.SchemaError
				require.ErrorAs(t, err, &se)
				require.Equal(t, 99, se.Found)
				require.Equal(t, sqlitelog.SchemaVersion, se.Supported)
			},
		},
		"another application's database": {
			setup: func(t *testing.T, path string) {
				rawExec(t, path, `CREATE TABLE queries (x TEXT)`)
			},
			is: sqlitelog.ErrNotQueryLog,
		},
		"another application id": {
			setup: func(t *testing.T, path string) {
				rawExec(t, path, `PRAGMA application_id = 7`)
			},
			is: sqlitelog.ErrNotQueryLog,
		},
		"negative retention": {opts: sqlitelog.Options{Retention: -time.Second}, is: sqlitelog.ErrInvalidArgument},
		"negative max rows":  {opts: sqlitelog.Options{MaxRows: -1}, is: sqlitelog.ErrInvalidArgument},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "q.db")
			if c.setup != nil {
				c.setup(t, path)
			}
			l, err := sqlitelog.Open(path, c.opts)
			require.ErrorIs(t, err, c.is)
			require.Nil(t, l)
			if c.check != nil {
				c.check(t, err)
			}
		})
	}
}

func TestOpenBadPaths(t *testing.T) {
	_, err := sqlitelog.Open("", sqlitelog.Options{})
	require.ErrorIs(t, err, sqlitelog.ErrInvalidArgument)

	notDB := filepath.Join(t.TempDir(), "notes.txt")
	require.NoError(t, os.WriteFile(notDB, []byte(strings.Repeat("not a database\n", 100)), 0o644))
	_, err = sqlitelog.Open(notDB, sqlitelog.Options{})
	require.Error(t, err)

	_, err = sqlitelog.Open(filepath.Join(t.TempDir(), "missing", "dir", "q.db"), sqlitelog.Options{})
	require.Error(t, err)
}

func TestPathWithURICharacters(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "what?#100%")
	require.NoError(t, os.Mkdir(dir, 0o755))
	path := filepath.Join(dir, "q.db")
	l, err := sqlitelog.Open(path, sqlitelog.Options{})
	require.NoError(t, err)
	_, err = l.Record(context.Background(), fullRecord())
	require.NoError(t, err)
	require.NoError(t, l.Close())
	_, err = os.Stat(path)
	require.NoError(t, err, "the file is created at the path given, not at a truncated one")
}
