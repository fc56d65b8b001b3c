package loader

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Single-page editions. Documentation sets often ship, beside their
// pages, one page that holds all of them: Node.js's api/all.html (8 MB,
// every module page again), FFmpeg's ffmpeg-all.html, ffprobe-all.html
// and ffplay-all.html (each tool's manual with every library chapter).
// Indexed, such a page puts a second, third or fourth copy of every
// passage in the collection: the copies crowd each other out of the
// sources and split citations between them. Nothing marks them (mdBook's
// print.html says noindex, which noindex.go reads); what gives them away
// is what they hold. LoadDirWith loads a folder's large HTML pages after
// the others, the smallest first, and passes over one whose text blocks
// mostly repeat blocks of at least two pages already loaded.

// CombinedPageError reports a page passed over because it repeats other
// pages of the folder it was loaded with. It unwraps to ErrCombinedPage.
// It is not safe for concurrent mutation; reading it from several
// goroutines is fine.
type CombinedPageError struct {
	Path     string
	Repeated float64 // share of its text blocks found in other pages, in [0, 1]
	Pages    int     // how many other pages hold them
	// OtherFormat marks a PDF, EPUB or text file that repeats the
	// folder's pages (HTML or editionSource: another edition of them,
	// edition.go) rather than an HTML page that repeats the others.
	OtherFormat bool
}

func (e *CombinedPageError) Error() string {
	what := "a single-page edition"
	if e.OtherFormat {
		what = "another edition of them"
	}
	return fmt.Sprintf("loader: %s repeats %.0f%% of its text from %d other pages (%s)",
		e.Path, 100*e.Repeated, e.Pages, what)
}

// Unwrap makes errors.Is(err, ErrCombinedPage) true.
func (e *CombinedPageError) Unwrap() error { return ErrCombinedPage }

const (
	// combinedMinBytes and combinedSizeRatio make an HTML page large: at
	// least combinedMinBytes and combinedSizeRatio times the median HTML
	// page of its folder. An edition of even two or three pages is that
	// large; only large pages are loaded late and checked.
	combinedMinBytes  = 256 << 10
	combinedSizeRatio = 2
	// combinedShare is the share of a page's blocks that must be found in
	// other pages for it to be a single-page edition; such editions repeat
	// nearly all (Node's all.html, FFmpeg's *-all.html: over 90 %), a page
	// quoting another's paragraphs a few of its own.
	combinedShare = 0.6
	// combinedMinBlocks is the fewest blocks a page must have to be judged.
	combinedMinBlocks = 20
	// blockMinBytes is the shortest line counted as a block: headings,
	// labels and one-word cells recur everywhere without repeating a page.
	blockMinBytes = 40
)

// largePageSize returns the size at or above which an HTML page of a
// folder whose pages have sizes is large (combinedMinBytes, combinedSizeRatio
// times the median); 0 when the folder has no HTML page.
func largePageSize(sizes []int64) int64 {
	if len(sizes) == 0 {
		return 0
	}
	s := slices.Clone(sizes)
	slices.Sort(s)
	return max(combinedMinBytes, combinedSizeRatio*s[len(s)/2])
}

// repeatIndex remembers the text blocks of the pages loaded so far, each
// with the first page holding it. It is not safe for concurrent use.
type repeatIndex struct {
	blocks map[uint64]int32
	pages  int32
	// words, when set, makes add record word runs too (edition.go), for
	// judging a folder's PDF and text files.
	words    bool
	shingles map[uint64]int32
}

// add records the blocks of a loaded page's text.
func (r *repeatIndex) add(text string) {
	if r.blocks == nil {
		r.blocks = map[uint64]int32{}
	}
	page := r.pages
	r.pages++
	record(r.blocks, page, text, eachBlock)
	if r.words {
		if r.shingles == nil {
			r.shingles = map[uint64]int32{}
		}
		record(r.shingles, page, text, eachShingle)
	}
}

// record adds to seen the pieces of text (blocks or word runs, by each)
// it lacks, as the page's.
func record(seen map[uint64]int32, page int32, text string, each func(string, func(uint64))) {
	each(text, func(h uint64) {
		if _, ok := seen[h]; !ok {
			seen[h] = page
		}
	})
}

// heldBy returns how many pieces of text (by each) there are, how many
// seen holds and from how many pages.
func heldBy(seen map[uint64]int32, text string, each func(string, func(uint64))) (n, found, pages int) {
	from := map[int32]bool{}
	each(text, func(h uint64) {
		n++
		if p, ok := seen[h]; ok {
			found++
			from[p] = true
		}
	})
	return n, found, len(from)
}

// repeated returns the share of text's blocks that pages already added
// hold, and how many of those pages hold them; 0, 0 for a text of fewer
// than combinedMinBlocks blocks.
func (r *repeatIndex) repeated(text string) (float64, int) {
	n, found, pages := heldBy(r.blocks, text, eachBlock)
	if n < combinedMinBlocks {
		return 0, 0
	}
	return float64(found) / float64(n), pages
}

// combined returns a *CombinedPageError when text, the page at path,
// repeats pages already added (combinedShare, from two pages or more);
// nil otherwise.
func (r *repeatIndex) combined(path, text string) error {
	share, pages := r.repeated(text)
	if pages >= 2 && share >= combinedShare {
		return &CombinedPageError{Path: path, Repeated: share, Pages: pages}
	}
	return nil
}

// eachBlock calls fn with the hash of every line of text of at least
// blockMinBytes, its spaces collapsed and its letters lower-cased, so
// that a page's own wrapping and capitals do not hide a repeat.
func eachBlock(text string, fn func(uint64)) {
	h := fnv.New64a()
	var buf []byte
	for line := range strings.Lines(text) {
		if len(line) < blockMinBytes {
			continue
		}
		buf = buf[:0]
		space := false
		for _, r := range line {
			switch {
			case unicode.IsSpace(r):
				space = len(buf) > 0
			default:
				if space {
					buf = append(buf, ' ')
					space = false
				}
				buf = utf8.AppendRune(buf, unicode.ToLower(r))
			}
		}
		h.Reset()
		h.Write(buf)
		fn(h.Sum64())
	}
}
