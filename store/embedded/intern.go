package embedded

// interner maps the strings of one metadata field (tenant, project, source
// type, …) to small dense ids so that each vector row carries a few uint32s
// instead of strings, and filters compare integers during the scan. Ids are
// reference-counted and recycled when the last row using them goes.
// Not safe for concurrent use; the Store guards it.
type interner struct {
	ids   map[string]uint32
	names []string
	refs  []int32
	free  []uint32
	last  uint32 // id returned by the previous acquire: batches repeat values
}

// linearInternMax is the number of ids up to which acquire scans names
// instead of looking the string up in the map.
const linearInternMax = 8

func newInterner() *interner {
	return &interner{ids: map[string]uint32{}}
}

// reserve gives an interner that has never held a name room for n names.
func (in *interner) reserve(n int) {
	if len(in.names) > 0 || n <= linearInternMax {
		return
	}
	in.ids = make(map[string]uint32, n)
	in.names = make([]string, 0, n)
	in.refs = make([]int32, 0, n)
}

// acquire returns the id of b, adding one reference. Looking up with
// string(b) does not allocate; only a new string is copied.
func (in *interner) acquire(b []byte) uint32 {
	if id := in.last; int(id) < len(in.names) && in.refs[id] > 0 && in.names[id] == string(b) {
		in.refs[id]++
		return id
	}
	// Fields such as source type take a handful of values that batches
	// alternate between: comparing them beats hashing.
	if len(in.names) <= linearInternMax {
		for id, name := range in.names {
			if name == string(b) && in.refs[id] > 0 {
				in.refs[id]++
				in.last = uint32(id)
				return uint32(id)
			}
		}
	} else if id, ok := in.ids[string(b)]; ok {
		in.refs[id]++
		in.last = id
		return id
	}
	s := string(b)
	var id uint32
	if n := len(in.free); n > 0 {
		id = in.free[n-1]
		in.free = in.free[:n-1]
		in.names[id] = s
		in.refs[id] = 1
	} else {
		id = uint32(len(in.names))
		in.names = append(in.names, s)
		in.refs = append(in.refs, 1)
	}
	in.ids[s] = id
	in.last = id
	return id
}

// release drops one reference to id.
func (in *interner) release(id uint32) {
	in.refs[id]--
	if in.refs[id] == 0 {
		delete(in.ids, in.names[id])
		in.names[id] = ""
		in.free = append(in.free, id)
	}
}

// lookup returns the id of s if any row uses it.
func (in *interner) lookup(s string) (uint32, bool) {
	id, ok := in.ids[s]
	return id, ok
}

// lookupBytes is lookup for a name in bytes, without copying it.
func (in *interner) lookupBytes(b []byte) (uint32, bool) {
	id, ok := in.ids[string(b)]
	return id, ok
}

// name returns the canonical string of a live id.
func (in *interner) name(id uint32) string { return in.names[id] }

// size is one past the largest id ever handed out (for bitsets).
func (in *interner) size() int { return len(in.names) }
