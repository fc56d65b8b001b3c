package generate

import (
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNewNonce(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		n := NewNonce()
		require.Len(t, n, NonceLength)
		_, err := hex.DecodeString(n)
		require.NoError(t, err)
		require.True(t, validNonce(n))
		require.False(t, seen[n], "nonce %s repeated", n)
		seen[n] = true
	}
}

func TestValidNonce(t *testing.T) {
	tests := []struct {
		nonce string
		valid bool
	}{
		{"3f9c0a1b2d4e", true},
		{"ABCdef12", true},
		{"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", true},
		{"", false},
		{"abc1234", false}, // too short: could occur by chance
		{"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0", false},
		{"3f9c-0a1b-2d4e", false},
		{"3f9c0a1b2d4e>>>", false},
		{"ｆｆｆｆｆｆｆｆ", false},
	}
	for _, tt := range tests {
		require.Equal(t, tt.valid, validNonce(tt.nonce), tt.nonce)
	}
}
