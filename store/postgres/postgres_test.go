package postgres_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/postgres"
)

const testDim = 8

func testVector(seed string) []float32 {
	r := rand.New(rand.NewPCG(uint64(len(seed))*7919, uint64(seed[0])))
	v := make([]float32, testDim)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	return v
}

// entry makes a document whose chunks are texts.
func entry(tenant, id string, texts ...string) store.Entry {
	e := store.Entry{Document: store.Document{ID: id, TenantID: tenant, Source: id, Text: fmt.Sprint(texts)}}
	for i, text := range texts {
		e.Chunks = append(e.Chunks, store.Chunk{ID: store.ChunkID(id, i, text), DocumentID: id, TenantID: tenant, Source: id, Text: text, Index: i})
		e.Vectors = append(e.Vectors, testVector(text))
	}
	return e
}

func keys(hits []store.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.Chunk.DocumentID + ":" + h.Chunk.Text
	}
	slices.Sort(out)
	return out
}

// TestProcessesShareOneDatabase opens two stores on one schema, as two
// processes would: each sees the other's writes at its next search.
func TestProcessesShareOneDatabase(t *testing.T) {
	ctx := context.Background()
	schema := newSchema(t)
	a := openTest(t, schema, postgres.Options{VectorIndex: postgres.VectorInProcess})
	b := openTest(t, schema, postgres.Options{VectorIndex: postgres.VectorInProcess})

	require.NoError(t, a.Put(ctx, entry("t", "doc", "written by a", "second chunk")))
	hits, err := b.SearchVector(ctx, testVector("written by a"), 5, store.Filter{TenantID: "t"})
	require.NoError(t, err)
	require.Equal(t, []string{"doc:second chunk", "doc:written by a"}, keys(hits))
	st, err := b.Stats(ctx, store.Filter{TenantID: "t"})
	require.NoError(t, err)
	require.Equal(t, store.Stats{Documents: 1, Chunks: 2, Dimension: testDim, IndexVersion: 1}, st)

	require.NoError(t, b.Put(ctx, entry("t", "doc", "replaced by b")))
	require.NoError(t, b.Put(ctx, entry("t", "other", "another document")))
	hits, err = a.SearchVector(ctx, testVector("replaced by b"), 5, store.Filter{DocumentIDs: []string{"doc"}})
	require.NoError(t, err)
	require.Equal(t, []string{"doc:replaced by b"}, keys(hits))

	require.NoError(t, a.Delete(ctx, "t", "", "doc"))
	st, err = b.Stats(ctx, store.Filter{})
	require.NoError(t, err)
	require.Equal(t, 1, st.Documents)
	require.Equal(t, int64(4), st.IndexVersion)
	hits, err = b.SearchVector(ctx, testVector("x"), 5, store.Filter{})
	require.NoError(t, err)
	require.Equal(t, []string{"other:another document"}, keys(hits))
}

// TestLaggingProcessReloads trims the change log below a store that has
// not synced, which then rebuilds its index whole.
func TestLaggingProcessReloads(t *testing.T) {
	ctx := context.Background()
	schema := newSchema(t)
	writer := openTest(t, schema, postgres.Options{VectorIndex: postgres.VectorInProcess, ChangeRetention: 1})
	lagging := openTest(t, schema, postgres.Options{VectorIndex: postgres.VectorInProcess})
	require.NoError(t, writer.Put(ctx, entry("", "gone", "deleted while lagging")))
	_, err := lagging.Stats(ctx, store.Filter{})
	require.NoError(t, err)

	for i := range 300 { // past one pruning round (every 256 versions)
		require.NoError(t, writer.Put(ctx, entry("", fmt.Sprintf("d%d", i%10), fmt.Sprintf("text %d", i))))
	}
	require.NoError(t, writer.Delete(ctx, "", "", "gone"))
	var pruned int64
	conn, err := pgx.Connect(ctx, testDSN(t))
	require.NoError(t, err)
	defer conn.Close(ctx)
	require.NoError(t, conn.QueryRow(ctx, fmt.Sprintf(`SELECT pruned_through FROM %s.state`, schema)).Scan(&pruned))
	require.Positive(t, pruned, "the change log was trimmed")

	st, err := lagging.Stats(ctx, store.Filter{})
	require.NoError(t, err)
	require.Equal(t, 10, st.Documents)
	require.Equal(t, int64(302), st.IndexVersion)
	hits, err := lagging.SearchVector(ctx, testVector("text 299"), 20, store.Filter{})
	require.NoError(t, err)
	require.Len(t, hits, 10)
	require.NotContains(t, keys(hits), "gone:deleted while lagging")
}

