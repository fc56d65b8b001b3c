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
// token (lower-casing, stop words, stemming; not shingles). wordTerms is
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

// each calls fn for every analysed term of text, in no particular order.
func (w *wordTerms) each(text string, fn func(term string)) {
	var (
		missed []string
		seen   map[string]bool // allocated on the first miss
	)
	w.mu.RLock()
	forEachWord(text, func(word string) {
		terms, ok := w.cache[word]
		if !ok {
			if seen == nil {
				seen = map[string]bool{}
			}
			if !seen[word] {
				seen[word] = true
				missed = append(missed, word)
			}
			return
		}
		for _, t := range terms {
			fn(t)
		}
	})
	w.mu.RUnlock()
	if len(missed) == 0 {
		return
	}
	// A word missed twice is analysed once: presence is all callers need.
	analysed := make([][]string, len(missed))
	for i, word := range missed {
		analysed[i] = w.analyze(word)
		for _, t := range analysed[i] {
			fn(t)
		}
	}
	w.mu.Lock()
	if len(w.cache)+len(missed) > maxCachedWords {
		clear(w.cache)
	}
	for i, word := range missed {
		// Keys are cloned so that the cache does not pin whole chunk texts.
		w.cache[strings.Clone(word)] = analysed[i]
	}
	w.mu.Unlock()
}

// eachIn calls fn(i, term) for every analysed term of each sentence
// text[spans[i]], in the order each would give sentence by sentence (a
// word first met in one sentence is a cached word in the next), under one
// read lock for the whole text. Locking per sentence made the lock's
// shared reader count a cache line that two goroutines scoring chunks at
// once wrote hundreds of times per retrieval (issue 16 item 6). New words
// are analysed under the read lock, which only a cache insert waits for,
// and inserted once at the end.
func (w *wordTerms) eachIn(text string, spans []textutil.Span, fn func(i int, term string)) {
	type analysed struct {
		terms    []string
		sentence int // where the word was first met
	}
	var (
		fresh   map[string]analysed // words this call analysed
		pending []string            // this sentence's new words, each once
	)
	w.mu.RLock()
	for i, sp := range spans {
		pending = pending[:0]
		forEachWord(text[sp.Start:sp.End], func(word string) {
			terms, ok := w.cache[word]
			if !ok {
				a, seen := fresh[word]
				switch {
				case !seen:
					if fresh == nil {
						fresh = map[string]analysed{}
					}
					fresh[word] = analysed{w.analyze(word), i}
					pending = append(pending, word)
					return
				case a.sentence == i: // its terms come with the sentence's new words
					return
				}
				terms = a.terms
			}
			for _, t := range terms {
				fn(i, t)
			}
		})
		for _, word := range pending {
			for _, t := range fresh[word].terms {
				fn(i, t)
			}
		}
	}
	w.mu.RUnlock()
	if len(fresh) == 0 {
		return
	}
	w.mu.Lock()
	if len(w.cache)+len(fresh) > maxCachedWords {
		clear(w.cache)
	}
	for word, a := range fresh {
		w.cache[strings.Clone(word)] = a.terms
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
