package store

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"
)

// Metadata describes a document for filtering and auditing. It is copied onto
// every chunk of the document so that stores can filter without a join.
type Metadata struct {
	// SourceType is a free-form kind such as "manual", "report" or "spec".
	SourceType string `json:"source_type,omitempty"`
	// Confidentiality is a label such as "public" or "internal"; retrieval
	// can be restricted to an allowed set of labels.
	Confidentiality string `json:"confidentiality,omitempty"`
	// Revision is the document's own revision string, if it has one.
	Revision string `json:"revision,omitempty"`
	// Date is the document's date (publication or revision); zero if unknown.
	Date time.Time `json:"date,omitzero"`
	// Tags are free-form labels.
	Tags []string `json:"tags,omitempty"`
	// Extra holds any other host-defined attributes. Stores keep it but do not
	// filter on it. Loaders set LanguageKey in it.
	Extra map[string]string `json:"extra,omitempty"`
}

// LanguageKey is the Metadata.Extra key of a document's language, as its
// own markup declares it: the primary subtag, lower case ("de" of an HTML
// page's lang="de-DE"). Retrieval ranks sources in the question's language
// before translations of them (retrieve.Hybrid).
const LanguageKey = "lang"

// Section marks a structural span of a document's text, for formats whose
// structure is not visible in the text itself (HTML headings and
// definition lists, PDF pages). Start and End are byte offsets into Document.Text.
type Section struct {
	Start   int      `json:"start"`
	End     int      `json:"end"`
	Heading []string `json:"heading,omitempty"`
	Page    int      `json:"page,omitempty"`
	// Time places the span in a recording: a transcript's loader gives
	// each cue its own Section with Time set, and the chunker then cuts at
	// cues only (never inside one) and records the chunk's span.
	Time *TimeSpan `json:"time,omitempty"`
	// Terms is how many of the last Heading elements are terms of a
	// definition list (an option, a setting, a function's signature)
	// rather than headings. Above zero, the span is one entry of such a
	// list (its terms and their description), nested inside the span of
	// the heading it belongs to: the chunker cuts between entries rather
	// than inside one, and the chunks of a long entry carry its term.
	Terms int `json:"terms,omitempty"`
}

// Document is one source the host wants answers drawn from.
//
// ID identifies the document within its tenant and project; indexing a
// document whose ID is already stored replaces all its chunks. Text is the
// full UTF-8 text. Sections is optional structure; for Markdown and plain
// text the chunker derives headings from the text itself.
type Document struct {
	ID        string    `json:"id"`
	Source    string    `json:"source"` // where it came from: a path relative to the folder indexed (loader.LoadDirWith), or a URL
	Title     string    `json:"title,omitempty"`
	Text      string    `json:"text"`
	Sections  []Section `json:"sections,omitempty"`
	TenantID  string    `json:"tenant_id,omitempty"`
	ProjectID string    `json:"project_id,omitempty"`
	Metadata  Metadata  `json:"metadata"`
	Hash      string    `json:"hash,omitempty"` // filled by Normalize when empty
}

// Hash returns the hex SHA-256 of text, the form used for Document.Hash and
// chunk ids.
func Hash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:])
}

// Chunk is the unit of retrieval: a token-sized span of one document with
// the metadata needed to filter, cite and audit it.
//
// For documents indexed from text, Doc.Text[Start:End] == Text.
type Chunk struct {
	// ID is stable: derived from the document id, the chunk's position and
	// its content (see ChunkID), so re-indexing unchanged text yields the
	// same ids.
	ID         string   `json:"id"`
	DocumentID string   `json:"document_id"`
	Source     string   `json:"source"`
	Title      string   `json:"title,omitempty"`
	TenantID   string   `json:"tenant_id,omitempty"`
	ProjectID  string   `json:"project_id,omitempty"`
	Text       string   `json:"text"`
	Heading    []string `json:"heading,omitempty"` // heading path, outermost first
	Page       int      `json:"page,omitempty"`    // 1-based; 0 when the format has no pages
	Index      int      `json:"index"`             // position within the document, from 0
	Start      int      `json:"start"`             // byte offset into Document.Text
	End        int      `json:"end"`               // byte offset into Document.Text, exclusive
	Tokens     int      `json:"tokens"`            // cl100k_base token count of Text
	Metadata   Metadata `json:"metadata"`
	DocHash    string   `json:"doc_hash"`
	// IndexVersion is the store's version counter at the time the chunk was
	// written; it increases with every write batch.
	IndexVersion int64 `json:"index_version"`
}

// HeadingPath joins the heading hierarchy for display: "Install > Linux".
func (c Chunk) HeadingPath() string { return strings.Join(c.Heading, " > ") }

// ChunkID derives the stable id of the chunk at position index of document
// docID with the given text.
func ChunkID(docID string, index int, text string) string {
	h := sha256.New()
	h.Write([]byte(docID))
	h.Write([]byte{0})
	var b [8]byte
	for i := range b {
		b[i] = byte(uint64(index) >> (8 * i))
	}
	h.Write(b[:])
	h.Write([]byte(text))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// Section is the heading path for display next to the document's title:
// HeadingPath without a leading heading that repeats the title.
func (c Chunk) Section() string {
	h := c.Heading
	if len(h) > 0 && strings.EqualFold(strings.TrimSpace(h[0]), strings.TrimSpace(c.Title)) {
		h = h[1:]
	}
	return strings.Join(h, " > ")
}
