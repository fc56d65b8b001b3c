package embed

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

func embedOne(t *testing.T, h *Hash, text string) []float32 {
	t.Helper()
	v, err := h.EmbedQuery(context.Background(), text)
	require.NoError(t, err)
	return v
}

func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	return dot / math.Sqrt(na*nb)
}

func norm(v []float32) float64 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	return math.Sqrt(s)
}

func TestHashOptions(t *testing.T) {
	cases := []struct {
		name       string
		opts       HashOptions
		dim        int
		minN, maxN int
		char, uni  bool
		bigram     bool
	}{
		{"zero value", HashOptions{}, DefaultHashDim, DefaultMinNGram, DefaultMaxNGram, true, false, false},
		{"dim", HashOptions{Dim: 1000}, 1000, DefaultMinNGram, DefaultMaxNGram, true, false, false},
		{"tiny dim raised", HashOptions{Dim: 3}, MinHashDim, DefaultMinNGram, DefaultMaxNGram, true, false, false},
		{"negative dim", HashOptions{Dim: -7}, DefaultHashDim, DefaultMinNGram, DefaultMaxNGram, true, false, false},
		{"ngram range", HashOptions{MinNGram: 2, MaxNGram: 3}, DefaultHashDim, 2, 3, true, false, false},
		{"max below min", HashOptions{MinNGram: 5, MaxNGram: 2}, DefaultHashDim, 5, 5, true, false, false},
		{"capped", HashOptions{MinNGram: 20, MaxNGram: 30}, DefaultHashDim, MaxNGramLimit, MaxNGramLimit, true, false, false},
		{"words", HashOptions{Features: WordUnigrams | WordBigrams}, DefaultHashDim, DefaultMinNGram, DefaultMaxNGram, false, true, true},
		{"all", HashOptions{Features: CharNGrams | WordUnigrams | WordBigrams}, DefaultHashDim, DefaultMinNGram, DefaultMaxNGram, true, true, true},
		{"unknown bits", HashOptions{Features: 1 << 7}, DefaultHashDim, DefaultMinNGram, DefaultMaxNGram, true, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := NewHash(c.opts)
			require.Equal(t, c.dim, h.Dimension())
			require.Len(t, embedOne(t, h, "the pump"), c.dim)
			require.Equal(t, c.minN, h.cfg.minN)
			require.Equal(t, c.maxN, h.cfg.maxN)
			require.Equal(t, c.char, h.cfg.char > 0)
			require.Equal(t, c.uni, h.cfg.unigram > 0)
			require.Equal(t, c.bigram, h.cfg.bigram > 0)
		})
	}
}

// TestHashPinnedAlgorithm recomputes a vector with the standard library's
// FNV-1a: the word "ab" has exactly one 4-gram, "<ab>", so its vector is ±1
// at one coordinate. Stored vectors stay valid only while this holds.
func TestHashPinnedAlgorithm(t *testing.T) {
	for _, dim := range []int{16, 384, 1000} {
		t.Run(fmt.Sprint(dim), func(t *testing.T) {
			f := fnv.New64a()
			_, _ = f.Write([]byte("c<ab>"))
			m := mix64(f.Sum64())
			want := make([]float32, dim)
			want[1+(m&(1<<63-1))%uint64(dim-1)] = 1
			if m>>63 == 1 {
				want[1+(m&(1<<63-1))%uint64(dim-1)] = -1
			}
			require.Equal(t, want, embedOne(t, NewHash(HashOptions{Dim: dim}), "AB"))
		})
	}
}

