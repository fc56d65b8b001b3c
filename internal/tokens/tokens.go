// Package tokens counts and cuts text in cl100k_base tokens, the unit of the
// chunk sizes and the context budget. The encoder is loaded once, offline,
// from the BPE ranks embedded in tiktoken-go-loader: nothing is downloaded.
package tokens

import (
	"fmt"
	"sync"

	tiktoken "github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
)

// Encoding is the tokenizer used throughout the module.
const Encoding = "cl100k_base"

var (
	once    sync.Once
	encoder *tiktoken.Tiktoken
	loadErr error
)

// get returns the shared encoder. tiktoken's loader is an unlocked global
// and GetEncoding costs tens of milliseconds, so both happen exactly once.
// The encoder's Encode is safe for concurrent use.
func get() (*tiktoken.Tiktoken, error) {
	once.Do(func() {
		tiktoken.SetBpeLoader(tiktoken_loader.NewOfflineLoader())
		encoder, loadErr = tiktoken.GetEncoding(Encoding)
		if loadErr != nil {
			loadErr = fmt.Errorf("tokens: load %s: %w", Encoding, loadErr)
		}
	})
	return encoder, loadErr
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
