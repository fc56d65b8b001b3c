package loader

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"net/url"
	"path"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/hybridrag/hybridrag/store"
)

// An EPUB (manuals and books as publishers and documentation tools ship
// them: Sphinx, AsciiDoctor, pandoc) is a zip of XHTML chapters. Its
// chapters are read in reading order by the HTML walker into one text,
// so that their headings open sections as a web page's do and a question
// is answered from the chapter that holds it.

// epubPackage is the part of an EPUB package document (the OPF) that
// names the book and orders its chapters.
type epubPackage struct {
	Metadata struct {
		Titles []string `xml:"title"`
		Dates  []string `xml:"date"`
		Metas  []struct {
			Property string `xml:"property,attr"`
			Value    string `xml:",chardata"`
		} `xml:"meta"`
	} `xml:"metadata"`
	Items []struct {
		ID         string `xml:"id,attr"`
		Href       string `xml:"href,attr"`
		MediaType  string `xml:"media-type,attr"`
		Properties string `xml:"properties,attr"`
	} `xml:"manifest>item"`
	Spine []struct {
		IDRef string `xml:"idref,attr"`
	} `xml:"spine>itemref"`
}

// parseEPUB fills doc with the text of an EPUB's chapters in spine order
// (its table of contents, the navigation document, left out), one section
// per heading; the title is the book's dc:title, else its first level-1
// heading; the date is dcterms:modified, else dc:date. A book whose
// chapters are encrypted (DRM) is ErrEncrypted; one with no text,
// ErrNoText.
func parseEPUB(raw []byte, doc *store.Document) error {
	fail := func(kind error, cause error) error {
		return &FormatError{Path: doc.Source, Format: "EPUB", Err: kind, Cause: cause}
	}
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return fail(ErrMalformed, err)
	}
	container, err := readPart(zr, "META-INF/container.xml")
	if err != nil {
		return fail(ErrMalformed, err)
	}
	var c struct {
		Rootfiles []struct {
			FullPath string `xml:"full-path,attr"`
		} `xml:"rootfiles>rootfile"`
	}
	if container == nil || xml.Unmarshal(container, &c) != nil || len(c.Rootfiles) == 0 {
		return fail(ErrMalformed, errors.New("no META-INF/container.xml naming the package document: not an EPUB"))
	}
	opfPath := c.Rootfiles[0].FullPath
	opf, err := readPart(zr, opfPath)
	if err != nil || opf == nil {
		return fail(ErrMalformed, errors.Join(errors.New("package document "+opfPath+" missing"), err))
	}
	var pkg epubPackage
	if err := xml.Unmarshal(opf, &pkg); err != nil {
		return fail(ErrMalformed, err)
	}
	if enc, _ := readPart(zr, "META-INF/encryption.xml"); bytes.Contains(enc, []byte("EncryptedData")) {
		return fail(ErrEncrypted, errors.New("the book's chapters are encrypted (DRM)"))
	}

	var w walker
	base := path.Dir(opfPath)
	items := map[string]int{}
	for k, it := range pkg.Items {
		items[it.ID] = k
	}
	for _, ref := range pkg.Spine {
		k, ok := items[ref.IDRef]
		if !ok {
			continue
		}
		it := pkg.Items[k]
		if !strings.Contains(it.MediaType, "html") || strings.Contains(" "+it.Properties+" ", " nav ") {
			continue
		}
		name, err := url.PathUnescape(it.Href)
		if err != nil {
			name = it.Href
		}
		part, err := readPart(zr, path.Join(base, name))
		if err != nil {
			return fail(ErrMalformed, err)
		}
		if part == nil {
			continue // a chapter the manifest names but the zip lacks
		}
		if strings.Contains(it.MediaType, "xhtml") {
			part = xhtmlElements(part) // "<iframe …/>" is empty, as XML reads it
		} else {
			part = xhtmlSelfClosing(part)
		}
		root, err := html.Parse(bytes.NewReader(part))
		if err != nil {
			return fail(ErrMalformed, err)
		}
		w.drop = cleanPage(root)
		w.out.lineBreak(2)
		w.walk(root)
	}
	w.closeSection()
	doc.Text, doc.Sections = w.out.String(), w.sections
	if strings.TrimSpace(doc.Text) == "" {
		return fail(ErrNoText, errors.New("no chapter has text"))
	}
	for _, t := range pkg.Metadata.Titles {
		if t = collapse(t); t != "" && utf8.ValidString(t) {
			doc.Title = t
			break
		}
	}
	if doc.Title == "" {
		doc.Title = w.firstH1
	}
	for _, m := range pkg.Metadata.Metas {
		if m.Property == "dcterms:modified" {
			setDate(&doc.Metadata, strings.TrimSpace(m.Value))
		}
	}
	for _, d := range pkg.Metadata.Dates {
		setDate(&doc.Metadata, strings.TrimSpace(d))
	}
	return nil
}
