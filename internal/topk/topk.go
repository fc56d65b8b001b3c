package topk

import "slices"

// Candidate is a scored item; ID is what the caller ranks (a row, a
// document number).
type Candidate struct {
	Score float64
	ID    uint64
}

// worse orders candidates: lower score first, and on equal scores the
// higher id, so that results are deterministic for a given index state.
func worse(a, b Candidate) bool {
	return a.Score < b.Score || (a.Score == b.Score && a.ID > b.ID)
}

// Heap keeps the k best candidates offered since Reset in a bounded
// min-heap whose root is the worst kept one, so each offer costs one
// comparison unless it enters the heap. The zero value keeps nothing until
// Reset. Not safe for concurrent use.
type Heap struct {
	k     int
	items []Candidate
	// keepTies: ties holds the candidates beyond k whose score equals the
	// worst kept one's (see ResetWithTies).
	keepTies bool
	ties     []Candidate
}

// New returns a heap keeping k candidates.
func New(k int) *Heap {
	h := new(Heap)
	h.Reset(k)
	return h
}

// Reset empties the heap and makes it keep k candidates, reusing its memory.
func (t *Heap) Reset(k int) {
	t.k = k
	if cap(t.items) < k {
		t.items = make([]Candidate, 0, k)
	}
	t.items = t.items[:0]
	t.keepTies = false
	t.ties = t.ties[:0]
}

// ResetWithTies is Reset, and makes the heap also keep every candidate
// that ties with the k-th best (Ties), so that a caller whose IDs are not
// stable (a keyword index's document numbers change when segments merge)
// can decide ties at the boundary by a key of its own. Candidates must
// then also be offered when their score equals Min.
func (t *Heap) ResetWithTies(k int) {
	t.Reset(k)
	t.keepTies = true
}

// Ties returns, after ResetWithTies, the candidates offered beyond the k
// kept ones whose score equals Min, in no particular order; it aliases
// the heap's memory like Sorted.
func (t *Heap) Ties() []Candidate { return t.ties }

// Full reports whether k candidates are kept; then Min is the bar to beat.
func (t *Heap) Full() bool { return len(t.items) == t.k }

// Min is the worst kept score; call it only when the heap is not empty.
func (t *Heap) Min() float64 { return t.items[0].Score }

// Offer keeps the candidate if it is among the k best so far.
func (t *Heap) Offer(score float64, id uint64) {
	c := Candidate{score, id}
	if len(t.items) < t.k {
		t.items = append(t.items, c)
		t.up(len(t.items) - 1)
		return
	}
	if t.k == 0 {
		return
	}
	root := t.items[0]
	if !t.keepTies {
		if worse(root, c) {
			t.items[0] = c
			t.down(0)
		}
		return
	}
	switch {
	case score < root.Score:
		return
	case score == root.Score:
		t.ties = append(t.ties, c)
		return
	}
	t.items[0] = c
	t.down(0)
	if t.items[0].Score == root.Score {
		t.ties = append(t.ties, root) // still tied with the k-th best
	} else {
		t.ties = t.ties[:0] // all below the new k-th best
	}
}

func (t *Heap) up(i int) {
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

func (t *Heap) down(i int) {
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

// Sorted returns the kept candidates best first. It reorders the heap in
// place and aliases it; call Reset before offering again.
func (t *Heap) Sorted() []Candidate {
	slices.SortFunc(t.items, func(a, b Candidate) int {
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
