package hybridrag

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/chunker"
	"github.com/hybridrag/hybridrag/internal/errprefix"
	"github.com/hybridrag/hybridrag/store"
)

// IndexStats summarises an Index call.
type IndexStats struct {
	// Documents is how many of the given documents are now stored:
	// New + Replaced + Unchanged.
	Documents int
	// Chunks is how many chunks those documents have in the store,
	// unchanged documents' included.
	Chunks int
	// New, Replaced and Unchanged split Documents: not stored before,
	// stored with other content, stored exactly so (skipped: not chunked,
	// embedded or written).
	New, Replaced, Unchanged int
	// Written is how many chunks were embedded and written.
	Written  int
	Duration time.Duration
}

// Index chunks, embeds and stores documents. A document whose ID is already
// stored (in the same tenant and project) is replaced, unless the store can
// tell (store.DocumentLister) that it holds it exactly so — same text hash,
// source, title and metadata — in which case it is skipped and counted as
// Unchanged. (A change of Config.Chunking alone is not seen: Delete the
// documents first to re-chunk them.) Documents are validated and chunked
// before anything is written, so a bad document fails the call with a
// *DocumentError and leaves the store as it was; the remaining work is
// written in batches, each atomic, so an error or cancellation part-way
// leaves whole batches. A document of many chunks is written alone, as a
// stream when the store is a store.DocumentStreamer (its vectors are then
// held a group at a time, not whole).
func (p *Pipeline) Index(ctx context.Context, docs ...store.Document) (IndexStats, error) {
	start := time.Now()
	done, err := p.enter()
	if err != nil {
		return IndexStats{}, err
	}
	defer done()
	if p.store == nil {
		return IndexStats{}, ErrNoStore
	}

	normalized := make([]store.Document, len(docs))
	seen := make(map[docKey]bool, len(docs))
	for i, d := range docs {
		if err := normalizeDocument(&d); err != nil {
			return IndexStats{}, &DocumentError{ID: d.ID, Source: d.Source, Err: err}
		}
		k := docKey{d.TenantID, d.ProjectID, d.ID}
		if seen[k] {
			return IndexStats{}, &DocumentError{ID: d.ID, Source: d.Source, Err: fmt.Errorf("%w: duplicate id in one Index call", store.ErrInvalidEntry)}
		}
		seen[k] = true
		normalized[i] = d
	}
	stored, err := p.storedDocuments(ctx, normalized)
	if err != nil {
		return IndexStats{}, err
	}

	if err := p.checkEmbedder(ctx, true); err != nil {
		return IndexStats{}, err
	}

	stats := IndexStats{}
	entries := make([]store.Entry, 0, len(docs))
	replaces := make([]bool, 0, len(docs))
	for i := range normalized {
		d := &normalized[i]
		info, ok := stored[docKey{d.TenantID, d.ProjectID, d.ID}]
		if ok && info.Same(d) {
			stats.Documents++
			stats.Unchanged++
			stats.Chunks += info.Chunks
			continue
		}
		chunks, err := chunker.Split(*d, p.chunking)
		if err != nil {
			return IndexStats{}, &DocumentError{ID: d.ID, Source: d.Source, Err: err}
		}
		entries = append(entries, store.Entry{Document: *d, Chunks: chunks})
		replaces = append(replaces, ok)
	}

	// A large document goes alone through a document stream when the
	// store has one, so that its vectors are held a group at a time.
	ds, streams := p.store.(store.DocumentStreamer)
	large := func(e *store.Entry) bool { return streams && len(e.Chunks) >= streamMinChunks }
	for lo, hi := 0, 0; lo < len(entries); lo = hi {
		hi = lo + 1
		if large(&entries[lo]) {
			e := &entries[lo]
			if err := p.streamWrite(ctx, ds, e.Document, func(w *streamWriter) error { return w.write(e.Chunks) }); err != nil {
				return stats, err
			}
		} else {
			for hi < len(entries) && hi-lo < DefaultIndexBatchSize && !large(&entries[hi]) {
				hi++
			}
			if err := p.embedEntries(ctx, entries[lo:hi]); err != nil {
				return stats, err
			}
			if err := p.put(ctx, entries[lo:hi]); err != nil {
				return stats, errprefix.Wrap("hybridrag: store", err)
			}
		}
		batch := entries[lo:hi]
		for i, e := range batch {
			stats.Documents++
			stats.Chunks += len(e.Chunks)
			stats.Written += len(e.Chunks)
			if replaces[lo+i] {
				stats.Replaced++
			} else {
				stats.New++
			}
		}
	}
	stats.Duration = time.Since(start)
	return stats, nil
}

