package postgres_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/store/postgres"
)

// Benchmarks compare the PostgreSQL store with the embedded one on the
// same synthetic corpus in the same run:
//
//	scripts/with-postgres.sh go test -run '^$' -bench . -benchtime 1x ./store/postgres/ -args -chunks 100000
//
// The corpus is small by default (the machine is shared); -chunks sets it.
var benchChunks = flag.Int("chunks", 10_000, "chunks in the benchmark corpus")

const (
	benchDim           = 384
	benchChunksPerDoc  = 4
	benchWordsPerChunk = 120
	benchBatchDocs     = 64 // hybridrag.DefaultIndexBatchSize
	benchVocabulary    = 20_000
)

// benchCorpus is a deterministic corpus: Zipf-distributed words from a
// synthetic vocabulary, random unit vectors, four metadata values.
func benchCorpus(n int) [][]store.Entry {
	r := rand.New(rand.NewPCG(1, 2))
	zipf := rand.NewZipf(r, 1.1, 2, benchVocabulary-1)
	word := func() string { return fmt.Sprintf("w%x", zipf.Uint64()) }
	var batches [][]store.Entry
	var batch []store.Entry
	for d := 0; d*benchChunksPerDoc < n; d++ {
		id := fmt.Sprintf("doc%06d", d)
		e := store.Entry{Document: store.Document{ID: id, Source: id + ".md", TenantID: fmt.Sprintf("tenant%d", d%4),
			Metadata: store.Metadata{SourceType: []string{"manual", "report"}[d%2], Date: time.Date(2020+d%5, 1, 1, 0, 0, 0, 0, time.UTC)}}}
		for i := range benchChunksPerDoc {
			var b strings.Builder
			for w := range benchWordsPerChunk {
				if w > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(word())
			}
			text := b.String()
			e.Chunks = append(e.Chunks, store.Chunk{ID: store.ChunkID(id, i, text), DocumentID: id, Source: e.Document.Source,
				TenantID: e.Document.TenantID, Text: text, Index: i, Tokens: benchWordsPerChunk, Metadata: e.Document.Metadata})
			v := make([]float32, benchDim)
			for j := range v {
				v[j] = float32(r.NormFloat64())
			}
			e.Vectors = append(e.Vectors, v)
		}
		batch = append(batch, e)
		if len(batch) == benchBatchDocs {
			batches, batch = append(batches, batch), nil
		}
	}
	if len(batch) > 0 {
		batches = append(batches, batch)
	}
	return batches
}

type benchKind struct {
	name string
	open func(b *testing.B, fresh bool) store.Store
}

var benchSchema = fmt.Sprintf("hrbench_%d", time.Now().UnixNano())

func benchKinds(b *testing.B) []benchKind {
	dir := b.TempDir()
	n := 0
	return []benchKind{
		{"embedded", func(b *testing.B, fresh bool) store.Store {
			if fresh {
				n++
			}
			s, err := embedded.Open(fmt.Sprintf("%s/store%d", dir, n), embedded.Options{Create: true})
			if err != nil {
				b.Fatal(err)
			}
			return s
		}},
		{"postgres", openBenchPostgres(benchSchema, postgres.VectorInProcess)},
		{"pgvector", openBenchPostgres(benchSchema+"_pgvector", postgres.VectorPGVector)},
	}
}

// openBenchPostgres opens the PostgreSQL store in schema with the given
// vector index; pgvector's absence skips its benchmarks.
func openBenchPostgres(schema string, mode postgres.VectorIndex) func(b *testing.B, fresh bool) store.Store {
	return func(b *testing.B, fresh bool) store.Store {
		dsn := testDSN(b)
		if fresh {
			if err := postgres.Drop(context.Background(), dsn, schema, false); err != nil {
				b.Fatal(err)
			}
		}
		s, err := postgres.Open(context.Background(), dsn, postgres.Options{Schema: schema, VectorIndex: mode})
		if errors.Is(err, postgres.ErrNoPGVector) {
			b.Skip("pgvector is not installed in the server")
		}
		if err != nil {
			b.Fatal(err)
		}
		return s
	}
}

func dropBenchSchema() {
	if dsn := os.Getenv(dsnEnv); dsn != "" {
		_ = postgres.Drop(context.Background(), dsn, benchSchema, false)
		_ = postgres.Drop(context.Background(), dsn, benchSchema+"_pgvector", false)
	}
}

