package embedded

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// TestStateDocSerials checks that documents' serial lists stay separate
// although they share a per-batch arena: chunks of one document arriving
// between another's, a document growing across batches, and slots and
// arenas reused after deletes.
func TestStateDocSerials(t *testing.T) {
	type chunk struct{ tenant, doc string }
	type batch struct {
		deletes []chunk // documents deleted first
		chunks  []chunk
	}
	tests := []struct {
		name    string
		batches []batch
		want    map[chunk][]uint64
	}{
		{
			name:    "contiguous",
			batches: []batch{{chunks: []chunk{{"t", "a"}, {"t", "a"}, {"t", "b"}, {"t", "b"}, {"t", "b"}}}},
			want:    map[chunk][]uint64{{"t", "a"}: {1, 2}, {"t", "b"}: {3, 4, 5}},
		},
		{
			name:    "interleaved",
			batches: []batch{{chunks: []chunk{{"t", "a"}, {"t", "b"}, {"t", "a"}, {"u", "a"}, {"t", "b"}, {"t", "a"}}}},
			want:    map[chunk][]uint64{{"t", "a"}: {1, 3, 6}, {"t", "b"}: {2, 5}, {"u", "a"}: {4}},
		},
		{
			name: "across batches",
			batches: []batch{
				{chunks: []chunk{{"t", "a"}, {"t", "b"}}},
				{chunks: []chunk{{"t", "a"}, {"t", "c"}, {"t", "b"}}},
			},
			want: map[chunk][]uint64{{"t", "a"}: {1, 3}, {"t", "b"}: {2, 5}, {"t", "c"}: {4}},
		},
		{
			name: "reuse after delete",
			batches: []batch{
				{chunks: []chunk{{"t", "a"}, {"t", "a"}, {"t", "b"}}},
				{deletes: []chunk{{"t", "a"}}, chunks: []chunk{{"t", "c"}, {"t", "c"}, {"t", "c"}, {"t", "b"}}},
			},
			want: map[chunk][]uint64{{"t", "b"}: {3, 7}, {"t", "c"}: {4, 5, 6}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := newState()
			serial := uint64(1)
			for bi, b := range tc.batches {
				rec := newRecord(0)
				rec = appendHeader(rec, batchHeader{version: int64(bi + 1), nOps: len(b.deletes) + len(b.chunks), dim: testDim})
				var vecs []float32
				for _, d := range b.deletes {
					rec = appendDelete(rec, d.tenant, "", d.doc)
				}
				for _, c := range b.chunks {
					id := strconv.FormatUint(serial, 10)
					ch := store.Chunk{ID: id, DocumentID: c.doc, TenantID: c.tenant}
					rec = appendChunk(rec, chunkFields{serial: serial, tokens: 1, chunk: &ch}, []byte("{}"))
					vecs = append(vecs, testVector(id, testDim)...)
					serial++
				}
				rec = appendVectors(rec, vecs)
				require.NoError(t, st.applyBatch(rec[frameSize:], logHeaderSize+frameSize))
			}
			require.Len(t, st.docs, len(tc.want))
			for c, want := range tc.want {
				got, ok := st.docSerials(docKey{c.tenant, "", c.doc})
				require.True(t, ok, "%v", c)
				require.Equal(t, want, got, "%v", c)
			}
			total := 0
			for _, want := range tc.want {
				total += len(want)
			}
			require.Len(t, st.rows, total)
			for i, r := range st.rows {
				require.Equal(t, testVector(strconv.FormatUint(r.serial, 10), testDim), st.vector(int32(i)), "serial %d", r.serial)
			}
			require.Equal(t, total, st.countsFor("", "").chunks)
		})
	}
}
