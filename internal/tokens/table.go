package tokens

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"sync"
)

// cl100kTable is the cl100k_base ranks (tiktoken-go-loader's offline copy,
// MIT, see LICENSE.cl100k_base) laid out so that using them needs no
// parsing: a header, each rank's byte offset into the token bytes, an
// open-addressing hash table of rank+1 by FNV-1a of the token bytes, then
// the token bytes in rank order. gentable.go writes it. Building
// tiktoken-go's encoder instead (base64-decoding 100k lines, a decoder map
// and a sorted copy of every token) cost a fresh process 170-310 ms.
//
//go:embed cl100k.bin
var cl100kTable []byte

const tableMagic = "cl100k\x00\x01"

// ranks is the decoded table. Its slices are read-only after load, so any
// number of goroutines share them without a lock.
type ranks struct {
	off   []uint32 // rank r's bytes are data[off[r]:off[r+1]]
	slots []uint32 // rank+1 or 0 (empty), indexed by fnv & mask
	mask  uint32
	data  string
}

var (
	tableOnce sync.Once
	table     *ranks
	tableErr  error
)

// getRanks returns the shared table, decoding the header once (copying
// about 1.5 MB of integers: well under a millisecond).
func getRanks() (*ranks, error) {
	tableOnce.Do(func() { table, tableErr = decodeTable(cl100kTable) })
	return table, tableErr
}

var errTable = errors.New("tokens: damaged cl100k table")

func decodeTable(b []byte) (*ranks, error) {
	if len(b) < len(tableMagic)+8 || string(b[:len(tableMagic)]) != tableMagic {
		return nil, errTable
	}
	b = b[len(tableMagic):]
	n, slots := binary.LittleEndian.Uint32(b), binary.LittleEndian.Uint32(b[4:])
	b = b[8:]
	if slots == 0 || slots&(slots-1) != 0 || uint64(len(b)) < 4*(uint64(n)+1+uint64(slots)) {
		return nil, errTable
	}
	t := &ranks{off: make([]uint32, n+1), slots: make([]uint32, slots), mask: slots - 1}
	for i := range t.off {
		t.off[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	b = b[4*(n+1):]
	empty := 0
	for i := range t.slots {
		t.slots[i] = binary.LittleEndian.Uint32(b[4*i:])
		if t.slots[i] == 0 {
			empty++
		} else if t.slots[i] > n {
			return nil, errTable
		}
	}
	if empty == 0 { // rank would probe forever
		return nil, errTable
	}
	t.data = string(b[4*slots:])
	if int(t.off[n]) != len(t.data) {
		return nil, errTable
	}
	for i := 1; i <= int(n); i++ {
		if t.off[i] < t.off[i-1] {
			return nil, errTable
		}
	}
	return t, nil
}

// rank returns the rank of the token whose bytes are s, or -1.
func (t *ranks) rank(s string) int {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		v := t.slots[i]
		if v == 0 {
			return -1
		}
		r := v - 1
		if t.data[t.off[r]:t.off[r+1]] == s {
			return int(r)
		}
	}
}

// bytes returns the token bytes of rank r; ok is false for an unknown rank.
func (t *ranks) bytes(r int) (string, bool) {
	if r < 0 || r >= len(t.off)-1 {
		return "", false
	}
	return t.data[t.off[r]:t.off[r+1]], true
}