// BenchmarkStores indexes the corpus into each store (chunks/s), then
// measures hybrid retrieval over it (ms per query: BM25 or full-text top
// 20 + vector top 40, fused, MMR) and the time to reopen the store, which
// for PostgreSQL rebuilds the in-process vector index from the database.
func BenchmarkStores(b *testing.B) {
	defer dropBenchSchema()
	ctx := context.Background()
	corpus := benchCorpus(*benchChunks)
	chunks := 0
	for _, batch := range corpus {
		for _, e := range batch {
			chunks += len(e.Chunks)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	zipf := rand.NewZipf(r, 1.1, 2, benchVocabulary-1)
	type query struct {
		text string
		vec  []float32
	}
	queries := make([]query, 64)
	for i := range queries {
		words := make([]string, 6)
		for j := range words {
			words[j] = fmt.Sprintf("w%x", zipf.Uint64()+20) // skip the commonest words, as stop words would be
		}
		v := make([]float32, benchDim)
		for j := range v {
			v[j] = float32(r.NormFloat64())
		}
		queries[i] = query{strings.Join(words, " "), v}
	}
	for _, kind := range benchKinds(b) {
		var s store.Store
		b.Run(kind.name+"/index", func(b *testing.B) {
			for range b.N {
				if s != nil {
					_ = s.(io.Closer).Close()
				}
				s = kind.open(b, true)
				start := time.Now()
				for _, batch := range corpus {
					if err := s.Put(ctx, batch...); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(chunks)/time.Since(start).Seconds(), "chunks/s")
			}
		})
		if s == nil {
			continue
		}
		b.Run(kind.name+"/retrieve", func(b *testing.B) {
			i := 0
			emb := retrieve.Embedder(queryEmbedder(func(string) []float32 { return queries[i%len(queries)].vec }))
			h, err := retrieve.NewHybrid(s, s, emb, retrieve.Options{})
			if err != nil {
				b.Fatal(err)
			}
			// Each op runs every query once, half of them filtered to one
			// tenant, after a warm-up pass.
			run := func() {
				for i = 0; i < len(queries); i++ {
					f := store.Filter{}
					if i%2 == 1 {
						f.TenantID = "tenant1"
					}
					if _, err := h.Retrieve(ctx, retrieve.Query{Text: queries[i].text, Filter: f}); err != nil {
						b.Fatal(err)
					}
				}
			}
			run()
			server := serverPIDs(b, kind.name)
			cpu0 := benchCPU(server)
			b.ResetTimer()
			for range b.N {
				run()
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(queries)), "ms/query")
			if cpu0 >= 0 {
				// Wall time favours PostgreSQL on a loaded machine: its
				// server processes get CPU shares of their own.
				b.ReportMetric(float64((benchCPU(server)-cpu0).Milliseconds())/float64(b.N*len(queries)), "cpu-ms/query")
			}
		})
		b.Run(kind.name+"/reopen", func(b *testing.B) {
			for range b.N {
				_ = s.(io.Closer).Close()
				s = kind.open(b, false)
			}
			st, err := s.(store.Statter).Stats(ctx, store.Filter{})
			if err != nil || st.Chunks != chunks {
				b.Fatalf("reopened store holds %d chunks, want %d (%v)", st.Chunks, chunks, err)
			}
		})
		_ = s.(io.Closer).Close()
	}
}

type queryEmbedder func(string) []float32

func (q queryEmbedder) EmbedQuery(_ context.Context, text string) ([]float32, error) {
	return q(text), nil
}

func (q queryEmbedder) EmbedDocuments(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = q(t)
	}
	return out, nil
}

// serverPIDs returns the PostgreSQL server's postmaster pid when kind
// runs there and the server is on this machine (0 otherwise): its
// processes' CPU time counts towards the store's.
func serverPIDs(b *testing.B, kind string) int {
	if kind == "embedded" {
		return 0
	}
	conn, err := pgx.Connect(context.Background(), testDSN(b))
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close(context.Background())
	var backend int
	if err := conn.QueryRow(context.Background(), `SELECT pg_backend_pid()`).Scan(&backend); err != nil {
		b.Fatal(err)
	}
	_, ppid, _, ok := procStat(backend)
	if !ok {
		return 0
	}
	return ppid
}

// benchCPU returns the CPU time used so far by this process plus, with a
// postmaster pid, the server processes (the postmaster and its children);
// -1 where /proc cannot be read.
func benchCPU(postmaster int) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	total := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	if postmaster == 0 {
		return total
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return -1
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if _, ppid, cpu, ok := procStat(pid); ok && (pid == postmaster || ppid == postmaster) {
			total += cpu
		}
	}
	return total
}

// procStat reads a process's parent and CPU time (user + system) from
// /proc/PID/stat, at the usual 100 clock ticks per second.
func procStat(pid int) (self, ppid int, cpu time.Duration, ok bool) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, 0, false
	}
	// The command name is parenthesised and may hold spaces.
	end := strings.LastIndexByte(string(data), ')')
	if end < 0 {
		return 0, 0, 0, false
	}
	f := strings.Fields(string(data[end+1:]))
	if len(f) < 13 {
		return 0, 0, 0, false
	}
	ppid, _ = strconv.Atoi(f[1])
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return pid, ppid, time.Duration(utime+stime) * 10 * time.Millisecond, true
}
