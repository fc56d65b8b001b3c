package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/server"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

// The browser test drives the real page in Debian's chromium: upload the
// manual, ask an answerable question and watch it stream with citations,
// open [S1] in its document, send feedback and read it back through the
// API, ask an unanswerable question and read the refusal reason, and look
// at the page at phone width. Screenshots go to t.ArtifactDir (kept with
// go test -artifacts), never into the repository.

// browserManual returns a small product manual, long enough (about 3,000
// tokens) to be cut into several chunks, so that a cited chunk has
// document text around it.
func browserManual() string {
	var b strings.Builder
	b.WriteString(`# AquaPure 300 Water Filter Manual

## Installation

### Mounting the filter head

Mount the filter head on a wall stud with the two supplied screws, at least
30 cm above the floor so that the cartridge can be removed. Connect the inlet
hose to the cold water supply only: hot water above 38 °C damages the carbon.

### First start

Open the inlet valve slowly and flush the new cartridge for five minutes
before drinking the water. Black specks in the first litres are carbon fines
and are harmless.

## Spare parts
`)
	parts := []string{"O-ring", "inlet elbow", "outlet elbow", "hose clamp", "check valve", "sight glass", "mounting bracket", "flow sensor", "reset button cap", "drain plug"}
	materials := []string{"nitrile", "brass", "stainless steel", "polypropylene", "EPDM"}
	for i := 0; i < 60; i++ {
		fmt.Fprintf(&b, "- Part %d: %s in %s, for units built after %d; order it in packs of %d.\n",
			101+i, parts[i%len(parts)], materials[i%len(materials)], 2015+i%9, 1+i%4)
	}
	b.WriteString(`
## Maintenance

### Replacing the carbon cartridge

The carbon cartridge must be replaced every 6 months, or sooner when the flow
rate drops below 1.5 litres per minute. Close the inlet valve, turn the
cartridge a quarter turn to the left and pull it down. Insert the new
cartridge and turn it a quarter turn to the right until it clicks.

### Cleaning the housing

Wipe the housing with a damp cloth once a month. Never use solvents or
abrasive cleaners on the housing, because they cloud the sight glass.

## Specifications
`)
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&b, "- Test point %d: at %d.%d bar inlet pressure the rated flow is %d.%d litres per minute at %d °C.\n",
			i+1, 1+i%6, i%10, 1+i%3, (i*7)%10, 5+i%30)
	}
	b.WriteString(`
## Troubleshooting

### Error code E7

Error code E7 means the flow sensor reads no flow while the valve is open.
Check that the inlet valve is fully open and that the inlet hose is not kinked;
then press the reset button for three seconds.
`)
	return b.String()
}

const browserFAQ = `AquaPure 300 frequently asked questions

Does the filter remove lead? Yes. The carbon block removes 99 percent of lead
at the rated flow of 2 litres per minute, as certified under NSF/ANSI 53.

Can the filter be used with well water? Only after a sediment prefilter,
because sand and silt clog the carbon block within weeks.
`

const (
	browserAnswerable   = "How often should the carbon cartridge be replaced?"
	browserUnanswerable = "How do I pair the filter with my smartphone over Bluetooth?"
)

// chromiumPath returns the browser to drive. A missing browser fails the test
// under CI=true (CI installs it) and skips it elsewhere.
func chromiumPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("HYBRIDRAG_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	const how = "no chromium found: install it (Debian: apt-get install -y chromium) or set HYBRIDRAG_CHROMIUM to a Chrome binary, then run go test -run TestBrowser ./server/"
	if os.Getenv("CI") == "true" {
		t.Fatal(how)
	}
	t.Skip(how)
	return ""
}

// browserPage is one browser tab on the server under test.
type browserPage struct {
	t    *testing.T
	ctx  context.Context
	base string
	key  string
	dir  string

	mu       sync.Mutex
	problems []string
}

func (p *browserPage) do(step string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	require.NoError(p.t, chromedp.Do(p.ctx, actions...), step)
}

// browserEval runs a JavaScript expression through DevTools (not through the
// page, so the page's CSP, which forbids eval, still holds for the page).
func browserEval[T any](p *browserPage, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	require.NoError(p.t, err, expr)
	return v
}

