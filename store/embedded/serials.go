package embedded

// serialIndex maps the serial of every live row to the row. Serials are
// handed out in increasing order and never reused, and a batch's chunks
// take consecutive ones, so a table indexed by serial beats a hash map:
// appending a batch writes consecutive slots, a lookup is two loads. The
// table is paged so that the serials of deleted chunks cost nothing once
// their whole page is dead, and pages below the oldest live serial are
// dropped. Not safe for concurrent use; the Store guards it.
type serialIndex struct {
	base  uint64        // page number of pages[0]
	pages []*serialPage // nil: no live serial in the page
	n     int           // live serials
}

const serialPageBits = 8

type serialPage struct {
	rows [1 << serialPageBits]int32 // row+1; 0 means no row
	live int32
}

func (x *serialIndex) len() int { return x.n }

func (x *serialIndex) get(serial uint64) (int32, bool) {
	p := serial>>serialPageBits - x.base
	if serial>>serialPageBits < x.base || p >= uint64(len(x.pages)) || x.pages[p] == nil {
		return 0, false
	}
	r := x.pages[p].rows[serial&(1<<serialPageBits-1)]
	return r - 1, r != 0
}

// maxSerialPages bounds the page table (8 bytes a page, 256 serials each):
// 1<<24 pages span 4.3 billion serials, far more than a store issues
// between its oldest live chunk and its newest, so a wider span means a
// damaged or crafted record, which must not make the table allocate
// without bound.
const maxSerialPages = 1 << 24

// fits reports whether serial can be set without the page table spanning
// more than maxSerialPages.
func (x *serialIndex) fits(serial uint64) bool {
	page := serial >> serialPageBits
	switch {
	case len(x.pages) == 0:
		return true
	case page < x.base:
		return x.base-page+uint64(len(x.pages)) <= maxSerialPages
	default:
		return page-x.base < maxSerialPages
	}
}

// set maps serial to row, reporting whether serial had no row before.
func (x *serialIndex) set(serial uint64, row int32) bool {
	page := serial >> serialPageBits
	switch {
	case len(x.pages) == 0:
		x.base = page
	case page < x.base:
		// Only replay of a compacted log can go back; rare, so copying
		// the page table is fine.
		x.pages = append(make([]*serialPage, x.base-page, uint64(len(x.pages))+x.base-page), x.pages...)
		x.base = page
	}
	i := page - x.base
	if i >= uint64(len(x.pages)) {
		x.pages = append(x.pages, make([]*serialPage, i+1-uint64(len(x.pages)))...)
	}
	p := x.pages[i]
	if p == nil {
		p = new(serialPage)
		x.pages[i] = p
	}
	slot := &p.rows[serial&(1<<serialPageBits-1)]
	fresh := *slot == 0
	if fresh {
		p.live++
		x.n++
	}
	*slot = row + 1
	return fresh
}

// del removes serial's row, if any.
func (x *serialIndex) del(serial uint64) {
	page := serial >> serialPageBits
	if page < x.base || page-x.base >= uint64(len(x.pages)) {
		return
	}
	i := page - x.base
	p := x.pages[i]
	if p == nil {
		return
	}
	slot := &p.rows[serial&(1<<serialPageBits-1)]
	if *slot == 0 {
		return
	}
	*slot = 0
	p.live--
	x.n--
	if p.live > 0 {
		return
	}
	x.pages[i] = nil
	// Drop the dead pages at either end so that the table spans only
	// the live serials.
	lead := 0
	for lead < len(x.pages) && x.pages[lead] == nil {
		lead++
	}
	if lead == len(x.pages) {
		x.pages, x.base = x.pages[:0], 0
		return
	}
	if lead > 0 {
		n := copy(x.pages, x.pages[lead:])
		clear(x.pages[n:])
		x.pages = x.pages[:n]
		x.base += uint64(lead)
	}
	for x.pages[len(x.pages)-1] == nil {
		x.pages = x.pages[:len(x.pages)-1]
	}
}
