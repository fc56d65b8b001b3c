package embed

import (
	"context"
	"math"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Defaults of HashOptions; a zero field takes these.
const (
	// DefaultHashDim is the vector dimension of Hash.
	DefaultHashDim = 384
	// DefaultMinNGram and DefaultMaxNGram bound the character n-grams taken
	// from each word (counted in runes, boundary markers included).
	DefaultMinNGram = 3
	DefaultMaxNGram = 5
	// MinHashDim is the smallest dimension Hash accepts; a smaller positive
	// Dim is raised to it. Coordinate 0 is reserved (see Hash).
	MinHashDim = 16
	// MaxNGramLimit caps MaxNGram: longer n-grams are nearly whole words,
	// which the word features already cover.
	MaxNGramLimit = 8
)

// Relative weights of the three feature families. Chosen on the SciFact
// train split (see scifact_test.go); only their ratios matter because
// vectors are L2-normalised.
const (
	unigramWeight = 1.0
	bigramWeight  = 0.5
	// charWeight is the norm given to all character n-grams of one word
	// together, so long words do not drown short ones.
	charWeight = 1.0
	// stopwordWeight scales every feature of a stop word: they occur in
	// every English text, so matching them says little.
	stopwordWeight = 0.1
)

// HashOptions configures Hash. The zero value means the defaults above.
type HashOptions struct {
	// Dim is the vector dimension: 0 means DefaultHashDim, a positive value
	// below MinHashDim is raised to MinHashDim. Larger dimensions collide
	// less and retrieve better at a proportional memory and search cost.
	Dim int
	// MinNGram and MaxNGram bound the character n-grams of each word: 0
	// means the default; MaxNGram is capped at MaxNGramLimit and raised to
	// MinNGram if smaller. Set NoCharNGrams to use words only.
	MinNGram int
	MaxNGram int
	// NoCharNGrams disables character n-grams: faster, but "pump" no longer
	// matches "pumps" or "pumping".
	NoCharNGrams bool
}

// hashConfig is the resolved feature design. It is separate from
// HashOptions so that the evaluation can try variants the public options do
// not expose.
type hashConfig struct {
	dim        int
	minN, maxN int // character n-gram range; maxN == 0 disables them
	unigram    float32
	bigram     float32
	char       float32
	stopword   float32 // multiplier for features of stop words
	sublinear  bool    // 1+ln(tf) instead of tf
	lenWeight  float32 // exponent of a word-length weight (longer words are rarer)
	charFlat   bool
	binary     bool
	power      float64
	tfPow      float64
	nWeight    float64 // char n-gram weight ∝ n^nWeight
}

func (o HashOptions) config() hashConfig {
	c := hashConfig{
		dim: o.Dim, minN: o.MinNGram, maxN: o.MaxNGram,
		unigram: unigramWeight, bigram: bigramWeight, char: charWeight,
		stopword: stopwordWeight, sublinear: true,
	}
	if c.dim <= 0 {
		c.dim = DefaultHashDim
	}
	c.dim = max(c.dim, MinHashDim)
	if c.minN <= 0 {
		c.minN = DefaultMinNGram
	}
	if c.maxN <= 0 {
		c.maxN = DefaultMaxNGram
	}
	c.minN = min(c.minN, MaxNGramLimit)
	c.maxN = min(max(c.maxN, c.minN), MaxNGramLimit)
	if o.NoCharNGrams {
		c.minN, c.maxN = 0, 0
	}
	return c
}

// Hash is an offline, deterministic, lexical embedder: it maps a text to a
// vector by feature hashing, with no model and no corpus statistics.
//
// Features are lower-cased word unigrams, word bigrams and character
// n-grams of each word with boundary markers ("<pump>" gives "<pu", "pum",
// …, "mp>"); words are maximal runs of Unicode letters, digits and combining
// marks. Each feature is hashed with 64-bit FNV-1a (a fixed algorithm, so
// vectors are identical across processes, machines and releases of Go)
// into one coordinate, with a sign taken from another hash bit so that
// colliding features tend to cancel rather than add up. Term frequencies are
// dampened to 1+ln(tf), features of common English stop words are weighted
// down, and the vector is L2-normalised, so cosine similarity is a dot
// product.
//
// Hash is lexical: two texts are close when they share words or parts of
// words, not when they mean the same thing. "car" and "automobile" are
// unrelated to it; "pump" and "pumps" are close. It is a dependable offline
// default and a good complement to BM25 (it matches word fragments BM25
// misses), but for questions phrased differently from the documents, plug a
// real embedding model through FromLangchain.
//
// A text with no letters or digits (empty, or only punctuation and spaces)
// has no features; it gets the fixed vector e0 (1 at coordinate 0, 0
// elsewhere). Coordinate 0 is reserved for this, so such a vector is
// orthogonal to every text that has features (cosine 0) and never a zero
// vector that would make cosine undefined.
//
// Hash is safe for concurrent use.
type Hash struct {
	cfg     hashConfig
	scratch sync.Pool // *hashScratch
}

// NewHash returns a Hash embedder configured by opts.
func NewHash(opts HashOptions) *Hash { return newHash(opts.config()) }

func newHash(cfg hashConfig) *Hash {
	return &Hash{cfg: cfg, scratch: sync.Pool{New: func() any { return newHashScratch() }}}
}

// Dimension returns the length of the vectors Hash produces.
func (h *Hash) Dimension() int { return h.cfg.dim }

// EmbedDocuments returns one unit vector per text. It returns ctx.Err() if
// ctx is done before all texts are embedded.
func (h *Hash) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	if len(texts) == 0 {
		return out, nil
	}
	// One backing array for the batch: one allocation instead of len(texts).
	d := h.cfg.dim
	backing := make([]float32, len(texts)*d)
	s := h.scratch.Get().(*hashScratch)
	defer h.putScratch(s)
	for i, text := range texts {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		v := backing[i*d : (i+1)*d : (i+1)*d]
		h.embed(v, text, s)
		out[i] = v
	}
	return out, nil
}

