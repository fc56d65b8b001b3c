package loader

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestParseDate(t *testing.T) {
	utc := func(y int, m time.Month, d, h, mi, s int) time.Time { return time.Date(y, m, d, h, mi, s, 0, time.UTC) }
	cases := []struct {
		in   string
		want time.Time // zero: not a date
	}{
		{"2024-06-03", utc(2024, 6, 3, 0, 0, 0)},
		{"2024-06", utc(2024, 6, 1, 0, 0, 0)},
		{"2024-06-03T10:15:00Z", utc(2024, 6, 3, 10, 15, 0)},
		{"2024-06-03T12:15:00+02:00", utc(2024, 6, 3, 10, 15, 0)},
		{"2024-06-03 10:15:00", utc(2024, 6, 3, 10, 15, 0)},
		{"June 3, 2024", utc(2024, 6, 3, 0, 0, 0)},
		{"Jun 03, 2024", utc(2024, 6, 3, 0, 0, 0)},
		{"3 June 2024", utc(2024, 6, 3, 0, 0, 0)},
		{"June 2024", utc(2024, 6, 1, 0, 0, 0)},
		{"2024/06/03", utc(2024, 6, 3, 0, 0, 0)},
		{` "2024-06-03" `, utc(2024, 6, 3, 0, 0, 0)},
		{"D:20240603101500+02'00'", utc(2024, 6, 3, 8, 15, 0)},
		{"D:20240603101500Z", utc(2024, 6, 3, 10, 15, 0)},
		{"D:202406", utc(2024, 6, 1, 0, 0, 0)},
		{"D:20240631", time.Time{}},
		{"D:2024", utc(2024, 1, 1, 0, 0, 0)},
		{"Mon, 03 Jun 2024 10:15:00 +0000", utc(2024, 6, 3, 10, 15, 0)},
		{"2.3.1", time.Time{}},
		{"0001-01-01", time.Time{}},
		{"yesterday", time.Time{}},
		{"", time.Time{}},
		{"13/13/2024", time.Time{}},
	}
	for _, c := range cases {
		got, ok := parseDate(c.in)
		require.Equal(t, !c.want.IsZero(), ok, c.in)
		if ok {
			require.True(t, c.want.Equal(got), "%q: got %v", c.in, got)
		}
	}
}

func TestScanLabelLines(t *testing.T) {
	d := func(y int, m time.Month, day int) time.Time { return time.Date(y, m, day, 0, 0, 0, 0, time.UTC) }
	cases := []struct {
		name, text string
		rev        string
		date       time.Time
	}{
		{"revision and date lines", "Pump Manual\nRevision B\nLast updated: June 3, 2024\n\nText.", "B", d(2024, 6, 3)},
		{"one line", "# Manual\n\n**Rev. C — 2024-06-03**\n", "C", d(2024, 6, 3)},
		{"version with a date in parentheses", "Version 2.3.1 (2024-06)\n", "2.3.1", d(2024, 6, 1)},
		{"updated label", "Updated: 3 June 2024\nVersion: 7", "7", d(2024, 6, 3)},
		{"last modified on", "Last modified on Jun 03, 2024 (12:34 UTC).", "", d(2024, 6, 3)},
		{"a sentence is not a label", "Version 2 of the protocol adds a handshake and drops the old format.", "", time.Time{}},
		{"words that only start like labels", "Versions differ.\nDated material.\nReview B", "", time.Time{}},
		{"unparseable date is ignored", "Last updated: soon\nRevision 4", "4", time.Time{}},
		{"past the top lines", strRepeatLines("text", topLines) + "Revision Z\n", "", time.Time{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var m store.Metadata
			scanLabelLines(c.text, topLines, &m)
			require.Equal(t, c.rev, m.Revision)
			require.True(t, c.date.Equal(m.Date), "got %v", m.Date)
		})
	}
}

func strRepeatLines(s string, n int) string {
	out := ""
	for range n {
		out += s + "\n"
	}
	return out
}

