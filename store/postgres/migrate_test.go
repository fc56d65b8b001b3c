package postgres

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// TestMigrateFromVersion2 builds a schema as version 2 wrote it, with a
// chunk in it, and opens it: version 3 fills the vector bytes and the code
// lexemes of the stored chunk, so that it loads and its identifier is
// found without reindexing.
func TestMigrateFromVersion2(t *testing.T) {
	dsn, conn := migrateConn(t)
	ctx := context.Background()
	schema := "hrtest_migrate_v2"
	schemaAt(t, dsn, conn, schema, 2, "Raise max_connections first.")

	s, err := Open(ctx, dsn, Options{Schema: schema, VectorIndex: VectorInProcess})
	require.NoError(t, err)
	defer s.Close()
	hits, err := s.SearchVector(ctx, []float32{3, 4}, 1, store.Filter{})
	require.NoError(t, err)
	require.Len(t, hits, 1)
	require.Equal(t, []float32{0.6, 0.8}, hits[0].Vector)
	require.InDelta(t, 1, hits[0].Score, 1e-6)
	hits, err = s.SearchKeyword(ctx, "max_connections", 1, store.Filter{})
	require.NoError(t, err)
	require.Len(t, hits, 1)
	require.Equal(t, []float32{0.6, 0.8}, hits[0].Vector)
	var lexemes []string
	require.NoError(t, conn.QueryRow(ctx, inSchema(`SELECT code_lexemes FROM {{s}}.chunks`, schema)).Scan(&lexemes))
	require.Equal(t, []string{"max_connections", "max", "connect"}, lexemes)
}

// TestMigrateFromVersion3 opens a schema as version 3 wrote it: version 4
// adds the keyword stop words of stored chunks to their code lexemes, so
// that "HAVING" finds them without reindexing.
func TestMigrateFromVersion3(t *testing.T) {
	dsn, conn := migrateConn(t)
	ctx := context.Background()
	schema := "hrtest_migrate_v3"
	schemaAt(t, dsn, conn, schema, 3, "The HAVING clause eliminates groups.")
	hits := func(s *Store) []store.Hit {
		h, err := s.SearchKeyword(ctx, "HAVING", 1, store.Filter{})
		require.NoError(t, err)
		return h
	}
	s, err := Open(ctx, dsn, Options{Schema: schema, VectorIndex: VectorInProcess})
	require.NoError(t, err)
	defer s.Close()
	require.Len(t, hits(s), 1)
	var lexemes []string
	require.NoError(t, conn.QueryRow(ctx, inSchema(`SELECT code_lexemes FROM {{s}}.chunks`, schema)).Scan(&lexemes))
	require.Equal(t, []string{"having"}, lexemes)
}

// migrateConn returns the test server's DSN and a connection to it.
func migrateConn(t *testing.T) (string, *pgx.Conn) {
	dsn := os.Getenv("HYBRIDRAG_POSTGRES_DSN")
	if dsn == "" {
		t.Skip("needs HYBRIDRAG_POSTGRES_DSN (scripts/with-postgres.sh)")
	}
	conn, err := pgx.Connect(context.Background(), dsn)
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close(context.Background()) })
	return dsn, conn
}

// schemaAt creates schema as the given version wrote it, holding one
// document with one chunk of text and the vector (0.6, 0.8).
func schemaAt(t *testing.T, dsn string, conn *pgx.Conn, schema string, version int, text string) {
	ctx := context.Background()
	require.NoError(t, Drop(ctx, dsn, schema, false))
	t.Cleanup(func() { _ = Drop(context.Background(), dsn, schema, false) })
	_, err := conn.Exec(ctx, inSchema(`CREATE SCHEMA {{s}}; CREATE TABLE {{s}}.schema_version (
		version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`, schema))
	require.NoError(t, err)
	for v := range version {
		_, err = conn.Exec(ctx, inSchema(migrations[v], schema))
		require.NoError(t, err)
		_, err = conn.Exec(ctx, inSchema(`INSERT INTO {{s}}.schema_version (version) VALUES ($1)`, schema), v+1)
		require.NoError(t, err)
	}
	_, err = conn.Exec(ctx, inSchema(`
		UPDATE {{s}}.state SET index_version = 1, next_serial = 2, dimension = 2;
		INSERT INTO {{s}}.documents VALUES ('t', '', 'd', 's', '', 'h', '', '', '', NULL, '{}', NULL, 1, 1);
		INSERT INTO {{s}}.chunks (serial, tenant_id, project_id, document_id, chunk_id, source, title, heading,
			heading_path, text, page, chunk_index, start_offset, end_offset, tokens, source_type, confidentiality,
			revision, tags, doc_hash, index_version, embedding)
		VALUES (1, 't', '', 'd', 'c', 's', '', '{}', '', '', 0, 0, 0, 0, 4, '', '', '',
			'{}', 'h', 1, '{0.6,0.8}');
		INSERT INTO {{s}}.changes VALUES (1, 't', '', 'd');`, schema))
	require.NoError(t, err)
	_, err = conn.Exec(ctx, inSchema(`UPDATE {{s}}.chunks SET text = $1`, schema), text)
	require.NoError(t, err)
	if version >= 3 {
		_, err = conn.Exec(ctx, inSchema(`INSERT INTO {{s}}.vectors
			SELECT serial, tenant_id, project_id, document_id, source_type, confidentiality, date_sec, date_nsec,
				float4send(0.6::real) || float4send(0.8::real) FROM {{s}}.chunks`, schema))
		require.NoError(t, err)
	}
}

