package retrieve

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// maxCachedWords bounds wordTerms: when full it is emptied and refilled,
// which keeps memory bounded (about 10 MB at most) while a collection's
// working vocabulary stays cached almost all the time (the 5,183 SciFact
// abstracts have 63,000 distinct words, counting punctuation and case
// variants).
const maxCachedWords = 1 << 17

// wordTerms finds the analysed terms of chunk texts word by word, with a
// cache of each word's terms. Analysing the selected chunks whole costs
// more than both searches together (bleve's analyzer runs at about a
// microsecond per token); with the cache a chunk costs one map lookup per
// word.
//
// It splits text at white space and trims ASCII punctuation (except '_',
// which joins words in Unicode segmentation) from both ends of each word:
// word boundaries that every tokenizer built on Unicode word segmentation
// (UAX #29) also has, so analysing word by word gives the same terms as
// analysing the whole text, provided the analyzer's filters work token by
// token (lower-casing, stop words, stemming; not shingles), except for a
// stop word kept before a construct's kind, which eachIn adds. wordTerms is
// safe for concurrent use. Words that may be code (textutil.MaybeCode) are
// passed whole, punctuation included, so that an analyzer adding code
// tokens sees the same word the keyword index saw.
type wordTerms struct {
	analyze func(string) []string
	mu      sync.RWMutex
	cache   map[string][]string
}

func newWordTerms(analyze func(string) []string) *wordTerms {
	return &wordTerms{analyze: analyze, cache: map[string][]string{}}
}

// each calls fn for every analysed term of text, word by word in text
// order, each word's terms in the analyzer's order (see eachIn).
func (w *wordTerms) each(text string, fn func(term string)) {
	whole := [1]textutil.Span{{Start: 0, End: len(text)}}
	w.eachIn(text, whole[:], func(_ int, t string) { fn(t) })
}

// eachIn calls fn(i, term) for every analysed term of each sentence
// text[spans[i]]: word by word in text order, every occurrence, whatever
// the cache holds. coverage sums IDF weights in this order; when new words
// came after a sentence's cached ones, the same question got Relevance
// values differing in the last bits depending on what earlier retrievals
// had cached. One read lock covers all sentences: locking per sentence
// made the lock's reader count a cache line that two goroutines scoring
// chunks at once wrote hundreds of times per retrieval (issue 16 item 6).
// New words are analysed under the read lock and inserted once at the end.
func (w *wordTerms) eachIn(text string, spans []textutil.Span, fn func(i int, term string)) {
	var fresh map[string][]string // words this call analysed
	w.mu.RLock()
	for i, sp := range spans {
		var bare string // the previous word, when it gave no terms
		forEachWord(text[sp.Start:sp.End], func(word string) {
			terms, ok := w.cache[word]
			if !ok {
				if terms, ok = fresh[word]; !ok {
					terms = w.analyze(word)
					if fresh == nil {
						fresh = map[string][]string{}
					}
					fresh[word] = terms
				}
			}
			// A stop word naming a construct ("the while statement") is
			// kept by the analyzer only before the construct's kind, which
			// a word alone does not show (textutil.KeywordStopword).
			if bare != "" && textutil.KeywordStopword(bare, word) {
				fn(i, strings.ToLower(bare))
			}
			bare = ""
			if len(terms) == 0 {
				bare = word
			}
			for _, t := range terms {
				fn(i, t)
			}
		})
	}
	w.mu.RUnlock()
	if len(fresh) == 0 {
		return
	}
	w.mu.Lock()
	if len(w.cache)+len(fresh) > maxCachedWords {
		clear(w.cache)
	}
	for word, terms := range fresh {
		// Keys are cloned so that the cache does not pin whole chunk texts.
		w.cache[strings.Clone(word)] = terms
	}
	w.mu.Unlock()
}

// forEachWord calls fn for every white-space-separated word of text with
// ASCII punctuation trimmed from its ends; words left empty are skipped.
func forEachWord(text string, fn func(word string)) {
	start := -1
	for i := 0; i < len(text); {
		c, size := text[i], 1
		space := false
		if c < utf8.RuneSelf {
			space = c == ' ' || '\t' <= c && c <= '\r'
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(text[i:])
			space = unicode.IsSpace(r)
		}
		switch {
		case space && start >= 0:
			emitWord(text[start:i], fn)
			start = -1
		case !space && start < 0:
			start = i
		}
		i += size
	}
	if start >= 0 {
		emitWord(text[start:], fn)
	}
}

func emitWord(word string, fn func(string)) {
	if textutil.MaybeCode(word) {
		// Words that may be code keep their symbols: the keyword index's
		// analyzer adds code tokens ("--flag", "arc<t>", "@") that trimming
		// would lose. Analysing the untrimmed word gives the same terms, at
		// the cost of a cache entry per punctuation variant.
		fn(word)
		return
	}
	lo, hi := 0, len(word)
	for lo < hi && isEdgePunct(word[lo]) {
		lo++
	}
	for hi > lo && isEdgePunct(word[hi-1]) {
		hi--
	}
	if lo < hi {
		fn(word[lo:hi])
	}
}

// isEdgePunct reports ASCII punctuation and symbols, which always end a
// word at its edges in Unicode word segmentation; '_' does not
// (ExtendNumLet). Bytes of multi-byte runes are never trimmed.
func isEdgePunct(c byte) bool {
	return c < utf8.RuneSelf && c != '_' &&
		!('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9')
}

// questionReading adapts analyze, the store's analysis of indexed text
// (store.TermStatter.Analyze), to the words of a question: terms that only
// the document reading of a code word gives (textutil.DocumentOnlyParts:
// "c" and "make" of "CMake") are dropped, so that rules judging a
// question's words see the terms TermStats and the keyword search read
// from it.
func questionReading(analyze func(string) []string) func(string) []string {
	return func(word string) []string {
		terms := analyze(word)
		extra := textutil.DocumentOnlyParts(word)
		if len(extra) == 0 {
			return terms
		}
		drop := map[string]bool{}
		for _, p := range extra {
			for _, t := range analyze(p) {
				drop[t] = true
			}
		}
		if _, parts, ok := textutil.QuerySide.CodeWord(word); ok {
			for _, p := range parts {
				for _, t := range analyze(p) {
					delete(drop, t)
				}
			}
		}
		out := make([]string, 0, len(terms))
		for _, t := range terms {
			if !drop[t] {
				out = append(out, t)
			}
		}
		return out
	}
}
