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
func (p *packer) merge(units []unit) error {
	for i := 0; i < len(units); {
		if units[i].est > p.opts.MaxTokens {
			if err := p.splitLong(units[i]); err != nil {
				return err
			}
			i++
			continue
		}
		j, total := i+1, units[i].est
		for j < len(units) && total < p.opts.MinTokens {
			next := total + gapTokens(p.doc.Text[units[j-1].end():units[j].start()]) + units[j].est
			if units[j].est > p.opts.MaxTokens || next > p.opts.TargetTokens {
				break
			}
			total, j = next, j+1
		}
		if err := p.group(units[i:j]); err != nil {
			return err
		}
		i = j
	}
	return nil
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
		p.emit(start, end, n, us[0].sec)
		return nil
	case len(us) == 1:
		return p.splitLong(us[0])
	}
	if err := p.group(us[:len(us)-1]); err != nil {
		return err
	}
	return p.group(us[len(us)-1:])
}

// emit appends the chunk doc.Text[start:end].
func (p *packer) emit(start, end, n int, s section) {
	d := p.doc
	text := d.Text[start:end]
	index := p.first + len(p.chunks)
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
