package embedded

import (
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"

	"github.com/hybridrag/hybridrag/store"
)

// A record payload is one write batch:
//
//	u8 kindBatch | uvarint version | uvarint nextSerial | uvarint nOps | ops
//
// and each op is either
//
//	u8 opDeleteDoc | str tenant | str project | str documentID
//	u8 opPutChunk  | uvarint serial | uvarint tokens | str tenant | str project
//	               | str documentID | str chunkID | str sourceType | str confidentiality
//	               | u8 hasDate | varint unixSeconds | uvarint nanos
//	               | uvarint dim | dim × float32 LE | uvarint jsonLen | chunk JSON
//
// where str is uvarint length + bytes. The filter fields are repeated in
// binary so that opening a store never decodes chunk JSON; the JSON is read
// back from the log only for chunks a search returns.
const (
	kindBatch   byte = 1
	opDeleteDoc byte = 1
	opPutChunk  byte = 2
)

type batchHeader struct {
	version    int64
	nextSerial uint64
	nOps       int
}

// chunkOp is a decoded opPutChunk. Byte slices alias the payload.
type chunkOp struct {
	serial                                                    uint64
	tokens                                                    uint32
	tenant, project, docID, chunkID, sourceType, confidential []byte
	hasDate                                                   bool
	dateSec                                                   int64
	dateNsec                                                  int32
	dim                                                       int
	vec                                                       []byte // dim little-endian float32s
	vecCopied                                                 bool   // vec was decoded into onVector's row
	opOff, opLen                                              int    // within the payload
	jsonOff, jsonLen                                          int    // within the payload
}

// deleteOp is a decoded opDeleteDoc. Byte slices alias the payload.
type deleteOp struct {
	tenant, project, docID []byte
}

// chunkFields are the values encodeChunk needs besides the JSON.
type chunkFields struct {
	serial uint64
	tokens int
	chunk  *store.Chunk
	vec    []float32 // normalised
}

func appendHeader(b []byte, h batchHeader) []byte {
	b = append(b, kindBatch)
	b = binary.AppendUvarint(b, uint64(h.version))
	b = binary.AppendUvarint(b, h.nextSerial)
	return binary.AppendUvarint(b, uint64(h.nOps))
}

func appendStr(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendDelete(b []byte, tenant, project, docID string) []byte {
	b = append(b, opDeleteDoc)
	b = appendStr(b, tenant)
	b = appendStr(b, project)
	return appendStr(b, docID)
}

// appendChunk encodes one opPutChunk and returns the buffer.
func appendChunk(b []byte, f chunkFields, js []byte) []byte {
	c := f.chunk
	b = append(b, opPutChunk)
	b = binary.AppendUvarint(b, f.serial)
	b = binary.AppendUvarint(b, uint64(f.tokens))
	b = appendStr(b, c.TenantID)
	b = appendStr(b, c.ProjectID)
	b = appendStr(b, c.DocumentID)
	b = appendStr(b, c.ID)
	b = appendStr(b, c.Metadata.SourceType)
	b = appendStr(b, c.Metadata.Confidentiality)
	if d := c.Metadata.Date; !d.IsZero() {
		b = append(b, 1)
		b = binary.AppendVarint(b, d.Unix())
		b = binary.AppendUvarint(b, uint64(d.Nanosecond()))
	} else {
		b = append(b, 0)
		b = binary.AppendVarint(b, 0)
		b = binary.AppendUvarint(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(f.vec)))
	for _, x := range f.vec {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	b = binary.AppendUvarint(b, uint64(len(js)))
	return append(b, js...)
}

// decoder reads a payload; every read is bounds-checked and a short or
// malformed payload becomes store.ErrCorrupt.
type decoder struct {
	b   []byte
	pos int
	err error
}

func (d *decoder) fail(what string) {
	if d.err == nil {
		d.err = fmt.Errorf("embedded: malformed record (%s at byte %d): %w", what, d.pos, store.ErrCorrupt)
	}
}

func (d *decoder) byte1(what string) byte {
	if d.err != nil || d.pos >= len(d.b) {
		d.fail(what)
		return 0
	}
	v := d.b[d.pos]
	d.pos++
	return v
}

func (d *decoder) uvarint(what string) uint64 {
	if d.err != nil {
		return 0
	}
	// Most fields (lengths, flags, small counts) fit in one byte.
	if d.pos < len(d.b) && d.b[d.pos] < 0x80 {
		v := d.b[d.pos]
		d.pos++
		return uint64(v)
	}
	v, n := binary.Uvarint(d.b[d.pos:])
	if n <= 0 {
		d.fail(what)
		return 0
	}
	d.pos += n
	return v
}

func (d *decoder) varint(what string) int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.b[d.pos:])
	if n <= 0 {
		d.fail(what)
		return 0
	}
	d.pos += n
	return v
}

