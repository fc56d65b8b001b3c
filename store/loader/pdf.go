package loader

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/ledongthuc/pdf"

	"github.com/hybridrag/hybridrag/store"
)

// pageSeparator joins the text of consecutive pages: a paragraph break, so
// the chunker never joins the last sentence of a page to the next page.
const pageSeparator = "\n\n"

// Bounds on the page tree, which a damaged file can make cyclic or
// arbitrarily deep.
const (
	maxPageTreeDepth    = 64
	maxPageTreeNodes    = 1 << 18
	maxPredictorColumns = 1 << 20 // larger makes the library allocate without bound
)

// parsePDF fills doc with the text of a PDF file: the text of its pages in
// order, joined by blank lines, with one Section per page that has text
// (Page is the 1-based page number, so pages without text leave gaps), and
// Title from the document information dictionary.
//
// The parser (github.com/ledongthuc/pdf) reports malformed input by
// panicking; every panic is recovered into a *FormatError wrapping
// ErrMalformed.
func parsePDF(raw []byte, doc *store.Document) (err error) {
	page := 0
	defer func() {
		if r := recover(); r != nil {
			err = &FormatError{Path: doc.Source, Format: "PDF", Page: page, Err: ErrMalformed,
				Cause: &panicError{value: r, stack: debug.Stack()}}
		}
	}()
	r, err := openPDF(raw, doc.Source)
	if err != nil {
		return err
	}
	var (
		text     strings.Builder
		sections []store.Section
		fonts    = map[string]*pdfFont{}
		pages    int
	)
	err = walkPages(r.Trailer().Key("Root").Key("Pages"), func(p, res pdf.Value) error {
		pages++
		page = pages
		pageText, err := extractPageText(p, res, fonts)
		if err != nil {
			return &FormatError{Path: doc.Source, Format: "PDF", Page: page, Err: ErrMalformed, Cause: err}
		}
		if pageText == "" {
			return nil
		}
		if text.Len() > 0 {
			text.WriteString(pageSeparator)
		}
		start := text.Len()
		text.WriteString(pageText)
		sections = append(sections, store.Section{Start: start, End: text.Len(), Page: page})
		return nil
	})
	page = 0
	if err != nil {
		var fe *FormatError
		if errors.As(err, &fe) {
			return err
		}
		return &FormatError{Path: doc.Source, Format: "PDF", Err: ErrMalformed, Cause: err}
	}
	if len(sections) == 0 {
		return &FormatError{Path: doc.Source, Format: "PDF", Err: ErrNoText,
			Cause: fmt.Errorf("none of its %d pages has a text layer", pages)}
	}
	doc.Text = text.String()
	doc.Sections = sections
	doc.Title = pdfTitle(r)
	info := r.Trailer().Key("Info")
	setDate(&doc.Metadata, info.Key("ModDate").Text())
	setDate(&doc.Metadata, info.Key("CreationDate").Text())
	return nil
}

// openPDF parses the file's cross-reference table and trailer.
func openPDF(raw []byte, path string) (*pdf.Reader, error) {
	if len(raw) > 8 && bytes.HasPrefix(raw, []byte("%PDF-2.")) {
		// The library accepts 1.x headers only; PDF 2.0 keeps the syntax it
		// reads. Patch a copy: raw may be the caller's.
		raw = slices.Clone(raw)
		copy(raw[5:8], "1.7")
	}
	if err := checkPDFBounds(raw); err != nil {
		return nil, &FormatError{Path: path, Format: "PDF", Err: ErrMalformed, Cause: err}
	}
	r, err := pdf.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err == nil {
		return r, nil
	}
	kind := ErrMalformed
	// A password is needed (the library tries the empty one itself), or the
	// encryption scheme is one it cannot read, such as AES-256: both say
	// "encrypt" in the library's message, with no sentinel for the second.
	if errors.Is(err, pdf.ErrInvalidPassword) || strings.Contains(err.Error(), "encrypt") {
		kind = ErrEncrypted
	}
	return nil, &FormatError{Path: path, Format: "PDF", Err: kind, Cause: err}
}

// pdfTitle returns the Title of the document information dictionary, on one
// line, or "".
func pdfTitle(r *pdf.Reader) string {
	v := r.Trailer().Key("Info").Key("Title")
	t := v.Text()
	if raw := v.RawString(); strings.HasPrefix(raw, "\xef\xbb\xbf") {
		t = raw[3:] // PDF 2.0 allows UTF-8 text strings, marked by a BOM
	}
	return strings.Join(strings.Fields(normalizePDFText(t)), " ")
}

// walkPages calls visit for every page of the page tree rooted at root, in
// order, with the resources the page defines or inherits.
func walkPages(root pdf.Value, visit func(page, res pdf.Value) error) error {
	if root.Kind() != pdf.Dict {
		return errors.New("no page tree (the catalog has no /Pages)")
	}
	w := &pageWalker{visit: visit}
	return w.walk(root, pdf.Value{}, 0)
}

type pageWalker struct {
	visit     func(page, res pdf.Value) error
	nodes     int
	ancestors []string // the Pages nodes above the current one
}

func (w *pageWalker) walk(node, res pdf.Value, depth int) error {
	if node.Kind() != pdf.Dict {
		return nil // a missing or damaged kid is not a page
	}
	if w.nodes++; w.nodes > maxPageTreeNodes {
		return fmt.Errorf("page tree has more than %d nodes", maxPageTreeNodes)
	}
	if r := node.Key("Resources"); r.Kind() == pdf.Dict {
		res = r
	}
	kids := node.Key("Kids")
	if kids.Kind() != pdf.Array || node.Key("Type").Name() == "Page" {
		return w.visit(node, res)
	}
	if depth >= maxPageTreeDepth {
		return fmt.Errorf("page tree nested deeper than %d levels", maxPageTreeDepth)
	}
	// A node's printed dictionary names its kids by reference, so the same
	// text above it means the same kids again: a cycle.
	id := node.String()
	if slices.Contains(w.ancestors, id) {
		return errors.New("page tree contains a cycle")
	}
	w.ancestors = append(w.ancestors, id)
	for i := 0; i < kids.Len(); i++ {
		if err := w.walk(kids.Index(i), res, depth+1); err != nil {
			return err
		}
	}
	w.ancestors = w.ancestors[:len(w.ancestors)-1]
	return nil
}

// openStream returns the decoded data of a stream, or an error if its
// filters cannot be applied (the library panics on those).
func openStream(v pdf.Value) (rc io.ReadCloser, err error) {
	defer func() {
		if r := recover(); r != nil {
			rc, err = nil, &panicError{value: r, stack: debug.Stack()}
		}
	}()
	params := []pdf.Value{v.Key("DecodeParms")}
	if params[0].Kind() == pdf.Array {
		p := params[0]
		params = params[:0]
		for i := 0; i < min(p.Len(), 16); i++ {
			params = append(params, p.Index(i))
		}
	}
	for _, p := range params {
		if c := p.Key("Columns").Int64(); c < 0 || c > maxPredictorColumns {
			return nil, fmt.Errorf("stream predictor with %d columns", c)
		}
	}
	return v.Reader(), nil
}

// panicError is a panic of the PDF library, recovered. It keeps the stack
// so that tests can tell a library panic from one in this package.
type panicError struct {
	value any
	stack []byte
}

func (e *panicError) Error() string { return fmt.Sprint(e.value) }
