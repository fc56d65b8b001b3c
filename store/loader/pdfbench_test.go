package loader

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/store"
)

// BenchmarkParsePDF measures extraction from a 20-page PDF with 40 lines a
// page, compressed, as a word processor writes it (one TJ per line with
// kerning).
func BenchmarkParsePDF(b *testing.B) {
	pages := make([]string, 20)
	for p := range pages {
		var s strings.Builder
		s.WriteString("BT /F1 11 Tf 13 TL 72 740 Td ")
		for l := range 40 {
			fmt.Fprintf(&s, "[(Page %d line %d: the pump) -250 (must be ) 15 (primed before) -250 (start-up.)] TJ T* ", p+1, l+1)
		}
		pages[p] = s.String() + "ET"
	}
	raw := testPDF{pages: pages, flate: true, title: "Bench"}.bytes()
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		doc := store.Document{ID: "b.pdf", Source: "b.pdf"}
		if err := parsePDF(raw, &doc); err != nil {
			b.Fatal(err)
		}
	}
}
