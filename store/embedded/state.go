package embedded

import (
	"fmt"
	"slices"

	"github.com/hybridrag/hybridrag/store"
)

// rowMeta is what the store keeps in memory per chunk, besides its vector:
// where its record is in the log, and its filter fields as interned ids.
// Row i's vector is slab[i*dim : (i+1)*dim].
type rowMeta struct {
	serial     uint64 // unique per stored chunk, never reused; the bleve doc id
	opOff      int64  // log offset of the chunk's put op
	opLen      uint32
	jsonRel    uint32 // offset of the chunk JSON within the op
	jsonLen    uint32
	tokens     uint32 // analysed length of the keyword field (for BM25)
	tenant     uint32
	project    uint32
	sourceType uint32
	conf       uint32
	doc        uint32
	dateNsec   int32
	dateSec    int64
	hasDate    bool
	inBlock    bool // the vector is in its record's vector block, not in the op
	chunkID    chunkIDKey
}

// logBytes is how much of the log the row keeps alive: its op and, for a
// block chunk, its vector.
func (r *rowMeta) logBytes(dim int) int64 {
	if r.inBlock {
		return int64(r.opLen) + 4*int64(dim)
	}
	return int64(r.opLen)
}

type docKey struct{ tenant, project, id string }

type docEntry struct {
	key docKey
	// serials usually aliases the batch's serial arena (see addSerial);
	// its capacity is its length, so an append that does not go through
	// addSerial copies instead of writing over a neighbour.
	serials []uint64
	tenant  uint32 // interned ids of the key
	project uint32
	doc     uint32
	// The count entries this document contributes to; they cannot be
	// deleted while the document exists, so adding a chunk bumps them
	// without map lookups.
	byTP, byTenant, byProject *counts
}

type tpKey struct{ tenant, project string }

// counts are the sizes of one tenant, project or tenant-and-project scope:
// BM25 scores a scoped query with its scope's chunk count and token total,
// so one tenant's writes never change another tenant's scores.
type counts struct {
	docs, chunks int
	tokens       int64 // Σ analysed length of the scope's chunks
}

// state is the store's in-memory view of the record log: replaying the log
// into an empty state, or applying each batch as it is written, yields the
// same state. Not safe for concurrent use; the Store guards it.
type state struct {
	dim        int
	version    int64
	nextSerial uint64

	rows []rowMeta
	slab []float32 // all vectors, L2-normalised, row-major
	mem  *slabMem  // the slab's memory when it is mapped (slab.go)

	quant *quantIndex // int8 codes of the slab's rows; nil unless quantized (quant.go)

	bySerial  serialIndex
	byChunk   chunkMap[uint64]   // chunk id → serial of its first holder
	chunkMore chunkMap[[]uint64] // chunk id → serials of further holders (other tenants/projects)
	docs      map[docKey]int32   // document → its slot in docList
	docList   []docEntry         // documents in flat slots: no allocation per document
	freeDocs  []int32            // slots of removed documents, reused first
	lastDoc   int32              // slot addChunk added to last, or -1 (batches add a document's chunks together)

	// serialArena holds the serials of the documents the current batch
	// adds, one allocation per batch instead of a growing slice per
	// document; the documents' serials slices alias it.
	serialArena []uint64

	// blockRows are the rows of the current batch's block chunks, whose
	// vectors arrive after every op (fillBlock).
	blockRows []int32

	tenants, projects, sourceTypes, confs, docIDs *interner

	batchEnd int // len(rows) once the batch being applied is in, at most: sizes serialArena and rows

	totalTokens int64 // Σ rows.tokens, BM25's length statistic
	liveBytes   int64 // Σ rows.logBytes, to decide when to compact the log

	total     counts
	byTenant  map[string]*counts
	byProject map[string]*counts
	byTP      map[tpKey]*counts
}

