package embedded

import (
	"context"
	"hash/fnv"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

const testDim = 8

// testVector is a deterministic pseudo-random vector for a seed string.
func testVector(seed string, dim int) []float32 {
	h := fnv.New64a()
	h.Write([]byte(seed))
	r := rand.New(rand.NewPCG(h.Sum64(), 7))
	v := make([]float32, dim)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	return v
}

// docSpec describes a test document; each text becomes one chunk.
type docSpec struct {
	tenant, project, id string
	title               string
	texts               []string
	meta                store.Metadata
}

// entry builds a store.Entry whose chunks are the spec's texts, with
// offsets into the joined document text and one vector per chunk derived
// from the chunk text.
func (d docSpec) entry() store.Entry {
	full := strings.Join(d.texts, "\n\n")
	doc := store.Document{
		ID: d.id, Source: "docs/" + d.id + ".md", Title: d.title, Text: full,
		TenantID: d.tenant, ProjectID: d.project, Metadata: d.meta, Hash: store.Hash(full),
	}
	e := store.Entry{Document: doc}
	off := 0
	for i, t := range d.texts {
		e.Chunks = append(e.Chunks, store.Chunk{
			ID: store.ChunkID(d.id, i, t), DocumentID: d.id, Source: doc.Source, Title: d.title,
			TenantID: d.tenant, ProjectID: d.project, Text: t,
			Heading: []string{d.title, "Part " + string(rune('A'+i))}, Page: i + 1, Index: i,
			Start: off, End: off + len(t), Tokens: len(strings.Fields(t)),
			Metadata: d.meta, DocHash: doc.Hash,
		})
		off += len(t) + 2
		e.Vectors = append(e.Vectors, testVector(t, testDim))
	}
	return e
}

func openTest(t *testing.T, dir string, opts Options) *Store {
	t.Helper()
	s, err := Open(dir, opts)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

func newTestStore(t *testing.T) (*Store, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "store")
	return openTest(t, dir, Options{Create: true}), dir
}

func put(t *testing.T, s *Store, docs ...docSpec) {
	t.Helper()
	entries := make([]store.Entry, len(docs))
	for i, d := range docs {
		entries[i] = d.entry()
	}
	require.NoError(t, s.Put(context.Background(), entries...))
}

func ids(hits []store.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.Chunk.ID
	}
	return out
}

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// allChunks returns every stored chunk via Scan.
func allChunks(t *testing.T, s *Store) map[string]store.Chunk {
	t.Helper()
	out := map[string]store.Chunk{}
	require.NoError(t, s.Scan(context.Background(), store.Filter{}, func(c store.Chunk, _ []float32) error {
		out[c.TenantID+"/"+c.ProjectID+"/"+c.ID] = c
		return nil
	}))
	return out
}
