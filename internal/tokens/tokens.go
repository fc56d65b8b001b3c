// Package tokens counts and cuts text in cl100k_base tokens, the unit of the
// chunk sizes and the context budget. The encoder is built once, offline,
// from the cl100k_base ranks embedded here (see Loader): nothing is
// downloaded.
//
// tiktoken-go's BPE loader is a process-wide, unlocked global with no
// getter, so a library cannot tell whether its host installed one. This
// package therefore never calls tiktoken.SetBpeLoader: it builds its
// encoder from its own ranks with tiktoken.NewCoreBPE, and a host's loader
// (or tiktoken-go's downloading default) stays what the host made it.
package tokens

import (
	"fmt"
	"sync"

	tiktoken "github.com/pkoukk/tiktoken-go"
)

// Encoding is the tokenizer used throughout the module.
const Encoding = "cl100k_base"

var (
	once    sync.Once
	encoder *tiktoken.Tiktoken
	loadErr error
)

// get returns the shared encoder. Building it costs tens of milliseconds,
// so it happens exactly once. The encoder's Encode is safe for concurrent
// use.
func get() (*tiktoken.Tiktoken, error) {
	once.Do(func() {
		encoder, loadErr = newEncoder()
		if loadErr != nil {
			loadErr = fmt.Errorf("tokens: load %s: %w", Encoding, loadErr)
		}
	})
	return encoder, loadErr
}

// cl100kPattern and cl100kSpecial are tiktoken-go v0.1.8's definition of
// cl100k_base (encoding.go); TestEncoderMatchesTiktoken holds them to it.
const cl100kPattern = `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`

func cl100kSpecial() map[string]int {
	return map[string]int{
		tiktoken.ENDOFTEXT:   100257,
		tiktoken.FIM_PREFIX:  100258,
		tiktoken.FIM_MIDDLE:  100259,
		tiktoken.FIM_SUFFIX:  100260,
		tiktoken.ENDOFPROMPT: 100276,
	}
}

// newEncoder builds cl100k_base the way tiktoken.GetEncoding would, from
// the embedded ranks and without touching tiktoken's global loader.
func newEncoder() (*tiktoken.Tiktoken, error) {
	ranks, err := Loader{}.LoadTiktokenBpe(cl100kName)
	if err != nil {
		return nil, err
	}
	special := cl100kSpecial()
	bpe, err := tiktoken.NewCoreBPE(ranks, special, cl100kPattern)
	if err != nil {
		return nil, err
	}
	set := make(map[string]any, len(special))
	for k := range special {
		set[k] = true
	}
	enc := &tiktoken.Encoding{Name: Encoding, PatStr: cl100kPattern, MergeableRanks: ranks, SpecialTokens: special}
	return tiktoken.NewTiktoken(bpe, enc, set), nil
}

// Count returns the number of cl100k_base tokens in text.
func Count(text string) (int, error) {
	enc, err := get()
	if err != nil {
		return 0, err
	}
	return len(enc.EncodeOrdinary(text)), nil
}

// Encode returns the token ids of text.
func Encode(text string) ([]int, error) {
	enc, err := get()
	if err != nil {
		return nil, err
	}
	return enc.EncodeOrdinary(text), nil
}

// Decode turns token ids back into text.
func Decode(ids []int) (string, error) {
	enc, err := get()
	if err != nil {
		return "", err
	}
	return enc.Decode(ids), nil
}