func newState() *state {
	return &state{
		nextSerial:  1,
		byChunk:     newChunkMap[uint64](0),
		chunkMore:   newChunkMap[[]uint64](0),
		docs:        map[docKey]int32{},
		lastDoc:     -1,
		tenants:     newInterner(),
		projects:    newInterner(),
		sourceTypes: newInterner(),
		confs:       newInterner(),
		docIDs:      newInterner(),
		byTenant:    map[string]*counts{},
		byProject:   map[string]*counts{},
		byTP:        map[tpKey]*counts{},
	}
}

// applyBatch applies one record payload found at payloadOff in the log.
func (st *state) applyBatch(payload []byte, payloadOff int64) error {
	nOps, deletes, sized := 0, 0, false
	// chunks runs before the batch's first chunk op, once its leading
	// delete ops (one per document the batch writes, as writers lay
	// batches out) are counted: only then is it known how many rows and
	// documents the batch can add.
	chunks := func() {
		if !sized {
			sized = true
			st.batchEnd = len(st.rows) + nOps - deletes
			st.presize(nOps-deletes, min(deletes, nOps-deletes))
		}
	}
	h, err := decodeBatch(payload, batchVisitor{
		header: func(h batchHeader) {
			nOps = h.nOps
			// A fresh arena per batch: the previous one is still
			// aliased by the documents it holds the serials of.
			st.serialArena = nil
			st.batchEnd = len(st.rows) + h.nOps
			st.blockRows = st.blockRows[:0]
		},
		delete: func(op *deleteOp) error {
			deletes++
			if key, ok := st.storedDocKey(op.tenant, op.project, op.docID); ok {
				st.removeDoc(key)
			}
			return nil
		},
		vector: func(dim int) []float32 { chunks(); return st.vectorRoom(dim) },
		chunk:  func(op *chunkOp) error { chunks(); return st.addChunk(op, payloadOff) },
		block:  st.fillBlock,
	})
	st.serialArena = nil
	if err != nil {
		return err
	}
	st.version = max(st.version, h.version)
	st.nextSerial = max(st.nextSerial, h.nextSerial)
	if st.quant != nil {
		st.quant.sync(st)
	}
	return nil
}

// presize gives a state that has never held documents room for a batch
// of up to chunks rows from up to docs documents at once: the chunk-id
// map, the document map and list, and the document-id interner, so that a
// large first batch (a bulk load into a new store) does not regrow and
// rehash them again and again. (Rows and the slab grow once per batch
// anyway: rowRoom.) A state that once held documents keeps what it has: Go
// maps do not shrink, so they still have the room; Open reserves from the
// whole log instead (reserve).
func (st *state) presize(chunks, docs int) {
	if len(st.rows) == 0 && cap(st.rows) < chunks && st.bySerial.len() == 0 && st.byChunk.len() == 0 && st.chunkMore.len() == 0 {
		st.byChunk = newChunkMap[uint64](chunks)
	}
	st.reserveDocs(docs)
}

