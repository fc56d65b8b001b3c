package embedded

import (
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"

	"github.com/hybridrag/hybridrag/store"
)

// A record payload is one write batch. This build writes
//
//	u8 kindBlockBatch | uvarint version | uvarint nextSerial | uvarint nOps
//	                  | uvarint dim | ops | vector block
//
// where the vector block holds, in op order, the dim × float32 LE vectors
// of the batch's opPutBlockChunk ops, and every opDeleteDoc precedes them.
// Format 1 stores wrote
//
//	u8 kindBatch | uvarint version | uvarint nextSerial | uvarint nOps | ops
//
// with each vector inline in its opPutChunk; both kinds are read, and a
// compacted record may mix inline and block chunks. A document written
// as a stream (stream.go) is a run of kindPart records, laid out as a
// kindBlockBatch, closed by a kindCommit record (parts.go). Each op is
//
//	u8 opDeleteDoc      | str tenant | str project | str documentID
//	u8 opPutBlockChunk  | chunk fields | uvarint jsonLen | chunk JSON
//	u8 opPutChunk       | chunk fields | uvarint dim | dim × float32 LE
//	                    | uvarint jsonLen | chunk JSON
//
// with chunk fields uvarint serial | uvarint tokens | str tenant | str project
// | str documentID | str chunkID | str sourceType | str confidentiality |
// u8 hasDate | varint unixSeconds | uvarint nanos, and str uvarint length +
// bytes. The filter fields are repeated in binary so that opening a store
// never decodes chunk JSON; the JSON is read back from the log only for
// chunks a search returns. The vectors sit apart from the ops so that
// applying a batch walks compact metadata and then copies every vector into
// the slab with one memmove, instead of one short copy per chunk.
const (
	kindBatch      byte = 1 // format 1: vectors inline
	kindBlockBatch byte = 2 // vectors in a block after the ops

	opDeleteDoc     byte = 1
	opPutChunk      byte = 2 // vector inline (format 1, and rows compacted from it)
	opPutBlockChunk byte = 3 // vector in the record's block
)

type batchHeader struct {
	version    int64
	nextSerial uint64
	nOps       int
	dim        int // of the vector block; 0 when the batch has none
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
	inBlock                                                   bool   // the vector is in the record's block (vec is nil)
	opOff, opLen                                              int    // within the payload
	jsonOff, jsonLen                                          int    // within the payload
}

// deleteOp is a decoded opDeleteDoc. Byte slices alias the payload.
type deleteOp struct {
	tenant, project, docID []byte
}

// chunkFields are the values appendChunk needs besides the JSON.
type chunkFields struct {
	serial uint64
	tokens int
	chunk  *store.Chunk
}

func appendHeader(b []byte, h batchHeader) []byte {
	b = append(b, kindBlockBatch)
	b = binary.AppendUvarint(b, uint64(h.version))
	b = binary.AppendUvarint(b, h.nextSerial)
	b = binary.AppendUvarint(b, uint64(h.nOps))
	return binary.AppendUvarint(b, uint64(h.dim))
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

// appendChunk encodes one opPutBlockChunk; its vector goes into the
// record's block (appendVectors), in the same order as the ops.
func appendChunk(b []byte, f chunkFields, js []byte) []byte {
	b = append(b, opPutBlockChunk)
	b = appendChunkFields(b, f)
	b = binary.AppendUvarint(b, uint64(len(js)))
	return append(b, js...)
}

// appendVectors appends vectors (row-major float32s) as the record's block.
func appendVectors(b []byte, vecs []float32) []byte {
	if nativeLittleEndian && len(vecs) > 0 {
		return append(b, unsafe.Slice((*byte)(unsafe.Pointer(&vecs[0])), 4*len(vecs))...)
	}
	for _, x := range vecs {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

func appendChunkFields(b []byte, f chunkFields) []byte {
	c := f.chunk
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
	return b
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

// batchVisitor receives a decoded payload. Ops alias the payload and are
// valid only during the call.
type batchVisitor struct {
	header func(batchHeader)
	delete func(*deleteOp) error
	// vector, called as soon as an inline vector is read, returns where to
	// decode it (or nil to leave it to chunk): copying it then, while the
	// bytes stream past, saves a cache miss on the field after it.
	vector func(dim int) []float32
	chunk  func(*chunkOp) error
	// block receives the vectors of the batch's n block chunks, after
	// every op: n × dim float32 LE.
	block func(vecs []byte, dim, n int) error
}

// decodeBatch walks a payload, calling v.header once, then v.delete or
// v.chunk for each op in order, then v.block.
func decodeBatch(payload []byte, v batchVisitor) (batchHeader, error) {
	d := &decoder{b: payload}
	var h batchHeader
	kind := d.byte1("kind")
	if d.err == nil && kind != kindBatch && !hasBlock(kind) {
		return h, fmt.Errorf("embedded: unknown record kind %d: %w", kind, store.ErrCorrupt)
	}
	h.version = int64(d.uvarint("version"))
	h.nextSerial = d.uvarint("next serial")
	nOps := d.uvarint("op count")
	if hasBlock(kind) {
		dim := d.uvarint("block dimension")
		if dim > uint64(len(payload)) {
			d.fail("block dimension")
		}
		h.dim = int(dim)
	}
	if d.err != nil {
		return h, d.err
	}
	if nOps > uint64(len(payload)) {
		return h, fmt.Errorf("embedded: record claims %d ops in %d bytes: %w", nOps, len(payload), store.ErrCorrupt)
	}
	h.nOps = int(nOps)
	v.header(h)
	var del deleteOp
	var op chunkOp
	nBlock := 0
	for i := 0; i < h.nOps; i++ {
		start := d.pos
		switch code := d.byte1("op"); code {
		case opDeleteDoc:
			if nBlock > 0 {
				// Deleting after block chunks could move their rows
				// before their vectors arrive; writers never do it.
				return h, fmt.Errorf("embedded: delete after block chunks at byte %d: %w", start, store.ErrCorrupt)
			}
			del.tenant = d.str("tenant")
			del.project = d.str("project")
			del.docID = d.str("document id")
			if d.err != nil {
				return h, d.err
			}
			if err := v.delete(&del); err != nil {
				return h, err
			}
		case opPutChunk, opPutBlockChunk:
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
			op.vec, op.vecCopied, op.inBlock = nil, false, code == opPutBlockChunk
			if op.inBlock {
				if !hasBlock(kind) || h.dim == 0 {
					d.fail("block chunk without a vector block")
				}
				op.dim = h.dim
				nBlock++
			} else {
				dim := d.uvarint("dimension")
				if dim == 0 || dim > uint64(len(payload)) {
					d.fail("dimension")
				}
				op.dim = int(dim)
				op.vec = d.bytes(dim*4, "vector")
				if d.err == nil {
					if dst := v.vector(op.dim); dst != nil {
						decodeVector(dst, op.vec)
						op.vecCopied = true
					}
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
			if err := v.chunk(&op); err != nil {
				return h, err
			}
		default:
			if d.err == nil {
				return h, fmt.Errorf("embedded: unknown op at byte %d: %w", start, store.ErrCorrupt)
			}
			return h, d.err
		}
	}
	if hasBlock(kind) {
		size := uint64(nBlock) * uint64(h.dim) * 4
		if size != uint64(len(payload)-d.pos) {
			return h, fmt.Errorf("embedded: vector block of %d bytes, want %d for %d chunks: %w", len(payload)-d.pos, size, nBlock, store.ErrCorrupt)
		}
		block := d.bytes(size, "vector block")
		if err := v.block(block, h.dim, nBlock); err != nil {
			return h, err
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
