package hybridragtest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// storeStream checks the optional store.DocumentStreamer capability: a
// document streamed in several Writes replaces the stored one as one batch
// (one IndexVersion, stamped on every chunk) when Commit returns, and not
// before (searches and Stats see the stored version while the stream is
// open); an aborted stream, a stream with no chunks and a stream with a bad
// Write change nothing; the same document id in another tenant is never
// touched.
func storeStream(t *testing.T, newStore func(t *testing.T) store.Store) {
	s := newStore(t)
	ds, ok := s.(store.DocumentStreamer)
	if !ok {
		t.Skipf("%T does not implement store.DocumentStreamer", s)
	}
	ctx := context.Background()
	v1 := suiteDoc{tenant: "acme", project: "alpha", id: "manual", title: "Manual",
		texts: []string{"acme first edition pumps", "acme first edition valves", "acme first edition seals"}}
	other := suiteDoc{tenant: "globex", project: "alpha", id: "manual", texts: []string{"globex edition pumps"}}
	require.NoError(t, s.Put(ctx, suiteEntries(v1, other)...))
	stats := func() store.Stats {
		st, err := s.(store.Statter).Stats(ctx, store.Filter{})
		require.NoError(t, err)
		return st
	}
	texts := func(query string) []string {
		hits, err := s.SearchKeyword(ctx, query, 20, store.Filter{})
		require.NoError(t, err)
		out := make([]string, len(hits))
		for i, h := range hits {
			out[i] = h.Chunk.Text
		}
		return out
	}
	before := stats()

	v2 := suiteDoc{tenant: "acme", project: "alpha", id: "manual", title: "Manual",
		texts: []string{"acme second edition pumps", "acme second edition valves", "acme second edition seals", "acme second edition drains", "acme second edition motors"}}
	e := v2.entry()
	w, err := ds.StreamDocument(ctx, e.Document)
	require.NoError(t, err)
	for i := range e.Chunks {
		require.NoError(t, w.Write(ctx, e.Chunks[i:i+1], e.Vectors[i:i+1]))
		require.Empty(t, texts("second"), "an open stream is not visible")
		require.Equal(t, before, stats())
	}
	require.NoError(t, w.Commit(ctx))
	require.NoError(t, w.Abort(), "Abort after Commit is a no-op")
	after := stats()
	require.Equal(t, before.IndexVersion+1, after.IndexVersion, "a stream is one batch")
	require.Equal(t, before.Chunks+2, after.Chunks)
	require.Equal(t, before.Documents, after.Documents)
	require.Empty(t, texts("first"))
	require.ElementsMatch(t, v2.texts, texts("second acme"))
	require.Equal(t, []string{"globex edition pumps"}, texts("globex"))
	hits, err := s.SearchKeyword(ctx, "second", 20, store.Filter{})
	require.NoError(t, err)
	for _, h := range hits {
		require.Equal(t, after.IndexVersion, h.Chunk.IndexVersion)
	}

	// Nothing of a stream that does not commit is ever visible.
	v3 := suiteDoc{tenant: "acme", project: "alpha", id: "manual", texts: []string{"acme third edition pumps", "acme third edition valves"}}.entry()
	stranger := suiteDoc{tenant: "acme", project: "alpha", id: "stranger", texts: []string{"stranger"}}.entry()
	for _, tc := range []struct {
		name string
		run  func(w store.DocumentStream) error
		want error
	}{
		{"abort", func(w store.DocumentStream) error {
			require.NoError(t, w.Write(ctx, v3.Chunks[:1], v3.Vectors[:1]))
			return w.Abort()
		}, nil},
		{"no chunks", func(w store.DocumentStream) error { return w.Commit(ctx) }, store.ErrInvalidEntry},
		{"a chunk of another document", func(w store.DocumentStream) error {
			require.NoError(t, w.Write(ctx, v3.Chunks[:1], v3.Vectors[:1]))
			if err := w.Write(ctx, stranger.Chunks, stranger.Vectors); err != nil {
				return err
			}
			return w.Commit(ctx)
		}, store.ErrInvalidEntry},
		{"a bad vector", func(w store.DocumentStream) error {
			if err := w.Write(ctx, v3.Chunks[:1], [][]float32{make([]float32, suiteDim)}); err != nil {
				return err
			}
			return w.Commit(ctx)
		}, store.ErrInvalidVector},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, err := ds.StreamDocument(ctx, v3.Document)
			require.NoError(t, err)
			err = tc.run(w)
			require.NoError(t, w.Abort())
			if tc.want != nil {
				require.ErrorIs(t, err, tc.want)
			} else {
				require.NoError(t, err)
			}
			require.Equal(t, after, stats())
			require.Empty(t, texts("third"))
			require.ElementsMatch(t, v2.texts, texts("second acme"))
		})
	}
	// The store takes other writes once a stream has ended.
	require.NoError(t, s.Put(ctx, stranger))
	require.Equal(t, after.IndexVersion+1, stats().IndexVersion)
}
