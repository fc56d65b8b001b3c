package embedded

import (
	"encoding/json"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/store"
)

// decodeChunk decodes a chunk's JSON as read back from the log into *c,
// which must be the zero Chunk. The log holds what json.Marshal wrote, and
// a query reads back every candidate (60 by default); through reflection,
// json.Unmarshal scanned each twice and copied each escaped string twice,
// which made it two thirds of a hybrid query's CPU and half of its
// allocations, and so the main brake on queries running in parallel (GC).
// The fast path below reads exactly that shape in one pass. Anything else
// it declines, and json.Unmarshal decides: whatever the input, the result
// and whether it is an error are json.Unmarshal's (FuzzDecodeChunk).
//
// scratch, which may be nil, is a buffer kept between calls for unescaping.
func decodeChunk(b []byte, c *store.Chunk, scratch *[]byte) error {
	r := chunkReader{b: b}
	if scratch != nil {
		r.scratch = *scratch
		defer func() { *scratch = r.scratch }()
	}
	if r.chunk(c) {
		return nil
	}
	*c = store.Chunk{}
	return json.Unmarshal(b, c)
}

// chunkReader is a strict reader for json.Marshal's output of a
// store.Chunk: no white space, known keys spelt exactly and each once,
// integers without fraction or exponent, no null, no surrogate escapes.
// Its methods report false for anything outside that, never an error.
type chunkReader struct {
	b       []byte
	i       int
	scratch []byte // unescaped string bytes
}

// Bits for the keys a chunk or its metadata has seen: a repeated key goes
// to json.Unmarshal, whose rules for it differ by type.
const (
	keyID = 1 << iota
	keyDocumentID
	keySource
	keyTitle
	keyTenant
	keyProject
	keyText
	keyHeading
	keyPage
	keyIndex
	keyStart
	keyEnd
	keyTokens
	keyMetadata
	keyDocHash
	keyIndexVersion
)

const (
	keySourceType = 1 << iota
	keyConfidentiality
	keyRevision
	keyDate
	keyTags
	keyExtra
)

func (r *chunkReader) chunk(c *store.Chunk) bool {
	ok := r.object(func(key []byte) (uint32, bool) {
		switch string(key) {
		case "id":
			return keyID, r.str(&c.ID)
		case "document_id":
			return keyDocumentID, r.str(&c.DocumentID)
		case "source":
			return keySource, r.str(&c.Source)
		case "title":
			return keyTitle, r.str(&c.Title)
		case "tenant_id":
			return keyTenant, r.str(&c.TenantID)
		case "project_id":
			return keyProject, r.str(&c.ProjectID)
		case "text":
			return keyText, r.str(&c.Text)
		case "heading":
			return keyHeading, r.strs(&c.Heading)
		case "page":
			return keyPage, r.int(&c.Page)
		case "index":
			return keyIndex, r.int(&c.Index)
		case "start":
			return keyStart, r.int(&c.Start)
		case "end":
			return keyEnd, r.int(&c.End)
		case "tokens":
			return keyTokens, r.int(&c.Tokens)
		case "metadata":
			return keyMetadata, r.metadata(&c.Metadata)
		case "doc_hash":
			return keyDocHash, r.str(&c.DocHash)
		case "index_version":
			v, ok := r.int64()
			c.IndexVersion = v
			return keyIndexVersion, ok
		}
		return 0, false
	})
	return ok && r.i == len(r.b)
}

func (r *chunkReader) metadata(m *store.Metadata) bool {
	return r.object(func(key []byte) (uint32, bool) {
		switch string(key) {
		case "source_type":
			return keySourceType, r.str(&m.SourceType)
		case "confidentiality":
			return keyConfidentiality, r.str(&m.Confidentiality)
		case "revision":
			return keyRevision, r.str(&m.Revision)
		case "date":
			// json.Unmarshal hands time.Time the literal, quotes included.
			start := r.i
			var s string
			if !r.str(&s) {
				return keyDate, false
			}
			return keyDate, m.Date.UnmarshalJSON(r.b[start:r.i]) == nil
		case "tags":
			return keyTags, r.strs(&m.Tags)
		case "extra":
			return keyExtra, r.extra(&m.Extra)
		}
		return 0, false
	})
}

// object reads {"key":value,...}; field reads the value of key and
// returns the key's bit (0 for an unknown key, which fails).
func (r *chunkReader) object(field func(key []byte) (uint32, bool)) bool {
	if !r.skip('{') {
		return false
	}
	if r.skip('}') {
		return true
	}
	var seen uint32
	for {
		key, ok := r.key()
		if !ok {
			return false
		}
		bit, ok := field(key)
		if !ok || bit == 0 || seen&bit != 0 {
			return false
		}
		seen |= bit
		if r.skip('}') {
			return true
		}
		if !r.skip(',') {
			return false
		}
	}
}

