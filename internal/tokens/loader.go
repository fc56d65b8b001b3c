package tokens

import (
	"bytes"
	_ "embed"
	"encoding/base64"
	"fmt"
	"path"
	"strconv"
)

// cl100kFile holds the cl100k_base BPE ranks, copied unchanged from
// github.com/pkoukk/tiktoken-go-loader v0.0.2 (MIT, see
// LICENSE.cl100k_base). Only this encoding is embedded: the loader module
// embeds four files (7 MB) in one package, three of which we never use.
//
//go:embed cl100k_base.tiktoken
var cl100kFile []byte

// cl100kName is the file name tiktoken-go asks a BpeLoader for.
const cl100kName = "cl100k_base.tiktoken"

// Loader is an offline tiktoken.BpeLoader that knows cl100k_base only;
// any other encoding is an error rather than a download.
type Loader struct{}

// LoadTiktokenBpe parses the embedded ranks when file names cl100k_base.
func (Loader) LoadTiktokenBpe(file string) (map[string]int, error) {
	if path.Base(file) != cl100kName {
		return nil, fmt.Errorf("tokens: no offline BPE ranks for %s (only %s is embedded)", file, cl100kName)
	}
	return parseRanks(cl100kFile)
}

// parseRanks reads the tiktoken format: one "base64(token) rank" per line.
func parseRanks(data []byte) (map[string]int, error) {
	ranks := make(map[string]int, 100_300)
	for n, line := range bytes.Split(data, []byte{'\n'}) {
		if len(line) == 0 {
			continue
		}
		tok, rank, ok := bytes.Cut(line, []byte{' '})
		if !ok {
			return nil, fmt.Errorf("tokens: %s line %d: no rank", cl100kName, n+1)
		}
		b := make([]byte, base64.StdEncoding.DecodedLen(len(tok)))
		k, err := base64.StdEncoding.Decode(b, tok)
		if err != nil {
			return nil, fmt.Errorf("tokens: %s line %d: %w", cl100kName, n+1, err)
		}
		r, err := strconv.Atoi(string(rank))
		if err != nil {
			return nil, fmt.Errorf("tokens: %s line %d: %w", cl100kName, n+1, err)
		}
		ranks[string(b[:k])] = r
	}
	return ranks, nil
}
