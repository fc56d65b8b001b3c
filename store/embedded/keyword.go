package embedded

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	index "github.com/blevesearch/bleve_index_api"
	"github.com/hybridrag/hybridrag/store"
)

// Fields of the keyword index. Only fieldText is analysed for search; the
// others are single keyword terms used by filters.
const (
	fieldText            = "text" // title + heading path + chunk text
	fieldTenant          = "tenant"
	fieldProject         = "project"
	fieldSourceType      = "source_type"
	fieldConfidentiality = "confidentiality"
	fieldDocumentID      = "document_id"
	fieldDate            = "date"
	// emptyKeyword is indexed for an empty keyword value.
	emptyKeyword = "\x00"
)

// Internal (non-document) keys the store keeps in the bleve index. Both are
// written in the same bleve batch as the changes they describe.
const (
	internalApplied = "hybridrag/applied_version" // last record-log version applied
	internalMapping = "hybridrag/mapping_version" // bumps force a rebuild
	mappingVersion  = "3"                         // 2: code tokens (codetokens.go); 3: keyword stop words
)

const (
	// reindexBatch is how many chunks a rebuild sends to bleve at once.
	reindexBatch = 1024
	// closePersistWait bounds how long Close waits for bleve to persist its
	// last batch; an index closed earlier is caught up at the next Open.
	closePersistWait = 30 * time.Second
)

// newIndexMapping is the lean mapping: nothing stored, no term vectors, no
// doc values, no _all field. Documents are built directly (see buildDoc);
// the mapping describes the same fields for queries and for bleve's own
// BM25 mode.
func newIndexMapping() *mapping.IndexMappingImpl {
	m := bleve.NewIndexMapping()
	m.ScoringModel = index.BM25Scoring
	m.DefaultAnalyzer = codeAnalyzerName
	m.StoreDynamic = false
	m.IndexDynamic = false
	m.DocValuesDynamic = false
	dm := bleve.NewDocumentStaticMapping()
	text := bleve.NewTextFieldMapping()
	text.Analyzer = codeAnalyzerName
	lean(text)
	dm.AddFieldMappingsAt(fieldText, text)
	for _, name := range []string{fieldTenant, fieldProject, fieldSourceType, fieldConfidentiality, fieldDocumentID} {
		kw := bleve.NewKeywordFieldMapping()
		lean(kw)
		dm.AddFieldMappingsAt(name, kw)
	}
	date := bleve.NewDateTimeFieldMapping()
	lean(date)
	dm.AddFieldMappingsAt(fieldDate, date)
	m.DefaultMapping = dm
	return m
}

func lean(f *mapping.FieldMapping) {
	f.Store = false
	f.IncludeTermVectors = false
	f.IncludeInAll = false
	f.DocValues = false
}

// scorchConfig: batches return once introduced, without waiting for bleve to
// persist them; the record log is what makes a batch durable, and Open
// re-applies whatever bleve had not persisted.
func scorchConfig() map[string]any {
	return map[string]any{"unsafe_batch": true}
}

// keywordIndex is the bleve side of the store. bleve.Index is safe for
// concurrent use; the Store serialises batches.
type keywordIndex struct {
	idx      bleve.Index
	mapping  *mapping.IndexMappingImpl
	analyzer analysis.Analyzer // codeAnalyzerName, for the text field
	query    analysis.Analyzer // codeQueryAnalyzerName, for questions
	keyword  analysis.Analyzer
	memOnly  bool // never persisted: Close has nothing to wait for

	mu        sync.Mutex
	persisted sync.Cond // signalled when lastPersisted grows
	applied   int64
	lastPers  int64
}