// Every format's own metadata is read; format metadata wins over label
// lines in the text, and neither is required.
func TestLoadRevisionAndDate(t *testing.T) {
	d := func(y int, m time.Month, day, h, mi int) time.Time {
		return time.Date(y, m, day, h, mi, 0, 0, time.UTC)
	}
	core := `<?xml version="1.0"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>T</dc:title><cp:revision>12</cp:revision><dcterms:created xsi:type="dcterms:W3CDTF">2023-01-02T03:04:00Z</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">2024-06-03T10:15:00Z</dcterms:modified></cp:coreProperties>`
	coreVersion := `<?xml version="1.0"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dcterms="http://purl.org/dc/terms/"><cp:revision>12</cp:revision><cp:version>B</cp:version><dcterms:created>2023-01-02T03:04:00Z</dcterms:created></cp:coreProperties>`
	cases := []struct {
		name, file string
		raw        []byte
		rev        string
		date       time.Time
	}{
		{"markdown front matter", "a.md", []byte("---\ntitle: Pump\nversion: \"2.1\"\ndate: 2023-01-01\nlast_updated: 2024-06-03\n---\n# Pump\n"), "2.1", d(2024, 6, 3, 0, 0)},
		{"markdown front matter revision wins over version", "a.md", []byte("---\nversion: 2\nrevision: B # reviewed\n---\nText\n"), "B", time.Time{}},
		{"markdown without front matter reads label lines", "a.md", []byte("# Pump\n\nRevision C\nUpdated: 2024-06\n\nText."), "C", d(2024, 6, 1, 0, 0)},
		{"front matter wins over label lines", "a.md", []byte("---\ndate: 2024-06-03\n---\nLast updated: 2020-01-01\n"), "", d(2024, 6, 3, 0, 0)},
		{"unparseable front matter date falls back to the text", "a.md", []byte("---\ndate: someday\n---\nLast updated: 2020-01-01\n"), "", d(2020, 1, 1, 0, 0)},
		{"plain text", "a.txt", []byte("PUMP MANUAL\nRev. 4\nDate: 3 June 2024\n\nBody."), "4", d(2024, 6, 3, 0, 0)},
		{"html meta", "a.html", []byte(`<html><head><meta property="article:modified_time" content="2024-06-03T10:15:00Z"><meta name="version" content="3.12"></head><body><p>x</p></body></html>`), "3.12", d(2024, 6, 3, 10, 15)},
		{"html dcterms", "a.html", []byte(`<meta name="DCTERMS.modified" content="2024-06-03"><p>x</p>`), "", d(2024, 6, 3, 0, 0)},
		{"html time element", "a.html", []byte(`<p>x</p><p>Modified <time itemprop="dateModified" datetime="2024-06-03">3rd</time></p>`), "", d(2024, 6, 3, 0, 0)},
		{"html without dates", "a.html", []byte(`<p>Released in the summer.</p>`), "", time.Time{}},
		{"docx core properties", "a.docx", zipParts(t, map[string]string{"word/document.xml": wordBody(para("", "Text.")), "docProps/core.xml": core}), "12", d(2024, 6, 3, 10, 15)},
		{"docx version over revision, created without modified", "a.docx", zipParts(t, map[string]string{"word/document.xml": wordBody(para("", "Text.")), "docProps/core.xml": coreVersion}), "B", d(2023, 1, 2, 3, 4)},
		{"pdf ModDate", "a.pdf", testPDF{pages: []string{textPage("Hello")}, info: "/CreationDate (D:20230102030400Z) /ModDate (D:20240603121500+02'00')"}.bytes(), "", d(2024, 6, 3, 10, 15)},
		{"pdf CreationDate", "a.pdf", testPDF{pages: []string{textPage("Hello")}, info: "/CreationDate (D:20230102)"}.bytes(), "", d(2023, 1, 2, 0, 0)},
		{"pdf bad date", "a.pdf", testPDF{pages: []string{textPage("Hello")}, info: "/ModDate (yesterday)"}.bytes(), "", time.Time{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc, err := LoadFile(writeFile(t, t.TempDir(), c.file, c.raw))
			require.NoError(t, err)
			require.Equal(t, c.rev, doc.Metadata.Revision)
			require.True(t, c.date.Equal(doc.Metadata.Date), "got %v", doc.Metadata.Date)
		})
	}
}

// The generator pages carry their dates where their generators put them.
func TestGeneratorPageDates(t *testing.T) {
	want := map[string]time.Time{
		"sphinx.html":  time.Date(2024, 6, 3, 0, 0, 0, 0, time.UTC), // footer "Last updated on Jun 03, 2024"
		"mkdocs.html":  time.Date(2024, 6, 3, 0, 0, 0, 0, time.UTC), // git-revision-date plugin
		"hugo.html":    time.Date(2024, 6, 3, 10, 0, 0, 0, time.UTC),
		"docbook.html": {},
	}
	for file, date := range want {
		raw, err := os.ReadFile(filepath.Join("testdata", "html", file))
		require.NoError(t, err)
		doc := store.Document{ID: file}
		require.NoError(t, parseHTML(raw, &doc))
		require.True(t, date.Equal(doc.Metadata.Date), "%s: got %v", file, doc.Metadata.Date)
	}
}
