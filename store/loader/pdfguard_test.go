package loader

import (
	"bytes"
	"fmt"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCheckPDFBounds(t *testing.T) {
	cases := []struct {
		name, raw string
		wantErr   string
	}{
		{"xref table", "xref\n0 3\n0000000000 65535 f \n0000000015 00000 n \n0000000064 00000 n \ntrailer", ""},
		{"xref subsection far out", "xref\n2000000000 1\n0000000015 00000 n \ntrailer", "subsection reaches object 2000000001"},
		{"second subsection far out", "xref\n0 1\n0000000000 65535 f \n8388607 5\n", "subsection reaches object"},
		{"startxref is not a table", "startxref\n8388608 1\n%%EOF", ""},
		{"Size at the limit", "<< /Size 8388607 >>", ""},
		{"Size above the limit", "<< /Size 99999999999999999999 >>", "/Size 1099511627776 is above"},
		{"a longer name", "<< /Sizes 99999999999 /Names 99999999999 >>", ""},
		{"object stream count", "<< /Type /ObjStm /N 9000000 /First 4 >>", "/N 9000000"},
		{"a reference after /N", "<< /N 5 0 R >>", ""},
		{"Index", "<< /Index [0 10 8388600 100] >>", "/Index reaches object 8388700"},
		{"W of an xref stream", "<< /W [1 2 1] >>", ""},
		{"W too wide", "<< /W [1 33554432 1] >>", "field of 33554432 bytes"},
		{"W of a CID font", "<< /W [1 [600] 3 3 99999999] >>", ""},
		{"Prev chain", "trailer << /Prev 100 >> trailer << /Prev 50 >> startxref\n200\n%%EOF", ""},
		{"Prev twice", "trailer << /Prev 100 >> trailer << /Prev 100 >>", "loop"},
		{"Prev to the last section", "trailer << /Prev 200 >> startxref\n200\n%%EOF", "loop"},
		{"outline Prev references", "<< /Prev 12 0 R >> << /Prev 12 0 R >> startxref\n12\n%%EOF", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := checkPDFBounds([]byte(c.raw))
			if c.wantErr == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, c.wantErr)
		})
	}
}

// appendUpdate adds an incremental update to a PDF written by testPDF: the
// objects replace those with the same numbers, and the new trailer's /Prev
// names the previous cross-reference table.
func appendUpdate(t *testing.T, raw []byte, objects map[int]string) []byte {
	t.Helper()
	i := bytes.LastIndex(raw, []byte("startxref\n"))
	require.Positive(t, i)
	prev, err := strconv.Atoi(string(bytes.Fields(raw[i+len("startxref\n"):])[0]))
	require.NoError(t, err)
	b := bytes.NewBuffer(append([]byte(nil), raw...))
	offsets := map[int]int{}
	size := 0
	for id, body := range objects {
		offsets[id] = b.Len()
		fmt.Fprintf(b, "%d 0 obj\n%s\nendobj\n", id, body)
		size = max(size, id+1)
	}
	xref := b.Len()
	b.WriteString("xref\n")
	for id, off := range offsets {
		fmt.Fprintf(b, "%d 1\n%010d 00000 n \n", id, off)
	}
	fmt.Fprintf(b, "trailer\n<< /Size %d /Root 1 0 R /Info 4 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n", size+10, prev, xref)
	return b.Bytes()
}

func TestLoadPDFIncrementalUpdate(t *testing.T) {
	// Pages 1 and 2 are objects 5 and 7, their contents 6 and 8.
	raw := testPDF{pages: []string{textPage("Old page one"), textPage("Page two")}, title: "Old"}.bytes()
	raw = appendUpdate(t, raw, map[int]string{6: streamObject("", textPage("New page one"))})
	raw = appendUpdate(t, raw, map[int]string{4: "<< /Title (New) >>"})
	doc, err := loadPDF(t, "updated.pdf", raw)
	require.NoError(t, err)
	require.Equal(t, "New", doc.Title)
	requirePages(t, doc, map[int]string{1: "New page one", 2: "Page two"})
}
