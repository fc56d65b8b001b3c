package retrieve

import (
	"cmp"
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/hybridrag/hybridrag/store"
)

// Corpus expansions. Headings name what a section is about ("REFRESH
// MATERIALIZED VIEW", "Connection Pooling"), often in words a question
// does not use; the body of the section uses the question's words. So the
// vocabulary pairs every body term of a chunk with the terms of its title
// and heading path, and a question term suggests the heading terms it
// co-occurs with far more often than chance (normalised PMI).
const (
	// maxVocabularyChunks bounds the chunks a vocabulary is built from; a
	// larger scope gets no corpus expansions (building would scan and
	// analyse every chunk on a query's path).
	maxVocabularyChunks = 100_000
	// vocabularyRefresh is the least time between two checks of one
	// scope's index version: while an index run writes batch after batch,
	// queries keep the older vocabulary instead of rebuilding it at every
	// new index version.
	vocabularyRefresh = 30 * time.Second
	// maxVocabularyScopes bounds the cached (tenant, project) scopes.
	maxVocabularyScopes = 16
)

// vocabulary holds the co-occurrence statistics of one tenant and project.
type vocabulary struct {
	docs     int
	ids      map[string]uint32 // analysed term → id
	terms    []string          // id → analysed term
	surface  []string          // id → a heading word that produces it, lower-cased
	postings [][]uint32        // body term id → chunks holding it (ascending)
	headDF   []int32           // term id → chunks whose headings hold it
	heads    [][]uint32        // chunk → its heading term ids
}

func (v *vocabulary) id(term, word string) uint32 {
	if id, ok := v.ids[term]; ok {
		if v.surface[id] == "" {
			v.surface[id] = strings.ToLower(word)
		}
		return id
	}
	id := uint32(len(v.surface))
	v.ids[term] = id
	v.terms = append(v.terms, term)
	v.surface = append(v.surface, strings.ToLower(word))
	v.postings = append(v.postings, nil)
	v.headDF = append(v.headDF, 0)
	return id
}

// errTooLarge stops a scan of a scope too large to build a vocabulary for.
var errTooLarge = errors.New("retrieve: scope too large for a vocabulary")

// buildVocabulary scans the chunks of f's tenant and project. It returns
// nil, without an error, for a scope over maxVocabularyChunks.
func buildVocabulary(ctx context.Context, sc store.Scanner, f store.Filter, words *wordTerms) (*vocabulary, error) {
	v := &vocabulary{ids: map[string]uint32{}}
	scope := store.Filter{TenantID: f.TenantID, ProjectID: f.ProjectID}
	err := sc.Scan(ctx, scope, func(c store.Chunk, _ []float32) error {
		if v.docs == maxVocabularyChunks {
			return errTooLarge
		}
		doc := uint32(v.docs)
		v.docs++
		var head []uint32
		addHead := func(text string) {
			forEachWord(text, func(word string) {
				for _, t := range words.analyze(word) {
					id := v.id(t, word)
					if !slices.Contains(head, id) {
						head = append(head, id)
					}
				}
			})
		}
		addHead(c.Title)
		for _, h := range c.Heading {
			addHead(h)
		}
		for _, id := range head {
			v.headDF[id]++
		}
		v.heads = append(v.heads, head)
		words.each(c.Text, func(t string) {
			// Body words are not expansions: only headings name a surface.
			id := v.id(t, "")
			// Terms repeat within a chunk; the last posting tells.
			if p := v.postings[id]; len(p) == 0 || p[len(p)-1] != doc {
				v.postings[id] = append(v.postings[id], doc)
			}
		})
		return nil
	})
	if errors.Is(err, errTooLarge) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return v, nil
}

// Thresholds of corpus expansions, set on the tune half of the PostgreSQL
// manual set (BENCHMARKS.md, "Query analysis: expansions and intent").
const (
	// minCooccurrence: a pair seen in fewer chunks is chance.
	minCooccurrence = 3
	// minNPMI: normalised PMI in [-1, 1]; 1 means the heading term occurs
	// exactly where the question term does.
	minNPMI = 0.5
	// maxTermDocFraction: a question term in more chunks than this is too
	// common to say which heading it belongs to.
	maxTermDocFraction = 0.05
	// corpusPerTerm is how many heading terms one question term may add.
	corpusPerTerm = 1
)

// expand returns, for each question term, the heading terms that
// co-occur with it most (as words), skipping terms in skip.
func (v *vocabulary) expand(terms []string, skip map[string]bool) []string {
	var out []string
	n := float64(v.docs)
	for _, t := range terms {
		id, ok := v.ids[t]
		if !ok {
			continue
		}
		post := v.postings[id]
		df := len(post)
		if df < minCooccurrence || float64(df) > maxTermDocFraction*n {
			continue
		}
		co := map[uint32]int{}
		for _, d := range post {
			for _, h := range v.heads[d] {
				if h != id {
					co[h]++
				}
			}
		}
		type cand struct {
			id    uint32
			score float64
		}
		var cands []cand
		for h, c := range co {
			if c < minCooccurrence {
				continue
			}
			pxy := float64(c) / n
			pmi := math.Log(pxy / (float64(df) / n * float64(v.headDF[h]) / n))
			npmi := pmi / -math.Log(pxy)
			if npmi >= minNPMI {
				cands = append(cands, cand{h, npmi})
			}
		}
		// A total order: co is a map, and the terms of one heading word
		// ("max_connections", "max", "connect") share its surface.
		slices.SortFunc(cands, func(a, b cand) int {
			return cmp.Or(cmpFloat(b.score, a.score),
				strings.Compare(v.surface[a.id], v.surface[b.id]),
				strings.Compare(v.terms[a.id], v.terms[b.id]))
		})
		added := 0
		for _, c := range cands {
			if added == corpusPerTerm {
				break
			}
			term := v.terms[c.id]
			if skip[term] || !isWord(v.surface[c.id]) {
				continue
			}
			skip[term] = true
			out = append(out, v.surface[c.id])
			added++
		}
	}
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// newVocabularies caches one vocabulary per tenant and project, built again
// when the store's index version has moved (checked at most every
// vocabularyRefresh); st nil: built once.
func newVocabularies(sc store.Scanner, st store.Statter, words *wordTerms) *scopeCache[*vocabulary] {
	return &scopeCache[*vocabulary]{
		what: "corpus expansions", statter: st, refresh: vocabularyRefresh, max: maxVocabularyScopes,
		build: func(ctx context.Context, f store.Filter) (*vocabulary, error) {
			return buildVocabulary(ctx, sc, f, words)
		},
	}
}

// isWord reports whether a heading word can be an expansion: three or
// more letters and nothing else, which leaves out section numbers
// ("19.4.1."), roman numerals of part headings ("VI") and symbols.
func isWord(w string) bool {
	n := 0
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
		n++
	}
	return n >= 3 && !romanNumeral(w)
}

func romanNumeral(w string) bool {
	return strings.Trim(w, "ivxlcdm") == ""
}
