package hybridrag

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"time"

	"github.com/hybridrag/hybridrag/internal/chunker"
	"github.com/hybridrag/hybridrag/internal/errprefix"
	"github.com/hybridrag/hybridrag/store"
)

// streamMinChunks is the size from which Index writes a document through
// store.DocumentStreamer (when the store has it): its vectors and the
// store's record of it are then held a group at a time, not whole.
const streamMinChunks = 4 * embedChunkGroup

// IndexStream indexes one document whose text is read from a stream
// rather than held in doc.Text: a text or Markdown file of hundreds of
// megabytes. The text is read, chunked (chunker windows of a few
// megabytes, cut at paragraph breaks), embedded and written a window at a
// time, so memory does not grow with the document, when the store writes
// documents as streams (store.DocumentStreamer; the embedded store does).
// Other stores receive the document in one Put once every chunk is
// embedded.
//
// open is called to read the text: once, or twice when doc.Hash is empty
// (the hash of the whole text is every chunk's DocHash, so it is computed
// first). doc.Text is ignored and doc.Sections must be empty. As in
// Index, a document stored exactly so is skipped (Unchanged), and the
// write is atomic: an error part-way (unreadable or invalid text, a
// failing embedder, cancellation) leaves the stored version as it was.
// Errors about the document itself are a *DocumentError.
func (p *Pipeline) IndexStream(ctx context.Context, doc store.Document, open func() (io.ReadCloser, error)) (IndexStats, error) {
	start := time.Now()
	done, err := p.enter()
	if err != nil {
		return IndexStats{}, err
	}
	defer done()
	if p.store == nil {
		return IndexStats{}, ErrNoStore
	}
	docErr := func(err error) error { return &DocumentError{ID: doc.ID, Source: doc.Source, Err: err} }
	switch {
	case doc.ID == "":
		return IndexStats{}, docErr(fmt.Errorf("%w: empty document id", store.ErrInvalidEntry))
	case len(doc.Sections) > 0:
		return IndexStats{}, docErr(fmt.Errorf("%w: a streamed document cannot have Sections", store.ErrInvalidEntry))
	}
	doc.Text = ""
	if doc.Source == "" {
		doc.Source = doc.ID
	}
	if doc.Hash == "" {
		if doc.Hash, err = hashStream(open); err != nil {
			return IndexStats{}, docErr(err)
		}
	}
	stored, err := p.storedDocuments(ctx, []store.Document{doc})
	if err != nil {
		return IndexStats{}, err
	}
	if info, ok := stored[docKey{doc.TenantID, doc.ProjectID, doc.ID}]; ok && info.Same(&doc) {
		return IndexStats{Documents: 1, Unchanged: 1, Chunks: info.Chunks, Duration: time.Since(start)}, nil
	}
	if err := p.checkEmbedder(ctx, true); err != nil {
		return IndexStats{}, err
	}
	ck, err := chunker.New(p.chunking)
	if err != nil {
		return IndexStats{}, err
	}
	r, err := open()
	if err != nil {
		return IndexStats{}, docErr(err)
	}
	defer r.Close()

	n := 0
	// Errors of the text (reading, UTF-8, chunking) are the document's;
	// those of embedding and writing come back from emit as they are.
	split := func(emit func([]store.Chunk) error) error {
		var emitErr error
		err := ck.SplitStream(doc, r, func(cs []store.Chunk) error {
			emitErr = emit(cs)
			return emitErr
		})
		switch {
		case err == nil:
			return nil
		case emitErr != nil:
			return emitErr
		}
		return docErr(err)
	}
	if ds, ok := p.store.(store.DocumentStreamer); ok {
		err = p.streamWrite(ctx, ds, doc, func(ws *streamWriter) error {
			return split(func(chunks []store.Chunk) error {
				n += len(chunks)
				return ws.write(chunks)
			})
		})
	} else {
		var chunks []store.Chunk
		if err = split(func(cs []store.Chunk) error { chunks = append(chunks, cs...); return nil }); err == nil {
			n = len(chunks)
			batch := []store.Entry{{Document: doc, Chunks: chunks}}
			if err = p.embedEntries(ctx, batch); err == nil {
				if err = p.put(ctx, batch); err != nil {
					err = errprefix.Wrap("hybridrag: store", err)
				}
			}
		}
	}
	if err != nil {
		return IndexStats{}, err
	}
	stats := IndexStats{Documents: 1, Chunks: n, Written: n, Duration: time.Since(start)}
	if _, ok := stored[docKey{doc.TenantID, doc.ProjectID, doc.ID}]; ok {
		stats.Replaced = 1
	} else {
		stats.New = 1
	}
	return stats, nil
}

// hashStream is store.Hash of the text open yields.
func hashStream(open func() (io.ReadCloser, error)) (string, error) {
	r, err := open()
	if err != nil {
		return "", err
	}
	defer r.Close()
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// streamWriter embeds chunks a group at a time and writes each group to
// an open document stream, so that neither the vectors nor the store's
// record of a large document are held whole.
type streamWriter struct {
	p   *Pipeline
	ds  store.DocumentStream
	ctx context.Context // of the streamWrite call it lives in
}

func (w *streamWriter) write(chunks []store.Chunk) error {
	for lo := 0; lo < len(chunks); lo += embedChunkGroup {
		group := chunks[lo:min(lo+embedChunkGroup, len(chunks))]
		texts := make([]string, len(group))
		for i, c := range group {
			texts[i] = embeddingText(c)
		}
		vecs, err := w.p.embedder.EmbedDocuments(w.ctx, texts)
		if err != nil {
			return errprefix.Wrap("hybridrag: embed", err)
		}
		if len(vecs) != len(texts) {
			return fmt.Errorf("hybridrag: embed: %d vectors for %d texts", len(vecs), len(texts))
		}
		if err := w.ds.Write(w.ctx, group, vecs); err != nil {
			return errprefix.Wrap("hybridrag: store", err)
		}
	}
	return nil
}

// streamWrite writes one document through ds: fill writes its chunks,
// then the stream is committed, or aborted if anything failed. It holds
// the pipeline's write lock throughout, as put does.
func (p *Pipeline) streamWrite(ctx context.Context, ds store.DocumentStreamer, doc store.Document, fill func(*streamWriter) error) error {
	p.writeMu.Lock()
	defer p.writeMu.Unlock()
	s, err := ds.StreamDocument(ctx, doc)
	if err != nil {
		return errprefix.Wrap("hybridrag: store", err)
	}
	defer s.Abort()
	if err := fill(&streamWriter{p: p, ds: s, ctx: ctx}); err != nil {
		return err
	}
	if err := s.Commit(ctx); err != nil {
		return errprefix.Wrap("hybridrag: store", err)
	}
	return nil
}
