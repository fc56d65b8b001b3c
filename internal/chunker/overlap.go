package chunker

// overlapStart returns the atom the chunk after cut starts at: the
// sentence boundary closest to OverlapTokens before cut (at most a quarter
// more), so that the repeated text reads as whole sentences. Inside one
// long sentence cut into token pieces, any piece boundary will do. The
// start is always after prev (the previous chunk's start) and leaves room
// within aim for the atom at cut, so chunks advance. Without a usable
// boundary there is no overlap: the start is cut.
func (p *packer) overlapStart(u *unit, prev, cut, aim int) int {
	ov := p.opts.OverlapTokens
	if ov == 0 {
		return cut
	}
	budget := ov + ov/overlapSlack
	s := cut
	for s-1 > prev && u.estimate(s-1, cut) <= budget {
		s--
	}
	sentences := false
	for k := s; k < cut; k++ {
		if u.atoms[k].brk >= breakSentence {
			sentences = true
			break
		}
	}
	if !sentences && u.atoms[cut].brk >= breakSentence {
		// The window is the tail of a sentence that ends at cut: starting
		// mid-sentence would repeat a fragment.
		return cut
	}
	best, bestDist := cut, -1
	for k := s; k < cut; k++ {
		if sentences && u.atoms[k].brk < breakSentence {
			continue
		}
		if u.estimate(k, cut+1) > aim {
			continue
		}
		if d := abs(u.estimate(k, cut) - ov); bestDist < 0 || d < bestDist {
			best, bestDist = k, d
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
