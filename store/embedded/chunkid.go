package embedded

import "encoding/hex"

// chunkIDKey is a chunk id as kept in memory and used as a map key. Ids of
// the form store.ChunkID produces (32 lowercase hex digits) are packed into
// 16 bytes, so indexing such a chunk allocates no string; any other id is
// kept as a string. The packing is exact: a key converts back to the very
// id it was made from.
type chunkIDKey struct {
	packed [16]byte
	isHex  bool   // packed holds the id; str is empty
	str    string // the id when it is not packed
}

// packedIDLen is the length of a packable id: hex of 16 bytes.
const packedIDLen = 32

// chunkKeyOf returns the key of an id read from a record. Only an id that
// cannot be packed is copied into a new string.
func chunkKeyOf(id []byte) chunkIDKey {
	if k, ok := packHexID(id); ok {
		return k
	}
	return chunkIDKey{str: string(id)}
}

// chunkKeyOfString returns the key of id without allocating.
func chunkKeyOfString(id string) chunkIDKey {
	if k, ok := packHexID(id); ok {
		return k
	}
	return chunkIDKey{str: id}
}

// packHexID packs id when it is exactly 32 lowercase hex digits. Uppercase
// digits are refused so that unpacking reproduces id byte for byte.
func packHexID[T string | []byte](id T) (chunkIDKey, bool) {
	var k chunkIDKey
	if len(id) != packedIDLen {
		return k, false
	}
	var bad byte
	for i := range k.packed {
		hi, lo := hexValue[id[2*i]], hexValue[id[2*i+1]]
		bad |= hi | lo
		k.packed[i] = hi<<4 | lo&0x0f
	}
	if bad&notHex != 0 {
		return chunkIDKey{}, false
	}
	k.isHex = true
	return k, true
}

// hexValue maps a lowercase hex digit to its value and any other byte to
// notHex; a table lookup per byte keeps packing off the append profile.
var hexValue = func() (t [256]byte) {
	for i := range t {
		t[i] = notHex
	}
	for c := byte('0'); c <= '9'; c++ {
		t[c] = c - '0'
	}
	for c := byte('a'); c <= 'f'; c++ {
		t[c] = c - 'a' + 10
	}
	return t
}()

const notHex = 0x10

// String returns the id (allocating for a packed one); for error messages
// and rare reads.
func (k chunkIDKey) String() string {
	if k.isHex {
		return hex.EncodeToString(k.packed[:])
	}
	return k.str
}

// is reports whether the key is the key of id, without allocating.
func (k chunkIDKey) is(id string) bool {
	return k == chunkKeyOfString(id)
}

// chunkMap maps chunk ids to V. Packed ids live in a map keyed by their 16
// bytes, which hashes and compares far faster than the whole chunkIDKey
// (a struct holding a string); other ids in a map keyed by the string.
// Not safe for concurrent use.
type chunkMap[V any] struct {
	hex map[[16]byte]V
	str map[string]V
}

func newChunkMap[V any](n int) chunkMap[V] {
	return chunkMap[V]{hex: make(map[[16]byte]V, n), str: map[string]V{}}
}

func (m chunkMap[V]) get(k chunkIDKey) (V, bool) {
	if k.isHex {
		v, ok := m.hex[k.packed]
		return v, ok
	}
	v, ok := m.str[k.str]
	return v, ok
}

func (m chunkMap[V]) set(k chunkIDKey, v V) {
	if k.isHex {
		m.hex[k.packed] = v
	} else {
		m.str[k.str] = v
	}
}

func (m chunkMap[V]) del(k chunkIDKey) {
	if k.isHex {
		delete(m.hex, k.packed)
	} else {
		delete(m.str, k.str)
	}
}

func (m chunkMap[V]) len() int { return len(m.hex) + len(m.str) }