type docKey struct{ tenant, project, id string }

// storedDocuments asks the store what it holds of docs, one lookup per
// tenant and project; a store without store.DocumentLister holds nothing
// as far as Index can tell, so every document is written.
func (p *Pipeline) storedDocuments(ctx context.Context, docs []store.Document) (map[docKey]store.DocumentInfo, error) {
	dl, ok := p.store.(store.DocumentLister)
	if !ok || len(docs) == 0 {
		return nil, nil
	}
	type scope struct{ tenant, project string }
	ids := map[scope][]string{}
	var order []scope
	for _, d := range docs {
		sc := scope{d.TenantID, d.ProjectID}
		if _, ok := ids[sc]; !ok {
			order = append(order, sc)
		}
		ids[sc] = append(ids[sc], d.ID)
	}
	out := make(map[docKey]store.DocumentInfo, len(docs))
	for _, sc := range order {
		infos, err := dl.LookupDocuments(ctx, sc.tenant, sc.project, ids[sc]...)
		if err != nil {
			return nil, errprefix.Wrap("hybridrag: store", err)
		}
		for _, in := range infos {
			out[docKey{in.TenantID, in.ProjectID, in.ID}] = in
		}
	}
	return out, nil
}

// embedEntries embeds every chunk of a batch in one call to the embedder,
// which batches further as it needs.
func (p *Pipeline) embedEntries(ctx context.Context, batch []store.Entry) error {
	// Chunks are embedded embedChunkGroup at a time: the embedding texts
	// (each a copy of its chunk) of one large document would otherwise all
	// be held at once, as large as the document itself.
	type slot struct{ entry, chunk int }
	texts := make([]string, 0, embedChunkGroup)
	slots := make([]slot, 0, embedChunkGroup)
	flush := func() error {
		if len(texts) == 0 {
			return nil
		}
		vecs, err := p.embedder.EmbedDocuments(ctx, texts)
		if err != nil {
			return errprefix.Wrap("hybridrag: embed", err)
		}
		if len(vecs) != len(texts) {
			return fmt.Errorf("hybridrag: embed: %d vectors for %d texts", len(vecs), len(texts))
		}
		for k, sl := range slots {
			batch[sl.entry].Vectors[sl.chunk] = vecs[k]
		}
		clear(texts)
		texts, slots = texts[:0], slots[:0]
		return nil
	}
	for b := range batch {
		e := &batch[b]
		e.Vectors = make([][]float32, len(e.Chunks))
		for i, c := range e.Chunks {
			texts = append(texts, embeddingText(c))
			slots = append(slots, slot{b, i})
			if len(texts) == embedChunkGroup {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	return flush()
}

// embedChunkGroup is how many chunks one EmbedDocuments call receives at
// most.
const embedChunkGroup = 256

// embeddingText is what gets embedded for a chunk: its title and heading
// path situate text that on its own may not name its subject.
func embeddingText(c store.Chunk) string {
	var b strings.Builder
	if c.Title != "" {
		b.WriteString(c.Title)
		b.WriteByte('\n')
	}
	if h := c.HeadingPath(); h != "" && h != c.Title {
		b.WriteString(h)
		b.WriteByte('\n')
	}
	b.WriteString(c.Text)
	return b.String()
}

// normalizeDocument validates a document and fills derived fields.
func normalizeDocument(d *store.Document) error {
	switch {
	case d.ID == "":
		return fmt.Errorf("%w: empty document id", store.ErrInvalidEntry)
	case !utf8.ValidString(d.Text):
		return fmt.Errorf("%w: text is not valid UTF-8", store.ErrInvalidEntry)
	case strings.TrimSpace(d.Text) == "":
		return fmt.Errorf("%w: empty document", store.ErrInvalidEntry)
	}
	if d.Source == "" {
		d.Source = d.ID
	}
	if d.Hash == "" {
		d.Hash = store.Hash(d.Text)
	}
	for _, s := range d.Sections {
		if s.Start < 0 || s.End > len(d.Text) || s.Start > s.End {
			return fmt.Errorf("%w: section [%d,%d) outside the text", store.ErrInvalidEntry, s.Start, s.End)
		}
	}
	return nil
}
