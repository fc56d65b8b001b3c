package postgres

import (
	"context"
	"math"
	"slices"

	"github.com/viterin/vek/vek32"

	"github.com/hybridrag/hybridrag/internal/topk"
	"github.com/hybridrag/hybridrag/internal/vecscan"
	"github.com/hybridrag/hybridrag/store"
)

// The in-process vector index: every stored vector, L2-normalised, in one
// contiguous row-major slab, with per-row filter fields, so that a query is
// one sequential pass over memory (a dot product of normalised vectors is
// their cosine). It mirrors the chunks table at one index version. Not safe
// for concurrent use: the Store guards it.

type docKey struct{ tenant, project, id string }

// docEntry is one stored document of the index.
type docEntry struct {
	key     docKey
	serials []int64
}

// vrow is what the index keeps per chunk besides its vector.
type vrow struct {
	serial           int64
	doc              *docEntry
	sourceType, conf string
	hasDate          bool
	dateNsec         int32
	dateSec          int64
}

type counts struct{ docs, chunks int }

type vindex struct {
	dim     int
	version int64 // the index version the index mirrors; -1 before loading

	rows     []vrow
	slab     []float32
	bySerial map[int64]int32
	docs     map[docKey]*docEntry
	intern   map[string]string

	total     counts
	byTenant  map[string]*counts
	byProject map[string]*counts
	byTP      map[[2]string]*counts
}

func newVindex() *vindex {
	return &vindex{
		version:   -1,
		bySerial:  map[int64]int32{},
		docs:      map[docKey]*docEntry{},
		intern:    map[string]string{},
		byTenant:  map[string]*counts{},
		byProject: map[string]*counts{},
		byTP:      map[[2]string]*counts{},
	}
}

// pendingRow is a row on its way into the index, with its vector.
type pendingRow struct {
	serial     int64
	key        docKey
	sourceType string
	conf       string
	date       dateParts
	vec        []float32 // normalised
}

// dateParts is a chunk date as stored: unset, or seconds and nanoseconds
// since the Unix epoch (exact, unlike timestamptz).
type dateParts struct {
	set  bool
	sec  int64
	nsec int32
}

// apply brings the index to version: it removes every row of the removed
// documents, then adds rows (whose documents must be among removed or new).
func (ix *vindex) apply(version int64, removed []docKey, add []pendingRow) {
	for _, k := range removed {
		ix.removeDoc(k)
	}
	if len(add) > 0 && ix.dim == 0 {
		ix.dim = len(add[0].vec)
	}
	ix.rows = slices.Grow(ix.rows, len(add))
	ix.slab = slices.Grow(ix.slab, len(add)*ix.dim)
	var last *docEntry
	for i := range add {
		p := &add[i]
		if last == nil || last.key != p.key {
			last = ix.docEntry(p.key)
		}
		ix.addRow(p, last)
	}
	ix.version = max(ix.version, version)
}

func (ix *vindex) str(s string) string {
	if v, ok := ix.intern[s]; ok {
		return v
	}
	ix.intern[s] = s
	return s
}

// docEntry returns a document's entry, creating and counting it if new.
func (ix *vindex) docEntry(k docKey) *docEntry {
	if d, ok := ix.docs[k]; ok {
		return d
	}
	d := &docEntry{key: docKey{ix.str(k.tenant), ix.str(k.project), k.id}}
	ix.docs[d.key] = d
	ix.count(d.key, 1, 0)
	return d
}

func (ix *vindex) addRow(p *pendingRow, d *docEntry) {
	ix.rows = append(ix.rows, vrow{
		serial: p.serial, doc: d,
		sourceType: ix.str(p.sourceType), conf: ix.str(p.conf),
		hasDate: p.date.set, dateSec: p.date.sec, dateNsec: p.date.nsec,
	})
	ix.slab = append(ix.slab, p.vec...)
	ix.bySerial[p.serial] = int32(len(ix.rows) - 1)
	d.serials = append(d.serials, p.serial)
	ix.count(d.key, 0, 1)
}

func (ix *vindex) removeDoc(k docKey) {
	d, ok := ix.docs[k]
	if !ok {
		return
	}
	delete(ix.docs, k)
	for _, s := range d.serials {
		ix.removeRow(s)
	}
	ix.count(k, -1, -len(d.serials))
}