func (st *state) addChunk(op *chunkOp, payloadOff int64) error {
	if st.dim == 0 {
		st.dim = op.dim
	}
	if op.dim != st.dim {
		return fmt.Errorf("embedded: chunk %q has %d dimensions, store has %d: %w", op.chunkID, op.dim, st.dim, store.ErrCorrupt)
	}
	if !st.bySerial.fits(op.serial) {
		return fmt.Errorf("embedded: chunk %q has serial %d, far outside the store's: %w", op.chunkID, op.serial, store.ErrCorrupt)
	}
	// One operation both claims the serial and detects a duplicate; the
	// row it pointed at is then restored.
	if !st.bySerial.set(op.serial, int32(len(st.rows))) {
		st.bySerial.set(op.serial, int32(slices.IndexFunc(st.rows, func(r rowMeta) bool { return r.serial == op.serial })))
		return fmt.Errorf("embedded: serial %d stored twice: %w", op.serial, store.ErrCorrupt)
	}
	t := st.tenants.acquire(op.tenant)
	p := st.projects.acquire(op.project)
	d := st.docIDs.acquire(op.docID)
	di := st.lastDoc
	if di < 0 || st.docList[di].tenant != t || st.docList[di].project != p || st.docList[di].doc != d {
		key := docKey{st.tenants.name(t), st.projects.name(p), st.docIDs.name(d)}
		var ok bool
		if di, ok = st.docs[key]; !ok {
			di = st.newDoc(key, t, p, d)
		}
		st.lastDoc = di
	}
	de := &st.docList[di]
	chunkID := chunkKeyOf(op.chunkID)
	if _, held := st.byChunk.get(chunkID); held {
		key := de.key
		if owner, ok := st.chunkOwner(key.tenant, key.project, chunkID); ok {
			st.tenants.release(t)
			st.projects.release(p)
			st.docIDs.release(d)
			st.bySerial.del(op.serial)
			return fmt.Errorf("embedded: chunk %q stored under documents %q and %q: %w", op.chunkID, owner, key.id, store.ErrCorrupt)
		}
		more, _ := st.chunkMore.get(chunkID)
		st.chunkMore.set(chunkID, append(more, op.serial))
	} else {
		st.byChunk.set(chunkID, op.serial)
	}
	st.addSerial(de, op.serial)
	st.rowRoom()
	st.rows = append(st.rows, rowMeta{
		serial:     op.serial,
		opOff:      payloadOff + int64(op.opOff),
		opLen:      uint32(op.opLen),
		jsonRel:    uint32(op.jsonOff - op.opOff),
		jsonLen:    uint32(op.jsonLen),
		tokens:     op.tokens,
		tenant:     t,
		project:    p,
		sourceType: st.sourceTypes.acquire(op.sourceType),
		conf:       st.confs.acquire(op.confidential),
		doc:        d,
		dateNsec:   op.dateNsec,
		dateSec:    op.dateSec,
		hasDate:    op.hasDate,
		inBlock:    op.inBlock,
		chunkID:    chunkID,
	})
	end := len(st.slab)
	row := st.vectorRoom(st.dim)
	st.slab = st.slab[:end+st.dim]
	switch {
	case op.inBlock:
		st.blockRows = append(st.blockRows, int32(len(st.rows)-1))
	case !op.vecCopied:
		decodeVector(row, op.vec)
	}
	st.totalTokens += int64(op.tokens)
	st.liveBytes += st.rows[len(st.rows)-1].logBytes(st.dim)
	st.total.chunks++
	st.total.tokens += int64(op.tokens)
	for _, c := range [...]*counts{de.byTP, de.byTenant, de.byProject} {
		c.chunks++
		c.tokens += int64(op.tokens)
	}
	return nil
}

// fillBlock copies a batch's vector block into the rows of its block
// chunks: one copy when they are consecutive rows, as they are in every
// batch Put writes.
func (st *state) fillBlock(vecs []byte, dim, n int) error {
	rows := st.blockRows
	if len(rows) != n || (n > 0 && dim != st.dim) {
		return fmt.Errorf("embedded: vector block of %d vectors × %d dimensions for %d chunks of %d: %w", n, dim, len(rows), st.dim, store.ErrCorrupt)
	}
	if n == 0 {
		return nil
	}
	if first := int(rows[0]); int(rows[n-1])-first == n-1 {
		st.prefault(st.slab[first*dim : (first+n)*dim])
		decodeVector(st.slab[first*dim:(first+n)*dim], vecs)
		return nil
	}
	for i, r := range rows {
		decodeVector(st.vector(r), vecs[i*dim*4:(i+1)*dim*4])
	}
	return nil
}

// newDoc stores an empty document in a free slot and returns the slot.
func (st *state) newDoc(key docKey, t, p, d uint32) int32 {
	byTP, byTenant, byProject := st.count(key.tenant, key.project, 1, 0, 0)
	de := docEntry{key: key, tenant: t, project: p, doc: d, byTP: byTP, byTenant: byTenant, byProject: byProject}
	var di int32
	if n := len(st.freeDocs); n > 0 {
		di = st.freeDocs[n-1]
		st.freeDocs = st.freeDocs[:n-1]
		st.docList[di] = de
	} else {
		di = int32(len(st.docList))
		st.docList = append(st.docList, de)
	}
	st.docs[key] = di
	return di
}

