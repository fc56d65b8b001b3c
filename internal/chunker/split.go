package chunker

import (
	"fmt"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/store"
)

// Chunker splits documents with fixed, validated options. It holds no
// mutable state and is safe for concurrent use.
type Chunker struct{ opts Options }

// New validates opts (zero fields take their defaults) and returns a
// Chunker. Errors wrap ErrInvalidOptions.
func New(opts Options) (*Chunker, error) {
	r, err := opts.resolved()
	if err != nil {
		return nil, err
	}
	return &Chunker{opts: r}, nil
}

// Options returns the resolved options, defaults filled in.
func (c *Chunker) Options() Options { return c.opts }

// Split is New(opts) followed by Chunker.Split.
func Split(doc store.Document, opts Options) ([]store.Chunk, error) {
	c, err := New(opts)
	if err != nil {
		return nil, err
	}
	return c.Split(doc)
}

// Split cuts doc into chunks in document order, Index from 0.
//
// Sections (Markdown headings, or Document.Sections) are never mixed inside
// a split. A section longer than MaxTokens is split into chunks of even
// size up to TargetTokens at the strongest boundary available (paragraph,
// line, sentence, token), each chunk after the first starting about
// OverlapTokens earlier at a sentence boundary. Consecutive sections that
// fit are merged while the chunk is below MinTokens and stays within
// TargetTokens; a merged chunk carries the heading path and page of its
// first section, and merged chunks never overlap (their sections are
// unrelated, repeating one in the next would only blur both).
//
// A transcript (Sections with Time) is cut at cues instead: see
// Options.MaxWindow.
//
// Errors: ErrEmptyDocument for white-space-only text, ErrInvalidUTF8,
// a *SectionError for a bad Document.Sections entry.
func (c *Chunker) Split(doc store.Document) ([]store.Chunk, error) {
	return c.split(doc, nil)
}

// split is Split; w, when not nil, is the window of a streamed document
// that doc.Text holds (see SplitStream).
func (c *Chunker) split(doc store.Document, w *window) ([]store.Chunk, error) {
	if !utf8.ValidString(doc.Text) {
		return nil, fmt.Errorf("%w: document %q", ErrInvalidUTF8, doc.ID)
	}
	if isSpace(doc.Text) {
		return nil, fmt.Errorf("%w: document %q has no text", ErrEmptyDocument, doc.ID)
	}
	if hasTime(doc.Sections) {
		if err := checkSections(doc); err != nil {
			return nil, err
		}
		p := c.packer(&doc, nil)
		if err := p.splitTimed(); err != nil {
			return nil, err
		}
		return p.chunks, nil
	}
	secs, fences, err := buildSections(doc, w)
	if err != nil {
		return nil, err
	}
	p := c.packer(&doc, fences)
	if w != nil {
		p.base, p.first = w.base, w.index
	}
	units := make([]unit, 0, len(secs))
	for _, s := range secs {
		u, err := p.measure(s)
		if err != nil {
			return nil, err
		}
		if u.end() > u.start() {
			units = append(units, u)
		}
	}

	if err := p.merge(units); err != nil {
		return nil, err
	}
	return p.chunks, nil
}

func (c *Chunker) packer(doc *store.Document, fences []span) *packer {
	p := &packer{
		doc:   doc,
		opts:  c.opts,
		hash:  doc.Hash,
		atoms: &atomizer{text: doc.Text, fences: fences, limit: c.opts.TargetTokens, piece: c.opts.pieceTokens()},
	}
	if p.hash == "" {
		p.hash = store.Hash(doc.Text)
	}
	return p
}