// TestReopenRebuildsIndex closes and reopens a store: the in-process index
// comes back from PostgreSQL alone.
func TestReopenRebuildsIndex(t *testing.T) {
	ctx := context.Background()
	schema := newSchema(t)
	s, err := postgres.Open(ctx, testDSN(t), postgres.Options{Schema: schema, VectorIndex: postgres.VectorInProcess})
	require.NoError(t, err)
	for i := range 5 {
		require.NoError(t, s.Put(ctx, entry("t", fmt.Sprintf("d%d", i), fmt.Sprintf("alpha %d", i), fmt.Sprintf("beta %d", i))))
	}
	require.NoError(t, s.Delete(ctx, "t", "", "d3"))
	want, err := s.SearchVector(ctx, testVector("alpha 2"), 20, store.Filter{})
	require.NoError(t, err)
	before, err := s.Stats(ctx, store.Filter{})
	require.NoError(t, err)
	require.NoError(t, s.Close())
	require.NoError(t, s.Close(), "closing twice is a no-op")

	r := openTest(t, schema, postgres.Options{VectorIndex: postgres.VectorInProcess})
	after, err := r.Stats(ctx, store.Filter{})
	require.NoError(t, err)
	require.Equal(t, before, after)
	got, err := r.SearchVector(ctx, testVector("alpha 2"), 20, store.Filter{})
	require.NoError(t, err)
	require.Equal(t, want, got)
}

