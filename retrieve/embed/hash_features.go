package embed

// hashScratch is the per-call working memory of Hash, reused through a
// sync.Pool so that embedding a text allocates nothing in steady state.
// Features are counted in an open-addressing table keyed by their 64-bit
// hash, which is what sublinear tf needs: the count of each distinct
// feature, not of each bucket.
type hashScratch struct {
	keys   []uint64  // feature hash; 0 marks an empty slot
	sums   []float32 // summed weight of the feature's occurrences
	counts []uint32  // occurrences of the feature
	used   []uint32  // occupied slots in insertion order (deterministic)
	word   []byte    // current word, lower-cased UTF-8
	offs   []int32   // byte offset of each letter or digit rune in word
}

const (
	initialTable = 1 << 10
	// maxPooledTable keeps a scratch that grew for a huge text out of the
	// pool (2^20 slots ≈ 20 MB).
	maxPooledTable = 1 << 20
)

func newHashScratch() *hashScratch {
	return &hashScratch{
		keys:   make([]uint64, initialTable),
		sums:   make([]float32, initialTable),
		counts: make([]uint32, initialTable),
		used:   make([]uint32, 0, initialTable/2),
		word:   make([]byte, 0, 64),
		offs:   make([]int32, 0, 64),
	}
}

// reset empties the table, touching only the occupied slots.
func (s *hashScratch) reset() {
	for _, slot := range s.used {
		s.keys[slot] = 0
	}
	s.used = s.used[:0]
	s.word, s.offs = s.word[:0], s.offs[:0]
}

// add records one occurrence of feature key with weight w.
func (s *hashScratch) add(key uint64, w float32) {
	if key == 0 {
		key = 1 // 0 marks empty slots
	}
	if 2*(len(s.used)+1) > len(s.keys) {
		s.grow()
	}
	mask := uint64(len(s.keys) - 1)
	for i := mix64(key) & mask; ; i = (i + 1) & mask {
		switch s.keys[i] {
		case key:
			s.sums[i] += w
			s.counts[i]++
			return
		case 0:
			s.keys[i], s.sums[i], s.counts[i] = key, w, 1
			s.used = append(s.used, uint32(i))
			return
		}
	}
}

// grow doubles the table and reinserts the occupied slots in their
// insertion order, so iteration order stays deterministic.
func (s *hashScratch) grow() {
	keys, sums, counts, used := s.keys, s.sums, s.counts, s.used
	n := 2 * len(keys)
	s.keys, s.sums, s.counts = make([]uint64, n), make([]float32, n), make([]uint32, n)
	s.used = make([]uint32, 0, n/2)
	mask := uint64(n - 1)
	for _, old := range used {
		key := keys[old]
		i := mix64(key) & mask
		for s.keys[i] != 0 {
			i = (i + 1) & mask
		}
		s.keys[i], s.sums[i], s.counts[i] = key, sums[old], counts[old]
		s.used = append(s.used, uint32(i))
	}
}

// isStopword reports whether a lower-cased word is a common English
// function word. The map lookup with string(word) does not allocate.
func isStopword(word []byte) bool {
	_, ok := stopwords[string(word)]
	return ok
}

// stopwords are English function words. Words are split at apostrophes,
// so contractions appear as their parts ("don", "t").
var stopwords = func() map[string]struct{} {
	m := map[string]struct{}{}
	for _, w := range []string{
		"a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and",
		"any", "are", "as", "at", "be", "because", "been", "before", "being", "below",
		"between", "both", "but", "by", "can", "could", "d", "did", "do", "does", "doing",
		"don", "down", "during", "each", "few", "for", "from", "further", "had", "has",
		"have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his",
		"how", "however", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "ll",
		"m", "may", "me", "might", "more", "most", "must", "my", "myself", "no", "nor", "not",
		"of", "off", "on", "once", "only", "or", "other", "our", "ours", "ourselves", "out",
		"over", "own", "re", "s", "same", "shall", "she", "should", "so", "some", "such", "t",
		"than", "that", "the", "their", "theirs", "them", "themselves", "then", "there",
		"therefore", "these", "they", "this", "those", "through", "thus", "to", "too",
		"under", "until", "up", "ve", "very", "via", "was", "we", "were", "what", "when",
		"where", "whether", "which", "while", "who", "whom", "why", "will", "with", "within",
		"without", "would", "yet", "you", "your", "yours", "yourself", "yourselves",
	} {
		m[w] = struct{}{}
	}
	return m
}()