// openKeywordIndex opens the index at path, creating it if missing. An
// index that cannot be opened, or was built by another mapping version, is
// derived data: it is discarded (discarded = true) and recreated empty for
// the caller to refill from the record log.
func openKeywordIndex(path string) (k *keywordIndex, discarded bool, err error) {
	m := newIndexMapping()
	var idx bleve.Index
	if _, statErr := os.Stat(path); statErr == nil {
		idx, err = openBleve(path)
		if err == nil {
			v, gerr := idx.GetInternal([]byte(internalMapping))
			if gerr != nil || string(v) != mappingVersion {
				idx.Close()
				idx, err = nil, errors.New("mapping version differs")
			}
		}
		if err != nil {
			// An index we may not read or write is not unusable: it is the
			// user's to fix, and deleting it would not even succeed whole.
			if perr := accessProblem(path, err); perr != nil {
				return nil, false, fmt.Errorf("embedded: keyword index %s is not accessible (nothing was changed; fix its permissions): %w", path, perr)
			}
			idx, discarded = nil, true
			if rerr := os.RemoveAll(path); rerr != nil {
				return nil, discarded, fmt.Errorf("embedded: remove unusable keyword index %s: %w", path, rerr)
			}
		}
	}
	if idx == nil {
		idx, err = bleve.NewUsing(path, m, scorch.Name, scorch.Name, scorchConfig())
		if err != nil {
			return nil, discarded, fmt.Errorf("embedded: create keyword index %s: %w", path, err)
		}
		if err := idx.SetInternal([]byte(internalMapping), []byte(mappingVersion)); err != nil {
			idx.Close()
			return nil, discarded, fmt.Errorf("embedded: create keyword index %s: %w", path, err)
		}
	}
	return newKeywordIndex(idx, m, false), discarded, nil
}

func newKeywordIndex(idx bleve.Index, m *mapping.IndexMappingImpl, memOnly bool) *keywordIndex {
	k := &keywordIndex{
		idx:      idx,
		mapping:  m,
		analyzer: m.AnalyzerNamed(codeAnalyzerName),
		query:    m.AnalyzerNamed(codeQueryAnalyzerName),
		keyword:  m.AnalyzerNamed(keyword.Name),
		memOnly:  memOnly,
		applied:  -1,
		lastPers: -1,
	}
	k.persisted.L = &k.mu
	return k
}

// openKeywordIndexReadOnly opens the index at path without writing to it
// (scorch's read_only mode: no persister, no merger, bbolt opened shared).
// It returns nil, without an error, when the index is missing, cannot be
// opened or was built by another mapping version: the caller then builds
// one in memory.
func openKeywordIndexReadOnly(path string) *keywordIndex {
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	cfg := scorchConfig()
	cfg["read_only"] = true
	idx, err := openBleveUsing(path, cfg)
	if err != nil {
		return nil
	}
	if v, err := idx.GetInternal([]byte(internalMapping)); err != nil || string(v) != mappingVersion {
		idx.Close()
		return nil
	}
	return newKeywordIndex(idx, newIndexMapping(), false)
}

// newMemKeywordIndex creates an empty index that lives only in memory, for a
// read-only Store whose index on disk cannot serve it.
func newMemKeywordIndex() (*keywordIndex, error) {
	m := newIndexMapping()
	idx, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, scorchConfig())
	if err != nil {
		return nil, fmt.Errorf("embedded: create in-memory keyword index: %w", err)
	}
	return newKeywordIndex(idx, m, true), nil
}

// openBleve opens an existing index, turning a panic inside bleve or bbolt
// on a damaged file into an error (the index is rebuilt from the log).
func openBleve(path string) (bleve.Index, error) {
	return openBleveUsing(path, scorchConfig())
}

func openBleveUsing(path string, cfg map[string]any) (idx bleve.Index, err error) {
	defer func() {
		if r := recover(); r != nil {
			idx, err = nil, fmt.Errorf("embedded: keyword index %s: panic while opening: %v", path, r)
		}
	}()
	idx, err = bleve.OpenUsing(path, cfg)
	if err != nil {
		// bleve returns a half-built index alongside some errors.
		return nil, err
	}
	return idx, nil
}

// appliedVersion is the record-log version the index last applied, or -1.
func (k *keywordIndex) appliedVersion() int64 {
	v, err := k.idx.GetInternal([]byte(internalApplied))
	if err != nil || v == nil {
		return -1
	}
	n, err := strconv.ParseInt(string(v), 10, 64)
	if err != nil {
		return -1
	}
	return n
}

// preAnalyzed is a text field analysed before the batch reaches bleve, so
// the store learns its token count (BM25's document length) before it writes
// the record, without bleve analysing it a second time.
type preAnalyzed struct{ *document.TextField }

func (preAnalyzed) Analyze() {}

// keywordText is what the text field indexes for a chunk.
func keywordText(c *store.Chunk) string {
	var b strings.Builder
	b.Grow(keywordTextLen(c))
	writeKeywordText(&b, c)
	return b.String()
}

// keywordTextBytes is keywordText built straight into bytes, which the
// bleve field takes (converting the string would copy every chunk's text
// once more).
func keywordTextBytes(c *store.Chunk) []byte {
	b := bytes.NewBuffer(make([]byte, 0, keywordTextLen(c)))
	writeKeywordText(b, c)
	return b.Bytes()
}

