package chunker

import (
	"errors"
	"fmt"
)

var (
	// ErrEmptyDocument means the document's text is empty or white space only.
	ErrEmptyDocument = errors.New("chunker: empty document")
	// ErrInvalidUTF8 means the document's text is not valid UTF-8. Offsets
	// and token counts are only meaningful for valid UTF-8.
	ErrInvalidUTF8 = errors.New("chunker: text is not valid UTF-8")
	// ErrInvalidSection means a Document.Sections entry has a span outside
	// the text, an inverted span, or an offset inside a UTF-8 rune.
	ErrInvalidSection = errors.New("chunker: invalid section")
	// ErrInvalidOptions means Options could not be resolved to consistent
	// sizes (for example TargetTokens above MaxTokens).
	ErrInvalidOptions = errors.New("chunker: invalid options")
)

// SectionError describes the bad entry of Document.Sections. It unwraps to
// ErrInvalidSection.
type SectionError struct {
	Index      int // position in Document.Sections
	Start, End int // the offending span
	Reason     string
}

func (e *SectionError) Error() string {
	return fmt.Sprintf("chunker: invalid section %d [%d:%d]: %s", e.Index, e.Start, e.End, e.Reason)
}

// Unwrap makes errors.Is(err, ErrInvalidSection) true.
func (e *SectionError) Unwrap() error { return ErrInvalidSection }