func (d *decoder) bytes(n uint64, what string) []byte {
	if d.err != nil || n > uint64(len(d.b)-d.pos) {
		d.fail(what)
		return nil
	}
	v := d.b[d.pos : d.pos+int(n)]
	d.pos += int(n)
	return v
}

func (d *decoder) str(what string) []byte { return d.bytes(d.uvarint(what), what) }

// decodeBatch walks a payload, calling onHeader once and then onDelete or
// onChunk for each op in order. The ops alias payload and are valid only during the callback.
// onVector, called as soon as a chunk's vector is read, returns where to
// decode it (or nil to leave it to onChunk): copying it then, while the
// bytes stream past, saves a cache miss on the field after the vector.
func decodeBatch(payload []byte, onHeader func(batchHeader), onDelete func(*deleteOp) error, onVector func(dim int) []float32, onChunk func(*chunkOp) error) (batchHeader, error) {
	d := &decoder{b: payload}
	var h batchHeader
	if k := d.byte1("kind"); d.err == nil && k != kindBatch {
		return h, fmt.Errorf("embedded: unknown record kind %d: %w", k, store.ErrCorrupt)
	}
	h.version = int64(d.uvarint("version"))
	h.nextSerial = d.uvarint("next serial")
	nOps := d.uvarint("op count")
	if d.err != nil {
		return h, d.err
	}
	if nOps > uint64(len(payload)) {
		return h, fmt.Errorf("embedded: record claims %d ops in %d bytes: %w", nOps, len(payload), store.ErrCorrupt)
	}
	h.nOps = int(nOps)
	onHeader(h)
	var del deleteOp
	var op chunkOp
	for i := 0; i < h.nOps; i++ {
		start := d.pos
		switch d.byte1("op") {
		case opDeleteDoc:
			del.tenant = d.str("tenant")
			del.project = d.str("project")
			del.docID = d.str("document id")
			if d.err != nil {
				return h, d.err
			}
			if err := onDelete(&del); err != nil {
				return h, err
			}
		case opPutChunk:
			op.opOff = start
			op.serial = d.uvarint("serial")
			op.tokens = uint32(d.uvarint("tokens"))
			op.tenant = d.str("tenant")
			op.project = d.str("project")
			op.docID = d.str("document id")
			op.chunkID = d.str("chunk id")
			op.sourceType = d.str("source type")
			op.confidential = d.str("confidentiality")
			op.hasDate = d.byte1("date flag") == 1
			op.dateSec = d.varint("date seconds")
			op.dateNsec = int32(d.uvarint("date nanos"))
			dim := d.uvarint("dimension")
			if dim == 0 || dim > uint64(len(payload)) {
				d.fail("dimension")
			}
			op.dim = int(dim)
			op.vec = d.bytes(dim*4, "vector")
			op.vecCopied = false
			if d.err == nil {
				if dst := onVector(op.dim); dst != nil {
					decodeVector(dst, op.vec)
					op.vecCopied = true
				}
			}
			jl := d.uvarint("json length")
			op.jsonOff = d.pos
			op.jsonLen = int(jl)
			d.bytes(jl, "json")
			if d.err != nil {
				return h, d.err
			}
			op.opLen = d.pos - start
			if err := onChunk(&op); err != nil {
				return h, err
			}
		default:
			if d.err == nil {
				return h, fmt.Errorf("embedded: unknown op at byte %d: %w", start, store.ErrCorrupt)
			}
			return h, d.err
		}
	}
	if d.pos != len(payload) {
		return h, fmt.Errorf("embedded: %d trailing bytes in record: %w", len(payload)-d.pos, store.ErrCorrupt)
	}
	return h, nil
}

// decodeVector converts little-endian float32 bytes into dst: a plain copy
// on little-endian machines.
func decodeVector(dst []float32, src []byte) {
	if nativeLittleEndian && len(dst) > 0 {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), 4*len(dst)), src)
		return
	}
	for i := range dst {
		dst[i] = math.Float32frombits(binary.LittleEndian.Uint32(src[4*i:]))
	}
}

var nativeLittleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1