func keywordTextLen(c *store.Chunk) int {
	n := len(c.Title) + 1 + len(c.Text) + 1
	for i, h := range c.Heading {
		if i > 0 {
			n += len(" > ")
		}
		n += len(h)
	}
	return n
}

func writeKeywordText(b interface {
	io.ByteWriter
	io.StringWriter
}, c *store.Chunk) {
	b.WriteString(c.Title)
	b.WriteByte('\n')
	for i, h := range c.Heading {
		if i > 0 {
			b.WriteString(" > ")
		}
		b.WriteString(h)
	}
	b.WriteByte('\n')
	b.WriteString(c.Text)
}

func docID(serial uint64) string { return strconv.FormatUint(serial, 10) }

// buildDoc makes the bleve document of a chunk and returns its analysed
// text length.
func (k *keywordIndex) buildDoc(serial uint64, c *store.Chunk) (*document.Document, int) {
	d := document.NewDocument(docID(serial))
	tf := document.NewTextFieldCustom(fieldText, nil, keywordTextBytes(c), index.IndexField, k.analyzer)
	tf.Analyze()
	d.AddField(preAnalyzed{tf})
	kw := func(name, value string) {
		d.AddField(document.NewTextFieldCustom(name, nil, []byte(keywordTerm(value)), index.IndexField, k.keyword))
	}
	kw(fieldTenant, c.TenantID)
	kw(fieldProject, c.ProjectID)
	kw(fieldSourceType, c.Metadata.SourceType)
	kw(fieldConfidentiality, c.Metadata.Confidentiality)
	kw(fieldDocumentID, c.DocumentID)
	if !c.Metadata.Date.IsZero() {
		// clampDate keeps the date inside bleve's range, so this cannot fail.
		if f, err := document.NewDateTimeFieldWithIndexingOptions(fieldDate, nil, clampDate(c.Metadata.Date), time.RFC3339Nano, index.IndexField); err == nil {
			d.AddField(f)
		}
	}
	return d, tf.AnalyzedLength()
}

// pendingDoc is one chunk on its way into the log and the index.
type pendingDoc struct {
	serial uint64
	chunk  *store.Chunk
	encode bool // Put only: also encode the chunk's JSON

	doc    *document.Document // nil until analysed, and after Put drops it
	tokens int
	json   []byte // Put only
	err    error
}

// A batch is analysed (and sent to bleve) in slices of at most
// analyzeSlice chunks whose analysis takes at most analyzeBudget bytes
// (estimated by analysisCost), so memory stays bounded however large one
// document is. One slice of a typical batch holds it whole: each extra
// slice costs a second analysis of its chunks (Put must drop them before
// the commit) and becomes one more bleve segment to merge. Variables so
// that tests can make batches large without large data.
var (
	analyzeSlice  = 4096
	analyzeBudget = 64 << 20
)

// analysisCost estimates the heap a chunk's analysed document takes:
// measured on the benchmark corpus (160 Zipf words, 630 bytes) at 17 KB
// a chunk, about 2 KB of it for the document and its keyword fields and
// 24 bytes per byte of text for the term frequencies.
func analysisCost(c *store.Chunk) int {
	return 2<<10 + 24*keywordTextLen(c)
}

// sliceLen is how many of p's leading chunks make the next analysis slice
// (at least one).
func sliceLen(p []pendingDoc) int {
	cost := 0
	for i := range p {
		if i == analyzeSlice {
			return i
		}
		cost += analysisCost(p[i].chunk)
		if cost > analyzeBudget && i > 0 {
			return i
		}
	}
	return len(p)
}

// prepare analyses a chunk into its bleve document and, for Put, encodes
// its JSON.
func (k *keywordIndex) prepare(p *pendingDoc) {
	p.doc, p.tokens = k.buildDoc(p.serial, p.chunk)
	if !p.encode {
		return
	}
	if p.json, p.err = json.Marshal(p.chunk); p.err != nil {
		p.err = fmt.Errorf("%w: chunk %q: %v", store.ErrInvalidEntry, p.chunk.ID, p.err)
	}
}

