//go:build ignore

// gentable writes cl100k.bin, the cl100k_base ranks in the layout
// table.go reads without parsing, from tiktoken-go-loader's offline copy:
//
//	go run gentable.go
//
// TestTableMatchesTiktokenLoader holds the file to that source.
package main

import (
	"encoding/binary"
	"log"
	"os"

	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
)

const url = "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken"

func main() {
	ranks, err := tiktoken_loader.NewOfflineLoader().LoadTiktokenBpe(url)
	if err != nil {
		log.Fatal(err)
	}
	n := 0
	for _, r := range ranks {
		n = max(n, r+1)
	}
	byRank := make([]string, n)
	for tok, r := range ranks {
		byRank[r] = tok
	}
	const slots = 1 << 18
	off := make([]uint32, n+1)
	var data []byte
	for r, tok := range byRank {
		off[r] = uint32(len(data))
		data = append(data, tok...)
	}
	off[n] = uint32(len(data))
	table := make([]uint32, slots)
	for r, tok := range byRank {
		if tok == "" {
			continue
		}
		for i := fnv(tok) & (slots - 1); ; i = (i + 1) & (slots - 1) {
			if table[i] == 0 {
				table[i] = uint32(r) + 1
				break
			}
		}
	}
	out := []byte(magic)
	out = binary.LittleEndian.AppendUint32(out, uint32(n))
	out = binary.LittleEndian.AppendUint32(out, slots)
	for _, v := range off {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	for _, v := range table {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	out = append(out, data...)
	if err := os.WriteFile("cl100k.bin", out, 0o644); err != nil {
		log.Fatal(err)
	}
}

const magic = "cl100k\x00\x01"

// fnv is 32-bit FNV-1a, as in table.go.
func fnv(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}
