package postgres

import "slices"

// candidate is a scored row of the in-process index.
type candidate struct {
	score float32
	row   int32
}

// worse orders candidates: lower score first, then the higher row, so that
// results are deterministic for a given index state.
func worse(a, b candidate) bool {
	return a.score < b.score || (a.score == b.score && a.row > b.row)
}

// topK keeps the k best candidates seen in a bounded min-heap whose root is
// the worst kept one. Not safe for concurrent use.
type topK struct {
	k     int
	items []candidate
}

func newTopK(k int) *topK { return &topK{k: k, items: make([]candidate, 0, k)} }

func (t *topK) offer(score float32, row int32) {
	c := candidate{score, row}
	if len(t.items) < t.k {
		t.items = append(t.items, c)
		for i := len(t.items) - 1; i > 0; {
			p := (i - 1) / 2
			if !worse(t.items[i], t.items[p]) {
				break
			}
			t.items[i], t.items[p] = t.items[p], t.items[i]
			i = p
		}
		return
	}
	if !worse(t.items[0], c) {
		return
	}
	t.items[0] = c
	h, n := t.items, len(t.items)
	for i := 0; ; {
		l, small := 2*i+1, i
		if l < n && worse(h[l], h[small]) {
			small = l
		}
		if r := l + 1; r < n && worse(h[r], h[small]) {
			small = r
		}
		if small == i {
			return
		}
		h[i], h[small] = h[small], h[i]
		i = small
	}
}

// sorted returns the kept candidates best first.
func (t *topK) sorted() []candidate {
	out := slices.Clone(t.items)
	slices.SortFunc(out, func(a, b candidate) int {
		switch {
		case worse(b, a):
			return -1
		case worse(a, b):
			return 1
		}
		return 0
	})
	return out
}