// removeRow moves the last row into the removed row's place.
func (ix *vindex) removeRow(serial int64) {
	i, ok := ix.bySerial[serial]
	if !ok {
		return
	}
	delete(ix.bySerial, serial)
	last := int32(len(ix.rows) - 1)
	if i != last {
		ix.rows[i] = ix.rows[last]
		copy(ix.slab[int(i)*ix.dim:int(i+1)*ix.dim], ix.slab[int(last)*ix.dim:])
		ix.bySerial[ix.rows[i].serial] = i
	}
	ix.rows[last] = vrow{}
	ix.rows = ix.rows[:last]
	ix.slab = ix.slab[:int(last)*ix.dim]
}

func (ix *vindex) count(k docKey, docs, chunks int) {
	for _, c := range []*counts{&ix.total, bucket(ix.byTenant, k.tenant), bucket(ix.byProject, k.project), bucket(ix.byTP, [2]string{k.tenant, k.project})} {
		c.docs += docs
		c.chunks += chunks
	}
}

func bucket[K comparable](m map[K]*counts, k K) *counts {
	c, ok := m[k]
	if !ok {
		c = &counts{}
		m[k] = c
	}
	return c
}

// countsFor returns the counts of a tenant and project ("" meaning any).
func (ix *vindex) countsFor(tenant, project string) counts {
	var c *counts
	switch {
	case tenant == "" && project == "":
		return ix.total
	case project == "":
		c = ix.byTenant[tenant]
	case tenant == "":
		c = ix.byProject[project]
	default:
		c = ix.byTP[[2]string{tenant, project}]
	}
	if c == nil {
		return counts{}
	}
	return *c
}

// search offers every row passing rf to top, scored by the dot product with
// the normalised query q.
func (ix *vindex) search(ctx context.Context, q []float32, rf *rowFilter, top *topk.Heap) error {
	dim := ix.dim
	if !rf.active {
		var scores []float32
		return vecscan.MatMul(ctx, ix.slab, dim, q, top, &scores)
	}
	for i := range ix.rows {
		if i > 0 && i%vecscan.CheckRows == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if !rf.match(&ix.rows[i]) {
			continue
		}
		top.Offer(float64(vek32.Dot(ix.slab[i*dim:(i+1)*dim], q)), uint64(i))
	}
	return nil
}

// vector returns row i's stored vector (not a copy).
func (ix *vindex) vector(i int32) []float32 {
	return ix.slab[int(i)*ix.dim : int(i+1)*ix.dim]
}

// normalize returns v / ‖v‖, with the norm accumulated in float64 so that
// large components do not overflow.
func normalize(v []float32) []float32 {
	var ss float64
	for _, x := range v {
		ss += float64(x) * float64(x)
	}
	inv := 1 / math.Sqrt(ss)
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(float64(x) * inv)
	}
	return out
}

// rowFilter is a store.Filter prepared for matching index rows.
type rowFilter struct {
	active                  bool
	tenant, project         string
	sourceTypes, confs, ids map[string]bool // nil: any
	after, before           dateParts
}

func compileFilter(f *store.Filter) rowFilter {
	set := func(values []string) map[string]bool {
		if len(values) == 0 {
			return nil
		}
		m := make(map[string]bool, len(values))
		for _, v := range values {
			m[v] = true
		}
		return m
	}
	rf := rowFilter{
		tenant: f.TenantID, project: f.ProjectID,
		sourceTypes: set(f.SourceTypes), confs: set(f.Confidentiality), ids: set(f.DocumentIDs),
		after: datePartsOf(f.After), before: datePartsOf(f.Before),
	}
	rf.active = rf.tenant != "" || rf.project != "" || rf.sourceTypes != nil || rf.confs != nil ||
		rf.ids != nil || rf.after.set || rf.before.set
	return rf
}

// match mirrors store.Filter.Match on an index row.
func (rf *rowFilter) match(r *vrow) bool {
	switch {
	case rf.tenant != "" && r.doc.key.tenant != rf.tenant,
		rf.project != "" && r.doc.key.project != rf.project,
		rf.sourceTypes != nil && !rf.sourceTypes[r.sourceType],
		rf.confs != nil && !rf.confs[r.conf],
		rf.ids != nil && !rf.ids[r.doc.key.id]:
		return false
	}
	if rf.after.set || rf.before.set {
		if !r.hasDate {
			return false
		}
		d := dateParts{true, r.dateSec, r.dateNsec}
		if rf.after.set && d.less(rf.after) || rf.before.set && rf.before.less(d) {
			return false
		}
	}
	return true
}

func (a dateParts) less(b dateParts) bool {
	return a.sec < b.sec || (a.sec == b.sec && a.nsec < b.nsec)
}