// key reads "key": with no escapes in the key (json.Unmarshal would match
// an escaped spelling, and one differing in case, to a field: declined).
func (r *chunkReader) key() ([]byte, bool) {
	if !r.skip('"') {
		return nil, false
	}
	start := r.i
	for r.i < len(r.b) {
		switch c := r.b[r.i]; {
		case c == '"':
			key := r.b[start:r.i]
			r.i++
			return key, r.skip(':')
		case c == '\\' || c < 0x20:
			return nil, false
		}
		r.i++
	}
	return nil, false
}

func (r *chunkReader) skip(c byte) bool {
	if r.i < len(r.b) && r.b[r.i] == c {
		r.i++
		return true
	}
	return false
}

// strSpecial marks the bytes that end a run of plain string bytes.
var strSpecial = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// plainRun returns the end of the run of plain bytes from j and whether
// any of them is not ASCII.
func (r *chunkReader) plainRun(j int) (int, bool) {
	var high byte
	for j < len(r.b) && !strSpecial[r.b[j]] {
		high |= r.b[j]
		j++
	}
	return j, high >= utf8.RuneSelf
}

// str reads a string. Invalid UTF-8 (which json.Unmarshal replaces) and
// surrogate escapes (which it pairs) are declined.
func (r *chunkReader) str(dst *string) bool {
	if !r.skip('"') {
		return false
	}
	start := r.i
	j, high := r.plainRun(start)
	switch {
	case j == len(r.b):
		return false
	case r.b[j] == '\\':
		return r.escaped(dst, start, j)
	case r.b[j] != '"':
		return false
	}
	raw := r.b[start:j]
	if high && !utf8.Valid(raw) {
		return false
	}
	*dst, r.i = string(raw), j+1
	return true
}

// escaped finishes a string that starts at start and has its first
// backslash at j, unescaping into the scratch buffer.
func (r *chunkReader) escaped(dst *string, start, j int) bool {
	out := append(r.scratch[:0], r.b[start:j]...)
	defer func() { r.scratch = out }()
	for {
		// r.b[j] is a backslash.
		if j+1 >= len(r.b) {
			return false
		}
		switch e := r.b[j+1]; e {
		case '"', '\\', '/':
			out = append(out, e)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			v, ok := hex4(r.b[j+2:])
			if !ok || utf16.IsSurrogate(v) {
				return false
			}
			out = utf8.AppendRune(out, v)
			j += 4
		default:
			return false
		}
		run := j + 2
		j, _ = r.plainRun(run)
		out = append(out, r.b[run:j]...)
		switch {
		case j == len(r.b):
			return false
		case r.b[j] == '"':
			if !utf8.Valid(out) {
				return false
			}
			*dst, r.i = string(out), j+1
			return true
		case r.b[j] != '\\':
			return false
		}
	}
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var v rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		v = v<<4 | rune(c)
	}
	return v, true
}

// strs reads an array of strings; [] gives an empty, non-nil slice, as
// json.Unmarshal does.
func (r *chunkReader) strs(dst *[]string) bool {
	if !r.skip('[') {
		return false
	}
	out := []string{}
	if !r.skip(']') {
		for {
			var s string
			if !r.str(&s) {
				return false
			}
			out = append(out, s)
			if r.skip(']') {
				break
			}
			if !r.skip(',') {
				return false
			}
		}
	}
	*dst = out
	return true
}

// extra reads an object of strings; {} gives an empty, non-nil map.
func (r *chunkReader) extra(dst *map[string]string) bool {
	if !r.skip('{') {
		return false
	}
	out := map[string]string{}
	if !r.skip('}') {
		for {
			var k, v string
			if !r.str(&k) || !r.skip(':') || !r.str(&v) {
				return false
			}
			out[k] = v
			if r.skip('}') {
				break
			}
			if !r.skip(',') {
				return false
			}
		}
	}
	*dst = out
	return true
}

// int64 reads an integer of at most 18 digits (it cannot overflow);
// fractions and exponents are left for json.Unmarshal to refuse.
func (r *chunkReader) int64() (int64, bool) {
	j, neg := r.i, false
	if j < len(r.b) && r.b[j] == '-' {
		j, neg = j+1, true
	}
	digits := j
	var v int64
	for ; j < len(r.b) && '0' <= r.b[j] && r.b[j] <= '9'; j++ {
		v = v*10 + int64(r.b[j]-'0')
	}
	n := j - digits
	if n == 0 || n > 18 || n > 1 && r.b[digits] == '0' {
		return 0, false
	}
	if neg {
		v = -v
	}
	r.i = j
	return v, true
}

func (r *chunkReader) int(dst *int) bool {
	v, ok := r.int64()
	if !ok || int64(int(v)) != v {
		return false
	}
	*dst = int(v)
	return true
}
