package store

import "context"

// DocumentStreamer is an optional capability of a Store: it writes one
// document whose chunks arrive over several calls, so that a document too
// large to hold in memory with all its chunks and vectors at once (a text
// file of hundreds of megabytes) is written in bounded memory. A streamed
// document keeps Put's guarantees: until Commit returns nil nothing of it
// is visible and the stored version of the document, if any, stays intact,
// also across a crash; once Commit returns nil the new version has
// replaced it durably, as one batch with one IndexVersion.
//
// A store may serialise a stream with its other writes: a Put or Delete
// issued while a stream is open may wait until it ends (a Pipeline never
// issues two writes at once). Searches are not blocked by an open stream.
type DocumentStreamer interface {
	// StreamDocument starts writing doc, which will replace the document
	// stored under the same id, tenant and project. doc.Text is not used
	// (the chunks carry the text); its other fields are stored as Put
	// stores an Entry's Document. Every stream must end with Commit or
	// Abort.
	StreamDocument(ctx context.Context, doc Document) (DocumentStream, error)
}

// DocumentStream receives one document's chunks in order. It is not safe
// for concurrent use.
type DocumentStream interface {
	// Write adds chunks and their vectors (vectors[i] belongs to
	// chunks[i]), validated as Put validates an Entry. An error leaves the
	// stream unusable: the caller must Abort it.
	Write(ctx context.Context, chunks []Chunk, vectors [][]float32) error
	// Commit makes the document durable and visible. A stream with no
	// chunks is rejected (ErrInvalidEntry), as Put rejects an empty
	// document, and nothing is written.
	Commit(ctx context.Context) error
	// Abort discards what was written; the stored document stays as it
	// was. It is a no-op after Commit (successful or not) or a previous
	// Abort, so a caller may defer it.
	Abort() error
}
