package loader

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/store"
)

// streamHead is how much of a streamed file is read to find its title,
// front matter and label lines (LoadFile looks at the whole text; these
// are all at its start).
const streamHead = 1 << 20

// TextStream is a text or Markdown file prepared to be read as a stream
// (see OpenStream): its Document, without Text, and where its text is. It
// is a plain value; Open may be called any number of times, from any
// goroutine.
type TextStream struct {
	// Document is what LoadFile returns for the file, without Text: ID,
	// Source, Title and Metadata, and Hash, the hash of the text Open
	// yields (LoadFile's Text).
	Document store.Document
	// Size is how many bytes of text Open yields.
	Size int64

	path   string
	offset int64 // where the text starts: after a byte-order mark and front matter
}

// Open returns a reader of the document's text.
func (s *TextStream) Open() (io.ReadCloser, error) {
	f, err := os.Open(s.path)
	if err != nil {
		return nil, fmt.Errorf("loader: %w", err)
	}
	if _, err := f.Seek(s.offset, io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("loader: %w", err)
	}
	return f, nil
}

// OpenStream prepares a .txt, .md or .markdown file to be indexed without
// being held in memory (hybridrag's Pipeline.IndexStream): it reads the
// file once, checking that it is UTF-8 and hashing its text, and returns
// the Document LoadFile would return, without Text. Only the first
// megabyte is searched for the title, front matter and label lines.
//
// Errors: ErrUnsupported for other extensions and for text with a UTF-16
// byte-order mark (LoadFile converts it), an *EncodingError for text that
// is not UTF-8, an error wrapping fs.ErrNotExist for a missing file.
func OpenStream(path string) (*TextStream, error) {
	k := kindOf(path)
	if k != kindText && k != kindMarkdown {
		return nil, fmt.Errorf("%w: %s (streamed: .txt, .md, .markdown)", ErrUnsupported, path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("loader: %w", err)
	}
	defer f.Close()
	head := make([]byte, streamHead)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, fmt.Errorf("loader: read %s: %w", path, err)
	}
	head = head[:n]
	var offset int64
	if bytes.HasPrefix(head, utf8BOM) {
		head, offset = head[len(utf8BOM):], int64(len(utf8BOM))
	}
	if bytes.HasPrefix(head, []byte{0xff, 0xfe}) || bytes.HasPrefix(head, []byte{0xfe, 0xff}) {
		return nil, fmt.Errorf("%w: %s is UTF-16; load it whole", ErrUnsupported, path)
	}
	// The head may end inside a rune; the whole file is checked below.
	text := string(head[:validPrefix(head)])
	doc := store.Document{ID: filepath.ToSlash(filepath.Clean(path)), Source: path}
	if k == kindMarkdown {
		doc.Title = markdownTitle(text)
		frontMatterMeta(text, &doc.Metadata)
		stripped := stripFrontMatter(text)
		offset += int64(len(text) - len(stripped))
		text = stripped
	}
	if doc.Title == "" {
		doc.Title = filepath.Base(path)
	}
	scanLabelLines(text, topLines, &doc.Metadata)

	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		return nil, fmt.Errorf("loader: %w", err)
	}
	h := sha256.New()
	v := &utf8Check{}
	size, err := io.Copy(io.MultiWriter(h, v), f)
	if err != nil {
		return nil, fmt.Errorf("loader: read %s: %w", path, err)
	}
	if bad, ok := v.invalid(); ok {
		return nil, &EncodingError{Path: path, Offset: int(offset + bad), Hint: encodingHint(head)}
	}
	doc.Hash = hex.EncodeToString(h.Sum(nil))
	return &TextStream{Document: doc, Size: size, path: path, offset: offset}, nil
}

// validPrefix is the length of b without a final incomplete rune.
func validPrefix(b []byte) int {
	for i := len(b); i > 0 && i > len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i-1]) {
			if !utf8.FullRune(b[i-1:]) {
				return i - 1
			}
			break
		}
	}
	return len(b)
}

// utf8Check is an io.Writer that checks that what it is given, in pieces,
// is UTF-8, and remembers the offset of the first invalid byte.
type utf8Check struct {
	off   int64  // bytes checked, not counting carry
	carry []byte // an incomplete rune at the end of the last write
	bad   int64  // offset of the first invalid byte, if found
	found bool
}

func (c *utf8Check) Write(p []byte) (int, error) {
	n := len(p)
	if c.found {
		return n, nil
	}
	if len(c.carry) > 0 {
		// Complete the carried rune from the start of p.
		var tmp [2 * utf8.UTFMax]byte
		joined := append(append(tmp[:0], c.carry...), p[:min(utf8.UTFMax, len(p))]...)
		if !utf8.FullRune(joined) {
			c.carry = append(c.carry[:0], joined...)
			return n, nil
		}
		r, size := utf8.DecodeRune(joined)
		if r == utf8.RuneError && size <= 1 {
			c.bad, c.found = c.off, true
			return n, nil
		}
		p = p[size-len(c.carry):]
		c.off += int64(size)
		c.carry = c.carry[:0]
	}
	end := validPrefix(p)
	if i := firstInvalid(p[:end]); i < end {
		c.bad, c.found = c.off+int64(i), true
		return n, nil
	}
	c.off += int64(end)
	c.carry = append(c.carry[:0], p[end:]...)
	return n, nil
}

// invalid reports the offset of the first invalid byte, counting a rune
// left incomplete at the end.
func (c *utf8Check) invalid() (int64, bool) {
	if c.found {
		return c.bad, true
	}
	if len(c.carry) > 0 {
		return c.off, true
	}
	return 0, false
}

// isStreamable reports whether LoadDirWith may hand path to
// DirOptions.OnStream.
func isStreamable(path string) bool {
	k := kindOf(path)
	return k == kindText || k == kindMarkdown
}
