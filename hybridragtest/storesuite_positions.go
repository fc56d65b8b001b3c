package hybridragtest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// storePositions checks the optional store.ChunkPositioner capability that
// neighbour expansion (retrieve.Options.Neighbors) relies on: a document's
// chunks come back by position, in ascending Index order whatever order
// and repetition the positions are asked in, with their vectors and a zero
// score; positions that are not stored are skipped; only the exact tenant,
// project and document asked for are read, so the same document id under
// another tenant or project never leaks; a replaced document answers with
// its new chunks and a deleted one with none.
func storePositions(t *testing.T, newStore func(t *testing.T) store.Store) {
	s := newStore(t)
	pos, ok := s.(store.ChunkPositioner)
	if !ok {
		t.Skipf("%T does not implement store.ChunkPositioner", s)
	}
	ctx := context.Background()
	manual := suiteDoc{tenant: "acme", project: "alpha", id: "manual", title: "Manual",
		texts: []string{"acme zero intro", "acme one priming", "acme two sealing", "acme three draining", "acme four storage"}}
	docs := []suiteDoc{
		manual,
		// The same document id, other tenants and projects, different texts.
		{tenant: "globex", project: "alpha", id: "manual", texts: []string{"globex zero", "globex one", "globex two"}},
		{tenant: "acme", project: "beta", id: "manual", texts: []string{"beta zero", "beta one"}},
		{tenant: "", project: "", id: "manual", texts: []string{"untenanted zero", "untenanted one", "untenanted two", "untenanted three"}},
		{tenant: "acme", project: "alpha", id: "other", texts: []string{"other zero", "other one"}},
	}
	entries := suiteEntries(docs...)
	require.NoError(t, s.Put(ctx, entries...))
	want := entries[0]

	texts := func(hits []store.Hit) []string {
		out := make([]string, len(hits))
		for i := range hits {
			out[i] = hits[i].Chunk.Text
		}
		return out
	}
	cases := []struct {
		name                      string
		tenant, project, document string
		indexes                   []int
		want                      []string
	}{
		{"one position", "acme", "alpha", "manual", []int{2}, []string{"acme two sealing"}},
		{"ascending order whatever the order asked", "acme", "alpha", "manual", []int{3, 1, 2}, manual.texts[1:4]},
		{"repeated positions once", "acme", "alpha", "manual", []int{4, 0, 4, 0}, []string{manual.texts[0], manual.texts[4]}},
		{"every position", "acme", "alpha", "manual", []int{0, 1, 2, 3, 4}, manual.texts},
		{"out of range skipped", "acme", "alpha", "manual", []int{-1, 4, 5, 99}, []string{manual.texts[4]}},
		{"only out of range", "acme", "alpha", "manual", []int{-3, 5, 1 << 40}, nil},
		{"no positions", "acme", "alpha", "manual", nil, nil},
		{"other tenant's document of the same id", "globex", "alpha", "manual", []int{0, 1, 2, 3, 4}, docs[1].texts},
		{"other project's document of the same id", "acme", "beta", "manual", []int{0, 1, 2, 3, 4}, docs[2].texts},
		{"empty tenant and project are exact values", "", "", "manual", []int{3, 4}, []string{"untenanted three"}},
		{"tenant without the document", "initech", "alpha", "manual", []int{0, 1}, nil},
		{"project without the document", "globex", "beta", "manual", []int{0}, nil},
		{"unknown document", "acme", "alpha", "missing", []int{0}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hits, err := pos.ChunksAt(ctx, c.tenant, c.project, c.document, c.indexes...)
			require.NoError(t, err)
			require.Equal(t, c.want, nilIfEmpty(texts(hits)))
			for i, h := range hits {
				require.Equal(t, c.tenant, h.Chunk.TenantID)
				require.Equal(t, c.project, h.Chunk.ProjectID)
				require.Equal(t, c.document, h.Chunk.DocumentID)
				require.Zero(t, h.Score)
				if i > 0 {
					require.Less(t, hits[i-1].Chunk.Index, h.Chunk.Index, "ascending Index order")
				}
				require.NotNil(t, h.Vector, "chunks by position carry their stored vector")
				requireSameDirection(t, suiteVector(h.Chunk.Text), h.Vector)
			}
		})
	}

	hits, err := pos.ChunksAt(ctx, "acme", "alpha", "manual", 1)
	require.NoError(t, err)
	require.Len(t, hits, 1)
	requireSameChunk(t, want.Chunks[1], hits[0].Chunk)

	// A replaced document answers with its new chunks only.
	shorter := manual
	shorter.texts = []string{"acme zero rewritten", "acme one rewritten"}
	require.NoError(t, s.Put(ctx, shorter.entry()))
	hits, err = pos.ChunksAt(ctx, "acme", "alpha", "manual", 0, 1, 2, 3, 4)
	require.NoError(t, err)
	require.Equal(t, shorter.texts, texts(hits))

	// A deleted document has no positions; the same id elsewhere stays.
	require.NoError(t, s.Delete(ctx, "acme", "alpha", "manual"))
	hits, err = pos.ChunksAt(ctx, "acme", "alpha", "manual", 0, 1)
	require.NoError(t, err)
	require.Empty(t, hits)
	hits, err = pos.ChunksAt(ctx, "globex", "alpha", "manual", 0)
	require.NoError(t, err)
	require.Equal(t, docs[1].texts[:1], texts(hits))
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}