// addSerial appends serial to de.serials. A document's chunks arrive
// together, so its serials are the tail of the batch's arena and grow in
// place; a document whose serials are elsewhere (an earlier batch, or
// another document's serials came in between) is copied by append.
func (st *state) addSerial(de *docEntry, serial uint64) {
	a := st.serialArena
	n := len(de.serials)
	inTail := n == 0 || (len(a) >= n && &a[len(a)-1] == &de.serials[n-1])
	if !inTail {
		de.serials = append(de.serials, serial)
		return
	}
	if len(a) == cap(a) {
		if n > 0 {
			de.serials = append(de.serials, serial)
			return
		}
		// The arena is full (or this is the first chunk of the batch):
		// start a new one sized for the rest of the batch.
		a = make([]uint64, 0, max(st.batchEnd-len(st.rows), 1))
	}
	a = append(a, serial)
	st.serialArena = a
	de.serials = a[len(a)-n-1 : len(a) : len(a)]
}

// vectorRoom returns the slab's next row, just past its length, growing
// the slab for the rest of the batch if it is full; nil if dim is not the
// store's (addChunk reports that). The row joins the slab in addChunk.
func (st *state) vectorRoom(dim int) []float32 {
	if st.dim != 0 && dim != st.dim {
		return nil
	}
	end := len(st.slab)
	if cap(st.slab)-end < dim {
		st.growSlab((cap(st.rows) - len(st.rows) + 1) * dim)
	}
	return st.slab[end : end+dim]
}

// storedDocKey returns the key of a stored document, built from the
// interned names: a put batch deletes every document it writes first, so
// replay looks up one absent document per document, and building the key
// from the op's bytes would copy three strings each time. A stored
// document has chunks, and they hold its names in the interners.
func (st *state) storedDocKey(tenant, project, docID []byte) (docKey, bool) {
	d, ok := st.docIDs.lookupBytes(docID)
	if !ok {
		return docKey{}, false
	}
	t, ok := st.tenants.lookupBytes(tenant)
	if !ok {
		return docKey{}, false
	}
	p, ok := st.projects.lookupBytes(project)
	if !ok {
		return docKey{}, false
	}
	return docKey{st.tenants.name(t), st.projects.name(p), st.docIDs.name(d)}, true
}

// removeDoc deletes every chunk of a document and returns their serials.
func (st *state) removeDoc(key docKey) []uint64 {
	di, ok := st.docs[key]
	if !ok {
		return nil
	}
	delete(st.docs, key)
	if st.lastDoc == di {
		st.lastDoc = -1
	}
	serials := st.docList[di].serials
	st.docList[di] = docEntry{}
	st.freeDocs = append(st.freeDocs, di)
	var tokens int64
	for _, s := range serials {
		tokens += st.removeRow(s)
	}
	st.count(key.tenant, key.project, -1, -len(serials), -tokens)
	return serials
}

// docSerials returns the serials of a stored document's chunks.
func (st *state) docSerials(key docKey) ([]uint64, bool) {
	di, ok := st.docs[key]
	if !ok {
		return nil, false
	}
	return st.docList[di].serials, true
}

// holders returns the serials of every chunk with this id (one per tenant
// and project holding it).
func (st *state) holders(chunkID string) []uint64 {
	k := chunkKeyOfString(chunkID)
	first, ok := st.byChunk.get(k)
	if !ok {
		return nil
	}
	more, _ := st.chunkMore.get(k)
	return append([]uint64{first}, more...)
}

