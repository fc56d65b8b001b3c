package main

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/store/postgres"
)

// schemaParam is the DSN query parameter naming the PostgreSQL schema of
// the store (default postgres.DefaultSchema); it is removed before the DSN
// reaches the server.
const schemaParam = "hybridrag_schema"

// isPostgresDSN reports whether --store names a PostgreSQL database.
func isPostgresDSN(spec string) bool {
	return strings.HasPrefix(spec, "postgres://") || strings.HasPrefix(spec, "postgresql://")
}

// cliStore is what the CLI opens and closes itself: the embedded or the
// PostgreSQL store, both of which count their contents.
type cliStore interface {
	store.Store
	store.Statter
	store.DocumentLister
	io.Closer
}

// openStore opens the store --store names: a PostgreSQL database for a
// postgres:// or postgresql:// DSN (its schema is created or upgraded on
// first use; ?hybridrag_schema=NAME picks the schema), otherwise an embedded
// store directory, created when create is set.
func openStore(ctx context.Context, spec string, create bool) (cliStore, error) {
	if !isPostgresDSN(spec) {
		return embedded.Open(spec, embedded.Options{Create: create})
	}
	u, err := url.Parse(spec)
	if err != nil {
		return nil, fmt.Errorf("%w: --store: %v", errUsage, err)
	}
	q := u.Query()
	opts := postgres.Options{Schema: q.Get(schemaParam)}
	q.Del(schemaParam)
	u.RawQuery = q.Encode()
	return postgres.Open(ctx, u.String(), opts)
}

// openStoreReadOnly opens the store for a query command. An embedded store
// is opened read-only: any number of queries can run on one store at once,
// and none waits for an index or reindex run holding it (they see the
// batches it has committed so far).
func openStoreReadOnly(ctx context.Context, spec string) (cliStore, error) {
	if !isPostgresDSN(spec) {
		return embedded.Open(spec, embedded.Options{ReadOnly: true})
	}
	return openStore(ctx, spec, false)
}
