package baseline

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/mapping"

	"github.com/hybridrag/hybridrag/store"
)

// ErrEmpty means Search was called on an index holding no chunk.
var ErrEmpty = errors.New("baseline: no documents indexed")

// Index is an in-memory bleve index of baseline chunks. Add must not run
// concurrently with anything; once built, Search is safe for concurrent
// use (bleve's index is).
type Index struct {
	idx    bleve.Index
	chunks []Chunk
}

// New returns an empty index: bleve's default (upsidedown, tf-idf)
// in-memory index with one text field under the standard English
// analyzer.
func New() (*Index, error) {
	field := bleve.NewTextFieldMapping()
	field.Analyzer = en.AnalyzerName
	field.Store = false
	dm := bleve.NewDocumentStaticMapping()
	dm.AddFieldMappingsAt("text", field)
	m := mapping.NewIndexMapping()
	m.DefaultMapping = dm
	m.DefaultAnalyzer = en.AnalyzerName
	idx, err := bleve.NewMemOnly(m)
	if err != nil {
		return nil, fmt.Errorf("baseline: %w", err)
	}
	return &Index{idx: idx}, nil
}

// Add splits doc (see Split) and indexes its chunks.
func (x *Index) Add(doc store.Document) error {
	b := x.idx.NewBatch()
	for _, c := range Split(doc) {
		id := strconv.Itoa(len(x.chunks))
		if err := b.Index(id, map[string]any{"text": c.Text}); err != nil {
			return fmt.Errorf("baseline: index %s: %w", doc.ID, err)
		}
		x.chunks = append(x.chunks, c)
	}
	if err := x.idx.Batch(b); err != nil {
		return fmt.Errorf("baseline: index %s: %w", doc.ID, err)
	}
	return nil
}

// Len is the number of chunks indexed.
func (x *Index) Len() int { return len(x.chunks) }

// Search returns the k chunks whose text best matches query (any of its
// terms, bleve's tf-idf), best first.
func (x *Index) Search(query string, k int) ([]Chunk, error) {
	if len(x.chunks) == 0 {
		return nil, ErrEmpty
	}
	q := bleve.NewMatchQuery(query)
	q.SetField("text")
	req := bleve.NewSearchRequestOptions(q, k, 0, false)
	res, err := x.idx.Search(req)
	if err != nil {
		return nil, fmt.Errorf("baseline: search: %w", err)
	}
	out := make([]Chunk, 0, len(res.Hits))
	for _, h := range res.Hits {
		i, err := strconv.Atoi(h.ID)
		if err != nil || i < 0 || i >= len(x.chunks) {
			return nil, fmt.Errorf("baseline: search: unknown hit %q", h.ID)
		}
		out = append(out, x.chunks[i])
	}
	return out, nil
}

// Close releases the index.
func (x *Index) Close() error { return x.idx.Close() }
