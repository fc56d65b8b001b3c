package embedded

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestChunkIDKeyRoundTrip(t *testing.T) {
	tests := []struct {
		name   string
		id     string
		packed bool
	}{
		{"store.ChunkID", store.ChunkID("doc", 3, "text"), true},
		{"all zero hex", "00000000000000000000000000000000", true},
		{"uppercase hex stays a string", "0123456789ABCDEF0123456789abcdef", false},
		{"31 hex digits", "0123456789abcdef0123456789abcde", false},
		{"non-hex byte", "0123456789abcdef0123456789abcdeg", false},
		{"free-form id", "intro#2", false},
		{"empty id", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := chunkKeyOf([]byte(tt.id))
			require.Equal(t, tt.packed, k.isHex)
			require.Equal(t, k, chunkKeyOfString(tt.id))
			require.Equal(t, tt.id, k.String())
			require.True(t, k.is(tt.id))
			require.False(t, k.is(tt.id+"0"))
		})
	}
	require.NotEqual(t, chunkKeyOfString(""), chunkKeyOfString("00000000000000000000000000000000"))
}