// waitFor polls expr until it is true. chromedp.Poll would compile the
// predicate with new Function inside the page, which the CSP blocks.
func (p *browserPage) waitFor(what, expr string) {
	p.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		v, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](expr))
		if err == nil && v {
			return
		}
		if time.Now().After(deadline) {
			state, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('[role=status], [role=alert], #badge')].map(e => e.id + ': ' + e.textContent).join('\n')`))
			p.mu.Lock()
			problems := strings.Join(p.problems, "\n")
			p.mu.Unlock()
			p.t.Fatalf("waiting for %s: %q never became true (last error: %v)\npage status:\n%s\nconsole:\n%s", what, expr, err, state, problems)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (p *browserPage) text(sel string) string {
	p.t.Helper()
	return browserEval[string](p, `(document.querySelector(`+strconv.Quote(sel)+`) || {textContent: ''}).textContent`)
}

// screenshot saves the viewport, or the whole page when full is set, as PNG.
func (p *browserPage) screenshot(name string, full bool) {
	p.t.Helper()
	shot := chromedp.CaptureScreenshot()
	if full {
		shot = chromedp.FullScreenshot(100)
	}
	b, err := chromedp.Run(p.ctx, shot)
	require.NoError(p.t, err)
	path := filepath.Join(p.dir, name+".png")
	require.NoError(p.t, os.WriteFile(path, b, 0o644))
	p.t.Logf("screenshot: %s", path)
}

// ask types a question and presses Enter, then waits until the answer is
// final (badge set, stream closed). It records every text the answer area
// showed while the stream was open.
func (p *browserPage) ask(q string) []string {
	p.t.Helper()
	browserEval[bool](p, `(() => {
		window.__streamed = [];
		const a = document.getElementById('answer');
		if (window.__observer) window.__observer.disconnect();
		window.__observer = new MutationObserver(() => {
			if (a.getAttribute('aria-busy') === 'true' && a.textContent) window.__streamed.push(a.textContent);
		});
		window.__observer.observe(a, {childList: true, subtree: true, characterData: true});
		document.getElementById('question').value = '';
		return true;
	})()`)
	p.do("type the question",
		chromedp.Focus(chromedp.ID("question")),
		chromedp.SendKeys(chromedp.ID("question"), q+"\r"),
	)
	p.waitFor("the final answer", `(() => {
		const b = document.getElementById('badge');
		const done = document.getElementById('answer').getAttribute('aria-busy') === 'false';
		return done && (b.classList.contains('normal') || b.classList.contains('low') || b.classList.contains('refused'));
	})()`)
	return browserEval[[]string](p, `window.__streamed`)
}

func (p *browserPage) api(method, path string, v any) int {
	p.t.Helper()
	req, err := http.NewRequest(method, p.base+path, nil)
	require.NoError(p.t, err)
	if p.key != "" {
		req.Header.Set("Authorization", "Bearer "+p.key)
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(p.t, err)
	defer res.Body.Close()
	if v != nil && res.StatusCode == http.StatusOK {
		require.NoError(p.t, json.NewDecoder(res.Body).Decode(v))
	}
	return res.StatusCode
}

func newBrowserPage(t *testing.T, base, key string) *browserPage {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath(t)),
		chromedp.WindowSize(1280, 1000),
	)
	if os.Geteuid() == 0 {
		// Chromium refuses to start as root with its sandbox on (CI containers).
		opts = append(opts, chromedp.NoSandbox)
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)

	p := &browserPage{t: t, ctx: ctx, base: base, key: key, dir: t.ArtifactDir()}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			// Exceptions and CSP violations are page bugs; a 401 logged by
			// the network layer before a key is entered is not.
			if m.IsException() || strings.Contains(m.Text, "Content Security Policy") {
				p.mu.Lock()
				p.problems = append(p.problems, m.String())
				p.mu.Unlock()
			}
		}
	}()
	return p
}

func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser; run without -short")
	}
	base, key := startBrowserServer(t)
	p := newBrowserPage(t, base, key)
	ctx, cancel := context.WithTimeout(p.ctx, 2*time.Minute)
	defer cancel()
	// The first action starts the browser; the timeout applies to the steps.
	p.do("load the page", chromedp.Navigate(base), chromedp.WaitVisible(chromedp.ID("question")))
	p.ctx = ctx

	if key != "" {
		p.waitFor("the history to ask for a key", `document.getElementById('history-status').textContent.includes('needs an API key')`)
		p.do("enter the API key",
			chromedp.SendKeys(chromedp.ID("api-key"), key),
			chromedp.Click(chromedp.CSS(`#key-form button[type="submit"]`)),
		)
		p.waitFor("the key to be stored", `sessionStorage.getItem('hybridrag.apiKey') === `+strconv.Quote(key))
	}

	// Upload the manual: one result line per file, a file the loaders do
	// not read among them.
	docs := t.TempDir()
	files := []string{filepath.Join(docs, "manual.md"), filepath.Join(docs, "faq.txt"), filepath.Join(docs, "wiring.png")}
	require.NoError(t, os.WriteFile(files[0], []byte(browserManual()), 0o600))
	require.NoError(t, os.WriteFile(files[1], []byte(browserFAQ), 0o600))
	require.NoError(t, os.WriteFile(files[2], []byte("\x89PNG\r\n\x1a\n"), 0o600))
	p.do("upload the manual",
		chromedp.SetUploadFiles(chromedp.ID("files"), files),
		chromedp.Click(chromedp.CSS(`#upload-form button[type="submit"]`)),
	)
	p.waitFor("per-file upload results", `document.querySelectorAll('#upload-results li').length === 3`)
	results := browserEval[[]string](p, `[...document.querySelectorAll('#upload-results li')].map(li => li.className + ': ' + li.textContent)`)
	require.Len(t, results, 3)
	require.Regexp(t, `^ok: manual\.md: indexed \([0-9]+ chunks\)$`, results[0])
	require.Regexp(t, `^ok: faq\.txt: indexed \(1 chunk\)$`, results[1])
	require.Regexp(t, `^fail: wiring\.png: not indexed — .+ \([a-z_]+\)$`, results[2])
	require.Equal(t, "2 of 3 indexed.", p.text("#upload-status"))

	// An answerable question streams in, cited.
	streamed := p.ask(browserAnswerable)
	badge := p.text("#badge")
	require.Contains(t, []string{"Grounded in the sources", "LOW CONFIDENCE — limited source coverage"}, badge)
	require.Equal(t, strings.HasPrefix(badge, "LOW"), !browserEval[bool](p, `document.getElementById('low-note').hidden`), "the low-confidence note follows the badge")
	answer := p.text("#answer")
	require.Contains(t, answer, "every 6 months")
	require.NotEmpty(t, streamed, "no text appeared while the answer was streaming")
	for _, s := range streamed {
		require.True(t, strings.HasPrefix(answer, s), "streamed %q is not a prefix of the answer %q", s, answer)
	}
	require.Positive(t, browserEval[int](p, `document.querySelectorAll('#answer a.cite[data-label="S1"]').length`), answer)
	cards := browserEval[int](p, `document.querySelectorAll('#sources .card').length`)
	require.Positive(t, cards)
	card := p.text("#source-S1")
	require.Contains(t, card, "manual.md")
	require.Contains(t, card, "Maintenance")
	require.Contains(t, card, "Relevance")
	require.Contains(t, card, "BM25")
	p.screenshot("1-answer-desktop", true)

	// [S1] highlights its card and opens the chunk inside its document.
	p.do("click [S1]", chromedp.Click(chromedp.CSS(`#answer a.cite[data-label="S1"]`)))
	p.waitFor("the chunk dialog", `document.getElementById('chunk-dialog').open && !document.getElementById('chunk-body').hasAttribute('aria-busy')`)
	require.True(t, browserEval[bool](p, `document.getElementById('source-S1').classList.contains('highlight')`))
	passage := p.text("#chunk-passage")
	require.Contains(t, passage, "must be replaced every 6 months")
	body := p.text("#chunk-body")
	require.Greater(t, len(body), len(passage), "the passage is shown without its document around it")
	require.Empty(t, p.text("#chunk-body .error"))
	require.Contains(t, p.text("#chunk-title"), "manual.md")
	p.screenshot("2-chunk-dialog", false)
	p.do("close the dialog with Escape", chromedp.KeyEvent("\x1b"))
	p.waitFor("the dialog to close", `!document.getElementById('chunk-dialog').open`)
	require.Equal(t, "S1", browserEval[string](p, `document.activeElement.dataset.label || ''`), "focus does not return to the citation")

	// Feedback, then read it back through the API.
	idText := browserEval[string](p, `document.getElementById('feedback-form').dataset.queryId`)
	id, err := strconv.ParseInt(idText, 10, 64)
	require.NoError(t, err, "the answer has no query id")
	const comment = "The sticker on my unit says every 4 months."
	p.do("send feedback",
		chromedp.Click(chromedp.CSS(`#feedback-form input[value="incorrect"]`)),
		chromedp.SendKeys(chromedp.ID("feedback-comment"), comment),
		chromedp.Click(chromedp.CSS(`#feedback-form button[type="submit"]`)),
	)
	p.waitFor("the feedback receipt", `document.getElementById('feedback-status').textContent.includes('recorded')`)
	var logged struct {
		ID       int64  `json:"id"`
		Question string `json:"question"`
		Feedback []struct {
			Correct bool   `json:"correct"`
			Comment string `json:"comment"`
		} `json:"feedback"`
	}
	require.Equal(t, http.StatusOK, p.api(http.MethodGet, "/v1/queries/"+idText, &logged))
	require.Equal(t, id, logged.ID)
	require.Equal(t, browserAnswerable, logged.Question)
	require.Len(t, logged.Feedback, 1)
	require.False(t, logged.Feedback[0].Correct)
	require.Equal(t, comment, logged.Feedback[0].Comment)

	// The history lists the question with its feedback; opening it shows
	// the stored answer and the passages it cited.
	p.waitFor("the history entry", `[...document.querySelectorAll('#history .q')].some(e => e.textContent === `+strconv.Quote(browserAnswerable)+`)`)
	require.Contains(t, p.text("#history li:first-child .when"), "marked incorrect")
	p.do("open the history entry", chromedp.Click(chromedp.CSS(`#history li:first-child button`)))
	p.waitFor("the stored answer", `document.getElementById('sources-h').textContent === 'Cited passages'`)
	require.Equal(t, answer, p.text("#answer"))
	require.Zero(t, browserEval[int](p, `document.querySelectorAll('#answer a.cite').length`), "a stored answer's markers cannot name sources the log did not keep")
	require.Contains(t, p.text("#answer-meta"), "marked incorrect")
	require.Contains(t, p.text("#sources .card"), "manual.md")

	// An unanswerable question is refused, the reason said in words.
	p.ask(browserUnanswerable)
	badge = p.text("#badge")
	require.True(t, strings.HasPrefix(badge, "REFUSED — "), badge)
	reason := p.text("#refusal")
	require.Regexp(t, `^Why: [A-Z][a-z]+( [a-z]+)+.*\(reason: [a-z_]+\)$`, reason)
	require.Contains(t, reason, "No supporting documentation was found")
	require.Zero(t, browserEval[int](p, `document.querySelectorAll('#answer a.cite').length`))
	p.screenshot("3-refusal-desktop", false)

	// Phone width: nothing wider than the screen, the answer still readable.
	p.ask(browserAnswerable)
	p.do("phone viewport", chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	p.waitFor("the phone layout", `window.innerWidth === 375`)
	require.LessOrEqual(t, browserEval[int](p, `document.documentElement.scrollWidth`), 375, "the page scrolls sideways at 375 px")
	require.GreaterOrEqual(t, browserEval[float64](p, `parseFloat(getComputedStyle(document.getElementById('answer')).fontSize)`), 16.0)
	p.screenshot("4-answer-phone", false)
	p.do("click [S1] on the phone", chromedp.Click(chromedp.CSS(`#answer a.cite[data-label="S1"]`)))
	p.waitFor("the chunk dialog", `document.getElementById('chunk-dialog').open && !document.getElementById('chunk-body').hasAttribute('aria-busy')`)
	require.LessOrEqual(t, browserEval[float64](p, `document.getElementById('chunk-dialog').getBoundingClientRect().right`), 375.0)
	p.screenshot("5-chunk-phone", false)
	p.do("close the dialog", chromedp.Click(chromedp.ID("chunk-close")))
	p.waitFor("the dialog to close", `!document.getElementById('chunk-dialog').open`)

	// Keyboard: Tab from the question reaches the Ask button, and the
	// focused control shows a visible outline.
	p.do("tab to Ask", chromedp.Focus(chromedp.ID("top-k")), chromedp.KeyEvent("\t"))
	require.Equal(t, "ask-button", browserEval[string](p, `document.activeElement.id`))
	require.NotEqual(t, "none", browserEval[string](p, `getComputedStyle(document.activeElement).outlineStyle`))

	p.mu.Lock()
	defer p.mu.Unlock()
	require.Empty(t, p.problems, "the page logged exceptions or CSP violations")
}

