package postgres

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/hybridrag/hybridrag/store"
)

// schemaVersion is the newest schema this build creates and reads.
const schemaVersion = 4

// migrations[i] brings a schema from version i to i+1. Statements use
// {{s}} for the schema name. Migrations only ever get appended.
var migrations = []string{
	`CREATE TABLE {{s}}.state (
		id             boolean PRIMARY KEY DEFAULT true CHECK (id),
		index_version  bigint  NOT NULL DEFAULT 0,
		next_serial    bigint  NOT NULL DEFAULT 1,
		dimension      integer NOT NULL DEFAULT 0,
		pruned_through bigint  NOT NULL DEFAULT 0
	);
	INSERT INTO {{s}}.state DEFAULT VALUES;

	CREATE TABLE {{s}}.documents (
		tenant_id       text    NOT NULL,
		project_id      text    NOT NULL,
		document_id     text    NOT NULL,
		source          text    NOT NULL,
		title           text    NOT NULL,
		doc_hash        text    NOT NULL,
		source_type     text    NOT NULL,
		confidentiality text    NOT NULL,
		revision        text    NOT NULL,
		doc_date        timestamptz,
		tags            text[]  NOT NULL,
		extra           jsonb,
		chunk_count     integer NOT NULL,
		index_version   bigint  NOT NULL,
		PRIMARY KEY (tenant_id, project_id, document_id)
	);

	CREATE TABLE {{s}}.chunks (
		serial          bigint  PRIMARY KEY,
		tenant_id       text    NOT NULL,
		project_id      text    NOT NULL,
		document_id     text    NOT NULL,
		chunk_id        text    NOT NULL,
		source          text    NOT NULL,
		title           text    NOT NULL,
		heading         text[]  NOT NULL,
		heading_path    text    NOT NULL,
		text            text    NOT NULL,
		page            integer NOT NULL,
		chunk_index     integer NOT NULL,
		start_offset    integer NOT NULL,
		end_offset      integer NOT NULL,
		tokens          integer NOT NULL,
		source_type     text    NOT NULL,
		confidentiality text    NOT NULL,
		revision        text    NOT NULL,
		doc_date        timestamptz,
		date_sec        bigint,
		date_nsec       integer,
		date_offset     integer,
		tags            text[]  NOT NULL,
		extra           jsonb,
		doc_hash        text    NOT NULL,
		index_version   bigint  NOT NULL,
		embedding       real[]  NOT NULL,
		tsv tsvector GENERATED ALWAYS AS
			(to_tsvector('english'::regconfig, title || ' ' || heading_path || ' ' || text)) STORED,
		UNIQUE (tenant_id, project_id, chunk_id),
		FOREIGN KEY (tenant_id, project_id, document_id)
			REFERENCES {{s}}.documents ON DELETE CASCADE
	);
	CREATE INDEX chunks_document ON {{s}}.chunks (tenant_id, project_id, document_id);
	CREATE INDEX chunks_tsv ON {{s}}.chunks USING gin (tsv);

	CREATE TABLE {{s}}.changes (
		version     bigint NOT NULL,
		tenant_id   text   NOT NULL,
		project_id  text   NOT NULL,
		document_id text   NOT NULL
	);
	CREATE INDEX changes_version ON {{s}}.changes (version);

	CREATE TABLE {{s}}.checkpoints (
		name  text   PRIMARY KEY,
		value bigint NOT NULL
	);`,
	// 2: the embedder that built the store (store.EmbedderRecorder).
	`CREATE TABLE {{s}}.embedder (
		id          boolean PRIMARY KEY DEFAULT true CHECK (id),
		name        text    NOT NULL,
		dimension   integer NOT NULL,
		config_hash text    NOT NULL
	);`,
	// 3: code lexemes in the tsvector (codeLexemes, filled for existing
	// rows by backfillCodeLexemes); and the vectors table, what the
	// in-process index loads: each vector as bytea of big-endian float32
	// (float4send's bytes) with the chunk's filter fields, in rows small
	// enough to stay in the heap page. Sending a real[] costs the server a
	// function call per element (~20x the bytes' copy), and reading it
	// out of line a TOAST lookup per row; a vector inside the chunks row
	// would push the tsvector out of line instead, which keyword search
	// reads. Its rows are deleted with their documents (deleteDocs).
	// embedding stays for pgvector's generated column, stored out of line
	// uncompressed (random floats do not compress).
	`ALTER TABLE {{s}}.chunks
		ADD COLUMN code_lexemes text[] NOT NULL DEFAULT '{}',
		ALTER COLUMN embedding SET STORAGE EXTERNAL;
	CREATE TABLE {{s}}.vectors (
		serial          bigint  PRIMARY KEY,
		tenant_id       text    NOT NULL,
		project_id      text    NOT NULL,
		document_id     text    NOT NULL,
		source_type     text    NOT NULL,
		confidentiality text    NOT NULL,
		date_sec        bigint,
		date_nsec       integer,
		vec             bytea   NOT NULL
	);
	INSERT INTO {{s}}.vectors
		SELECT serial, tenant_id, project_id, document_id, source_type, confidentiality, date_sec, date_nsec,
			(SELECT string_agg(float4send(x), ''::bytea ORDER BY i) FROM unnest(embedding) WITH ORDINALITY AS u(x, i))
		FROM {{s}}.chunks;
	CREATE INDEX vectors_document ON {{s}}.vectors (tenant_id, project_id, document_id);
	DROP INDEX {{s}}.chunks_tsv;
	ALTER TABLE {{s}}.chunks DROP COLUMN tsv;
	ALTER TABLE {{s}}.chunks ADD COLUMN tsv tsvector GENERATED ALWAYS AS
		(to_tsvector('english'::regconfig, title || ' ' || heading_path || ' ' || text)
		 || array_to_tsvector(code_lexemes)) STORED;
	CREATE INDEX chunks_tsv ON {{s}}.chunks USING gin (tsv);`,
	// 4: keyword stop words ("HAVING", the while of "while statement") in
	// the code lexemes (keywordLexemes), refilled by backfillCodeLexemes.
	`COMMENT ON COLUMN {{s}}.chunks.code_lexemes IS
		'lexemes the english configuration misses: code words and their parts, stop words used as keywords';`,
}

