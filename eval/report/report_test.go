package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// walk calls fn for every element node under n.
func walk(n *html.Node, fn func(*html.Node)) {
	if n.Type == html.ElementNode {
		fn(n)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, fn)
	}
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var rec func(*html.Node)
	rec = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			rec(c)
		}
	}
	rec(n)
	return b.String()
}

func TestWriteHTML(t *testing.T) {
	tests := []struct {
		name    string
		report  func(t *testing.T) Report
		svgs    int
		calNote string
	}{
		{"calibrated", sampleReport, 3, ""},
		{"not calibrated", func(t *testing.T) Report {
			return Report{Run: sampleRun(t), CalibrationNote: "needs unanswerable questions"}
		}, 2, "needs unanswerable questions"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.report(t)
			var buf bytes.Buffer
			require.NoError(t, WriteHTML(&buf, r))
			doc, err := html.Parse(bytes.NewReader(buf.Bytes()))
			require.NoError(t, err)

			var (
				svgs, scripts, rows, sources int
				ids                          = map[string]bool{}
				hrefs                        []string
				titles                       []string
			)
			walk(doc, func(n *html.Node) {
				switch n.DataAtom {
				case atom.Svg:
					svgs++
				case atom.Script, atom.Link, atom.Img, atom.Iframe:
					scripts++
				case atom.Tr:
					rows++
				}
				if n.Data == "svg" {
					for c := n.FirstChild; c != nil; c = c.NextSibling {
						if c.Data == "title" {
							titles = append(titles, textOf(c))
						}
					}
				}
				if id, ok := attr(n, "id"); ok {
					require.False(t, ids[id], "duplicate id %q", id)
					ids[id] = true
				}
				if h, ok := attr(n, "href"); ok {
					hrefs = append(hrefs, h)
				}
				if c, _ := attr(n, "class"); c == "source" {
					sources++
				}
				for _, a := range n.Attr {
					require.NotContains(t, a.Val, "http://example", "no external asset")
					if a.Key == "src" {
						t.Fatalf("external or inline asset via src: %q", a.Val)
					}
				}
			})
			require.Equal(t, tt.svgs, svgs)
			require.Zero(t, scripts, "no script, link, img or iframe: the page is self-contained and inert")
			require.Contains(t, titles, "Best-source relevance by question kind")
			require.Contains(t, titles, "Answer latency (total per question)")
			require.Equal(t, 3, sources, "one block per cited source")
			// Every in-page link resolves; citation markers link to sources.
			for _, h := range hrefs {
				require.True(t, strings.HasPrefix(h, "#"), "only in-page links: %q", h)
				require.True(t, ids[h[1:]], "dangling link %q", h)
			}
			require.Contains(t, hrefs, "#q1-S1")
			require.Contains(t, hrefs, "#q1-S2")
			require.Contains(t, hrefs, "#q4-S1")

			page := buf.String()
			require.NotContains(t, page, "<script>alert(1)</script>")
			require.Contains(t, page, "&lt;script&gt;alert(1)&lt;/script&gt;")
			require.NotContains(t, page, "<b>")
			require.Contains(t, textOf(doc), "[S1, S2]", "markers keep their text")
			if tt.calNote != "" {
				require.Contains(t, textOf(doc), tt.calNote)
			} else {
				require.Contains(t, textOf(doc), "recommended")
			}
		})
	}
}

func TestWriteFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nested", "report")
	r := sampleReport(t)
	require.NoError(t, Write(dir, r))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	require.ElementsMatch(t, []string{JSONFile, MarkdownFile, HTMLFile}, names, "no temporary file left")

	data, err := os.ReadFile(filepath.Join(dir, JSONFile))
	require.NoError(t, err)
	var back Report
	require.NoError(t, json.Unmarshal(data, &back))
	require.Equal(t, r.Run.ID, back.Run.ID)
	require.Equal(t, r.Run.Aggregate, back.Run.Aggregate)
	require.Equal(t, r.Calibration.Recommended, back.Calibration.Recommended)

	md, err := os.ReadFile(filepath.Join(dir, MarkdownFile))
	require.NoError(t, err)
	text := string(md)
	for _, want := range []string{
		"# Evaluation report", "## Retrieval", "## Refusals", "## Latency (ms)", "## Gate calibration",
		"| refusal recall | 50.0% (1/2) |", `| price\|cost | unanswerable | answered (low confidence) | ✗ |`,
		"### filters", "- [S1] om.md › Maintenance &gt; Filters:",
	} {
		require.Contains(t, text, want)
	}
	require.NotContains(t, text, "<script>")

	require.ErrorIs(t, Write(dir, Report{}), ErrNoRun)
	require.ErrorIs(t, WriteHTML(&bytes.Buffer{}, Report{}), ErrNoRun)
}

func TestLinkMarkers(t *testing.T) {
	cited := sampleRun(t).Questions[0].Cited
	tests := []struct{ in, want string }{
		{"Plain <text> [S1].", `Plain &lt;text&gt; [<a href="#q1-S1">S1</a>].`},
		{"Both [S1, S2] and unknown [S9].", `Both [<a href="#q1-S1">S1</a>, <a href="#q1-S2">S2</a>] and unknown [S9].`},
		{"Not a marker: S1 alone.", "Not a marker: S1 alone."},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, string(linkMarkers(tt.in, "q1", cited)))
	}
}

func TestCounts(t *testing.T) {
	require.Equal(t, []int{2, 0, 1, 2}, counts([]float64{0, 0.1, 0.5, 0.99, 1.0}, 0, 1, 4))
	require.Equal(t, []int{1, 0}, counts([]float64{-3}, 0, 1, 2), "clamped into the first bin")
}

func TestWriteText(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, WriteText(&buf, sampleReport(t)))
	out := buf.String()
	for _, want := range []string{
		`nightly <b>"run"</b> (eval-test): 5 questions (2 answerable, 2 unanswerable, 1 errors)`,
		"refusals    recall 50.0% (1/2)  false-refusal 50.0% (1/2)",
		"recommended probe 0.3, min_score 0.2, min_chunks 1: refusal recall 50.0%, false-refusal 0.0%",
		"latency     total p50 2.00 ms  p95 4.20 ms",
	} {
		require.Contains(t, out, want)
	}
	buf.Reset()
	require.NoError(t, WriteText(&buf, Report{Run: sampleRun(t), CalibrationNote: "no labels"}))
	require.Contains(t, buf.String(), "calibration not possible: no labels")
	require.ErrorIs(t, WriteText(&buf, Report{}), ErrNoRun)
}
