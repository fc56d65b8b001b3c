package tokens

import "math"

// noRank marks a pair with no merge, as tiktoken's sentinel does.
const noRank = math.MaxInt

// part is one current token of a piece being merged: where it starts, and
// the rank of merging it with its right neighbour (noRank if none).
type part struct{ start, rank int }

// merge runs tiktoken's byte-pair merge over piece (the same order:
// repeatedly the lowest-ranked adjacent pair, the leftmost on a tie) and
// returns the resulting tokens as parts: token i is
// piece[parts[i].start:parts[i+1].start]. buf is reused scratch. It is the
// algorithm of tiktoken-go's bytePairMerge, with the table's
// allocation-free lookup in place of a map keyed by fresh strings.
func (t *ranks) merge(piece string, buf []part) []part {
	parts := buf[:0]
	for i := 0; i <= len(piece); i++ {
		parts = append(parts, part{i, noRank})
	}
	// pairRank is the rank of parts[i] merged with the skip+1 parts after it.
	pairRank := func(i, skip int) int {
		if i+skip+2 < len(parts) {
			if r := t.rank(piece[parts[i].start:parts[i+skip+2].start]); r >= 0 {
				return r
			}
		}
		return noRank
	}
	for i := 0; i < len(parts)-2; i++ {
		parts[i].rank = pairRank(i, 0)
	}
	for len(parts) > 1 {
		minRank, minIdx := noRank, -1
		for i := 0; i < len(parts)-1; i++ {
			if parts[i].rank < minRank {
				minRank, minIdx = parts[i].rank, i
			}
		}
		if minRank == noRank {
			break
		}
		i := minIdx
		parts[i].rank = pairRank(i, 1)
		if i > 0 {
			parts[i-1].rank = pairRank(i-1, 1)
		}
		parts = append(parts[:i+1], parts[i+2:]...)
	}
	return parts
}
