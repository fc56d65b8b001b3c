package tokens

import (
	"strings"
	"sync"
	"unicode/utf8"
)

// Encoding is the tokenizer used throughout the module.
const Encoding = "cl100k_base"

// cl100kSpecial is how Decode spells cl100k_base's special tokens (which
// Encode and Count treat as ordinary text, as tiktoken's EncodeOrdinary does).
var cl100kSpecial = map[int]string{
	100257: "<|endoftext|>",
	100258: "<|fim_prefix|>",
	100259: "<|fim_middle|>",
	100260: "<|fim_suffix|>",
	100276: "<|endofprompt|>",
}

// partsPool recycles merge scratch: counting allocates nothing per piece,
// and goroutines share no state but the read-only table.
var partsPool = sync.Pool{New: func() any { s := make([]part, 0, 64); return &s }}

// Count returns the number of cl100k_base tokens in text: exactly what
// tiktoken-go's EncodeOrdinary returns, without building its encoder.
func Count(text string) (int, error) {
	t, err := getRanks()
	if err != nil {
		return 0, err
	}
	text = runeSafe(text)
	buf := partsPool.Get().(*[]part)
	n := 0
	for i := 0; i < len(text); {
		j := nextPiece(text, i)
		piece := text[i:j]
		if len(piece) == 1 || t.rank(piece) >= 0 {
			n++
		} else {
			*buf = t.merge(piece, *buf)
			n += len(*buf) - 1
		}
		i = j
	}
	partsPool.Put(buf)
	return n, nil
}

// Encode returns the token ids of text, as tiktoken-go's EncodeOrdinary.
func Encode(text string) ([]int, error) {
	t, err := getRanks()
	if err != nil {
		return nil, err
	}
	text = runeSafe(text)
	buf := partsPool.Get().(*[]part)
	ids := make([]int, 0, len(text)/3+1)
	for i := 0; i < len(text); {
		j := nextPiece(text, i)
		piece := text[i:j]
		if r := t.rank(piece); r >= 0 {
			ids = append(ids, r)
		} else {
			*buf = t.merge(piece, *buf)
			for k := 0; k+1 < len(*buf); k++ {
				ids = append(ids, t.rank(piece[(*buf)[k].start:(*buf)[k+1].start]))
			}
		}
		i = j
	}
	partsPool.Put(buf)
	return ids, nil
}

// Decode turns token ids back into text; ids it does not know are
// skipped, as tiktoken-go does.
func Decode(ids []int) (string, error) {
	t, err := getRanks()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, id := range ids {
		if s, ok := t.bytes(id); ok {
			b.WriteString(s)
		} else {
			b.WriteString(cl100kSpecial[id])
		}
	}
	return b.String(), nil
}

// runeSafe returns text with each byte that is not part of valid UTF-8
// replaced by U+FFFD, as converting to []rune does: tiktoken-go tokenises
// the runes of its input, so that is the text it counts.
func runeSafe(text string) string {
	if utf8.ValidString(text) {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + 8)
	for _, r := range text {
		b.WriteRune(r)
	}
	return b.String()
}