// removeRow swap-removes one row: the last row (and its vector) moves into
// the hole, so the slab stays contiguous. It returns the row's token count;
// the caller (removeDoc) updates the counts.
func (st *state) removeRow(serial uint64) int64 {
	i, ok := st.bySerial.get(serial)
	if !ok {
		return 0
	}
	r := st.rows[i]
	st.tenants.release(r.tenant)
	st.projects.release(r.project)
	st.sourceTypes.release(r.sourceType)
	st.confs.release(r.conf)
	st.docIDs.release(r.doc)
	more, hasMore := st.chunkMore.get(r.chunkID)
	switch first, _ := st.byChunk.get(r.chunkID); {
	case first != serial:
		more = slices.DeleteFunc(more, func(x uint64) bool { return x == serial })
	case len(more) > 0:
		st.byChunk.set(r.chunkID, more[0])
		more = more[1:]
	default:
		st.byChunk.del(r.chunkID)
	}
	if len(more) > 0 {
		st.chunkMore.set(r.chunkID, more)
	} else if hasMore {
		st.chunkMore.del(r.chunkID)
	}
	st.totalTokens -= int64(r.tokens)
	st.liveBytes -= r.logBytes(st.dim)
	last := int32(len(st.rows) - 1)
	if st.quant != nil {
		st.quant.remove(i, last, st.dim)
	}
	if i != last {
		st.rows[i] = st.rows[last]
		copy(st.slab[int(i)*st.dim:int(i+1)*st.dim], st.slab[int(last)*st.dim:])
		st.bySerial.set(st.rows[i].serial, i)
	}
	st.rows[last] = rowMeta{}
	st.rows = st.rows[:last]
	st.slab = st.slab[:int(last)*st.dim]
	st.bySerial.del(serial)
	if len(st.rows) == 0 {
		st.dim = 0
		st.slab = st.slab[:0]
	}
	return int64(r.tokens)
}

// chunkOwner returns the document holding chunkID in tenant/project.
func (st *state) chunkOwner(tenant, project string, chunkID chunkIDKey) (string, bool) {
	first, ok := st.byChunk.get(chunkID)
	if !ok {
		return "", false
	}
	rowOf := func(s uint64) int32 { i, _ := st.bySerial.get(s); return i }
	match := func(s uint64) bool {
		r := &st.rows[rowOf(s)]
		return st.tenants.name(r.tenant) == tenant && st.projects.name(r.project) == project
	}
	if match(first) {
		return st.docIDs.name(st.rows[rowOf(first)].doc), true
	}
	more, _ := st.chunkMore.get(chunkID)
	for _, s := range more {
		if match(s) {
			return st.docIDs.name(st.rows[rowOf(s)].doc), true
		}
	}
	return "", false
}

// row returns the row of a serial.
func (st *state) row(serial uint64) (int32, bool) {
	return st.bySerial.get(serial)
}

// vector returns row i's vector (aliasing the slab).
func (st *state) vector(i int32) []float32 {
	return st.slab[int(i)*st.dim : int(i+1)*st.dim]
}

// count adjusts the counts and returns the entries of tenant and project
// (nil for one that dropped to zero and was deleted).
func (st *state) count(tenant, project string, docs, chunks int, tokens int64) (byTP, byTenant, byProject *counts) {
	st.total.docs += docs
	st.total.chunks += chunks
	st.total.tokens += tokens
	return bump(st.byTP, tpKey{tenant, project}, docs, chunks, tokens),
		bump(st.byTenant, tenant, docs, chunks, tokens),
		bump(st.byProject, project, docs, chunks, tokens)
}

func bump[K comparable](m map[K]*counts, k K, docs, chunks int, tokens int64) *counts {
	c := m[k]
	if c == nil {
		c = &counts{}
		m[k] = c
	}
	c.docs += docs
	c.chunks += chunks
	c.tokens += tokens
	if c.docs == 0 && c.chunks == 0 {
		delete(m, k)
		return nil
	}
	return c
}

// counts returns the document and chunk counts for a tenant and project,
// where "" means any.
func (st *state) countsFor(tenant, project string) counts {
	var c *counts
	switch {
	case tenant == "" && project == "":
		return st.total
	case project == "":
		c = st.byTenant[tenant]
	case tenant == "":
		c = st.byProject[project]
	default:
		c = st.byTP[tpKey{tenant, project}]
	}
	if c == nil {
		return counts{}
	}
	return *c
}