// TestMigration checks that concurrent Opens of a new schema migrate it
// once, and that a schema from a newer build is refused.
func TestMigration(t *testing.T) {
	ctx := context.Background()
	schema := newSchema(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() {
			s, err := postgres.Open(ctx, testDSN(t), postgres.Options{Schema: schema})
			if err == nil {
				err = s.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	conn, err := pgx.Connect(ctx, testDSN(t))
	require.NoError(t, err)
	defer conn.Close(ctx)
	var versions int
	require.NoError(t, conn.QueryRow(ctx, fmt.Sprintf(`SELECT count(*) FROM %s.schema_version`, schema)).Scan(&versions))
	require.Equal(t, 4, versions, "each of the four migrations applied once, by one of the four Opens")

	_, err = conn.Exec(ctx, fmt.Sprintf(`INSERT INTO %s.schema_version (version) VALUES (99)`, schema))
	require.NoError(t, err)
	_, err = postgres.Open(ctx, testDSN(t), postgres.Options{Schema: schema})
	require.ErrorIs(t, err, store.ErrVersion)
	var ve *store.VersionError
	require.ErrorAs(t, err, &ve)
	require.Equal(t, 99, ve.Found)
}

func TestOptions(t *testing.T) {
	ctx := context.Background()
	dsn := testDSN(t)
	for _, o := range []postgres.Options{
		{Schema: "Bad-Name"},
		{Schema: "x; DROP TABLE y"},
		{VectorIndex: 7},
		{SyncInterval: -1},
		{ChangeRetention: -5},
	} {
		_, err := postgres.Open(ctx, dsn, o)
		require.ErrorIs(t, err, postgres.ErrInvalidOptions, "%+v", o)
	}
	_, err := postgres.Open(ctx, "postgres://[::1", postgres.Options{})
	require.ErrorIs(t, err, postgres.ErrInvalidOptions)
	require.ErrorIs(t, postgres.Drop(ctx, dsn, postgres.DefaultSchema, false), postgres.ErrInvalidOptions)
}

// TestVectorIndexDetection: without pgvector the default is the in-process
// index, and demanding pgvector fails clearly.
func TestVectorIndexDetection(t *testing.T) {
	ctx := context.Background()
	schema := newSchema(t)
	s := openTest(t, schema, postgres.Options{})
	conn, err := pgx.Connect(ctx, testDSN(t))
	require.NoError(t, err)
	defer conn.Close(ctx)
	var installed bool
	require.NoError(t, conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector')`).Scan(&installed))
	if installed {
		require.Equal(t, postgres.VectorPGVector, s.VectorIndex())
		return
	}
	require.Equal(t, postgres.VectorInProcess, s.VectorIndex())
	_, err = postgres.Open(ctx, testDSN(t), postgres.Options{Schema: schema, VectorIndex: postgres.VectorPGVector})
	require.ErrorIs(t, err, postgres.ErrNoPGVector)
}

// TestScanWhileRewriting re-embeds every chunk through Put from inside
// Scan, as a reindex does: the scan visits each original chunk once and
// ends.
func TestScanWhileRewriting(t *testing.T) {
	ctx := context.Background()
	s := openTest(t, newSchema(t), postgres.Options{VectorIndex: postgres.VectorInProcess})
	var entries []store.Entry
	for i := range 300 { // more than one scan page
		entries = append(entries, entry("t", fmt.Sprintf("d%03d", i), fmt.Sprintf("chunk %d", i)))
	}
	require.NoError(t, s.Put(ctx, entries...))
	seen := map[string]int{}
	err := s.Scan(ctx, store.Filter{TenantID: "t"}, func(c store.Chunk, vec []float32) error {
		seen[c.DocumentID]++
		e := entry("t", c.DocumentID, c.Text)
		e.Vectors[0] = testVector("new " + c.Text)
		return s.Put(ctx, e)
	})
	require.NoError(t, err)
	require.Len(t, seen, 300)
	for id, n := range seen {
		require.Equal(t, 1, n, id)
	}
	hits, err := s.SearchVector(ctx, testVector("new chunk 7"), 1, store.Filter{DocumentIDs: []string{"d007"}})
	require.NoError(t, err)
	require.InDelta(t, 1, hits[0].Score, 1e-5)
}

// TestAnalyzeMatchesServer compares Analyze with the server's own
// to_tsvector('english', ...) on ordinary prose.
func TestAnalyzeMatchesServer(t *testing.T) {
	ctx := context.Background()
	s := openTest(t, newSchema(t), postgres.Options{VectorIndex: postgres.VectorInProcess})
	conn, err := pgx.Connect(ctx, testDSN(t))
	require.NoError(t, err)
	defer conn.Close(ctx)
	for _, text := range []string{
		"How often should the carbon filter cartridges be replaced?",
		"The operators were running generously configured pumps during the winter months.",
		"Don't open the relief valve; it's pressurised — Café owners' cooperation matters.",
	} {
		var server []string
		require.NoError(t, conn.QueryRow(ctx, `SELECT tsvector_to_array(to_tsvector('english', $1))`, text).Scan(&server))
		local := slices.Compact(slices.Sorted(slices.Values(s.Analyze(text))))
		require.Equal(t, server, local, text)
	}
}

// TestSimpleProtocol opens a store over the simple query protocol (as
// behind a transaction-pooling proxy), where every value arrives as text:
// the index loads the vectors all the same, and searches agree with a
// store on the extended protocol.
func TestSimpleProtocol(t *testing.T) {
	ctx := context.Background()
	schema := newSchema(t)
	a := openTest(t, schema, postgres.Options{VectorIndex: postgres.VectorInProcess})
	for i := range 4 {
		require.NoError(t, a.Put(ctx, entry("t", fmt.Sprintf("d%d", i), fmt.Sprintf("gamma %d", i), fmt.Sprintf("delta max_connections %d", i))))
	}
	dsn := testDSN(t)
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	b, err := postgres.Open(ctx, dsn+sep+"default_query_exec_mode=simple_protocol", postgres.Options{Schema: schema, VectorIndex: postgres.VectorInProcess})
	require.NoError(t, err)
	defer b.Close()
	want, err := a.SearchVector(ctx, testVector("gamma 2"), 5, store.Filter{})
	require.NoError(t, err)
	got, err := b.SearchVector(ctx, testVector("gamma 2"), 5, store.Filter{})
	require.NoError(t, err)
	require.Equal(t, want, got)
	want, err = a.SearchKeyword(ctx, "max_connections delta", 3, store.Filter{})
	require.NoError(t, err)
	got, err = b.SearchKeyword(ctx, "max_connections delta", 3, store.Filter{})
	require.NoError(t, err)
	require.Len(t, got, 3)
	require.Equal(t, want, got)
}
