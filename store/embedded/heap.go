package embedded

import "slices"

// candidate is a scored item: a row index for vector search, a bleve
// internal document number for keyword search.
type candidate struct {
	score float64
	id    uint64
}

// worse orders candidates: lower score first, and on equal scores the
// higher id, so that results are deterministic for a given index state.
func worse(a, b candidate) bool {
	return a.score < b.score || (a.score == b.score && a.id > b.id)
}

// topK keeps the k best candidates seen so far in a bounded min-heap whose
// root is the worst kept candidate, so each offer costs one comparison
// unless it enters the heap. Not safe for concurrent use.
type topK struct {
	k     int
	items []candidate
}

func (t *topK) reset(k int) {
	t.k = k
	if cap(t.items) < k {
		t.items = make([]candidate, 0, k)
	}
	t.items = t.items[:0]
}

// full reports whether k candidates are kept; then min is the bar to beat.
func (t *topK) full() bool { return len(t.items) == t.k }

func (t *topK) min() float64 { return t.items[0].score }

func (t *topK) offer(score float64, id uint64) {
	c := candidate{score, id}
	if len(t.items) < t.k {
		t.items = append(t.items, c)
		t.up(len(t.items) - 1)
		return
	}
	if !worse(t.items[0], c) {
		return
	}
	t.items[0] = c
	t.down(0)
}

func (t *topK) up(i int) {
	h := t.items
	for i > 0 {
		p := (i - 1) / 2
		if !worse(h[i], h[p]) {
			return
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (t *topK) down(i int) {
	h := t.items
	n := len(h)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		m := l
		if r := l + 1; r < n && worse(h[r], h[l]) {
			m = r
		}
		if !worse(h[m], h[i]) {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// sorted returns the kept candidates best first. It reorders the heap in
// place; call reset before offering again.
func (t *topK) sorted() []candidate {
	slices.SortFunc(t.items, func(a, b candidate) int {
		switch {
		case worse(b, a):
			return -1
		case worse(a, b):
			return 1
		}
		return 0
	})
	return t.items
}
