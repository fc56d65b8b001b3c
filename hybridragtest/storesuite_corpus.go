package hybridragtest

import (
	"cmp"
	"context"
	"hash/fnv"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// suiteDim is the embedding dimension of the store suite's vectors.
const suiteDim = 16

// suiteVector is a deterministic pseudo-random vector for a seed string.
func suiteVector(seed string) []float32 {
	h := fnv.New64a()
	h.Write([]byte(seed))
	r := rand.New(rand.NewPCG(h.Sum64(), 11))
	v := make([]float32, suiteDim)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	return v
}

// suiteDoc describes a test document; each text becomes one chunk.
type suiteDoc struct {
	tenant, project, id string
	title               string
	texts               []string
	meta                store.Metadata
	vecs                [][]float32 // nil: suiteVector of each text
}

// entry builds the document's store.Entry: every chunk field set, offsets
// into the joined document text, one vector per chunk.
func (d suiteDoc) entry() store.Entry {
	full := strings.Join(d.texts, "\n\n")
	doc := store.Document{
		ID: d.id, Source: "docs/" + d.id + ".md", Title: d.title, Text: full,
		TenantID: d.tenant, ProjectID: d.project, Metadata: d.meta, Hash: store.Hash(full),
	}
	e := store.Entry{Document: doc}
	off := 0
	for i, text := range d.texts {
		e.Chunks = append(e.Chunks, store.Chunk{
			ID: store.ChunkID(d.id, i, text), DocumentID: d.id, Source: doc.Source, Title: d.title,
			TenantID: d.tenant, ProjectID: d.project, Text: text,
			Heading: []string{d.title, "Part " + string(rune('A'+i))}, Page: i + 1, Index: i,
			Start: off, End: off + len(text), Tokens: len(strings.Fields(text)),
			Metadata: d.meta, DocHash: doc.Hash,
		})
		off += len(text) + 2
		if d.vecs != nil {
			e.Vectors = append(e.Vectors, d.vecs[i])
		} else {
			e.Vectors = append(e.Vectors, suiteVector(text))
		}
	}
	return e
}

func suiteEntries(docs ...suiteDoc) []store.Entry {
	out := make([]store.Entry, len(docs))
	for i, d := range docs {
		out[i] = d.entry()
	}
	return out
}

// suiteKey names a stored chunk: chunk ids are unique only within a tenant
// and project.
func suiteKey(c *store.Chunk) string { return c.TenantID + "/" + c.ProjectID + "/" + c.ID }

func hitKeys(hits []store.Hit) []string {
	out := make([]string, len(hits))
	for i := range hits {
		out[i] = suiteKey(&hits[i].Chunk)
	}
	return out
}

// suiteModel is what a correct store holds after the writes the suite
// made: it predicts every search and count.
type suiteModel struct {
	chunks map[string]modelChunk          // by suiteKey
	docs   map[[3]string][]string         // (tenant, project, id) → chunk keys
	words  map[string]map[string]struct{} // chunk key → lower-cased words of its text
}

type modelChunk struct {
	chunk store.Chunk
	vec   []float32
}

func newSuiteModel() *suiteModel {
	return &suiteModel{chunks: map[string]modelChunk{}, docs: map[[3]string][]string{}, words: map[string]map[string]struct{}{}}
}

func (m *suiteModel) put(entries ...store.Entry) {
	for _, e := range entries {
		d := e.Document
		m.delete(d.TenantID, d.ProjectID, d.ID)
		k := [3]string{d.TenantID, d.ProjectID, d.ID}
		for i, c := range e.Chunks {
			key := suiteKey(&c)
			m.chunks[key] = modelChunk{chunk: c, vec: e.Vectors[i]}
			m.docs[k] = append(m.docs[k], key)
			w := map[string]struct{}{}
			for _, f := range strings.Fields(strings.ToLower(c.Text)) {
				w[f] = struct{}{}
			}
			m.words[key] = w
		}
	}
}

func (m *suiteModel) delete(tenant, project string, ids ...string) {
	for _, id := range ids {
		k := [3]string{tenant, project, id}
		for _, key := range m.docs[k] {
			delete(m.chunks, key)
			delete(m.words, key)
		}
		delete(m.docs, k)
	}
}

// passing returns the keys of the chunks that pass f, sorted.
func (m *suiteModel) passing(f store.Filter) []string {
	var out []string
	for key, mc := range m.chunks {
		if f.Match(&mc.chunk) {
			out = append(out, key)
		}
	}
	slices.Sort(out)
	return out
}

// withAnyWord returns the keys of the chunks passing f whose text holds
// any of words, sorted.
func (m *suiteModel) withAnyWord(f store.Filter, words ...string) []string {
	var out []string
	for _, key := range m.passing(f) {
		for _, w := range words {
			if _, ok := m.words[key][w]; ok {
				out = append(out, key)
				break
			}
		}
	}
	return out
}

// bestVector returns the cosine similarities of the k chunks passing f
// most similar to q, best first, and the keys of all passing chunks.
func (m *suiteModel) bestVector(q []float32, k int, f store.Filter) (scores []float64, pass map[string]float64) {
	pass = map[string]float64{}
	for _, key := range m.passing(f) {
		pass[key] = suiteCosine(q, m.chunks[key].vec)
	}
	scores = slices.Collect(maps.Values(pass))
	slices.SortFunc(scores, func(a, b float64) int { return cmp.Compare(b, a) })
	return scores[:min(k, len(scores))], pass
}

// counts returns the documents and chunks in the tenant and project of f
// ("" meaning any).
func (m *suiteModel) counts(f store.Filter) (docs, chunks int) {
	scope := store.Filter{TenantID: f.TenantID, ProjectID: f.ProjectID}
	for _, keys := range m.docs {
		c := m.chunks[keys[0]].chunk // a stored document has at least one chunk
		if scope.Match(&c) {
			docs++
			chunks += len(keys)
		}
	}
	return docs, chunks
}

func suiteCosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	return dot / math.Sqrt(na*nb)
}