// EmbedQuery returns the unit vector of text; queries and documents are
// embedded alike.
func (h *Hash) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	v := make([]float32, h.cfg.dim)
	s := h.scratch.Get().(*hashScratch)
	h.embed(v, text, s)
	h.putScratch(s)
	return v, nil
}

func (h *Hash) putScratch(s *hashScratch) {
	if len(s.keys) > maxPooledTable {
		return // a huge text grew it; do not keep that memory around
	}
	h.scratch.Put(s)
}

// embed writes the unit vector of text into v, which must be zeroed and of
// length h.cfg.dim.
func (h *Hash) embed(v []float32, text string, s *hashScratch) {
	s.reset()
	w := wordState{}
	for _, r := range text {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			s.offs = append(s.offs, int32(len(s.word)))
			s.word = utf8.AppendRune(s.word, unicode.ToLower(r))
		case len(s.word) > 0 && unicode.In(r, unicode.Mn, unicode.Mc):
			// Combining marks belong to the word (Devanagari vowel signs,
			// decomposed accents); they never start one.
			s.word = utf8.AppendRune(s.word, r)
		default:
			h.addWord(s, &w)
		}
	}
	h.addWord(s, &w)
	h.project(v, s)
}

// wordState carries what a bigram needs from the previous word.
type wordState struct {
	prevBigram uint64  // FNV state of "b" + previous word
	prevWeight float32 // stop-word factor of the previous word
	hasPrev    bool
}

// addWord adds the features of the word accumulated in s and clears it.
func (h *Hash) addWord(s *hashScratch, w *wordState) {
	word := s.word
	if len(word) == 0 {
		return
	}
	c := &h.cfg
	factor := float32(1)
	if c.stopword != 1 && isStopword(word) {
		factor = c.stopword
	}
	if c.lenWeight != 0 {
		factor *= float32(math.Pow(float64(min(len(s.offs), 12))/6, float64(c.lenWeight)))
	}
	s.add(fnvBytes(fnvByte(fnvOffset, 'w'), word), c.unigram*factor)
	if c.bigram > 0 {
		start := fnvBytes(fnvByte(fnvOffset, 'b'), word)
		if w.hasPrev {
			bg := fnvBytes(fnvByte(w.prevBigram, ' '), word)
			s.add(bg, c.bigram*min(factor, w.prevWeight))
		}
		w.prevBigram, w.prevWeight, w.hasPrev = start, factor, true
	}
	if c.maxN > 0 && c.char > 0 {
		h.addCharNGrams(s, factor)
	}
	s.word, s.offs = s.word[:0], s.offs[:0]
}