func TestHashDeterministic(t *testing.T) {
	ctx := context.Background()
	texts := []string{
		"The hydraulic pump loses pressure after 200 hours.",
		"Über die Größe des Drucks: naïve Messung.",
		"数据库连接池 configuration",
		"",
	}
	for _, opts := range []HashOptions{{}, {Dim: 64, Features: CharNGrams | WordUnigrams | WordBigrams}} {
		first := NewHash(opts)
		docs, err := first.EmbedDocuments(ctx, texts)
		require.NoError(t, err)
		again, err := first.EmbedDocuments(ctx, texts)
		require.NoError(t, err)
		fresh, err := NewHash(opts).EmbedDocuments(ctx, texts)
		require.NoError(t, err)
		require.Equal(t, docs, again)
		require.Equal(t, docs, fresh)
		for i, text := range texts {
			require.Equal(t, docs[i], embedOne(t, first, text), "query and document embedding of %q", text)
		}
	}
}

// TestHashScratchReuse embeds a text large enough to grow the feature table,
// then small texts with the same (pooled) scratch, and compares them with a
// fresh embedder: leftovers of the big text would change them.
func TestHashScratchReuse(t *testing.T) {
	var big strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&big, "word%dx token%d ", i, i*7)
	}
	reused := NewHash(HashOptions{})
	bigVec := embedOne(t, reused, big.String())
	require.InDelta(t, 1, norm(bigVec), 1e-5)
	for _, text := range []string{"pump pressure", "valve", "pump pressure"} {
		require.Equal(t, embedOne(t, NewHash(HashOptions{}), text), embedOne(t, reused, text))
	}
	require.Equal(t, bigVec, embedOne(t, NewHash(HashOptions{}), big.String()))
}

func TestHashUnitNorm(t *testing.T) {
	h := NewHash(HashOptions{})
	for _, text := range []string{
		"a", "pump", "The pump pressure is low.", strings.Repeat("valve seal ", 500),
		"ÉCOLE élève", "x1 x2 x3 3.14159", "?!", "",
	} {
		require.InDelta(t, 1, norm(embedOne(t, h, text)), 1e-5, text)
	}
}

func TestHashSimilarity(t *testing.T) {
	h := NewHash(HashOptions{})
	cases := []struct {
		name                   string
		text, similar, distant string
	}{
		{"paraphrase", "The pump pressure is too low after startup.",
			"Low pressure in the pumps at startup.",
			"Annual leave policy for new employees."},
		{"inflection", "pumping", "pumps", "invoice"},
		{"shared rare term", "How do I reset the thermocouple?",
			"Thermocouple reset procedure for the furnace controller.",
			"How do I change the password of my account?"},
		{"non-latin", "Как заменить масляный фильтр двигателя?",
			"Замена масляного фильтра двигателя: пошаговая инструкция.",
			"Политика отпусков для новых сотрудников."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q := embedOne(t, h, c.text)
			near, far := cosine(q, embedOne(t, h, c.similar)), cosine(q, embedOne(t, h, c.distant))
			require.Greater(t, near, far)
			require.Greater(t, near, 0.2)
		})
	}
}

func TestHashTextNormalisation(t *testing.T) {
	h := NewHash(HashOptions{Features: CharNGrams | WordUnigrams | WordBigrams})
	cases := []struct {
		name  string
		a, b  string
		equal bool
	}{
		{"case", "PUMP Pressure", "pump pressure", true},
		{"punctuation and spacing", "pump, pressure!", "  pump\tpressure ", true},
		{"unicode case", "ÜBERGRÖSSE", "übergrösse", true},
		{"combining mark stays in the word", "nai\u0308ve", "nai ve", false},
		{"digits are word characters", "x86", "x 86", false},
		{"word order (bigrams)", "water pump", "pump water", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, b := embedOne(t, h, c.a), embedOne(t, h, c.b)
			if c.equal {
				require.Equal(t, a, b)
			} else {
				require.NotEqual(t, a, b)
			}
		})
	}
}

