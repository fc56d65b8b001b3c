package embed

// hashScratch is the per-call working memory of Hash, reused through a
// sync.Pool so that embedding a text allocates nothing in steady state.
// Features are counted in an open-addressing table keyed by their 64-bit
// hash, which is what sublinear tf needs: the count of each distinct
// feature, not of each bucket.
type hashScratch struct {
	slots []featureSlot
	used  []uint32 // occupied slots in insertion order (deterministic)
	word  []byte   // current word, lower-cased UTF-8
	offs  []int32  // byte offset of each letter or digit rune in word
}

// featureSlot is one table entry; the fields sit together so a probe
// touches one cache line.
type featureSlot struct {
	key   uint64  // feature hash; 0 marks an empty slot
	sum   float32 // summed weight of the feature's occurrences
	count uint32  // occurrences of the feature
}

const (
	initialTable = 1 << 10
	// maxPooledTable keeps a scratch that grew for a huge text out of the
	// pool (2^20 slots ≈ 20 MB).
	maxPooledTable = 1 << 20
)

func newHashScratch() *hashScratch {
	return &hashScratch{
		slots: make([]featureSlot, initialTable),
		used:  make([]uint32, 0, initialTable/2),
		word:  make([]byte, 0, 64),
		offs:  make([]int32, 0, 64),
	}
}

// reset empties the table, touching only the occupied slots.
func (s *hashScratch) reset() {
	for _, i := range s.used {
		s.slots[i].key = 0
	}
	s.used = s.used[:0]
	s.word, s.offs = s.word[:0], s.offs[:0]
}

// add records one occurrence of feature key with weight w.
func (s *hashScratch) add(key uint64, w float32) {
	if key == 0 {
		key = 1 // 0 marks empty slots
	}
	if 2*(len(s.used)+1) > len(s.slots) {
		s.grow()
	}
	mask := uint64(len(s.slots) - 1)
	for i := mix64(key) & mask; ; i = (i + 1) & mask {
		slot := &s.slots[i]
		switch slot.key {
		case key:
			slot.sum += w
			slot.count++
			return
		case 0:
			*slot = featureSlot{key: key, sum: w, count: 1}
			s.used = append(s.used, uint32(i))
			return
		}
	}
}

// grow doubles the table and reinserts the occupied slots in their
// insertion order, so iteration order stays deterministic.
func (s *hashScratch) grow() {
	old, used := s.slots, s.used
	s.slots = make([]featureSlot, 2*len(old))
	s.used = make([]uint32, 0, len(s.slots)/2)
	mask := uint64(len(s.slots) - 1)
	for _, j := range used {
		i := mix64(old[j].key) & mask
		for s.slots[i].key != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = old[j]
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
