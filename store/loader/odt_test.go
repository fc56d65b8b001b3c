package loader

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

const odtNS = `xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"`

// pumpODT is a procedure as LibreOffice saves it: a generated table of
// contents, numbered headings, a paragraph with a footnote, a comment, a
// deleted tracked change and spacing elements, a nested list, a table,
// and a text frame.
var pumpODT = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content ` + odtNS + `><office:body><office:text>
<text:tracked-changes><text:changed-region><text:deletion><text:p>Old speed 2000 rpm.</text:p></text:deletion></text:changed-region></text:tracked-changes>
<text:table-of-content><text:index-body><text:p>Starting the pump<text:tab/>1</text:p></text:index-body></text:table-of-content>
<text:list><text:list-item><text:h text:outline-level="1">Starting the pump</text:h></text:list-item></text:list>
<text:p>Open the inlet<text:s text:c="3"/>valve<text:note><text:note-citation>1</text:note-citation><text:note-body><text:p>Valve V1.</text:p></text:note-body></text:note> before you start.<office:annotation><text:p>Check with ops.</text:p></office:annotation></text:p>
<text:list><text:list-item><text:p>Check the oil.</text:p><text:list><text:list-item><text:p>Level between marks.</text:p></text:list-item></text:list></text:list-item>
<text:list-item><text:p>Press <text:span>START</text:span>.</text:p></text:list-item></text:list>
<text:h text:outline-level="2">Speed</text:h>
<table:table><table:table-row><table:table-cell><text:p>Mode</text:p></table:table-cell><table:table-cell><text:p>rpm</text:p></table:table-cell></table:table-row>
<table:table-row><table:table-cell><text:p>eco</text:p></table:table-cell><table:table-cell><text:p>1500</text:p></table:table-cell></table:table-row></table:table>
<text:p><draw:frame><draw:text-box><text:p>Figure 1</text:p></draw:text-box></draw:frame>The pump runs at 3000 rpm.<text:line-break/>At most.</text:p>
</office:text></office:body></office:document-content>`

const pumpODTMeta = `<?xml version="1.0"?><office:document-meta ` + odtNS + `><office:meta>
<dc:title>Pump procedure</dc:title><meta:creation-date>2023-01-05T09:00:00</meta:creation-date>
<dc:date>2024-06-03T10:00:00</dc:date><meta:editing-cycles>7</meta:editing-cycles></office:meta></office:document-meta>`

func TestLoadODT(t *testing.T) {
	raw := zipParts(t, map[string]string{"content.xml": pumpODT, "meta.xml": pumpODTMeta,
		"mimetype": "application/vnd.oasis.opendocument.text"})
	doc := store.Document{ID: "pump.odt", Source: "pump.odt"}
	require.NoError(t, parseODT(raw, &doc))
	require.Equal(t, "Starting the pump\n\nOpen the inlet valve before you start.\n\n"+
		"- Check the oil.\n- Level between marks.\n- Press START.\n\n"+
		"Speed\n\nMode | rpm\neco | 1500\n\nThe pump runs at 3000 rpm.\nAt most.", doc.Text)
	require.Equal(t, []string{"Starting the pump", "Starting the pump > Speed"}, headingPaths(doc))
	require.Equal(t, "Pump procedure", doc.Title)
	require.Equal(t, "7", doc.Metadata.Revision)
	require.Equal(t, time.Date(2024, 6, 3, 10, 0, 0, 0, time.UTC), doc.Metadata.Date.UTC())
	requireWellFormedSections(t, doc)

	requireLoadFileSame(t, "pump.odt", raw, doc)
}

func TestLoadODTErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		raw  []byte
		want error
	}{
		{"not a zip", []byte("not an odt"), ErrMalformed},
		{"no content.xml", zipParts(t, map[string]string{"meta.xml": pumpODTMeta}), ErrMalformed},
		{"broken XML", zipParts(t, map[string]string{"content.xml": "<office:document-content><text:p>"}), ErrMalformed},
		{"saved with a password", zipParts(t, map[string]string{"content.xml": "encrypted bytes",
			"META-INF/manifest.xml": `<manifest:manifest><manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data/></manifest:file-entry></manifest:manifest>`}), ErrEncrypted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := store.Document{ID: "x.odt", Source: "x.odt"}
			err := parseODT(tc.raw, &doc)
			requireFormatError(t, err, tc.want, "ODT")
		})
	}
	// The title falls back to the first level-1 heading.
	doc := store.Document{ID: "x.odt", Source: "x.odt"}
	require.NoError(t, parseODT(zipParts(t, map[string]string{"content.xml": pumpODT}), &doc))
	require.Equal(t, "Starting the pump", doc.Title)
}
