package chunker

import (
	"maps"
	"slices"

	"github.com/hybridrag/hybridrag/internal/tokens"
	"github.com/hybridrag/hybridrag/store"
)

// packer emits chunks for one document. It is used by one goroutine.
type packer struct {
	doc    *store.Document
	opts   Options
	hash   string
	atoms  *atomizer
	chunks []store.Chunk
	// base and first place a window of a streamed document: its text
	// starts at byte base of the document and its first chunk is chunk
	// first (both 0 for a whole document).
	base, first int
}

// merge emits the units in order: a unit too long for one chunk is split,
// runs of units that fit are merged while the chunk is below MinTokens and
// the sum stays within TargetTokens.
//
// The units under a heading whose span holds definition-list entries (one
// parent) are moved as one when together they fit MaxTokens, as the
// heading's section would be without its entries; when they do not, they
// are cut between entries into chunks of even size (splitEntries) and
// never merged with other sections, as a long section is split alone.
// (When a parent's first unit is itself too long for a chunk, that unit is
// split alone and the rest is merged like other units, entry by entry:
// partitioning such a rest left a one-entry chunk behind, a "See also"
// after a long text.)
func (p *packer) merge(units []unit) error {
	for i := 0; i < len(units); {
		if units[i].est > p.opts.MaxTokens {
			if err := p.splitLong(units[i]); err != nil {
				return err
			}
			i++
			continue
		}
		j := p.block(units, i)
		if j < 0 {
			k := p.parentEnd(units, i)
			if err := p.splitEntries(units[i:k]); err != nil {
				return err
			}
			i = k
			continue
		}
		total := p.estimate(units, i, j)
		for j < len(units) && total < p.opts.MinTokens {
			k := p.block(units, j)
			if k < 0 || units[j].est > p.opts.MaxTokens {
				break
			}
			next := total + p.gap(units, j) + p.estimate(units, j, k)
			if next > p.opts.TargetTokens {
				break
			}
			total, j = next, k
		}
		if err := p.group(units[i:j]); err != nil {
			return err
		}
		i = j
	}
	return nil
}

// block returns the end of the units that move together from i on: a
// parent's units when i starts them (-1 if they exceed MaxTokens), an
// entry's units when they fit MaxTokens, else unit i alone.
func (p *packer) block(units []unit, i int) int {
	s := &units[i].sec
	if s.parent != "" && (i == 0 || units[i-1].sec.parent != s.parent) {
		k := p.parentEnd(units, i)
		if p.estimate(units, i, k) > p.opts.MaxTokens {
			return -1
		}
		return k
	}
	return p.entryEnd(units, i)
}

// parentEnd returns the end of the run of units from i on that share
// units[i]'s parent.
func (p *packer) parentEnd(units []unit, i int) int {
	k := i + 1
	for k < len(units) && units[k].sec.parent == units[i].sec.parent {
		k++
	}
	return k
}

// splitEntries emits a parent's units, too long for one chunk, as chunks
// cut between entries. A unit too long for one chunk is split on its own
// (splitLong); each run of units between such units is partitioned into
// chunks of even size. Chunks do not overlap: entries are unrelated, as
// merged sections are.
func (p *packer) splitEntries(us []unit) error {
	for i := 0; i < len(us); {
		if us[i].est > p.opts.MaxTokens {
			if err := p.splitLong(us[i]); err != nil {
				return err
			}
			i++
			continue
		}
		j := i + 1
		for j < len(us) && us[j].est <= p.opts.MaxTokens {
			j++
		}
		if err := p.partition(us[i:j]); err != nil {
			return err
		}
		i = j
	}
	return nil
}

// partition emits units that each fit one chunk as n chunks, n the number
// needed at entryTargetTokens, the k-th ending at the entry boundary
// closest to k/n of their tokens. A chunk far below that size (a short
// entry between two long ones) joins its smaller neighbour when together
// they stay within TargetTokens.
func (p *packer) partition(us []unit) error {
	cum := make([]int, len(us)) // cum[i]: estimated tokens of us[:i+1]
	cum[0] = us[0].est
	for i := 1; i < len(us); i++ {
		cum[i] = cum[i-1] + p.gap(us, i) + us[i].est
	}
	size := func(a, b int) int { // estimated tokens of us[a:b]
		if a == 0 {
			return cum[b-1]
		}
		return cum[b-1] - cum[a-1]
	}
	var ends []int // where each entry (or unit outside one) ends
	for i := 0; i < len(us); {
		i = p.entryEnd(us, i)
		ends = append(ends, i)
	}
	total := cum[len(us)-1]
	n := max(1, ceilDiv(total, min(p.opts.TargetTokens, entryTargetTokens)))
	dist := func(e, want int) int { return abs(cum[e-1] - want) }
	cuts := []int{0}
	for k, b := 1, 0; k < n && b < len(ends)-1; k, b = k+1, b+1 {
		want := total * k / n
		for b+1 < len(ends)-1 && dist(ends[b+1], want) <= dist(ends[b], want) {
			b++
		}
		cuts = append(cuts, ends[b])
	}
	cuts = append(cuts, len(us))
	small, limit := total/n/2, p.opts.TargetTokens
	for g := 0; g+1 < len(cuts); {
		if size(cuts[g], cuts[g+1]) >= small {
			g++
			continue
		}
		drop := -1 // the cut to remove: before group g, or after it
		if g > 0 && size(cuts[g-1], cuts[g+1]) <= limit {
			drop = g
		}
		if g+2 < len(cuts) && size(cuts[g], cuts[g+2]) <= limit &&
			(drop < 0 || size(cuts[g+1], cuts[g+2]) < size(cuts[g-1], cuts[g])) {
			drop = g + 1
		}
		if drop < 0 {
			g++
			continue
		}
		cuts = slices.Delete(cuts, drop, drop+1)
		g = max(0, g-1)
	}
	for g := 0; g+1 < len(cuts); g++ {
		if err := p.group(us[cuts[g]:cuts[g+1]]); err != nil {
			return err
		}
	}
	return nil
}

