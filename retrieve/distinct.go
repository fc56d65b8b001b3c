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
// seven of the keyword search's twenty places. A copy therefore takes no
// place of its own: a search's hits run until its count of distinct ones,
// copies kept along (each is still a source, in another document). A
// search whose hits hold copies is run again for copySlack times its
// count, to fill the places they left; one without copies runs once, as
// before: asking every search for more would load more chunks for nothing.
const copySlack = 2

// searchDistinct runs search for k hits and returns them up to k distinct
// ones (distinctTexts), searching again for copySlack·k when copies took
// places.
func searchDistinct(k int, search func(k int) ([]store.Hit, error)) ([]store.Hit, error) {
	hits, err := search(k)
	if err != nil {
		return nil, err
	}
	if len(hits) < k || !holdsCopies(hits) {
		return hits, nil // no more hits to fill places with, or no copies
	}
	if hits, err = search(copySlack * k); err != nil {
		return nil, err
	}
	return distinctTexts(hits, k), nil
}

// distinctTexts returns hits, best first as the stores return them, up to
// the k-th that is no copy of a hit before it (isCopy, scored the same to
// within copyScoreGap); the copies among them are kept. A question that
// tells versions apart scores them apart: no copies then.
func distinctTexts(hits []store.Hit, k int) []store.Hit {
	distinct := 0
	for i, h := range hits {
		if copyListed(hits[:i], h) {
			continue
		}
		if distinct == k {
			return hits[:i]
		}
		distinct++
	}
	return hits
}

// holdsCopies reports whether some hit copies one before it.
func holdsCopies(hits []store.Hit) bool {
	for i, h := range hits {
		if copyListed(hits[:i], h) {
			return true
		}
	}
	return false
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
