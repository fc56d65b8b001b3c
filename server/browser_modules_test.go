package server_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/server/web"
)

// The page's own logic, run in the browser on its own modules: the SSE
// parser (the answer stream), the citation marker grammar and the
// streaming renderer that must never show half a marker.

type browserSSEEvent struct {
	Event string `json:"event"`
	Data  string `json:"data"`
}

// moduleBrowserPage serves the page's files alone (no API) under the CSP of the
// real server, and opens them in the browser.
func moduleBrowserPage(t *testing.T) *browserPage {
	t.Helper()
	files := http.FileServer(http.FS(web.FS()))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'")
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	p := newBrowserPage(t, srv.URL, "")
	p.do("load the page", chromedp.Navigate(srv.URL), chromedp.WaitVisible(chromedp.ID("question")))
	return p
}

func browserEvalAsync[T any](p *browserPage, body string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](`(async () => {`+body+`})()`, chromedp.EvalAwaitPromise))
	require.NoError(p.t, err, body)
	return v
}

func TestBrowserModules(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser; run without -short")
	}
	p := moduleBrowserPage(t)

	t.Run("SSEParser", func(t *testing.T) {
		tests := []struct {
			name   string
			pieces []string
			want   []browserSSEEvent
		}{
			{"one event", []string{"event: delta\ndata: {\"text\":\"a\"}\n\n"}, []browserSSEEvent{{"delta", `{"text":"a"}`}}},
			{"two events in one piece", []string{"event: delta\ndata: 1\n\nevent: answer\ndata: 2\n\n"}, []browserSSEEvent{{"delta", "1"}, {"answer", "2"}}},
			{"CRLF split between pieces", []string{"event: answer\r", "\ndata: x\r\n\r", "\n"}, []browserSSEEvent{{"answer", "x"}}},
			{"CR line ends", []string{"data: x\r\r"}, []browserSSEEvent{{"message", "x"}}},
			{"line split mid-field", []string{"eve", "nt: err", "or\nda", "ta: {}\n", "\n"}, []browserSSEEvent{{"error", "{}"}}},
			{"comments and multi-line data", []string{": keep-alive\n", "data: a\ndata: b\n\n"}, []browserSSEEvent{{"message", "a\nb"}}},
			{"no space after colon, one space stripped", []string{"data:x\n\ndata:  y\n\n"}, []browserSSEEvent{{"message", "x"}, {"message", " y"}}},
			{"event name reset after dispatch", []string{"event: delta\ndata: 1\n\ndata: 2\n\n"}, []browserSSEEvent{{"delta", "1"}, {"message", "2"}}},
			{"unknown fields ignored", []string{"id: 7\nretry: 10\ndata: x\n\n"}, []browserSSEEvent{{"message", "x"}}},
			{"no data, no event", []string{"event: delta\n\n"}, nil},
			{"unterminated event dropped", []string{"data: x\n"}, nil},
			{"unterminated line dropped", []string{"data: x"}, nil},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				in, err := json.Marshal(tc.pieces)
				require.NoError(t, err)
				got := browserEvalAsync[[]browserSSEEvent](p, `
					const { SSEParser } = await import('/sse.js');
					const out = [];
					const parser = new SSEParser((e) => out.push(e));
					for (const piece of `+string(in)+`) parser.push(piece);
					parser.end();
					return out;`)
				if tc.want == nil {
					require.Empty(t, got)
					return
				}
				require.Equal(t, tc.want, got)
			})
		}
	})

	t.Run("markerLabels", func(t *testing.T) {
		tests := []struct {
			inner string
			want  []string
		}{
			{"S1", []string{"S1"}},
			{"s 2", []string{"S2"}},
			{"S1, S3", []string{"S1", "S3"}},
			{"S1; S2", []string{"S1", "S2"}},
			{"S2-S4", []string{"S2", "S3", "S4"}},
			{"S2–4", []string{"S2", "S3", "S4"}},
			{"Source 2", []string{"S2"}},
			{"Sources: 1, 3", []string{"S1", "S3"}},
			{"Source: S2", []string{"S2"}},
			{"1", nil},     // a footnote, as in package cite's default parser
			{"1-3", nil},   // a range of footnotes
			{"S3-S1", nil}, // reversed
			{"S0-S2", nil}, // no S0
			{"Sources", nil},
			{"see S1", nil},
			{"S1, note", nil},
		}
		for _, tc := range tests {
			t.Run(tc.inner, func(t *testing.T) {
				got := browserEvalAsync[[]string](p, `
					const { markerLabels } = await import('/answer.js');
					return markerLabels(`+browserJSString(tc.inner)+`);`)
				require.Equal(t, tc.want, got)
			})
		}
	})

	t.Run("sourceWhen", func(t *testing.T) {
		tests := []struct {
			name   string
			source string // an Answer JSON source
			want   string
		}{
			{"plain document", `{"id":"S1","source":"a.md"}`, ""},
			{"transcript", `{"time":"1:05","start":1,"end":100,"speakers":["Alice"]}`, "at 1:05 · 0:01–1:40 · Alice"},
			{"span from zero, two speakers", `{"start":0,"end":3725.5,"speakers":["Bob","Alice, Jr."]}`, "0:00–1:02:05 · Bob, Alice, Jr."},
			{"time without span", `{"time":"1:02:05"}`, "at 1:02:05"},
			{"revision and date in the document's zone", `{"revision":"r7","date":"2024-03-05T23:30:15+05:30"}`, "revision r7 · 2024-03-05"},
			{"date only", `{"date":"2025-04-01T00:00:00Z"}`, "2025-04-01"},
			{"zero date", `{"date":"0001-01-01T00:00:00Z"}`, ""},
			{"not a date", `{"date":"soon"}`, ""},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				got := browserEvalAsync[string](p, `
					const { sourceWhen } = await import('/answer.js');
					return sourceWhen(`+tc.source+`).join(' · ');`)
				require.Equal(t, tc.want, got)
			})
		}
	})

	// A card names each piece once: the document, its title only where the
	// name and heading path do not already, the heading path, and a preview
	// without the lines that repeat them (an HTML page's <h1> opens its text).
	t.Run("sourceCard", func(t *testing.T) {
		tests := []struct {
			name    string
			source  string // an Answer JSON source
			places  []string
			preview string
		}{
			{"page whose title, heading and first line agree",
				`{"id":"S1","source":"command/add_widget.html","title":"add_widget","heading":"add_widget",` +
					`"text":"add_widget\n\nAdd a widget to a panel.\n\nadd_widget(<panel>)"}`,
				[]string{"add_widget"}, "Add a widget to a panel.\n\nadd_widget(<panel>)"},
			{"Markdown headings along the path",
				`{"id":"S1","source":"pump.md","title":"Pump manual","heading":"Pump manual > Seal care",` +
					`"text":"# Pump manual\n\n## Seal care\n\nGrease the seal monthly."}`,
				[]string{"Pump manual > Seal care"}, "Grease the seal monthly."},
			{"title apart from the heading path",
				`{"id":"S1","source":"release/2.4.html","title":"Gadget 2.4 Release Notes","heading":"New Features > Commands",` +
					`"text":"Commands\n\n- The frob() command gained a FAST option."}`,
				[]string{"Gadget 2.4 Release Notes", "New Features > Commands"}, "- The frob() command gained a FAST option."},
			{"title that is the document's name, with a page",
				`{"id":"S1","source":"notes.txt","title":"notes.txt","page":2,"text":"Notes on wiring.\nUse red for live."}`,
				[]string{"page 2"}, "Notes on wiring.\nUse red for live."},
			{"a heading line written differently",
				`{"id":"S1","source":"a.html","title":"Install","heading":"Install > From Source",` +
					`"text":"  INSTALL  \nfrom  source:\nRun the script."}`,
				[]string{"Install > From Source"}, "Run the script."},
			{"a first line that only starts like the title stays",
				`{"id":"S1","source":"a.html","title":"add_widget","heading":"add_widget","text":"add_widget adds a widget."}`,
				[]string{"add_widget"}, "add_widget adds a widget."},
			{"text that is only its heading",
				`{"id":"S1","source":"a.html","title":"Glossary","heading":"Glossary","text":"Glossary"}`,
				[]string{"Glossary"}, ""},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				got := browserEvalAsync[struct {
					Places  []string `json:"places"`
					Preview string   `json:"preview"`
				}](p, `
					const { renderSources } = await import('/answer.js');
					const list = document.createElement('ol');
					renderSources(list, [`+tc.source+`], () => {});
					const card = list.querySelector('.card');
					const snippet = card.querySelector('.snippet');
					return {
						places: [...card.querySelectorAll('p.where:not(.when)')].map((e) => e.textContent),
						preview: snippet ? snippet.textContent : '',
					};`)
				require.Equal(t, tc.places, got.Places)
				require.Equal(t, tc.preview, got.Preview)
			})
		}
	})

	t.Run("CitedText", func(t *testing.T) {
		type snapshot struct {
			Text   string   `json:"text"`
			Labels []string `json:"labels"`
		}
		type rendered struct {
			After []string `json:"after"` // textContent after each delta
			Final snapshot `json:"final"`
			Tags  []string `json:"tags"` // every element inside the answer
		}
		tests := []struct {
			name   string
			deltas []string
			final  string
			// after[i] is the text shown after deltas[i]: never half a marker.
			after []string
			want  snapshot
		}{
			{
				name:   "marker split across deltas",
				deltas: []string{"Replace it every 6 months [S", "1]. Turn it [S2", ", S3]."},
				final:  "Replace it every 6 months [S1]. Turn it [S2, S3].",
				after:  []string{"Replace it every 6 months ", "Replace it every 6 months [S1]. Turn it ", "Replace it every 6 months [S1]. Turn it [S2, S3]."},
				want:   snapshot{"Replace it every 6 months [S1]. Turn it [S2, S3].", []string{"S1", "S2", "S3"}},
			},
			{
				name:   "range expands, footnote stays text",
				deltas: []string{"See [S1-S3] and note [1]."},
				final:  "See [S1-S3] and note [1].",
				after:  []string{"See [S1, S2, S3] and note [1]."},
				want:   snapshot{"See [S1, S2, S3] and note [1].", []string{"S1", "S2", "S3"}},
			},
			{
				name:   "a bracket that never closes is shown at the end",
				deltas: []string{"Pressure [in bar", " is 6"},
				final:  "Pressure [in bar is 6",
				after:  []string{"Pressure ", "Pressure "},
				want:   snapshot{"Pressure [in bar is 6", nil},
			},
			{
				name:   "a refusal replaces what streamed",
				deltas: []string{"Partial [S1]"},
				final:  "No supporting documentation found in indexed sources.",
				after:  []string{"Partial [S1]"},
				want:   snapshot{"No supporting documentation found in indexed sources.", nil},
			},
			{
				name:   "markup in the answer is text",
				deltas: []string{"<img src=x onerror=alert(1)> [S1]"},
				final:  "<img src=x onerror=alert(1)> [S1]",
				after:  []string{"<img src=x onerror=alert(1)> [S1]"},
				want:   snapshot{"<img src=x onerror=alert(1)> [S1]", []string{"S1"}},
			},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				deltas, err := json.Marshal(tc.deltas)
				require.NoError(t, err)
				got := browserEvalAsync[rendered](p, `
					const { CitedText } = await import('/answer.js');
					const el = document.createElement('div');
					const ct = new CitedText(el, () => {});
					const after = [];
					for (const d of `+string(deltas)+`) { ct.push(d); after.push(el.textContent); }
					ct.finish(`+browserJSString(tc.final)+`);
					const labels = [...el.querySelectorAll('a.cite')].map((a) => a.dataset.label);
					const tags = [...el.querySelectorAll('*')].map((e) => e.tagName);
					return { after, final: { text: el.textContent, labels: labels.length ? labels : null }, tags };`)
				require.Equal(t, tc.after, got.After)
				require.Equal(t, tc.want, got.Final)
				for _, tag := range got.Tags {
					require.Equal(t, "A", tag, "only citation links are elements")
				}
			})
		}
	})

	t.Run("showAnswer", func(t *testing.T) {
		hostile := `<img src=x onerror="document.title='owned'">`
		tests := []struct {
			name       string
			confidence string
			reason     string
			badge      string
			refusal    string // "" when hidden
			low        bool
		}{
			{"normal", "normal", "", "Grounded in the sources", "", false},
			{"low", "low", "", "LOW CONFIDENCE — limited source coverage", "", true},
			{"collection_not_found", "refused", "collection_not_found", "REFUSED — Nothing indexed", "No documents are indexed", false},
			{"no_relevant_content", "refused", "no_relevant_content", "REFUSED — No relevant content", "No supporting documentation was found", false},
			{"insufficient_sources", "refused", "insufficient_sources", "REFUSED — Too few sources", "Too few indexed passages support", false},
			{"unsupported_answer", "refused", "unsupported_answer", "REFUSED — Answer not supported", "none of it could be verified", false},
			{"model_declined", "refused", "model_declined", "REFUSED — Not in the documents", "does not contain this information", false},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				var reason any
				if tc.reason != "" {
					reason = tc.reason
				}
				ans, err := json.Marshal(map[string]any{
					"query": "q?", "answer": hostile + " [S1]", "confidence": tc.confidence, "refusal_reason": reason,
					"query_id": 7, "citations": []string{"S1"},
					"sources": []map[string]any{{
						"id": "S1", "chunk_id": "c1", "document_id": "d1", "source": "<b>manual</b>.md", "title": "",
						"heading": "A > B", "page": 3, "relevance": 0.5, "scores": map[string]float64{"bm25": 1, "cosine": 0.5, "fused": 0.03},
						"text": hostile, "cited": true,
					}},
				})
				require.NoError(t, err)
				got := browserEvalAsync[struct {
					Badge    string   `json:"badge"`
					Refusal  string   `json:"refusal"`
					Low      bool     `json:"low"`
					Card     string   `json:"card"`
					Elements []string `json:"elements"`
					Title    string   `json:"title"`
				}](p, `
					const { showAnswer } = await import('/app.js');
					showAnswer(`+string(ans)+`);
					const $ = (id) => document.getElementById(id);
					const area = [...$('answer').querySelectorAll('*'), ...$('sources').querySelectorAll('*')];
					return {
						badge: $('badge').textContent,
						refusal: $('refusal').hidden ? '' : $('refusal').textContent,
						low: !$('low-note').hidden,
						card: $('source-S1').textContent,
						elements: [...new Set(area.map((e) => e.tagName))].sort(),
						title: document.title,
					};`)
				require.Equal(t, tc.badge, got.Badge)
				require.Equal(t, tc.low, got.Low)
				if tc.refusal == "" {
					require.Empty(t, got.Refusal)
				} else {
					require.Contains(t, got.Refusal, tc.refusal)
					require.Contains(t, got.Refusal, "(reason: "+tc.reason+")")
				}
				// Untrusted text stays text: no element the page did not make.
				require.Contains(t, got.Card, "<b>manual</b>.md")
				require.Contains(t, got.Card, hostile)
				require.Subset(t, []string{"A", "BUTTON", "DD", "DIV", "DL", "DT", "LI", "METER", "P", "SPAN"}, got.Elements)
				require.NotEqual(t, "owned", got.Title)
			})
		}
	})

	p.mu.Lock()
	defer p.mu.Unlock()
	require.Empty(t, p.problems)
}

func browserJSString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
