package tokens

import (
	"sync"
	"testing"

	tiktoken "github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
	"github.com/stretchr/testify/require"
)

const cl100kURL = "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken"

// cl100kPattern and the special tokens are tiktoken-go v0.1.8's definition
// of cl100k_base (encoding.go): the reference this package must match.
const cl100kPattern = `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`

var (
	oracleOnce sync.Once
	oracleEnc  *tiktoken.Tiktoken
	oracleErr  error
)

// oracle is tiktoken-go's own cl100k_base encoder, built from
// tiktoken-go-loader's offline ranks without touching tiktoken's global
// loader.
func oracle(t testing.TB) *tiktoken.Tiktoken {
	t.Helper()
	oracleOnce.Do(func() {
		var ranks map[string]int
		ranks, oracleErr = tiktoken_loader.NewOfflineLoader().LoadTiktokenBpe(cl100kURL)
		if oracleErr != nil {
			return
		}
		special := map[string]int{
			tiktoken.ENDOFTEXT: 100257, tiktoken.FIM_PREFIX: 100258, tiktoken.FIM_MIDDLE: 100259,
			tiktoken.FIM_SUFFIX: 100260, tiktoken.ENDOFPROMPT: 100276,
		}
		var bpe *tiktoken.CoreBPE
		bpe, oracleErr = tiktoken.NewCoreBPE(ranks, special, cl100kPattern)
		if oracleErr != nil {
			return
		}
		set := map[string]any{}
		for k := range special {
			set[k] = true
		}
		enc := &tiktoken.Encoding{Name: Encoding, PatStr: cl100kPattern, MergeableRanks: ranks, SpecialTokens: special}
		oracleEnc = tiktoken.NewTiktoken(bpe, enc, set)
	})
	require.NoError(t, oracleErr)
	return oracleEnc
}