// requireSameChunk asserts that a stored chunk came back with every field
// the writer gave it. Dates compare as instants (a store may return another
// location for the same instant); nil and empty slices and maps are equal;
// IndexVersion is the store's and is checked by the caller.
func requireSameChunk(t *testing.T, want, got store.Chunk) {
	t.Helper()
	require.True(t, want.Metadata.Date.Equal(got.Metadata.Date), "chunk %s: date %v came back as %v", want.ID, want.Metadata.Date, got.Metadata.Date)
	norm := func(c store.Chunk) store.Chunk {
		c.Metadata.Date = time.Time{}
		c.IndexVersion = 0
		if len(c.Heading) == 0 {
			c.Heading = nil
		}
		if len(c.Metadata.Tags) == 0 {
			c.Metadata.Tags = nil
		}
		if len(c.Metadata.Extra) == 0 {
			c.Metadata.Extra = nil
		}
		return c
	}
	require.Equal(t, norm(want), norm(got))
}

// requireSameDirection asserts that a returned vector is the stored one, up
// to normalisation (stores may keep vectors L2-normalised).
func requireSameDirection(t *testing.T, want, got []float32) {
	t.Helper()
	require.Len(t, got, len(want))
	require.InDelta(t, 1, suiteCosine(want, got), 1e-5)
}

// requireBestFirst asserts that hits are ordered by non-increasing score.
func requireBestFirst(t *testing.T, hits []store.Hit) {
	t.Helper()
	for i := 1; i < len(hits); i++ {
		require.GreaterOrEqual(t, hits[i-1].Score, hits[i].Score, "hit %d scores above hit %d", i, i-1)
	}
}

// scanAll returns every chunk the store holds, with its vector, by key.
func scanAll(t *testing.T, sc store.Scanner, f store.Filter) map[string]modelChunk {
	t.Helper()
	out := map[string]modelChunk{}
	require.NoError(t, sc.Scan(context.Background(), f, func(c store.Chunk, v []float32) error {
		key := suiteKey(&c)
		require.NotContains(t, out, key, "Scan visited %s twice", key)
		out[key] = modelChunk{chunk: c, vec: v}
		return nil
	}))
	return out
}