func TestHashFeatureFamilies(t *testing.T) {
	cases := []struct {
		name     string
		features Features
		a, b     string
		min, max float64 // expected cosine range
	}{
		{"char n-grams link inflections", CharNGrams, "pumping", "pumps", 0.2, 1},
		{"words alone do not", WordUnigrams, "pumping", "pumps", -0.01, 0.01},
		{"unigrams ignore order", WordUnigrams, "water pump", "pump water", 0.9999, 1.0001},
		{"bigrams see order", WordUnigrams | WordBigrams, "water pump", "pump water", 0.5, 0.95},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := NewHash(HashOptions{Dim: 4096, Features: c.features})
			got := cosine(embedOne(t, h, c.a), embedOne(t, h, c.b))
			require.GreaterOrEqual(t, got, c.min)
			require.LessOrEqual(t, got, c.max)
		})
	}
}

func TestHashStopwordsWeighDown(t *testing.T) {
	h := NewHash(HashOptions{})
	q := embedOne(t, h, "what is the torque of the bolt")
	content := cosine(q, embedOne(t, h, "bolt torque"))
	function := cosine(q, embedOne(t, h, "what is the of the"))
	require.Greater(t, content, function)
}

func TestHashNoFeatures(t *testing.T) {
	h := NewHash(HashOptions{Dim: 32})
	e0 := make([]float32, 32)
	e0[0] = 1
	withFeatures := embedOne(t, h, "pump")
	require.Zero(t, withFeatures[0], "coordinate 0 is reserved")
	for _, text := range []string{"", "   ", "?!...", "— — —", "\n\t", "\xff\xfe"} {
		t.Run(fmt.Sprintf("%q", text), func(t *testing.T) {
			v := embedOne(t, h, text)
			require.Equal(t, e0, v)
			require.Zero(t, cosine(v, withFeatures))
			_, err := Validate(h, 0).EmbedQuery(context.Background(), text)
			require.NoError(t, err, "the pipeline's validation accepts it")
		})
	}
}