// afterMigration[v], when set, runs in Go after the statements that bring
// a schema to version v, in the same transaction.
var afterMigration = map[int]func(ctx context.Context, tx pgx.Tx, schema string) error{
	3: backfillCodeLexemes,
	4: backfillCodeLexemes,
}

// backfillCodeLexemes computes the code lexemes of the chunks stored
// before version 3, and again before version 4, which added keyword stop
// words; the generated tsvector follows.
func backfillCodeLexemes(ctx context.Context, tx pgx.Tx, schema string) error {
	rows, err := tx.Query(ctx, inSchema(`SELECT serial, title || ' ' || heading_path || ' ' || text FROM {{s}}.chunks`, schema))
	if err != nil {
		return err
	}
	var serials []int64
	var lexemes []string
	var text string
	var serial int64
	_, err = pgx.ForEachRow(rows, []any{&serial, &text}, func() error {
		if l := codeLexemes(text); len(l) > 0 {
			serials = append(serials, serial)
			lexemes = append(lexemes, strings.Join(l, " ")) // lexemes hold no white space
		}
		return nil
	})
	if err != nil || len(serials) == 0 {
		return err
	}
	_, err = tx.Exec(ctx, inSchema(`UPDATE {{s}}.chunks c SET code_lexemes = string_to_array(u.l, ' ')
		FROM unnest($1::bigint[], $2::text[]) AS u(serial, l) WHERE c.serial = u.serial`, schema), serials, lexemes)
	return err
}

// migrate creates or upgrades the schema. Concurrent Opens serialise on a
// transaction-scoped advisory lock, so exactly one of them migrates.
func migrate(ctx context.Context, pool *pgxpool.Pool, schema string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('hybridrag.migrate'), hashtext($1))`, schema); err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	stmts := []string{
		`CREATE SCHEMA IF NOT EXISTS {{s}}`,
		`CREATE TABLE IF NOT EXISTS {{s}}.schema_version (
			version    integer PRIMARY KEY,
			applied_at timestamptz NOT NULL DEFAULT now())`,
	}
	for _, q := range stmts {
		if _, err := tx.Exec(ctx, inSchema(q, schema)); err != nil {
			return fmt.Errorf("postgres: migrate: %w", err)
		}
	}
	var current int
	if err := tx.QueryRow(ctx, inSchema(`SELECT coalesce(max(version), 0) FROM {{s}}.schema_version`, schema)).Scan(&current); err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	if current > schemaVersion {
		return &store.VersionError{Path: "postgres schema " + schema, Found: current, Want: schemaVersion}
	}
	for v := current; v < schemaVersion; v++ {
		if _, err := tx.Exec(ctx, inSchema(migrations[v], schema)); err != nil {
			return fmt.Errorf("postgres: migrate schema %s to version %d: %w", schema, v+1, err)
		}
		if after := afterMigration[v+1]; after != nil {
			if err := after(ctx, tx, schema); err != nil {
				return fmt.Errorf("postgres: migrate schema %s to version %d: %w", schema, v+1, err)
			}
		}
		if _, err := tx.Exec(ctx, inSchema(`INSERT INTO {{s}}.schema_version (version) VALUES ($1)`, schema), v+1); err != nil {
			return fmt.Errorf("postgres: migrate: %w", err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	return nil
}

// inSchema substitutes the (validated) schema name into a statement.
func inSchema(q, schema string) string {
	return strings.ReplaceAll(q, "{{s}}", pgx.Identifier{schema}.Sanitize())
}

// Drop removes the store's schema and everything in it. It exists for tests
// and for tearing down a deployment; it refuses the default schema name
// unless force is set.
func Drop(ctx context.Context, dsn, schema string, force bool) error {
	o, err := Options{Schema: schema}.resolve()
	if err != nil {
		return err
	}
	if o.Schema == DefaultSchema && !force {
		return fmt.Errorf("%w: refusing to drop the default schema %q without force", ErrInvalidOptions, o.Schema)
	}
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, inSchema(`DROP SCHEMA IF EXISTS {{s}} CASCADE`, o.Schema)); err != nil {
		return fmt.Errorf("postgres: drop schema %s: %w", o.Schema, err)
	}
	return nil
}
