package hybridrag_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/internal/beir"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/loader"
)

// benchAsk asks every question in turn and reports the latency
// percentiles of Ask with the offline defaults (extractive generator).
func benchAsk(b *testing.B, p *hybridrag.Pipeline, questions []string) {
	ctx := context.Background()
	var lat []time.Duration
	refused := 0
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		ans, err := p.Ask(ctx, hybridrag.Request{Question: questions[i%len(questions)]})
		lat = append(lat, time.Since(start))
		require.NoError(b, err)
		if ans.Refused() {
			refused++
		}
	}
	slices.Sort(lat)
	pct := func(q float64) float64 { return float64(lat[int(q*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.95), "p95-ms")
	b.ReportMetric(float64(refused)/float64(len(lat)), "refused/op")
}

// BenchmarkAskQuickstart measures Ask on the quickstart manual:
//
//	go test -run '^$' -bench AskQuickstart -benchtime 200x .
func BenchmarkAskQuickstart(b *testing.B) {
	p, err := hybridrag.New(hybridrag.Config{Store: openStore(b, b.TempDir())})
	require.NoError(b, err)
	defer p.Close()
	var docs []store.Document
	require.NoError(b, loader.LoadDir("examples/quickstart/docs", func(d store.Document) error {
		docs = append(docs, d)
		return nil
	}))
	_, err = p.Index(context.Background(), docs...)
	require.NoError(b, err)
	benchAsk(b, p, []string{
		"How often should the G4 filters be replaced?",
		"What does error code E4 mean and how do I fix it?",
		"How far must the outdoor air intake be from the exhaust outlet?",
		"When does the summer bypass open?",
		"How do I connect the ventilator to my Wi-Fi network?",
	})
}

// BenchmarkAskSciFact measures Ask over the SciFact corpus (5,183
// abstracts, chunked like any document) with the 300 test claims as
// questions; it skips without the data set (see internal/beir.SciFactDir):
//
//	go test -run '^$' -bench AskSciFact -benchtime 300x .
func BenchmarkAskSciFact(b *testing.B) {
	dir, err := beir.SciFactDir()
	if err != nil {
		b.Skip("SciFact not found; set HYBRIDRAG_SCIFACT")
	}
	ds, err := beir.Load(dir, "test")
	require.NoError(b, err)
	p, err := hybridrag.New(hybridrag.Config{Store: openStore(b, b.TempDir())})
	require.NoError(b, err)
	defer p.Close()
	docs := make([]store.Document, len(ds.Corpus))
	for i, d := range ds.Corpus {
		docs[i] = store.Document{ID: d.ID, Title: d.Title, Text: d.Title + "\n\n" + d.Text}
	}
	_, err = p.Index(context.Background(), docs...)
	require.NoError(b, err)
	qs := make([]string, len(ds.Queries))
	for i, q := range ds.Queries {
		qs[i] = q.Text
	}
	benchAsk(b, p, qs)
}
