package server_test

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/server"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/loader"
)

// browserWebinar is a short talk: Alice on priming until 2:10, Bob on the
// seal after; the priming sentence is in the cue at 1:05.
const browserWebinar = `WEBVTT - Pump webinar

00:00:01.000 --> 00:00:30.000
<v Alice>Welcome to the pump maintenance webinar about the plant room pump.

00:00:30.000 --> 00:01:05.000
<v Alice>Before anything else, close the discharge valve.

00:01:05.000 --> 00:01:40.000
<v Alice>Priming the pump casing with water takes about four minutes.

00:01:40.000 --> 00:02:10.000
<v Alice>Never run the pump dry, the impeller overheats within seconds.

00:02:10.000 --> 00:02:50.000
<v Bob>Thanks Alice. Let me talk about the mechanical seal.

00:02:50.000 --> 00:03:30.000
<v Bob>The mechanical seal should be replaced every eighteen months.
`

// browserBulletin is a document whose front matter gives its revision and
// date.
const browserBulletin = `---
title: Service bulletin SB-12
revision: C
last_updated: 2025-04-01
---

# Service bulletin SB-12

## Valve torque

Tighten the relief valve cap to 25 newton metres with a calibrated torque wrench.
`

// Source cards say when a passage was said or written: a transcript's
// cited moment, span and speakers, a document's revision and date, each
// from the Answer JSON's own fields.
func TestBrowserSourceTimes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser; run without -short")
	}
	pipe := newBrowserPipeline(t)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "webinar.vtt"), []byte(browserWebinar), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bulletin.md"), []byte(browserBulletin), 0o600))
	var docs []store.Document
	require.NoError(t, loader.LoadDir(dir, func(d store.Document) error { docs = append(docs, d); return nil }))
	require.Len(t, docs, 2)
	_, err := pipe.Index(context.Background(), docs...)
	require.NoError(t, err)

	h, err := server.New(pipe, server.Options{Logger: slog.New(slog.DiscardHandler)})
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	p := newBrowserPage(t, srv.URL, "")
	p.do("load the page", chromedp.Navigate(srv.URL), chromedp.WaitVisible(chromedp.ID("question")))

	cardOf := func(doc string) string {
		return browserEval[string](p, `([...document.querySelectorAll('#sources .card')].find(c => c.querySelector('.doc').textContent === `+
			`'`+doc+`') || {textContent: ''}).textContent`)
	}
	whenOf := func(doc string) string {
		return browserEval[string](p, `(([...document.querySelectorAll('#sources .card')].find(c => c.querySelector('.doc').textContent === `+
			`'`+doc+`') || document.createElement('li')).querySelector('.when') || {textContent: ''}).textContent`)
	}

	p.ask("How long does priming the pump casing take?")
	require.Contains(t, p.text("#answer"), "four minutes")
	require.Contains(t, cardOf("webinar.vtt"), "four minutes")
	require.Equal(t, "at 1:05 · 0:01–1:40 · Alice", whenOf("webinar.vtt"), "the cited cue, the chunk's span and its speaker")
	p.screenshot("times-transcript", true)

	p.ask("What torque for the relief valve cap?")
	require.Contains(t, p.text("#answer"), "25 newton metres")
	require.Equal(t, "revision C · 2025-04-01", whenOf("bulletin.md"))
	p.screenshot("times-document", true)

	p.mu.Lock()
	defer p.mu.Unlock()
	require.Empty(t, p.problems, "the page logged exceptions or CSP violations")
}
