package cite

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

func TestFormatBlock(t *testing.T) {
	sources := testSources()
	cases := []struct {
		name   string
		answer string
		cited  []int
		low    bool
		want   string
	}{
		{"normal", "  Pumps run hot [S1]. See [S3].\n", []int{2, 0}, false,
			"Answer:\nPumps run hot [S1]. See [S3].\n\nSources:\n" +
				"- [S1] docs/manual.md, Install > Linux, p. 3 (score: 0.83)\n" +
				"- [S3] docs/faq.md (score: 0.41)\n" +
				"(only cited sources are listed; not cited: S2)\n"},
		{"low confidence", "Maybe.", []int{3}, true,
			"Answer (LOW CONFIDENCE — limited source coverage):\nMaybe.\n\nSources:\n" +
				"- [S4] Annual Report 2021, p. 7 (score: 0.50)\n" +
				"(only cited sources are listed; not cited: S1, S2, S3)\n"},
		{"duplicates and out of range", "X.", []int{1, 1, -1, 9}, false,
			"Answer:\nX.\n\nSources:\n- [S2] docs/manual.md, p. 4 (score: 0.79)\n" +
				"(only cited sources are listed; not cited: S1)\n"},
		{"no gap below the last cited", "X.", []int{0, 1}, false,
			"Answer:\nX.\n\nSources:\n- [S1] docs/manual.md, Install > Linux, p. 3 (score: 0.83)\n" +
				"- [S2] docs/manual.md, p. 4 (score: 0.79)\n"},
		{"nothing cited", "X.", nil, false, "Answer:\nX.\n\nSources:\n(none)\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, FormatBlock(c.answer, sources, c.cited, c.low))
		})
	}
}

// TestFormatBlockSameNames: cited sources of different documents whose
// lines would read the same show their paths; chunks of one document, or
// lines that differ, do not.
func TestFormatBlockSameNames(t *testing.T) {
	src := func(id, path, title string, heading ...string) retrieve.Source {
		return retrieve.Source{Chunk: store.Chunk{DocumentID: id, Source: path, Title: title, Heading: heading}, Relevance: 0.9}
	}
	sources := []retrieve.Source{
		src("prop_tgt/LABELS.html", "prop_tgt/LABELS.html", "LABELS"),
		src("prop_test/LABELS.html", "prop_test/LABELS.html", "LABELS"),
		src("guide.html", "guide.html", "Guide", "Setup"),
		src("guide.html", "guide.html", "Guide", "Setup"),
		src("prop_dir/LABELS.html", "prop_dir/LABELS.html", "LABELS", "Examples"),
	}
	require.Equal(t, "Answer:\nX.\n\nSources:\n"+
		"- [S1] LABELS (prop_tgt/LABELS.html) (score: 0.90)\n"+
		"- [S2] LABELS (prop_test/LABELS.html) (score: 0.90)\n"+
		"- [S3] Guide, Setup (score: 0.90)\n"+
		"- [S4] Guide, Setup (score: 0.90)\n"+
		"- [S5] LABELS, Examples (score: 0.90)\n",
		FormatBlock("X.", sources, []int{0, 1, 2, 3, 4}, false))
	require.Equal(t, "Answer:\nX.\n\nSources:\n- [S2] LABELS (score: 0.90)\n(only cited sources are listed; not cited: S1)\n",
		FormatBlock("X.", sources, []int{1}, false), "one cited source needs no path")
}

func TestSourceLine(t *testing.T) {
	cases := []struct {
		name string
		src  retrieve.Source
		want string
	}{
		{"title wins", retrieve.Source{Chunk: store.Chunk{Title: "Pump Manual", Source: "m.md"}, Relevance: 0.834}, "[S1] Pump Manual (score: 0.83)"},
		{"document id fallback", retrieve.Source{Chunk: store.Chunk{DocumentID: "doc-7"}, Relevance: 1}, "[S1] doc-7 (score: 1.00)"},
		{"untitled", retrieve.Source{}, "[S1] (untitled) (score: 0.00)"},
		{"line breaks", retrieve.Source{Chunk: store.Chunk{Title: "Pump\nManual", Heading: []string{"A\r\nB", "C"}}, Relevance: 0.125}, "[S1] Pump Manual, A B > C (score: 0.12)"},
		{"revision and month", retrieve.Source{Chunk: store.Chunk{Title: "Manual", Heading: []string{"Maintenance", "Filters"},
			Metadata: store.Metadata{Revision: "B", Date: time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)}}, Relevance: 0.5},
			"[S1] Manual, Maintenance > Filters, rev. B, 2024-06 (score: 0.50)"},
		{"page, then day", retrieve.Source{Chunk: store.Chunk{Title: "Manual", Page: 2,
			Metadata: store.Metadata{Date: time.Date(2024, 6, 3, 23, 0, 0, 0, time.FixedZone("", -2*3600))}}, Relevance: 0.5},
			"[S1] Manual, p. 2, 2024-06-04 (score: 0.50)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, SourceLine(0, c.src))
		})
	}
}

func ExampleFormatBlock() {
	sources := []retrieve.Source{
		{Chunk: store.Chunk{Source: "manual.md", Heading: []string{"Install", "Linux"}, Page: 3}, Relevance: 0.83},
		{Chunk: store.Chunk{Source: "faq.md"}, Relevance: 0.79},
	}
	answer := "Run the installer as root [S1]. [SOURCE: Wikipedia]"
	ex := Extract(answer, sources)
	fmt.Print(FormatBlock(StripMarkers(answer, ex), sources, ex.Cited, false))
	fmt.Println("invalid citations:", ex.Invalid)
	// Output:
	// Answer:
	// Run the installer as root.
	//
	// Sources:
	// - [S1] manual.md, Install > Linux, p. 3 (score: 0.83)
	// invalid citations: 1
}
