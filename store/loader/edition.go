package loader

import (
	"hash/fnv"
	"unicode"
	"unicode/utf8"
)

// Other editions. Debian's documentation folders ship one manual several
// ways: the Debian Reference as fifteen HTML chapters, one PDF and one
// plain-text file; the Debian Policy as HTML, text, PDF and EPUB. A
// project's docs folder holds its Markdown pages and the PDF built from
// them; a report folder the .docx and its PDF export. Indexed, the copies
// put a second and third copy of every passage in the collection, with
// worse headings (a PDF's running head, a text file's none), and crowd
// the pages out of the sources. LoadDirWith loads a folder's PDF, EPUB
// and plain-text files (editionCandidate) after its pages when it has
// some (HTML, or editionSource), and passes over one most of whose word
// runs the pages already loaded hold: a copy of even one page
// (README.html and README.pdf) is a copy. Word runs, not lines
// (eachBlock), because each edition wraps its lines its own way.

const (
	// shingleWords is the length of a word run.
	shingleWords = 8
	// shingleSample keeps one run in shingleSample, by hash, so that the
	// index holds a fixed share of a folder's runs, the same ones in
	// every edition.
	shingleSample = 4
	// editionMinShingles is the fewest sampled runs a file must have to
	// be judged: a short note repeating a paragraph is no edition.
	editionMinShingles = 50
	// editionMinBytes and editionMaxBytes bound the files held back to
	// be judged: a smaller one is a note rather than a manual, a larger
	// one is loaded in walk order as before. A file DirOptions streams is
	// not held back either.
	editionMinBytes = 8 << 10
	editionMaxBytes = 64 << 20
)

// editionCandidate reports whether a file of kind k may be another edition
// of a folder's pages.
func editionCandidate(k kind) bool {
	return k == kindPDF || k == kindEPUB || k == kindText
}

// editionSource reports whether a file of kind k is a page written in a
// format the other editions are made from, besides HTML: its headings are
// the author's, where a PDF has running heads.
func editionSource(k kind) bool {
	switch k {
	case kindMarkdown, kindRST, kindAsciiDoc, kindDOCX, kindODT:
		return true
	}
	return false
}

// eachShingle calls fn with the hash of every sampled run of shingleWords
// words of text, words being runs of letters and digits, lower-cased, so
// that markup, punctuation, wrapping and page furniture between words do
// not hide a repeat.
func eachShingle(text string, fn func(uint64)) {
	var ring [shingleWords]uint64 // the hashes of the last words
	n := 0
	word := fnv.New64a()
	inWord := false
	var buf []byte
	end := func() {
		if !inWord {
			return
		}
		inWord = false
		ring[n%shingleWords] = word.Sum64()
		n++
		word.Reset()
		if n < shingleWords {
			return
		}
		var h uint64 = 14695981039346656037 // FNV-1a over the run's word hashes
		for i := n - shingleWords; i < n; i++ {
			h ^= ring[i%shingleWords]
			h *= 1099511628211
		}
		if h%shingleSample == 0 {
			fn(h)
		}
	}
	for _, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			inWord = true
			buf = utf8.AppendRune(buf[:0], unicode.ToLower(r))
			word.Write(buf)
			continue
		}
		end()
	}
	end()
}

// edition returns a *CombinedPageError when text, the file at path,
// repeats the word runs of pages already added (combinedShare of its
// sampled runs); nil otherwise.
func (r *repeatIndex) edition(path, text string) error {
	n, found, pages := heldBy(r.shingles, text, eachShingle)
	if n < editionMinShingles {
		return nil
	}
	if share := float64(found) / float64(n); pages >= 1 && share >= combinedShare {
		return &CombinedPageError{Path: path, Repeated: share, Pages: pages, OtherFormat: true}
	}
	return nil
}
