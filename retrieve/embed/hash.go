package embed

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Features selects the feature families Hash extracts; combine with |.
type Features uint8

// Feature families.
const (
	// CharNGrams are the character n-grams of each word with boundary
	// markers: "<pump>" gives "<pum", "pump", "ump>", "<pump", … for n = 4–6.
	CharNGrams Features = 1 << iota
	// WordUnigrams are whole words.
	WordUnigrams
	// WordBigrams are pairs of adjacent words.
	WordBigrams
	// CodeParts are the parts of code tokens that are not words of their
	// own ("get", "element", "by" and "id" of "getElementById", "rnas" of
	// "microRNAs"), as words at half weight, so that a question spelling
	// an identifier's parts out meets it as it does in the keyword index.
	// Off by default: on SciFact (test) it raised vector-only nDCG@10 from
	// 0.4989 to 0.4998 but lowered the default hybrid's from 0.7012 to
	// 0.7006 (scientific names such as "GTPase" and "microRNAs" are split
	// too), and on the manual sets it changed four answers, two for the
	// better (BENCHMARKS.md, "code words read alike").
	CodeParts
)

// Defaults of HashOptions; a zero field takes these.
const (
	// DefaultHashDim is the vector dimension of Hash.
	DefaultHashDim = 384
	// DefaultFeatures are character n-grams only: on SciFact (train split)
	// adding word unigrams lowered nDCG@10 and bigrams changed it by less
	// than the noise, at every dimension tried (see scifact_test.go).
	DefaultFeatures = CharNGrams
	// DefaultMinNGram and DefaultMaxNGram bound the character n-grams
	// (counted in runes, boundary markers included).
	DefaultMinNGram = 4
	DefaultMaxNGram = 6
	// MinHashDim is the smallest dimension Hash accepts; a smaller positive
	// Dim is raised to it. Coordinate 0 is reserved (see Hash).
	MinHashDim = 16
	// MaxNGramLimit caps MaxNGram: longer n-grams are nearly whole words
	// and only add collisions.
	MaxNGramLimit = 8
)

// Feature weights, chosen on the SciFact train split; only their ratios
// matter because vectors are L2-normalised.
const (
	// charWeight is the norm given to all character n-grams of one word
	// together, so that long words, which have many n-grams, do not drown
	// short ones.
	charWeight = 1.0
	// unigramWeight and bigramWeight are per occurrence.
	unigramWeight = 0.5
	bigramWeight  = 0.25
	// stopwordWeight scales every feature of a stop word: they occur in
	// every English text, so matching them says little. Measured on
	// SciFact train: 0.39 nDCG@10 without it, 0.49 with it.
	stopwordWeight = 0.1
	// codeWeight is per occurrence of a code token's whole form
	// ("max_connections", "arc<t>", "@"): words are runs of letters and
	// digits, so without it an operator has no feature at all and an
	// identifier only the features of its parts.
	codeWeight = 0.5
	// partWeight scales the features of a code token's parts that are not
	// words of their own (CodeParts).
	partWeight = 0.5
	// tfExponent dampens repeated features: a feature seen tf times weighs
	// tf^0.7 (1+ln tf and tf^0.5 to 0.9 were measured too; 0.7 was best).
	tfExponent = 0.7
)

// HashOptions configures Hash. The zero value means the defaults above.
type HashOptions struct {
	// Dim is the vector dimension: 0 means DefaultHashDim, a positive value
	// below MinHashDim is raised to MinHashDim. Larger dimensions collide
	// less and retrieve better at a proportional memory and search cost
	// (SciFact test nDCG@10 is documented on Hash).
	Dim int
	// Features selects the feature families; 0 means DefaultFeatures, and
	// a set with none of CharNGrams, WordUnigrams and WordBigrams (CodeParts
	// alone) gets DefaultFeatures added.
	Features Features
	// MinNGram and MaxNGram bound the character n-grams: 0 means the
	// default; both are capped at MaxNGramLimit and MaxNGram is raised to
	// MinNGram if smaller.
	MinNGram int
	MaxNGram int
}

