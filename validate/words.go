package validate

import (
	"strings"
	"sync"
	"sync/atomic"
	"unicode"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// wordInfo is what the validator derives from a word as written. Stemming
// dominates the cost of indexing sources, and the vocabulary of a
// collection is small next to its size, so infos are memoised.
type wordInfo struct {
	lower  string // lower-cased, possessive removed
	joined string // lower without hyphens, "" when it has none
	stop   bool   // a stop word
	letter bool   // holds a letter
	stem   string // textutil.Stem(lower) ("" for stop words)
	canon  string // canonical term (see canon), "" without letters
	unit   string // the unit the word names on its own (isUnitWord), or ""
	polar  string // canonical id when a polarity or scale word, else ""
	clause bool   // opens a clause (clauseWords)
	neg    bool   // a negation cue (negationCues)
}

// maxCachedWords bounds the memo (a few MB at most); past it infos are
// computed each time.
const maxCachedWords = 1 << 15

var (
	wordCache  sync.Map // string → *wordInfo
	wordCached atomic.Int64
)

// infoOf returns the info of a word as written.
func infoOf(w string) *wordInfo {
	if v, ok := wordCache.Load(w); ok {
		return v.(*wordInfo)
	}
	info := newWordInfo(w)
	// Numbers and codes are cheap to analyse and rarely recur: keep the
	// memo for words.
	if wordCached.Load() < maxCachedWords && strings.IndexFunc(w, unicode.IsDigit) < 0 {
		if _, loaded := wordCache.LoadOrStore(strings.Clone(w), info); !loaded {
			wordCached.Add(1)
		}
	}
	return info
}

func newWordInfo(w string) *wordInfo {
	lw := strings.ToLower(w)
	lw = strings.TrimSuffix(strings.TrimSuffix(lw, "'s"), "’s")
	info := &wordInfo{lower: lw, stop: textutil.IsStopword(lw)}
	if strings.Contains(lw, "-") {
		info.joined = strings.ReplaceAll(lw, "-", "")
	}
	info.letter = strings.IndexFunc(lw, isLetterRune) >= 0
	if !info.stop {
		info.stem = textutil.Stem(lw)
	}
	if info.letter {
		info.canon = canon(lw)
		// A comparative inflected as a verb is a change: "lowered" is
		// "reduced", not "below".
		if (info.canon == canonBelow || info.canon == canonAbove) && (strings.HasSuffix(lw, "ed") || strings.HasSuffix(lw, "ing")) {
			info.canon = siblings[info.canon]
		}
		if antonyms[info.canon] != nil || scale[info.canon] {
			info.polar = info.canon
		}
	}
	info.unit, _ = isUnitWord(w)
	info.clause, info.neg = clauseWords[lw], negationCues[lw]
	return info
}

func isLetterRune(r rune) bool { return unicode.IsLetter(r) }
