package cite

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// testSources makes four sources: two chunks of a manual (pages 3 and 4),
// one of a FAQ and one of a report with a title.
func testSources() []retrieve.Source {
	return []retrieve.Source{
		{Chunk: store.Chunk{ID: "c-manual-0", DocumentID: "doc-manual", Source: "docs/manual.md", Page: 3, Heading: []string{"Install", "Linux"}}, Relevance: 0.83},
		{Chunk: store.Chunk{ID: "c-manual-1", DocumentID: "doc-manual", Source: "docs/manual.md", Page: 4}, Relevance: 0.79},
		{Chunk: store.Chunk{ID: "c-faq-0", DocumentID: "doc-faq", Source: "docs/faq.md"}, Relevance: 0.41},
		{Chunk: store.Chunk{ID: "c-report-0", DocumentID: "doc-report", Source: "reports/2021, annual.pdf", Title: "Annual Report 2021", Page: 7}, Relevance: 0.5},
	}
}

type cit struct {
	ref    string
	source int
}

func TestExtract(t *testing.T) {
	cases := []struct {
		name    string
		answer  string
		opts    Options
		want    []cit
		cited   []int
		invalid int
	}{
		{"single label", "Pumps run hot [S1].", Options{}, []cit{{"S1", 0}}, []int{0}, 0},
		{"lower case and spaces", "Pumps [ s 2 ].", Options{}, []cit{{"s 2", 1}}, []int{1}, 0},
		{"comma list", "X [S1, S3].", Options{}, []cit{{"S1", 0}, {"S3", 2}}, []int{0, 2}, 0},
		{"comma list no space", "X [S1,S3].", Options{}, []cit{{"S1", 0}, {"S3", 2}}, []int{0, 2}, 0},
		{"semicolon list", "X [S3; S1].", Options{}, []cit{{"S3", 2}, {"S1", 0}}, []int{2, 0}, 0},
		{"adjacent", "X [S1][S2].", Options{}, []cit{{"S1", 0}, {"S2", 1}}, []int{0, 1}, 0},
		{"repeated", "X [S2]. Y [S2].", Options{}, []cit{{"S2", 1}, {"S2", 1}}, []int{1}, 0},
		{"range", "X [S1-S3].", Options{}, []cit{{"S1", 0}, {"S2", 1}, {"S3", 2}}, []int{0, 1, 2}, 0},
		{"range en dash short", "X [S2 – 3].", Options{}, []cit{{"S2", 1}, {"S3", 2}}, []int{1, 2}, 0},
		{"range past end", "X [S3-S6].", Options{}, []cit{{"S3", 2}, {"S4", 3}, {"S3-S6", -1}}, []int{2, 3}, 1},
		{"reversed range", "X [S3-S1].", Options{}, []cit{{"S3-S1", -1}}, []int{}, 1},
		{"Source N", "X [Source 1] and [source 2].", Options{}, []cit{{"1", 0}, {"2", 1}}, []int{0, 1}, 0},
		{"Source N no space", "X [Source2].", Options{}, []cit{{"2", 1}}, []int{1}, 0},
		{"Sources list", "X [Sources 1, 3].", Options{}, []cit{{"1", 0}, {"3", 2}}, []int{0, 2}, 0},
		{"Source N list", "X [Source 1, Source 3].", Options{}, []cit{{"1", 0}, {"3", 2}}, []int{0, 2}, 0},
		{"SOURCE label", "X [SOURCE: S2].", Options{}, []cit{{"S2", 1}}, []int{1}, 0},
		{"SOURCE chunk id", "X [SOURCE: c-faq-0].", Options{}, []cit{{"c-faq-0", 2}}, []int{2}, 0},
		{"chunk id case-insensitive", "X [chunk: C-FAQ-0].", Options{}, []cit{{"C-FAQ-0", 2}}, []int{2}, 0},
		{"SOURCE document id", "X [source: doc-manual].", Options{}, []cit{{"doc-manual", 0}}, []int{0}, 0},
		{"SOURCE path", "X [Source: docs/faq.md].", Options{}, []cit{{"docs/faq.md", 2}}, []int{2}, 0},
		{"SOURCE base name", "X [Source: FAQ.md].", Options{}, []cit{{"FAQ.md", 2}}, []int{2}, 0},
		{"SOURCE path with comma", "X [Source: reports/2021, annual.pdf].", Options{}, []cit{{"reports/2021, annual.pdf", 3}}, []int{3}, 0},
		{"SOURCE title", "X [source: annual report 2021].", Options{}, []cit{{"annual report 2021", 3}}, []int{3}, 0},
		{"SOURCE quoted id", "X [SOURCE: `c-faq-0`].", Options{}, []cit{{"`c-faq-0`", 2}}, []int{2}, 0},
		{"page qualifier", "X [source: docs/manual.md, page 4].", Options{}, []cit{{"docs/manual.md, page 4", 1}}, []int{1}, 0},
		{"page qualifier p.", "X [source: manual.md, p. 3].", Options{}, []cit{{"manual.md, p. 3", 0}}, []int{0}, 0},
		{"page not retrieved", "X [source: docs/manual.md, page 9].", Options{}, []cit{{"docs/manual.md, page 9", -1}}, []int{}, 1},
		{"ids list", "X [Sources: docs/faq.md, c-manual-1].", Options{}, []cit{{"docs/faq.md", 2}, {"c-manual-1", 1}}, []int{2, 1}, 0},
		{"mixed list", "X [chunk: c-faq-0, S1].", Options{}, []cit{{"c-faq-0", 2}, {"S1", 0}}, []int{2, 0}, 0},
		{"doc prefix", "X [doc: doc-faq].", Options{}, []cit{{"doc-faq", 2}}, []int{2}, 0},
		{"unknown label", "X [S9].", Options{}, []cit{{"S9", -1}}, []int{}, 1},
		{"label zero", "X [S0].", Options{}, []cit{{"S0", -1}}, []int{}, 1},
		{"unknown id", "X [SOURCE: Wikipedia].", Options{}, []cit{{"Wikipedia", -1}}, []int{}, 1},
		{"unknown chunk", "X [chunk: deadbeef].", Options{}, []cit{{"deadbeef", -1}}, []int{}, 1},
		{"valid and invalid", "X [S1, S7].", Options{}, []cit{{"S1", 0}, {"S7", -1}}, []int{0}, 1},
		{"fullwidth brackets", "X 【S2】.", Options{}, []cit{{"S2", 1}}, []int{1}, 0},
		{"bare numbers off", "See note [1].", Options{}, nil, []int{}, 0},
		{"bare numbers on", "X [1, 3].", Options{BareNumbers: true}, []cit{{"1", 0}, {"3", 2}}, []int{0, 2}, 0},
		{"bare range on", "X [2-3].", Options{BareNumbers: true}, []cit{{"S2", 1}, {"S3", 2}}, []int{1, 2}, 0},
		{"prose brackets", "Set [optional] flags, see [source code] and [S1 and S2].", Options{}, nil, []int{}, 0},
		{"list with no head", "Noted [Source , 2] and [sources; 1].", Options{}, nil, []int{}, 0},
		{"markdown link", "See [the manual](http://x) [S1].", Options{}, []cit{{"S1", 0}}, []int{0}, 0},
		{"nested brackets", "X [[S2]].", Options{}, []cit{{"S2", 1}}, []int{1}, 0},
		{"unclosed", "X [S1 and more", Options{}, nil, []int{}, 0},
		{"across lines", "X [S1\n].", Options{}, nil, []int{}, 0},
		{"empty brackets", "X [] [ ] [Source] [chunk:].", Options{}, nil, []int{}, 0},
		{"too long", "X [SOURCE: " + strings.Repeat("a", 300) + "].", Options{}, nil, []int{}, 0},
		{"long allowed", "X [SOURCE: " + strings.Repeat("a", 300) + "].", Options{MaxMarkerLen: 400}, []cit{{strings.Repeat("a", 300), -1}}, []int{}, 1},
	}
	sources := testSources()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ex := New(c.opts).Extract(context.Background(), c.answer, sources)
			var got []cit
			for _, ct := range ex.Citations {
				got = append(got, cit{ct.Ref, ct.Source})
				require.Equal(t, ct.Marker, c.answer[ct.Start:ct.End], "marker span")
				require.Equal(t, ct.Source >= 0, ct.Valid())
			}
			require.Equal(t, c.want, got)
			require.Equal(t, c.cited, ex.Cited)
			require.Equal(t, c.invalid, ex.Invalid)
		})
	}
}

