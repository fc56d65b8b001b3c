package store

import (
	"context"
	"maps"
	"slices"
)

// DocumentInfo is what a store knows about one stored document, read
// without its chunks' text: enough to tell whether a document about to be
// indexed differs from the stored one.
type DocumentInfo struct {
	ID        string
	TenantID  string
	ProjectID string
	Source    string
	Title     string
	// Hash is Document.Hash as it was written (Chunk.DocHash).
	Hash     string
	Metadata Metadata
	// Chunks is the number of stored chunks.
	Chunks int
}

// Same reports whether d, once normalised (Hash filled), would be stored as
// info describes: same text hash, source, title and metadata. Indexing such
// a document again would write exactly what is there.
func (info *DocumentInfo) Same(d *Document) bool {
	return info.Hash == d.Hash && info.Source == d.Source && info.Title == d.Title &&
		info.TenantID == d.TenantID && info.ProjectID == d.ProjectID &&
		MetadataEqual(info.Metadata, d.Metadata)
}

// MetadataEqual compares metadata by value: dates by instant, nil and empty
// tags or extras alike (a store's round trip may not keep the difference).
func MetadataEqual(a, b Metadata) bool {
	return a.SourceType == b.SourceType && a.Confidentiality == b.Confidentiality &&
		a.Revision == b.Revision && a.Date.Equal(b.Date) &&
		slices.Equal(a.Tags, b.Tags) && maps.Equal(a.Extra, b.Extra)
}

// DocumentLister is an optional capability of a Store: what is stored per
// document. The pipeline uses it to skip documents whose content has not
// changed (no chunking, embedding or write) and hosts use it to find
// documents that no longer exist at their source. Tenant and project match
// exactly: "" is the default tenant or project, not a wildcard. Both
// methods return documents in no particular order and must be safe to call
// alongside searches and a write.
type DocumentLister interface {
	// LookupDocuments returns the stored documents among ids; unknown ids
	// are left out.
	LookupDocuments(ctx context.Context, tenantID, projectID string, ids ...string) ([]DocumentInfo, error)
	// ListDocuments returns every document stored in tenantID and projectID.
	ListDocuments(ctx context.Context, tenantID, projectID string) ([]DocumentInfo, error)
}

// InfoFromChunk is the DocumentInfo of the document c belongs to, for a
// store that keeps document fields on every chunk; chunks is the count. The
// chunk's own transcript keys (ExtraTimeStart…) are left out of Metadata:
// they describe the chunk, not the document.
func InfoFromChunk(c *Chunk, chunks int) DocumentInfo {
	return DocumentInfo{
		ID: c.DocumentID, TenantID: c.TenantID, ProjectID: c.ProjectID, Source: c.Source, Title: c.Title,
		Hash: c.DocHash, Metadata: withoutChunkExtra(c.Metadata), Chunks: chunks,
	}
}
