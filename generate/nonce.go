package generate

import "crypto/rand"

// NonceLength is the length in decimal digits of the nonces NewNonce
// returns: about 50 random bits, too many for retrieved text to guess.
// Digits only, because cl100k cuts a run of digits into three-digit tokens
// whatever they are: every nonce costs the same tokens, so the budget left
// for sources, and which sources and sentences fit, is the same on every
// request. (Hex nonces tokenise to a varying count, and the last source of
// a full prompt was cut at a different sentence from one request to the
// next.)
const NonceLength = 15

// Nonce bounds accepted from ContextOptions.Nonce.
const (
	minNonceLength = 8
	maxNonceLength = 64
)

// NewNonce returns a fresh random nonce of NonceLength decimal digits. It
// is safe for concurrent use.
func NewNonce() string {
	out := make([]byte, 0, NonceLength)
	var b [2 * NonceLength]byte
	for len(out) < NonceLength {
		// crypto/rand.Read never returns an error: it aborts the program
		// when the system's randomness source fails.
		_, _ = rand.Read(b[:])
		for _, c := range b {
			// Bytes from 250 up are skipped so that every digit is equally
			// likely.
			if c < 250 && len(out) < NonceLength {
				out = append(out, '0'+c%10)
			}
		}
	}
	return string(out)
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