func TestExtractSharedMarker(t *testing.T) {
	answer := "Pumps run hot [S1, S3]."
	ex := Extract(answer, testSources())
	require.Len(t, ex.Citations, 2)
	for _, c := range ex.Citations {
		require.Equal(t, "[S1, S3]", c.Marker)
		require.Equal(t, 14, c.Start)
		require.Equal(t, 22, c.End)
	}
	require.Equal(t, []string{"S1", "S3"}, ex.Labels())
}

func TestExtractNoSources(t *testing.T) {
	ex := Extract("Claim [S1]. Other [SOURCE: manual.md].", nil)
	require.Equal(t, 2, ex.Invalid)
	require.Empty(t, ex.Cited)
	require.NotNil(t, ex.Cited, "Cited is an empty list, not null, in JSON")
}

func TestLabel(t *testing.T) {
	require.Equal(t, "S1", Label(0))
	require.Equal(t, "S15", Label(14))
}

func FuzzExtract(f *testing.F) {
	for _, s := range []string{
		"Pumps run hot [S1].", "[S1, S3] x [S2-S4] [Source 2] [SOURCE: docs/faq.md, page 3]",
		"【S1】[chunk: c-faq-0][doc: doc-manual]", "[S1-S999999999]", "[[S1]]", "[Source: S1, Source 2]",
		"[source: a, b; c]", "[S\xff1]", "[", "]", "[S1-", "[sources 1 - 3, s4]",
	} {
		f.Add(s, 4, false)
	}
	f.Fuzz(func(t *testing.T, answer string, n int, bare bool) {
		all := testSources()
		n = ((n % (len(all) + 1)) + len(all) + 1) % (len(all) + 1)
		sources := all[:n]
		ex := New(Options{BareNumbers: bare}).Extract(context.Background(), answer, sources)
		invalid := 0
		for _, c := range ex.Citations {
			require.True(t, c.Start >= 0 && c.Start < c.End && c.End <= len(answer))
			require.Equal(t, c.Marker, answer[c.Start:c.End])
			require.True(t, c.Source >= -1 && c.Source < len(sources))
			if c.Source < 0 {
				invalid++
			}
		}
		require.Equal(t, invalid, ex.Invalid)
		seen := map[int]bool{}
		for _, i := range ex.Cited {
			require.True(t, i >= 0 && i < len(sources))
			require.False(t, seen[i], "Cited is unique")
			seen[i] = true
		}
		for _, c := range ex.Citations {
			if c.Source >= 0 {
				require.True(t, seen[c.Source], "every valid citation is in Cited")
			}
		}
		stripped := StripMarkers(answer, ex)
		require.LessOrEqual(t, len(stripped), len(answer)+len(ex.Citations))
		require.Equal(t, ex.Cited, New(Options{BareNumbers: bare}).Extract(context.Background(), answer, sources).Cited, "deterministic")
	})
}

func BenchmarkExtract(b *testing.B) {
	answer := strings.Repeat("The pump must be primed before start-up [S1]. Pressure stays below 16 bar [S2, S3]. See [SOURCE: docs/faq.md]. ", 20)
	sources := testSources()
	p := New(Options{})
	b.ReportAllocs()
	for b.Loop() {
		p.Extract(context.Background(), answer, sources)
	}
}
