package loader

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// testEPUB builds an EPUB from its parts (name → content), with the
// container naming OEBPS/content.opf unless parts has its own.
func testEPUB(t testing.TB, parts map[string]string) []byte {
	t.Helper()
	if _, ok := parts["META-INF/container.xml"]; !ok {
		parts["META-INF/container.xml"] = `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`
	}
	parts["mimetype"] = "application/epub+zip"
	return zipParts(t, parts)
}

// pumpBookOPF orders two chapters after the navigation document, which
// the spine lists too, and names a chapter file with a space.
const pumpBookOPF = `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0">
 <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
  <dc:title>Pump Station Manual</dc:title>
  <dc:date>2023-01-05</dc:date>
  <meta property="dcterms:modified">2024-06-03T10:00:00Z</meta>
 </metadata>
 <manifest>
  <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
  <item id="c2" href="text/ch%202.xhtml" media-type="application/xhtml+xml"/>
  <item id="c1" href="text/ch1.xhtml" media-type="application/xhtml+xml"/>
  <item id="css" href="style.css" media-type="text/css"/>
 </manifest>
 <spine><itemref idref="nav"/><itemref idref="c1"/><itemref idref="c2"/><itemref idref="gone"/></spine>
</package>`

func TestLoadEPUB(t *testing.T) {
	raw := testEPUB(t, map[string]string{
		"OEBPS/content.opf": pumpBookOPF,
		"OEBPS/nav.xhtml":   `<html><body><nav><ol><li><a href="text/ch1.xhtml">Starting</a></li></ol></nav><p>Contents</p></body></html>`,
		"OEBPS/text/ch1.xhtml": `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Ch 1</title></head><body>
<h1>Starting</h1><p>Open the inlet valve before you start a pump.</p><h2>Speed</h2><p>The pump runs at 3000 rpm.</p></body></html>`,
		// No declaration, but XHTML by its media type: the self-closed
		// iframe is empty, not raw text running to the chapter's end.
		"OEBPS/text/ch 2.xhtml": `<html><body><h1>Draining</h1><iframe src="ad.html"/><dl><dt>-d</dt><dd>Drain one pump.</dd></dl></body></html>`,
	})
	doc := store.Document{ID: "pumps.epub", Source: "pumps.epub"}
	require.NoError(t, parseEPUB(raw, &doc))
	require.Equal(t, "Starting\n\nOpen the inlet valve before you start a pump.\n\nSpeed\n\nThe pump runs at 3000 rpm.\n\n"+
		"Draining\n\n-d\n\nDrain one pump.", doc.Text)
	require.Equal(t, []string{"Starting", "Starting > Speed", "Draining", "Draining > -d"}, headingPaths(doc))
	require.Equal(t, "Pump Station Manual", doc.Title)
	require.Equal(t, time.Date(2024, 6, 3, 10, 0, 0, 0, time.UTC), doc.Metadata.Date.UTC())
	requireWellFormedSections(t, doc)

	requireLoadFileSame(t, "pumps.epub", raw, doc)
}

func TestLoadEPUBErrors(t *testing.T) {
	chapter := `<html><body><p>Text.</p></body></html>`
	opf := `<package><manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c"/></spine></package>`
	for _, tc := range []struct {
		name string
		raw  []byte
		want error
	}{
		{"not a zip", []byte("not an epub"), ErrMalformed},
		{"no container", testEPUB(t, map[string]string{"META-INF/container.xml": "<container/>"}), ErrMalformed},
		{"no package document", testEPUB(t, map[string]string{}), ErrMalformed},
		{"DRM", testEPUB(t, map[string]string{"OEBPS/content.opf": opf, "OEBPS/c.xhtml": chapter,
			"META-INF/encryption.xml": `<encryption><EncryptedData/></encryption>`}), ErrEncrypted},
		{"no text", testEPUB(t, map[string]string{"OEBPS/content.opf": opf, "OEBPS/c.xhtml": `<html><body><img src="p.png"/></body></html>`}), ErrNoText},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := store.Document{ID: "x.epub", Source: "x.epub"}
			err := parseEPUB(tc.raw, &doc)
			requireFormatError(t, err, tc.want, "EPUB")
		})
	}
}

func FuzzParseEPUB(f *testing.F) {
	f.Add(testEPUB(f, map[string]string{"OEBPS/content.opf": pumpBookOPF, "OEBPS/text/ch1.xhtml": "<h1>A</h1><p>b</p>"}))
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc := store.Document{ID: "f.epub", Source: "f.epub"}
		if err := parseEPUB(raw, &doc); err != nil {
			var fe *FormatError
			require.ErrorAs(t, err, &fe)
			return
		}
		requireWellFormedSections(t, doc)
	})
}
