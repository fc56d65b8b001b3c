package embedded

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// TestDecodeBatchRejectsMalformedBlocks: records that break the format-2
// rules (which only a bug or damage that passed the CRC could produce) are
// store.ErrCorrupt, never a panic or a half-applied guess.
func TestDecodeBatchRejectsMalformedBlocks(t *testing.T) {
	ch := store.Chunk{ID: "c1", DocumentID: "d", TenantID: "t"}
	vec := []float32{1, 0, 0}
	chunk := func(b []byte, serial uint64) []byte {
		c := ch
		c.ID = string(rune('a' + serial))
		return appendChunk(b, chunkFields{serial: serial, tokens: 1, chunk: &c}, []byte("{}"))
	}
	cases := map[string]func() []byte{
		"block chunk in a format 1 record": func() []byte {
			return chunk(appendHeaderV1(nil, batchHeader{version: 1, nOps: 1}), 1)
		},
		"block chunk without a dimension": func() []byte {
			return appendVectors(chunk(appendHeader(nil, batchHeader{version: 1, nOps: 1}), 1), vec)
		},
		"delete after a block chunk": func() []byte {
			b := chunk(appendHeader(nil, batchHeader{version: 1, nOps: 2, dim: 3}), 1)
			return appendVectors(appendDelete(b, "t", "", "d"), vec)
		},
		"block shorter than its chunks": func() []byte {
			b := chunk(chunk(appendHeader(nil, batchHeader{version: 1, nOps: 2, dim: 3}), 1), 2)
			return appendVectors(b, vec)
		},
		"bytes after the block": func() []byte {
			b := chunk(appendHeader(nil, batchHeader{version: 1, nOps: 1, dim: 3}), 1)
			return append(appendVectors(b, vec), 0)
		},
		"block without block chunks": func() []byte {
			return appendVectors(appendHeader(nil, batchHeader{version: 1, nOps: 0, dim: 3}), vec)
		},
	}
	for name, payload := range cases {
		t.Run(name, func(t *testing.T) {
			st := newState()
			require.ErrorIs(t, st.applyBatch(payload(), logHeaderSize+frameSize), store.ErrCorrupt)
		})
	}

	// The well-formed version of the same batch applies.
	st := newState()
	b := chunk(chunk(appendHeader(nil, batchHeader{version: 1, nextSerial: 3, nOps: 2, dim: 3}), 1), 2)
	require.NoError(t, st.applyBatch(appendVectors(b, []float32{1, 0, 0, 0, 1, 0}), logHeaderSize+frameSize))
	require.Equal(t, []float32{0, 1, 0}, st.vector(1))
}

// FuzzApplyBatch: whatever bytes a record holds, applying them to a state
// returns nil or store.ErrCorrupt and never panics.
func FuzzApplyBatch(f *testing.F) {
	c := store.Chunk{ID: "0123456789abcdef0123456789abcdef", DocumentID: "d", TenantID: "t"}
	ok := appendHeader(nil, batchHeader{version: 1, nextSerial: 2, nOps: 2, dim: 2})
	ok = appendDelete(ok, "t", "", "d")
	ok = appendVectors(appendChunk(ok, chunkFields{serial: 1, tokens: 3, chunk: &c}, []byte(`{"id":"x"}`)), []float32{0.6, 0.8})
	f.Add(ok)
	v1 := appendHeaderV1(nil, batchHeader{version: 1, nextSerial: 2, nOps: 1})
	f.Add(appendChunkInline(v1, chunkFields{serial: 1, tokens: 3, chunk: &c}, []float32{1, 0}, []byte("{}")))
	f.Fuzz(func(t *testing.T, payload []byte) {
		st := newState()
		if err := st.applyBatch(payload, logHeaderSize+frameSize); err != nil {
			require.ErrorIs(t, err, store.ErrCorrupt)
			return
		}
		require.Len(t, st.slab, st.dim*len(st.rows))
	})
}
