//go:build race

package tokens

// The race detector slows tiktoken-go, the reference, about tenfold.
const corpusBytes = 512 << 10
