package chunker

import (
	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/internal/tokens"
)

// unit is a section with its token count: exact when the section was
// counted whole, else estimated from its atoms.
type unit struct {
	sec   section
	span  span // the section without surrounding white space
	exact bool
	est   int
	atoms []atom // nil for a section counted whole
	pre   []int  // pre[k]: estimated tokens of atoms[:k], gaps included
}

// wholeSectionBytesPerToken: a section with more bytes than this many per
// MaxTokens is almost surely too long for one chunk (English averages about
// four bytes per token), so it is cut into atoms without a whole count.
const wholeSectionBytesPerToken = 6

// measure counts a section whole when it may fit one chunk, which is the
// common case and the cheapest, and cuts it into atoms otherwise.
func (p *packer) measure(s section) (unit, error) {
	start, end := textutil.TrimSpan(p.doc.Text, s.start, s.end)
	if end-start <= p.opts.MaxTokens*wholeSectionBytesPerToken {
		n, err := tokens.Count(p.doc.Text[start:end])
		if err != nil {
			return unit{}, err
		}
		if n <= p.opts.MaxTokens {
			return unit{sec: s, span: span{start, end}, exact: true, est: n}, nil
		}
	}
	u := unit{sec: s}
	if err := p.atomize(&u); err != nil {
		return unit{}, err
	}
	return u, nil
}

// atomize cuts a unit's section into atoms and estimates its size.
func (p *packer) atomize(u *unit) error {
	atoms, err := p.atoms.section(u.sec)
	if err != nil {
		return err
	}
	pre := make([]int, len(atoms)+1)
	for k, at := range atoms {
		pre[k+1] = pre[k] + at.tokens + at.gap
	}
	u.atoms, u.pre = atoms, pre
	if len(atoms) > 0 {
		u.span = span{atoms[0].start, atoms[len(atoms)-1].end}
		u.est = u.estimate(0, len(atoms))
	}
	return nil
}

// estimate returns the estimated token count of atoms[i:j] as one chunk.
func (u *unit) estimate(i, j int) int {
	return u.pre[j] - u.pre[i] - u.atoms[i].gap
}

func (u *unit) start() int { return u.span.start }
func (u *unit) end() int   { return u.span.end }