// hashConfig is the resolved feature design. It is separate from
// HashOptions so that the evaluation can try weights the public options do
// not expose.
type hashConfig struct {
	dim        int
	minN, maxN int     // character n-gram range; maxN == 0 disables them
	char       float32 // 0 disables character n-grams
	unigram    float32 // 0 disables word unigrams
	bigram     float32 // 0 disables word bigrams
	code       float32 // weight of a code token's whole form; 0 disables it
	part       float32 // factor of a code token's parts (CodeParts); 0 disables them
	stopword   float32 // multiplier for the features of stop words
	tfExponent float64 // a feature seen tf times weighs tf^tfExponent
}

func (o HashOptions) config() hashConfig {
	c := hashConfig{
		dim: o.Dim, minN: o.MinNGram, maxN: o.MaxNGram,
		stopword: stopwordWeight, tfExponent: tfExponent, code: codeWeight,
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
	f := o.Features
	if f&(CharNGrams|WordUnigrams|WordBigrams) == 0 {
		f |= DefaultFeatures // CodeParts alone adds to the defaults
	}
	if f&CharNGrams != 0 {
		c.char = charWeight
	}
	if f&CodeParts != 0 {
		c.part = partWeight
	}
	if f&WordUnigrams != 0 {
		c.unigram = unigramWeight
	}
	if f&WordBigrams != 0 {
		c.bigram = bigramWeight
	}
	return c
}

// Hash is an offline, deterministic, lexical embedder: it maps a text to a
// vector by feature hashing, with no model and no corpus statistics.
//
// Words are maximal runs of Unicode letters and digits (combining marks
// included), lower-cased. By default the features are the character
// n-grams (n = 4–6 runes) of each word with boundary markers, so "pump"
// shares features with "pumps" and "pumping"; whole words and word bigrams
// can be added with HashOptions.Features. Each feature is hashed with
// 64-bit FNV-1a — a fixed algorithm, so vectors are identical across
// processes, machines and Go releases — into one coordinate, with a sign
// from another hash bit so that colliding features tend to cancel rather
// than pile up. A feature seen tf times weighs tf^0.7, features of common
// English stop words weigh a tenth, and the vector is L2-normalised, so
// cosine similarity is a dot product.
//
// Hash is lexical: two texts are close when they share words or parts of
// words, not when they mean the same thing; "car" and "automobile" are
// unrelated to it. Vector-only nDCG@10 on BEIR SciFact (test split) is
// 0.50 at the default 384 dimensions, 0.54 at 768, 0.55 at 1024 and 0.57
// at 2048, against about 0.67 for BM25. It is a dependable offline default
// and complements BM25 in hybrid search (it matches word fragments BM25
// misses), but when questions are phrased differently from the documents,
// plug a real embedding model in through FromLangchain.
//
// Code tokens ("max_connections", "Arc<T>", "&mut", "--flag", "@",
// "getElementById") are read as the keyword indexes read them
// (textutil.Side: documents with textutil.DocumentSide, questions with
// textutil.QuerySide): they add one feature for their whole lower-cased
// form; with CodeParts, their parts that are not words of their own ("get",
// "element", "by" and "id" of "getElementById") add the features of a word
// at half weight, and then a document's "CMake" also gives the word "make",
// a question's does not (see textutil.Side). A text with no letters or
// digits and no operator (empty, or only punctuation and spaces) has no
// features; it gets the fixed vector e0 (1 at coordinate 0, 0
// elsewhere). Coordinate 0 is reserved for this, so such a vector is
// orthogonal to every text that has features (cosine 0), and it is never
// the zero vector, for which cosine is undefined.
//
// Hash is safe for concurrent use.
type Hash struct {
	cfg     hashConfig
	tfTable []float32 // tf^tfExponent / tf for small tf; see tfScale
	scratch sync.Pool // *hashScratch
}

// NewHash returns a Hash embedder configured by opts.
func NewHash(opts HashOptions) *Hash { return newHash(opts.config()) }

func newHash(cfg hashConfig) *Hash {
	h := &Hash{cfg: cfg, tfTable: make([]float32, tfTableSize)}
	for tf := 1; tf < tfTableSize; tf++ {
		h.tfTable[tf] = tfScale(tf, cfg.tfExponent)
	}
	h.scratch.New = func() any { return newHashScratch() }
	return h
}

// tfTableSize covers the counts of nearly every feature of a chunk, so
// math.Pow runs only for the rare very frequent ones.
const tfTableSize = 256

// tfScale turns the summed weight of a feature seen tf times into its
// dampened weight: sum · tf^e / tf.
func (h *Hash) tfScale(tf uint32) float32 {
	if tf < tfTableSize {
		return h.tfTable[tf]
	}
	return tfScale(int(tf), h.cfg.tfExponent)
}

func tfScale(tf int, exponent float64) float32 {
	return float32(math.Pow(float64(tf), exponent) / float64(tf))
}

// Name says what the vectors are: "hash (offline, N dimensions)".
func (h *Hash) Name() string { return fmt.Sprintf("hash (offline, %d dimensions)", h.cfg.dim) }

// ConfigHash identifies the configuration (dimension, n-gram range and
// weights): two Hash embedders with equal ConfigHash produce equal vectors.
func (h *Hash) ConfigHash() string {
	c := h.cfg
	// The fields before CodeParts existed, printed as hashConfig was, so
	// that stores embedded before it keep their hash while their vectors
	// are unchanged.
	id := fmt.Appendf(nil, "%+v", struct {
		dim                                   int
		minN, maxN                            int
		char, unigram, bigram, code, stopword float32
		tfExponent                            float64
	}{c.dim, c.minN, c.maxN, c.char, c.unigram, c.bigram, c.code, c.stopword, c.tfExponent})
	if c.part != 0 {
		id = fmt.Appendf(id, " part:%v", c.part)
	}
	sum := sha256.Sum256(id)
	return hex.EncodeToString(sum[:8])
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
		h.embed(v, text, textutil.DocumentSide, s)
		out[i] = v
	}
	return out, nil
}

