package generate

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNewNonce(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		n := NewNonce()
		require.Len(t, n, NonceLength)
		require.Regexp(t, `^[0-9]+$`, n)
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

// Every nonce costs the same tokens in its fences, so that the sources that
// fit the budget do not depend on the request's nonce.
func TestNonceTokensConstant(t *testing.T) {
	count := func(s string) int {
		n, err := countTokens(s)
		require.NoError(t, err)
		return n
	}
	head, foot := -1, -1
	for range 2000 {
		n := NewNonce()
		h := count(fence("SOURCE", "S1", n) + "\nDocument: x\n\n")
		f := count(fence("END", "S1", n) + sourceSeparator)
		if head < 0 {
			head, foot = h, f
		}
		require.Equal(t, head, h, "nonce %s", n)
		require.Equal(t, foot, f, "nonce %s", n)
	}
}

// With random nonces, a full budget cuts the same sources at the same
// sentence on every request.
func TestRandomNonceSameFit(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	sources := randomSources(r, 8)
	for _, budget := range []int{150, 400, 777, 1200} {
		b := newTestBuilder(t, ContextOptions{MaxTokens: budget, Nonce: NewNonce})
		var first []ContextSource
		for range 30 {
			p, err := b.Build(t.Context(), BuildRequest{Question: "How are backups restored?", Sources: sources})
			require.NoError(t, err)
			if first == nil {
				first = p.Sources
				continue
			}
			require.Len(t, p.Sources, len(first))
			for i := range first {
				require.Equal(t, first[i].Text, p.Sources[i].Text, "budget %d source %d", budget, i)
				require.Equal(t, first[i].Tokens, p.Sources[i].Tokens)
			}
		}
	}
}
