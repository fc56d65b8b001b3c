package chunker

import (
	"fmt"

	"github.com/hybridrag/hybridrag/internal/tokens"
)

// splitLong emits a section too long for one chunk as several chunks of even
// size. With n = the number of chunks needed at TargetTokens (overlap
// included), each chunk aims at total/n tokens plus its overlap, so the
// last chunk is not a small remainder. Every chunk is counted exactly once
// and shrunk atom by atom in the rare case the estimate was low.
func (p *packer) splitLong(u unit) error {
	if u.atoms == nil {
		if err := p.atomize(&u); err != nil {
			return err
		}
	}
	m := len(u.atoms)
	ov, target := p.opts.OverlapTokens, p.opts.TargetTokens
	n := max(1, ceilDiv(u.est-ov, target-ov))
	aim := min(target, ceilDiv(u.est+(n-1)*ov, n))

	for i, done := 0, 0; ; {
		cut := p.cut(&u, i, done, aim)
		for {
			start, end := u.atoms[i].start, u.atoms[cut-1].end
			count, err := tokens.Count(p.doc.Text[start:end])
			if err != nil {
				return err
			}
			if count <= p.opts.MaxTokens {
				p.emit(start, end, count, u.sec)
				break
			}
			switch {
			case cut-1 > max(i, done):
				// Drop atoms worth the excess, keeping one not emitted before.
				want := u.estimate(i, cut) - (count - p.opts.MaxTokens)
				cut--
				for cut-1 > max(i, done) && u.estimate(i, cut) > want {
					cut--
				}
			case i < done:
				i++ // give up overlap before new text
			default:
				return fmt.Errorf("chunker: span [%d:%d] has %d tokens, above MaxTokens %d", start, end, count, p.opts.MaxTokens)
			}
		}
		if cut == m {
			return nil
		}
		i, done = p.overlapStart(&u, i, cut, aim), cut
	}
}

// cut chooses where the chunk starting at atom i ends (exclusive). The
// chunk holds at least one atom from done on, so every chunk brings new
// text. When the rest of the section fits MaxTokens it is taken whole;
// otherwise the chunk grows up to aim and is cut at the strongest boundary
// that leaves it at least half of aim, the latest among equals.
func (p *packer) cut(u *unit, i, done, aim int) int {
	m := len(u.atoms)
	if u.estimate(i, m) <= p.opts.MaxTokens {
		return m
	}
	lo := max(i, done) + 1
	j := lo
	for j < m && u.estimate(i, j+1) <= aim {
		j++
	}
	if j == m {
		return m
	}
	best := j
	for c := j - 1; c >= lo && u.estimate(i, c) >= aim/2; c-- {
		if u.atoms[c].brk > u.atoms[best].brk {
			best = c
		}
	}
	return best
}

func ceilDiv(a, b int) int {
	if a <= 0 {
		return 0
	}
	return (a + b - 1) / b
}
