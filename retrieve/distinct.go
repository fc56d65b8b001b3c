package retrieve

import (
	"math"
	"slices"
	"unicode"

	"github.com/hybridrag/hybridrag/store"
)

// Copies of one text (a page kept for each API version, a paragraph every
// manual page repeats) would fill a search's candidate places with one
// piece of evidence and push distinct chunks out of the pool: seven
// versions of Docker's "List processes running inside a container" took
// seven of the keyword search's twenty places. A search whose hits hold
// copies is therefore run again for copySlack times its candidate count,
// and the first copy of each text (the store's order, best first) is kept
// up to the count. A search without copies runs once, as before: asking
// every search for more would load more chunks for nothing.
const copySlack = 2

// searchDistinct runs search for k hits and returns them without copies
// (distinctTexts), searching again for copySlack·k when copies took
// places.
func searchDistinct(k int, search func(k int) ([]store.Hit, error)) ([]store.Hit, error) {
	hits, err := search(k)
	if err != nil {
		return nil, err
	}
	out := distinctTexts(hits, k)
	if len(out) == len(hits) || len(hits) < k {
		return out, nil // no copies, or none left out for them
	}
	if hits, err = search(copySlack * k); err != nil {
		return nil, err
	}
	return distinctTexts(hits, k), nil
}

// distinctTexts returns hits without the later copies of a hit already
// listed (isCopy) that score the same to within copyScoreGap, at most k
// long. hits is kept in order, best first as the stores return them. A
// question that tells versions apart scores them apart, and both stay.
func distinctTexts(hits []store.Hit, k int) []store.Hit {
	out := hits[:0:0]
	for _, h := range hits {
		if len(out) == k {
			break
		}
		if !copyListed(out, h) {
			out = append(out, h)
		}
	}
	return out
}

// copyListed reports whether a hit of out, best first, within copyScoreGap
// of h's score is a copy of h.
func copyListed(out []store.Hit, h store.Hit) bool {
	for j := len(out) - 1; j >= 0; j-- {
		o := out[j]
		if math.Abs(o.Score-h.Score) > copyScoreGap*math.Abs(o.Score) {
			if o.Score > h.Score {
				return false // the rest score higher still
			}
			continue
		}
		if isCopy(o.Chunk, h.Chunk) {
			return true
		}
	}
	return false
}

const (
	// copyScoreGap is the relative score difference within which two
	// hits may be copies.
	copyScoreGap = 0.01
	// copyMinWords is the length from which a chunk that differs from
	// another only in its figures is a copy of it (the pages of each API
	// version say "GET /v1.18/containers/…" and "GET /v1.19/…"). Shorter
	// ones may be distinct facts ("Code 12: …", "Code 13: …") and are
	// copies only when equal.
	copyMinWords = 40
)

// isCopy reports whether b copies a: the same heading path (one sentence
// under two headings is two pieces of evidence) and the same text, or,
// from copyMinWords on, the same text but for its figures.
func isCopy(a, b store.Chunk) bool {
	if !slices.Equal(a.Heading, b.Heading) {
		return false
	}
	if a.Text == b.Text {
		return true
	}
	return sameButFigures(a.Text, b.Text) && wordCount(a.Text) >= copyMinWords
}

// sameButFigures reports whether a and b are equal once each run of ASCII
// digits counts as one figure, whatever its digits.
func sameButFigures(a, b string) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		da, db := isDigit(a[i]), isDigit(b[j])
		switch {
		case da && db:
			for i < len(a) && isDigit(a[i]) {
				i++
			}
			for j < len(b) && isDigit(b[j]) {
				j++
			}
		case a[i] != b[j]:
			return false
		default:
			i++
			j++
		}
	}
	return i == len(a) && j == len(b)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// wordCount counts the space-separated words of s.
func wordCount(s string) int {
	n, in := 0, false
	for _, r := range s {
		space := unicode.IsSpace(r)
		if !space && !in {
			n++
		}
		in = !space
	}
	return n
}

// mergeCopies folds a candidate into an earlier copy of it (isCopy) that
// the other search found: the two searches keep different copies when the
// copies straddle one list's cut. The earlier candidate takes the other's
// rank and raw score. Copies one search kept both of scored apart there
// (distinctTexts) and stay apart.
func mergeCopies(sources []Source) []Source {
	out := sources[:0]
	for _, s := range sources {
		i := slices.IndexFunc(out, func(o Source) bool { return complementary(o, s) && isCopy(o.Chunk, s.Chunk) })
		if i < 0 {
			out = append(out, s)
			continue
		}
		t := &out[i]
		if t.KeywordRank == 0 {
			t.KeywordRank, t.Scores.BM25 = s.KeywordRank, s.Scores.BM25
		} else {
			t.VectorRank, t.Scores.Cosine = s.VectorRank, s.Scores.Cosine
		}
		if t.Vector == nil {
			t.Vector = s.Vector
		}
	}
	return out
}

// complementary reports whether one search found a and the other b.
func complementary(a, b Source) bool {
	aKey, aVec := a.KeywordRank > 0, a.VectorRank > 0
	bKey, bVec := b.KeywordRank > 0, b.VectorRank > 0
	return aKey != aVec && bKey != bVec && aKey != bKey
}