// buildDocs prepares every pending chunk, in parallel: analysis dominates
// indexing time.
func (k *keywordIndex) buildDocs(p []pendingDoc) error {
	workers := min(runtime.GOMAXPROCS(0), (len(p)+63)/64)
	if workers <= 1 {
		for i := range p {
			k.prepare(&p[i])
		}
	} else {
		var wg sync.WaitGroup
		next := make(chan int, len(p))
		for i := range p {
			next <- i
		}
		close(next)
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					k.prepare(&p[i])
				}
			}()
		}
		wg.Wait()
	}
	for i := range p {
		if p[i].err != nil {
			return p[i].err
		}
	}
	return nil
}

// apply sends one batch to bleve: removals, additions and the record-log
// version they bring the index to, atomically.
//
// Additions that Put did not keep analysed (a batch larger than one
// slice, see sliceLen) are analysed and sent a slice at a time; only the last
// bleve batch records version, so a crash between them leaves the index
// behind the log, and Open reconciles it (the caller holds the store's
// exclusive lock meanwhile, so no reader sees a partial batch).
func (k *keywordIndex) apply(remove []uint64, add []pendingDoc, version int64) error {
	for len(add) > 0 && add[0].doc == nil {
		n := sliceLen(add)
		if n == len(add) {
			break
		}
		if err := k.applyPart(remove, add[:n]); err != nil {
			return err
		}
		remove, add = nil, add[n:]
	}
	if len(add) > 0 && add[0].doc == nil {
		if err := k.buildDocs(add); err != nil {
			return err
		}
	}
	b := k.idx.NewBatch()
	for _, s := range remove {
		b.Delete(docID(s))
	}
	for i := range add {
		if err := b.IndexAdvanced(add[i].doc); err != nil {
			return fmt.Errorf("embedded: keyword index: %w", err)
		}
	}
	b.SetInternal([]byte(internalApplied), []byte(strconv.FormatInt(version, 10)))
	b.SetPersistedCallback(func(err error) {
		if err == nil {
			k.markPersisted(version)
		}
	})
	if err := k.idx.Batch(b); err != nil {
		return fmt.Errorf("embedded: keyword index: %w", err)
	}
	k.mu.Lock()
	k.applied = max(k.applied, version)
	k.mu.Unlock()
	return nil
}

// applyPart sends removals and one slice of additions to bleve without a
// version, analysing the slice first if needed, and drops the analysis.
func (k *keywordIndex) applyPart(remove []uint64, part []pendingDoc) error {
	if part[0].doc == nil {
		if err := k.buildDocs(part); err != nil {
			return err
		}
	}
	b := k.idx.NewBatch()
	for _, s := range remove {
		b.Delete(docID(s))
	}
	for i := range part {
		if err := b.IndexAdvanced(part[i].doc); err != nil {
			return fmt.Errorf("embedded: keyword index: %w", err)
		}
		part[i].doc = nil
	}
	if err := k.idx.Batch(b); err != nil {
		return fmt.Errorf("embedded: keyword index: %w", err)
	}
	return nil
}

func (k *keywordIndex) markPersisted(version int64) {
	k.mu.Lock()
	k.lastPers = max(k.lastPers, version)
	k.mu.Unlock()
	k.persisted.Broadcast()
}

// close waits (bounded) for bleve to persist the last applied batch, so the
// next Open finds the index current, then closes it.
func (k *keywordIndex) close() error {
	if k.memOnly {
		return k.idx.Close()
	}
	deadline := time.Now().Add(closePersistWait)
	timer := time.AfterFunc(closePersistWait, k.persisted.Broadcast)
	k.mu.Lock()
	for k.lastPers < k.applied && time.Now().Before(deadline) {
		k.persisted.Wait()
	}
	k.mu.Unlock()
	timer.Stop()
	return k.idx.Close()
}

// accessProblem returns a permission error that explains why the index at
// path failed to open (openErr, or one found by reading every file and
// creating one in its folders), or nil when permissions are not the cause.
func accessProblem(path string, openErr error) error {
	if errors.Is(openErr, fs.ErrPermission) {
		return openErr
	}
	return filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			if errors.Is(err, fs.ErrPermission) {
				return err
			}
			return nil
		case d.IsDir():
			f, err := os.CreateTemp(p, ".access-*")
			if err != nil {
				if errors.Is(err, fs.ErrPermission) {
					return err
				}
				return nil
			}
			f.Close()
			os.Remove(f.Name())
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			if errors.Is(err, fs.ErrPermission) {
				return err
			}
			return nil
		}
		return f.Close()
	})
}