// addCharNGrams adds the n-grams of "<word>" for n in [minN, maxN], giving
// them together the norm c.char·factor.
func (h *Hash) addCharNGrams(s *hashScratch, factor float32) {
	c := &h.cfg
	n := len(s.offs) // runes in the word
	s.offs = append(s.offs, int32(len(s.word)))
	// Positions 0 and n+1 are the markers '<' and '>'; position q in
	// [1, n] is rune q-1.
	total := n + 2
	count := 0.0
	for k := c.minN; k <= c.maxN && k <= total; k++ {
		nw := math.Pow(float64(k), c.nWeight)
		count += float64(total-k+1) * nw * nw
	}
	if count == 0 {
		return
	}
	weight0 := c.char * factor / float32(math.Sqrt(count))
	if c.charFlat {
		weight0 = c.char * factor
	}
	for k := c.minN; k <= c.maxN && k <= total; k++ {
		weight := weight0 * float32(math.Pow(float64(k), c.nWeight))
		for p := 0; p+k <= total; p++ {
			last := p + k - 1
			hv := fnvByte(fnvOffset, 'c')
			if p == 0 {
				hv = fnvByte(hv, '<')
			}
			lo, hi := max(p, 1)-1, min(last, n) // runes [lo, hi)
			if hi > lo {
				hv = fnvBytes(hv, s.word[s.offs[lo]:s.offs[hi]])
			}
			if last == n+1 {
				hv = fnvByte(hv, '>')
			}
			s.add(hv, weight)
		}
	}
}

// project folds the accumulated features into v and L2-normalises it.
func (h *Hash) project(v []float32, s *hashScratch) {
	if len(s.used) == 0 {
		v[0] = 1
		return
	}
	buckets := uint64(len(v) - 1) // coordinate 0 is reserved
	for _, slot := range s.used {
		val := s.sums[slot]
		if h.cfg.binary {
			val = val / float32(s.counts[slot])
		} else if h.cfg.tfPow != 0 {
			tf := float64(s.counts[slot])
			val = val / float32(tf) * float32(math.Pow(tf, h.cfg.tfPow))
		} else if h.cfg.sublinear && s.counts[slot] > 1 {
			tf := float32(s.counts[slot])
			val = val / tf * (1 + float32(math.Log(float64(tf))))
		}
		m := mix64(s.keys[slot])
		if m>>63 == 1 { // the top bit picks the sign, the rest the bucket
			val = -val
		}
		v[1+(m&(1<<63-1))%buckets] += val
	}
	if h.cfg.power != 0 {
		for i, x := range v {
			y := float32(math.Pow(math.Abs(float64(x)), h.cfg.power))
			if x < 0 {
				y = -y
			}
			v[i] = y
		}
	}
	var sq float64
	for _, x := range v {
		sq += float64(x) * float64(x)
	}
	if sq == 0 {
		// Every feature cancelled out in its bucket: vanishingly rare, but
		// the vector must not be zero.
		v[0] = 1
		return
	}
	inv := float32(1 / math.Sqrt(sq))
	for i := range v {
		v[i] *= inv
	}
}

// FNV-1a, 64 bit. Fixed constants, unlike hash/maphash's random seed, so
// vectors are reproducible across processes.
const (
	fnvOffset uint64 = 14695981039346656037
	fnvPrime  uint64 = 1099511628211
)

func fnvByte(h uint64, b byte) uint64 { return (h ^ uint64(b)) * fnvPrime }

func fnvBytes(h uint64, bs []byte) uint64 {
	for _, b := range bs {
		h = (h ^ uint64(b)) * fnvPrime
	}
	return h
}

// mix64 is the MurmurHash3 finaliser: FNV's high bits depend weakly on the
// last bytes, and the sign and bucket must both be well mixed.
func mix64(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}
