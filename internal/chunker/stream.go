package chunker

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/store"
)

// Windows of a streamed document: text is read and chunked about
// streamWindow bytes at a time, cut at a paragraph break outside code
// fences; a window with no such break grows up to maxStreamWindow, past
// which it is cut at a line break, or at a rune boundary. Variables so
// that tests can use small windows.
var (
	streamWindow    = 4 << 20
	maxStreamWindow = 64 << 20
)

// ErrNoHash means SplitStream was given a document without Hash: chunks
// carry the document's hash, which must be known before the text is read.
var ErrNoHash = errors.New("chunker: a streamed document needs its Hash")

// window is where a streamed document's window sits in the document.
type window struct {
	base  int         // byte offset of the window's text in the document
	index int         // Index of its first chunk
	first bool        // the first window (front matter may open it)
	stack []mdHeading // heading path in force where it begins
}

// SplitStream cuts the document whose text r yields as Split cuts it, a
// window at a time, and calls emit with each window's chunks in order
// (Index, Start and End count from the start of the whole text, and
// Heading paths carry over from earlier windows), so that memory holds one
// window, not the document. doc.Text is ignored; doc.Hash must be set (it
// is every chunk's DocHash) and doc.Sections must be empty (documents with
// Sections are not streamed). Chunks differ from Split's only where a
// window ends: no chunk spans two windows, and the first chunk of a window
// does not overlap the last of the one before. Errors are Split's
// (ErrInvalidUTF8, ErrEmptyDocument when all of the text is white space),
// ErrNoHash, an error from r, or one from emit, returned as is.
func (c *Chunker) SplitStream(doc store.Document, r io.Reader, emit func([]store.Chunk) error) error {
	if doc.Hash == "" {
		return fmt.Errorf("%w: document %q", ErrNoHash, doc.ID)
	}
	if len(doc.Sections) > 0 {
		return fmt.Errorf("%w: document %q has Sections; split it whole", ErrInvalidOptions, doc.ID)
	}
	w := &window{first: true}
	buf := make([]byte, 0, streamWindow)
	want := streamWindow
	eof, any := false, false
	for !eof || len(buf) > 0 {
		for len(buf) < want && !eof {
			if len(buf) == cap(buf) {
				buf = append(buf, 0)[:len(buf)]
			}
			n, err := r.Read(buf[len(buf):min(cap(buf), want)])
			buf = buf[:len(buf)+n]
			if err == io.EOF {
				eof = true
			} else if err != nil {
				return err
			}
		}
		cut := len(buf)
		if !eof {
			cut = cutWindow(buf, w.first, want >= maxStreamWindow)
			if cut == 0 {
				want *= 2 // no paragraph break yet: read further
				continue
			}
		}
		text := string(buf[:cut]) // the window's chunks alias it
		if !utf8.ValidString(text) {
			return fmt.Errorf("%w: document %q", ErrInvalidUTF8, doc.ID)
		}
		if !isSpace(text) {
			doc.Text = text
			chunks, err := c.split(doc, w)
			if err != nil {
				return err
			}
			if err := emit(chunks); err != nil {
				return err
			}
			w.index += len(chunks)
			any = true
		}
		w.base += cut
		w.first = false
		buf = buf[:copy(buf, buf[cut:])]
		want = streamWindow
	}
	if !any {
		return fmt.Errorf("%w: document %q has no text", ErrEmptyDocument, doc.ID)
	}
	return nil
}

// cutWindow returns where to end a window of buf: after the last blank
// line that is not inside a code fence, or 0 if there is none. When force
// is set (the window cannot grow) it falls back to the last line break,
// then to the last rune boundary.
func cutWindow(buf []byte, first, force bool) int {
	end := len(buf)
	for tries := 0; tries < 8; tries++ {
		cut := afterLastBlank(buf[:end])
		if cut < 0 {
			break
		}
		// An open fence runs to the end of the text it is parsed in.
		md := parseMarkdownFrom(string(buf[:cut]), first)
		if n := len(md.fences); n == 0 || md.fences[n-1].end < cut {
			return cut
		}
		end = md.fences[len(md.fences)-1].start // the break is inside an open fence
	}
	if !force {
		return 0
	}
	if i := bytes.LastIndexByte(buf, '\n'); i > 0 {
		return i + 1
	}
	cut := len(buf)
	for cut > 0 && !utf8.RuneStart(buf[cut-1]) {
		cut--
	}
	if cut > 0 {
		cut-- // before the last (possibly incomplete) rune
	}
	return max(cut, 1)
}

// afterLastBlank returns the offset just after the last empty line of b
// ("\n\n" or "\n\r\n"), or -1.
func afterLastBlank(b []byte) int {
	cut := -1
	if i := bytes.LastIndex(b, []byte("\n\n")); i >= 0 {
		cut = i + 2
	}
	if i := bytes.LastIndex(b, []byte("\n\r\n")); i >= 0 {
		cut = max(cut, i+3)
	}
	return cut
}
