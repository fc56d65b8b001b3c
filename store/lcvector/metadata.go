package lcvector

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/tmc/langchaingo/schema"

	"github.com/hybridrag/hybridrag/store"
)

// Metadata keys AddEntries writes on every schema.Document. MetaChunk holds
// the whole chunk as JSON, so chunks round-trip exactly; the others repeat
// filterable fields as flat strings for backend filters.
const (
	MetaChunk           = "hybridrag_chunk"
	MetaChunkID         = "chunk_id"
	MetaDocumentID      = "document_id"
	MetaTenantID        = "tenant_id"
	MetaProjectID       = "project_id"
	MetaSource          = "source"
	MetaTitle           = "title"
	MetaSourceType      = "source_type"
	MetaConfidentiality = "confidentiality"
	MetaDate            = "date" // RFC 3339, absent when the chunk has no date
)

// Document converts a chunk to the schema.Document AddEntries writes.
func Document(c store.Chunk) (schema.Document, error) {
	raw, err := json.Marshal(c)
	if err != nil {
		return schema.Document{}, fmt.Errorf("%w: chunk %q: %v", store.ErrInvalidEntry, c.ID, err)
	}
	m := map[string]any{
		MetaChunk:           string(raw),
		MetaChunkID:         c.ID,
		MetaDocumentID:      c.DocumentID,
		MetaTenantID:        c.TenantID,
		MetaProjectID:       c.ProjectID,
		MetaSource:          c.Source,
		MetaTitle:           c.Title,
		MetaSourceType:      c.Metadata.SourceType,
		MetaConfidentiality: c.Metadata.Confidentiality,
	}
	if !c.Metadata.Date.IsZero() {
		m[MetaDate] = c.Metadata.Date.Format(time.RFC3339Nano)
	}
	return schema.Document{PageContent: c.Text, Metadata: m}, nil
}

// Chunk recovers a chunk from a schema.Document: exactly from MetaChunk
// when present, else (documents written by other tools) from PageContent
// and whichever flat keys exist.
func Chunk(d schema.Document) (store.Chunk, error) {
	if raw, ok := d.Metadata[MetaChunk].(string); ok {
		var c store.Chunk
		if err := json.Unmarshal([]byte(raw), &c); err != nil {
			return store.Chunk{}, fmt.Errorf("lcvector: metadata %s: %v: %w", MetaChunk, err, store.ErrCorrupt)
		}
		return c, nil
	}
	str := func(key string) string {
		if v, ok := d.Metadata[key]; ok && v != nil {
			if s, ok := v.(string); ok {
				return s
			}
			return fmt.Sprint(v)
		}
		return ""
	}
	c := store.Chunk{
		ID: str(MetaChunkID), DocumentID: str(MetaDocumentID), TenantID: str(MetaTenantID), ProjectID: str(MetaProjectID),
		Source: str(MetaSource), Title: str(MetaTitle), Text: d.PageContent,
		Metadata: store.Metadata{SourceType: str(MetaSourceType), Confidentiality: str(MetaConfidentiality)},
	}
	if s := str(MetaDate); s != "" {
		if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
			c.Metadata.Date = t
		}
	}
	if c.ID == "" {
		c.ID = store.ChunkID(c.DocumentID, 0, c.Text)
	}
	if c.Source == "" {
		c.Source = c.DocumentID
	}
	return c, nil
}
