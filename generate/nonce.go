package generate

import (
	"crypto/rand"
	"encoding/hex"
)

// NonceLength is the length in hex characters of the nonces NewNonce
// returns: 48 random bits, too many for retrieved text to guess.
const NonceLength = 12

// Nonce bounds accepted from ContextOptions.Nonce.
const (
	minNonceLength = 8
	maxNonceLength = 64
)

// NewNonce returns a fresh random nonce of NonceLength lower-case hex
// characters. It is safe for concurrent use.
func NewNonce() string {
	var b [NonceLength / 2]byte
	// crypto/rand.Read never returns an error: it aborts the program when
	// the system's randomness source fails.
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// validNonce reports whether n can fence sources: 8 to 64 ASCII letters or
// digits, so that neither a replacement text nor the fence syntax can
// contain it.
func validNonce(n string) bool {
	if len(n) < minNonceLength || len(n) > maxNonceLength {
		return false
	}
	for i := 0; i < len(n); i++ {
		if !isASCIIAlnum(n[i]) {
			return false
		}
	}
	return true
}

func isASCIIAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