func TestHashContext(t *testing.T) {
	h := NewHash(HashOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := h.EmbedDocuments(ctx, []string{"a", "b"})
	require.ErrorIs(t, err, context.Canceled)
	_, err = h.EmbedQuery(ctx, "a")
	require.ErrorIs(t, err, context.Canceled)

	docs, err := h.EmbedDocuments(context.Background(), nil)
	require.NoError(t, err)
	require.Empty(t, docs)
}

func TestHashDocumentsIndependent(t *testing.T) {
	// The batch shares one backing array; appending to one vector must not
	// overwrite the next.
	docs, err := NewHash(HashOptions{Dim: 16}).EmbedDocuments(context.Background(), []string{"pump", "valve"})
	require.NoError(t, err)
	second := append([]float32(nil), docs[1]...)
	_ = append(docs[0], 42)
	require.Equal(t, second, docs[1])
}

func TestHashConcurrent(t *testing.T) {
	h := NewHash(HashOptions{})
	texts := make([]string, 40)
	for i := range texts {
		texts[i] = fmt.Sprintf("chunk %d about pump %d pressure and valve %d seals", i, i%7, i%3)
	}
	want, err := NewHash(HashOptions{}).EmbedDocuments(context.Background(), texts)
	require.NoError(t, err)

	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Go(func() {
			for i := range texts {
				j := (i + g) % len(texts)
				got, err := h.EmbedQuery(context.Background(), texts[j])
				if err != nil {
					errs <- err
					return
				}
				if !equalBits(got, want[j]) {
					errs <- fmt.Errorf("text %d differs under concurrency", j)
					return
				}
			}
			if _, err := h.EmbedDocuments(context.Background(), texts); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}

func equalBits(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

func TestHashCodeTokens(t *testing.T) {
	h := NewHash(HashOptions{})
	e0 := make([]float32, h.Dimension())
	e0[0] = 1
	require.NotEqual(t, e0, embedOne(t, h, "@"), "an operator has a feature")
	require.InDelta(t, 1, cosine(embedOne(t, h, "`@`"), embedOne(t, h, "@")), 1e-6, "wrapping punctuation is not part of it")
	for _, tt := range []struct{ query, code, split string }{
		{"Arc<T>", "Share it with Arc<T> across threads", "Share it with arc, T across threads"},
		{"max_connections", "Raise max_connections for more sessions", "Raise max connections for more sessions"},
		{"--force", "Pass --force to overwrite", "Pass force to overwrite"},
		{"&mut", "Take &mut self here", "Take mut self here"},
	} {
		q := embedOne(t, h, tt.query)
		require.Greater(t, cosine(q, embedOne(t, h, tt.code)), cosine(q, embedOne(t, h, tt.split)), tt.query)
	}
}

func embedDoc(t *testing.T, h *Hash, text string) []float32 {
	t.Helper()
	v, err := h.EmbedDocuments(context.Background(), []string{text})
	require.NoError(t, err)
	return v[0]
}

// Questions and documents read code words as the keyword indexes do
// (textutil.Side): they agree on every word's whole form, so by default a
// question embeds exactly as the same text indexed; with CodeParts they
// differ only where a document's name with a leading initial also gives
// its rest ("ZPlot" → "plot").
func TestHashQuestionSide(t *testing.T) {
	texts := []string{
		"How is ZPlot configured?", "VTableLookup", "call getWidgetById twice", "wax_seal_count",
		"--fold-twice", "quill::Nib", "Box<Quill>", "&mut quill", "the quill and the nib",
	}
	plain, parts := NewHash(HashOptions{}), NewHash(HashOptions{Features: CodeParts})
	for _, text := range texts {
		require.Equal(t, embedDoc(t, plain, text), embedOne(t, plain, text), text)
	}
	for _, text := range texts[2:] {
		require.Equal(t, embedDoc(t, parts, text), embedOne(t, parts, text), text)
	}
	for _, text := range texts[:2] {
		require.NotEqual(t, embedDoc(t, parts, text), embedOne(t, parts, text), text)
	}
	// A question's "ZPlot" is the name, not also "plot": a page about
	// plotting is no nearer to it than without CodeParts.
	q, page := embedOne(t, parts, "ZPlot"), embedDoc(t, parts, "plot the curve")
	require.InDelta(t, cosine(embedOne(t, plain, "ZPlot"), embedDoc(t, plain, "plot the curve")), cosine(q, page), 1e-6)
}

// CodeParts gives an identifier's camelCase parts the features of words,
// so a question that spells them out comes nearer to it; parts that are
// words already ("wax", "seal" of "wax_seal") add nothing.
func TestHashCodeParts(t *testing.T) {
	plain, parts := NewHash(HashOptions{}), NewHash(HashOptions{Features: CodeParts})
	for _, tt := range []struct{ doc, question string }{
		{"Call getWidgetById to fetch one.", "how do I get a widget by id"},
		{"Set quillInkLevel before writing.", "what is the quill ink level"},
		{"The QuillDriver class owns the nib.", "which driver owns the nib of a quill"},
		{"Use VTableLookup for dispatch.", "how does table lookup dispatch"},
	} {
		before := cosine(embedOne(t, plain, tt.question), embedDoc(t, plain, tt.doc))
		after := cosine(embedOne(t, parts, tt.question), embedDoc(t, parts, tt.doc))
		require.Greater(t, after, before, tt.doc)
	}
	for _, text := range []string{"Set wax_seal to true.", "pass --fold-twice", "use quill::nib", "plain prose only"} {
		require.Equal(t, embedDoc(t, plain, text), embedDoc(t, parts, text), text)
	}
}

// The default configuration's hash is the one stores embedded before
// CodeParts existed recorded: their vectors are unchanged, so they must
// keep opening. CodeParts changes the vectors, so it changes the hash.
func TestHashConfigHashStable(t *testing.T) {
	require.Equal(t, "3880454a0f74dace", NewHash(HashOptions{}).ConfigHash())
	require.NotEqual(t, NewHash(HashOptions{}).ConfigHash(), NewHash(HashOptions{Features: CodeParts}).ConfigHash())
	require.Equal(t, NewHash(HashOptions{Features: CodeParts}).ConfigHash(), NewHash(HashOptions{Features: CodeParts | CharNGrams}).ConfigHash(),
		"CodeParts alone adds to the default features")
}