// TestLocalWordQueryMatchesServer compares the words queryTerms reads
// without a round trip with websearch_to_tsquery('english').
func TestLocalWordQueryMatchesServer(t *testing.T) {
	dsn := os.Getenv("HYBRIDRAG_POSTGRES_DSN")
	if dsn == "" {
		t.Skip("needs HYBRIDRAG_POSTGRES_DSN (scripts/with-postgres.sh)")
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer conn.Close(ctx)
	words := []string{"How", "often", "replaced?", "The", "filters,", "(pumps)", "w9b", "W17", "2024", "10th",
		"0x1F", "1e10", "3rd.", "Running", "generously", "'quoted'", "IS", "utf8", "x86s", "ABC123def"}
	local := 0
	for _, w := range words {
		got, ok := localWordQuery(w)
		if !ok {
			continue
		}
		local++
		var server string
		require.NoError(t, conn.QueryRow(ctx, `SELECT websearch_to_tsquery('english', $1)::text`, w).Scan(&server))
		want := ""
		if got != "" {
			want = tsqueryLexeme(got)
		}
		require.Equal(t, server, want, w)
	}
	require.Equal(t, len(words), local, "every word here is read locally")
	for _, w := range []string{"3.5", "well-known", "it's", "Café", "a/b"} {
		_, ok := localWordQuery(w)
		require.False(t, ok, w)
	}
}

// TestVectorsFollowChunks checks that the vectors table, which has no
// foreign key, loses its rows with their documents: replaced by Put and
// removed by Delete.
func TestVectorsFollowChunks(t *testing.T) {
	dsn := os.Getenv("HYBRIDRAG_POSTGRES_DSN")
	if dsn == "" {
		t.Skip("needs HYBRIDRAG_POSTGRES_DSN (scripts/with-postgres.sh)")
	}
	ctx := context.Background()
	schema := "hrtest_vectors_follow"
	require.NoError(t, Drop(ctx, dsn, schema, false))
	t.Cleanup(func() { _ = Drop(context.Background(), dsn, schema, false) })
	s, err := Open(ctx, dsn, Options{Schema: schema, VectorIndex: VectorInProcess})
	require.NoError(t, err)
	defer s.Close()
	doc := func(id string, texts ...string) store.Entry {
		e := store.Entry{Document: store.Document{ID: id, TenantID: "t", Source: id}}
		for i, text := range texts {
			e.Chunks = append(e.Chunks, store.Chunk{ID: store.ChunkID(id, i, text), DocumentID: id, TenantID: "t", Source: id, Text: text, Index: i})
			e.Vectors = append(e.Vectors, []float32{float32(i + 1), 1})
		}
		return e
	}
	counts := func() (chunks, vectors int) {
		require.NoError(t, s.pool.QueryRow(ctx, inSchema(`SELECT (SELECT count(*) FROM {{s}}.chunks), (SELECT count(*) FROM {{s}}.vectors)`, schema)).Scan(&chunks, &vectors))
		return chunks, vectors
	}
	require.NoError(t, s.Put(ctx, doc("a", "one", "two", "three"), doc("b", "four")))
	c, v := counts()
	require.Equal(t, [2]int{4, 4}, [2]int{c, v})
	require.NoError(t, s.Put(ctx, doc("a", "five")))
	c, v = counts()
	require.Equal(t, [2]int{2, 2}, [2]int{c, v})
	require.NoError(t, s.Delete(ctx, "t", "", "b"))
	c, v = counts()
	require.Equal(t, [2]int{1, 1}, [2]int{c, v})
}
