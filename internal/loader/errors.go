package loader

import (
	"errors"
	"fmt"
)

var (
	// ErrUnsupported means the file's extension is not one LoadFile reads.
	ErrUnsupported = errors.New("loader: unsupported file type")
	// ErrInvalidUTF8 means a text or Markdown file is not valid UTF-8.
	ErrInvalidUTF8 = errors.New("loader: file is not valid UTF-8")
)

// EncodingError reports where a text file stops being valid UTF-8. It
// unwraps to ErrInvalidUTF8.
type EncodingError struct {
	Path   string
	Offset int    // byte offset of the first invalid sequence
	Hint   string // a guess at the real encoding, if any
}

func (e *EncodingError) Error() string {
	msg := fmt.Sprintf("loader: %s is not valid UTF-8 (first invalid byte at offset %d)", e.Path, e.Offset)
	if e.Hint != "" {
		msg += "; " + e.Hint
	}
	return msg
}

// Unwrap makes errors.Is(err, ErrInvalidUTF8) true.
func (e *EncodingError) Unwrap() error { return ErrInvalidUTF8 }