// entryEnd returns the end of the units of the outermost entry that unit i
// starts or continues when they fit MaxTokens, else i+1.
func (p *packer) entryEnd(units []unit, i int) int {
	e := units[i].sec.entry
	if e < 0 {
		return i + 1
	}
	k, total := i+1, units[i].est
	for ; k < len(units) && units[k].sec.entry == e; k++ {
		// Stopping here keeps an entry of many nested entries linear.
		if total += p.gap(units, k) + units[k].est; total > p.opts.MaxTokens {
			return i + 1
		}
	}
	return k
}

// estimate returns the estimated tokens of units[i:j] as one chunk.
func (p *packer) estimate(units []unit, i, j int) int {
	total := units[i].est
	for k := i + 1; k < j; k++ {
		total += p.gap(units, k) + units[k].est
	}
	return total
}

// gap estimates the tokens of the white space between units k-1 and k.
func (p *packer) gap(units []unit, k int) int {
	return gapTokens(p.doc.Text[units[k-1].end():units[k].start()])
}

// group emits consecutive units as one chunk, or, if the exact count
// exceeds MaxTokens, as smaller groups (a single unit is split).
func (p *packer) group(us []unit) error {
	start, end := us[0].start(), us[len(us)-1].end()
	if len(us) == 1 && us[0].exact {
		p.emit(start, end, us[0].est, us[0].sec)
		return nil
	}
	n, err := tokens.Count(p.doc.Text[start:end])
	if err != nil {
		return err
	}
	switch {
	case n <= p.opts.MaxTokens:
		s := us[0].sec
		s.heading = groupHeading(us)
		p.emit(start, end, n, s)
		return nil
	case len(us) == 1:
		return p.splitLong(us[0])
	}
	if err := p.group(us[:len(us)-1]); err != nil {
		return err
	}
	return p.group(us[len(us)-1:])
}

// groupHeading is the heading path of a chunk merged from units: the
// first unit's, without the terms of definition-list entries that the
// other units do not share. A chunk of several short options is named by
// their section, not by its first option.
func groupHeading(us []unit) []string {
	h := us[0].sec.heading
	keep := us[0].sec.outer
	if keep == len(h) || len(us) == 1 {
		return h
	}
	shared := len(h)
	for _, u := range us[1:] {
		k := 0
		for k < shared && k < len(u.sec.heading) && u.sec.heading[k] == h[k] {
			k++
		}
		shared = k
	}
	return h[:max(keep, shared)]
}

// emit appends the chunk doc.Text[start:end].
func (p *packer) emit(start, end, n int, s section) {
	d := p.doc
	text := d.Text[start:end]
	index := p.first + len(p.chunks)
	if h := tableHeaderBefore(d.Text, start); h != "" {
		s.heading = append(slices.Clone(s.heading), h)
	}
	p.chunks = append(p.chunks, store.Chunk{
		ID:         store.ChunkID(d.ID, index, text),
		DocumentID: d.ID,
		Source:     d.Source,
		Title:      d.Title,
		TenantID:   d.TenantID,
		ProjectID:  d.ProjectID,
		Text:       text,
		Heading:    slices.Clone(s.heading),
		Page:       s.page,
		Index:      index,
		Start:      p.base + start,
		End:        p.base + end,
		Tokens:     n,
		Metadata:   cloneMetadata(d.Metadata),
		DocHash:    p.hash,
	})
}

// cloneMetadata copies the slice and map so that chunks share no mutable
// state with the document or with each other.
func cloneMetadata(m store.Metadata) store.Metadata {
	m.Tags = slices.Clone(m.Tags)
	m.Extra = maps.Clone(m.Extra)
	return m
}

// entryTargetTokens is the size chunks of a long list of entries aim at.
const entryTargetTokens = 400
