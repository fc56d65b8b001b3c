//go:build !race

package tokens

// corpusBytes is how much of the module's own text the comparison with
// tiktoken-go reads.
const corpusBytes = 3 << 20
