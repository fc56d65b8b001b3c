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
		{
			// An id stored under another tenant, an unknown tenant, an
			// unknown id: none of them is a stored document.
			name: "deletes of absent documents",
			batches: []batch{
				{chunks: []chunk{{"t", "a"}, {"u", "b"}}},
				{deletes: []chunk{{"u", "a"}, {"v", "a"}, {"t", "zz"}, {"t", "b"}}, chunks: []chunk{{"t", "c"}}},
			},
			want: map[chunk][]uint64{{"t", "a"}: {1}, {"u", "b"}: {2}, {"t", "c"}: {3}},
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

// A batch applied to a state that never held documents reserves its rows
// for its chunks (not its deletes) and its document structures for the
// documents its leading deletes name, so that they are not regrown.
func TestStatePresizesFirstBatch(t *testing.T) {
	type batch struct{ deletes, docs, perDoc int }
	tests := []struct {
		name    string
		batches []batch
		// rows' capacity is below maxRows (the batch's op count, which
		// rows grew by before), when set; size classes round it up.
		maxRows  int
		wantDocs int // capacity of docList, when set
		// capacity of the document-id interner's names, when set
		wantNames int
	}{
		{name: "put batch", batches: []batch{{deletes: 12, docs: 12, perDoc: 2}}, maxRows: 36, wantDocs: 12, wantNames: 12},
		{name: "more deletes than chunks", batches: []batch{{deletes: 20, docs: 3, perDoc: 1}}, maxRows: 23, wantDocs: 3},
		{name: "no deletes", batches: []batch{{docs: 12, perDoc: 2}}},
		{name: "second batch keeps its structures", batches: []batch{{deletes: 1, docs: 1, perDoc: 1}, {deletes: 12, docs: 12, perDoc: 2}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := newState()
			defer st.freeSlab()
			serial, doc := uint64(1), 0
			for bi, b := range tc.batches {
				rec := newRecord(0)
				rec = appendHeader(rec, batchHeader{version: int64(bi + 1), nOps: b.deletes + b.docs*b.perDoc, dim: testDim})
				for i := range b.deletes {
					rec = appendDelete(rec, "t", "", "d"+strconv.Itoa(doc+i))
				}
				var vecs []float32
				for range b.docs {
					for range b.perDoc {
						id := strconv.FormatUint(serial, 10)
						ch := store.Chunk{ID: id, DocumentID: "d" + strconv.Itoa(doc), TenantID: "t"}
						rec = appendChunk(rec, chunkFields{serial: serial, tokens: 1, chunk: &ch}, []byte("{}"))
						vecs = append(vecs, testVector(id, testDim)...)
						serial++
					}
					doc++
				}
				rec = appendVectors(rec, vecs)
				require.NoError(t, st.applyBatch(rec[frameSize:], logHeaderSize+frameSize))
			}
			require.Len(t, st.rows, int(serial-1))
			if tc.maxRows > 0 {
				require.Less(t, cap(st.rows), tc.maxRows)
			}
			require.Len(t, st.docs, doc)
			if tc.wantDocs > 0 {
				require.Equal(t, tc.wantDocs, cap(st.docList))
			}
			if tc.wantNames > 0 {
				require.Equal(t, tc.wantNames, cap(st.docIDs.names))
			}
			for i, r := range st.rows {
				require.Equal(t, testVector(strconv.FormatUint(r.serial, 10), testDim), st.vector(int32(i)), "serial %d", r.serial)
			}
		})
	}
}