// EmbedQuery returns the unit vector of text, a question: its code words
// are read as a question's (textutil.QuerySide), otherwise as
// EmbedDocuments reads a text.
func (h *Hash) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	v := make([]float32, h.cfg.dim)
	s := h.scratch.Get().(*hashScratch)
	h.embed(v, text, textutil.QuerySide, s)
	h.putScratch(s)
	return v, nil
}

func (h *Hash) putScratch(s *hashScratch) {
	if len(s.slots) > maxPooledTable {
		return // a huge text grew it; do not keep that memory around
	}
	h.scratch.Put(s)
}

// embed writes the unit vector of text into v, which must be zeroed and of
// length h.cfg.dim, reading code words for side.
func (h *Hash) embed(v []float32, text string, side textutil.Side, s *hashScratch) {
	s.reset()
	w := wordState{}
	for _, r := range text {
		switch {
		case r < utf8.RuneSelf:
			// ASCII fast path: same result as the Unicode tests below.
			switch {
			case 'a' <= r && r <= 'z' || '0' <= r && r <= '9':
				s.offs = append(s.offs, int32(len(s.word)))
				s.word = append(s.word, byte(r))
			case 'A' <= r && r <= 'Z':
				s.offs = append(s.offs, int32(len(s.word)))
				s.word = append(s.word, byte(r+'a'-'A'))
			default:
				h.addWord(s, &w)
			}
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
	if h.cfg.code > 0 || h.cfg.part > 0 {
		// A feature for each code token's whole form and the words of its
		// parts, the terms the keyword index adds too.
		side.ForEachCodeWord(text, func(start, end int, whole string, parts []string) {
			if h.cfg.code > 0 {
				s.add(fnvString(fnvByte(fnvOffset, 'k'), whole), h.cfg.code)
			}
			if h.cfg.part > 0 {
				for _, p := range parts {
					if !isWordOf(text[start:end], p) {
						h.addPart(s, p)
					}
				}
			}
		})
	}
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
	if c.unigram > 0 {
		s.add(fnvBytes(fnvByte(fnvOffset, 'w'), word), c.unigram*factor)
	}
	if c.bigram > 0 {
		// A bigram's key is FNV-1a over "b" + previous word + " " + word.
		// FNV is incremental, so it continues the state kept from the
		// previous word and no earlier word needs to be stored.
		start := fnvBytes(fnvByte(fnvOffset, 'b'), word)
		if w.hasPrev {
			bg := fnvBytes(fnvByte(w.prevBigram, ' '), word)
			s.add(bg, c.bigram*min(factor, w.prevWeight))
		}
		w.prevBigram, w.prevWeight, w.hasPrev = start, factor, true
	}
	if c.char > 0 {
		h.addCharNGrams(s, factor)
	}
	s.word, s.offs = s.word[:0], s.offs[:0]
}

// addPart adds the features of part, a code token's lower-cased part, as
// those of a word weighted by c.part, outside the bigram chain.
func (h *Hash) addPart(s *hashScratch, part string) {
	c := &h.cfg
	s.word, s.offs = s.word[:0], s.offs[:0]
	for _, r := range part {
		s.offs = append(s.offs, int32(len(s.word)))
		s.word = utf8.AppendRune(s.word, r)
	}
	factor := c.part
	if c.stopword != 1 && isStopword(s.word) {
		factor *= c.stopword
	}
	if c.unigram > 0 {
		s.add(fnvBytes(fnvByte(fnvOffset, 'w'), s.word), c.unigram*factor)
	}
	if c.char > 0 {
		h.addCharNGrams(s, factor)
	}
	s.word, s.offs = s.word[:0], s.offs[:0]
}

// isWordOf reports whether part is one of the words (runs of letters and
// digits) of span, which embed has already given features: the parts of
// "max_connections" are its words, those of "maxConnections" are not.
func isWordOf(span, part string) bool {
	start := -1
	for i, r := range span {
		alnum := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case alnum && start < 0:
			start = i
		case !alnum && start >= 0:
			if strings.EqualFold(span[start:i], part) {
				return true
			}
			start = -1
		}
	}
	return start >= 0 && strings.EqualFold(span[start:], part)
}

// addCharNGrams adds the n-grams of "<word>" for n in [minN, maxN], giving
// them together the norm c.char·factor.
func (h *Hash) addCharNGrams(s *hashScratch, factor float32) {
	c := &h.cfg
	runes := len(s.offs)
	s.offs = append(s.offs, int32(len(s.word))) // end of the last rune
	// Positions 0 and runes+1 are the markers '<' and '>'; position q in
	// [1, runes] is rune q-1.
	total := runes + 2
	count := 0
	for n := c.minN; n <= c.maxN && n <= total; n++ {
		count += total - n + 1
	}
	if count == 0 {
		return
	}
	weight := c.char * factor / float32(math.Sqrt(float64(count)))
	// Each start position extends one FNV state through n = minN..maxN, so
	// every byte is hashed at most maxN times.
	for p := 0; p+c.minN <= total; p++ {
		hv := fnvByte(fnvOffset, 'c')
		for q := p; q < p+c.maxN && q < total; q++ {
			switch q {
			case 0:
				hv = fnvByte(hv, '<')
			case runes + 1:
				hv = fnvByte(hv, '>')
			default:
				hv = fnvBytes(hv, s.word[s.offs[q-1]:s.offs[q]])
			}
			if q-p+1 >= c.minN {
				s.add(hv, weight)
			}
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
	for _, i := range s.used {
		slot := &s.slots[i]
		val := slot.sum
		if n := slot.count; n > 1 {
			val *= h.tfScale(n)
		}
		m := mix64(slot.key)
		if m>>63 == 1 { // the top bit picks the sign, the rest the bucket
			val = -val
		}
		v[1+(m&(1<<63-1))%buckets] += val
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

func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * fnvPrime
	}
	return h
}

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
