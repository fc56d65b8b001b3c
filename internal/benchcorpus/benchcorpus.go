package benchcorpus

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/store"
)

// The corpus's shape.
const (
	Vocab   = 50_000 // distinct words
	Words   = 160    // words per chunk, unless a generator is given another count
	Dim     = 384    // vector dimensions, unless a generator is given another count
	PerDoc  = 4      // chunks per document
	Tenants = 3
)

// Word is the i-th vocabulary word: letters only, so that analysis keeps
// it whole.
func Word(i uint64) string {
	var b [12]byte
	n := len(b)
	for {
		n--
		b[n] = byte('a' + i%26)
		i /= 26
		if i == 0 {
			break
		}
	}
	return "z" + string(b[n:])
}

// Generator draws chunks and queries from one random stream. Not safe for
// concurrent use.
type Generator struct {
	r          *rand.Rand
	zipf       *rand.Zipf
	words, dim int
	sb         strings.Builder
}

// New returns a generator of chunks of words words with dim-dimensional
// vectors, seeded with seed.
func New(seed uint64, words, dim int) *Generator {
	r := rand.New(rand.NewPCG(seed, 1))
	return &Generator{r: r, zipf: rand.NewZipf(r, 1.1, 1, Vocab-1), words: words, dim: dim}
}

// Chunk returns the next chunk's text and vector (drawn in that order).
func (g *Generator) Chunk() (string, []float32) {
	g.sb.Reset()
	for w := range g.words {
		if w > 0 {
			g.sb.WriteByte(' ')
		}
		g.sb.WriteString(Word(g.zipf.Uint64()))
	}
	v := make([]float32, g.dim)
	for j := range v {
		v[j] = float32(g.r.NormFloat64())
	}
	return g.sb.String(), v
}

// Query returns a query of 3–5 words from the corpus's word distribution.
func (g *Generator) Query() string {
	n := 3 + g.r.IntN(3)
	q := make([]string, n)
	for i := range q {
		q[i] = Word(g.zipf.Uint64())
	}
	return strings.Join(q, " ")
}

// Entries groups chunks into entries: texts[k] and vecs[k] are chunk
// first+k, and chunk i belongs to document i/PerDoc of tenant
// t<document%Tenants>. A document is cut where the chunks end, so callers
// pass whole documents (first and len(texts) multiples of PerDoc).
func Entries(texts []string, vecs [][]float32, first int) []store.Entry {
	var out []store.Entry
	to := first + len(texts)
	for i := first; i < to; {
		doc := i / PerDoc
		docID := "doc" + strconv.Itoa(doc)
		tenant := "t" + strconv.Itoa(doc%Tenants)
		e := store.Entry{Document: store.Document{ID: docID, TenantID: tenant, Title: "Synthetic " + docID}}
		for j := i; j < to && j/PerDoc == doc; j++ {
			text := texts[j-first]
			e.Chunks = append(e.Chunks, store.Chunk{
				ID: store.ChunkID(docID, j%PerDoc, text), DocumentID: docID, TenantID: tenant,
				Title: e.Document.Title, Text: text, Index: j % PerDoc,
				Metadata: store.Metadata{SourceType: []string{"manual", "report"}[j%2],
					Date: time.Date(2020+j%5, 1, 1, 0, 0, 0, 0, time.UTC)},
			})
			e.Vectors = append(e.Vectors, vecs[j-first])
			i = j + 1
		}
		out = append(out, e)
	}
	return out
}
