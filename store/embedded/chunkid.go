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