// startBrowserServer serves server.New over a fresh pipeline on loopback, with
// one API key, and returns the URL and the key.
func startBrowserServer(t *testing.T) (string, string) {
	t.Helper()
	const key = "browser-test-key-0123456789abcdef"
	keys, err := server.ParseKeys(strings.NewReader(key + " acme\n"))
	require.NoError(t, err)
	h, err := server.New(newBrowserPipeline(t), server.Options{Auth: keys, Logger: slog.New(slog.DiscardHandler)})
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL, key
}

// newBrowserPipeline builds a real pipeline with every default over an empty
// embedded store, and a SQLite query log for history and feedback. The
// manual arrives through the page's upload form.
func newBrowserPipeline(t *testing.T) *hybridrag.Pipeline {
	t.Helper()
	dir := t.TempDir()
	st, err := embedded.Open(filepath.Join(dir, "store"), embedded.Options{Create: true})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	qlog, err := sqlitelog.Open(filepath.Join(dir, "queries.db"), sqlitelog.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, qlog.Close()) })
	p, err := hybridrag.New(hybridrag.Config{Store: st, QueryLog: qlog})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	return p
}

// An open server (no keys, as `serve --open`) works with the key field
// left empty, and an empty collection is refused as such, in words.
func TestBrowserOpenServer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser; run without -short")
	}
	h, err := server.New(newBrowserPipeline(t), server.Options{Logger: slog.New(slog.DiscardHandler)})
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	p := newBrowserPage(t, srv.URL, "")
	p.do("load the page", chromedp.Navigate(srv.URL), chromedp.WaitVisible(chromedp.ID("question")))
	p.waitFor("the empty history", `document.getElementById('history-status').textContent === 'No questions asked yet.'`)

	p.ask(browserAnswerable)
	require.Equal(t, "REFUSED — Nothing indexed", p.text("#badge"))
	require.Contains(t, p.text("#refusal"), "No documents are indexed for this collection yet")
	require.True(t, browserEval[bool](p, `document.getElementById('sources-section').hidden`))
	p.waitFor("the history entry", `document.querySelectorAll('#history li').length === 1`)

	// History pages by cursor: 12 queries are a page of 10 and one of 2.
	for i := range 11 {
		body := strings.NewReader(fmt.Sprintf(`{"query": "Question number %d about the filter?"}`, i))
		res, err := http.Post(srv.URL+"/v1/query", "application/json", body)
		require.NoError(t, err)
		require.NoError(t, res.Body.Close())
		require.Equal(t, http.StatusOK, res.StatusCode)
	}
	questions := `[...document.querySelectorAll('#history .q')].map(e => e.textContent)`
	p.do("refresh the history", chromedp.Click(chromedp.ID("history-refresh")))
	p.waitFor("a full first page", `document.querySelectorAll('#history li').length === 10 && !document.getElementById('history-older').disabled`)
	require.Equal(t, "Question number 10 about the filter?", browserEval[[]string](p, questions)[0])
	require.True(t, browserEval[bool](p, `document.getElementById('history-newer').disabled`))
	p.do("older", chromedp.Click(chromedp.ID("history-older")))
	p.waitFor("the second page", `document.querySelectorAll('#history li').length === 2`)
	require.Equal(t, []string{"Question number 0 about the filter?", browserAnswerable}, browserEval[[]string](p, questions))
	require.False(t, browserEval[bool](p, `document.getElementById('history-newer').disabled`))
	require.True(t, browserEval[bool](p, `document.getElementById('history-older').disabled`))
	p.do("newer", chromedp.Click(chromedp.ID("history-newer")))
	p.waitFor("the first page again", `document.querySelectorAll('#history li').length === 10`)
	require.Equal(t, "Question number 10 about the filter?", browserEval[[]string](p, questions)[0])

	p.mu.Lock()
	defer p.mu.Unlock()
	require.Empty(t, p.problems)
}
