package server_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/server"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

// loadConcurrency is the seed's "1000+ concurrent queries".
const loadConcurrency = 1000

// BenchmarkLoad sends loadConcurrency /v1/query requests at once, over
// loopback TCP, to a Server configured as `hybridrag serve --keys` runs it
// (embedded store, offline extractive generator, SQLite query log,
// metrics, 10 API keys; "nolog" without the query log), and fails on any
// transport error or non-200. Each iteration is one bounded wave of
// requests; it reports p50, p95 and max latency and the throughput.
//
//	go test -run '^$' -bench BenchmarkLoad -benchtime 3x ./server/
func BenchmarkLoad(b *testing.B) {
	b.Run("querylog", func(b *testing.B) { benchLoad(b, true, false) })
	b.Run("nolog", func(b *testing.B) { benchLoad(b, false, false) })
	// The baseline: the same wave of Ask calls with the same query log,
	// without HTTP, JSON or auth.
	b.Run("direct-ask", func(b *testing.B) { benchLoad(b, true, true) })
}

func benchLoad(b *testing.B, withLog, direct bool) {
	dir := b.TempDir()
	st, err := embedded.Open(filepath.Join(dir, "store"), embedded.Options{Create: true})
	require.NoError(b, err)
	defer st.Close()
	m := &hybridrag.Metrics{}
	cfg := hybridrag.Config{Store: st, Observer: m}
	if withLog {
		ql, err := sqlitelog.Open(filepath.Join(dir, "querylog.db"), sqlitelog.Options{})
		require.NoError(b, err)
		defer ql.Close()
		cfg.QueryLog = ql
	}
	p, err := hybridrag.New(cfg)
	require.NoError(b, err)
	defer p.Close()

	docs, questions := loadCorpus()
	_, err = p.Index(context.Background(), docs...)
	require.NoError(b, err)
	var keysText strings.Builder
	var keys []string
	for i := range 10 {
		k := fmt.Sprintf("load-key-%02d-0123456789abcdef", i)
		keys = append(keys, k)
		fmt.Fprintf(&keysText, "%s t%d\n", k, i%2)
	}
	auth, err := server.ParseKeys(strings.NewReader(keysText.String()))
	require.NoError(b, err)
	h, err := server.New(p, server.Options{Auth: auth, Metrics: m, Logger: discardLogger(),
		RateBurst: loadConcurrency, RateLimit: loadConcurrency})
	require.NoError(b, err)
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: loadConcurrency, MaxIdleConns: loadConcurrency}}

	var all []time.Duration
	var wall time.Duration
	b.ResetTimer()
	for range b.N {
		lat := make([]time.Duration, loadConcurrency)
		errs := make([]error, loadConcurrency)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range loadConcurrency {
			wg.Add(1)
			go func() {
				defer wg.Done()
				body := fmt.Sprintf(`{"query": %q}`, questions[i%len(questions)])
				req, _ := http.NewRequest("POST", srv.URL+"/v1/query", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+keys[i%len(keys)])
				<-start
				t0 := time.Now()
				if direct {
					_, err := p.Ask(context.Background(), hybridrag.Request{Question: questions[i%len(questions)],
						Filter: store.Filter{TenantID: fmt.Sprintf("t%d", i%len(keys)%2)}})
					lat[i], errs[i] = time.Since(t0), err
					return
				}
				res, err := client.Do(req)
				if err == nil {
					_, err = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if err == nil && res.StatusCode != http.StatusOK {
						err = fmt.Errorf("status %d", res.StatusCode)
					}
				}
				lat[i], errs[i] = time.Since(t0), err
			}()
		}
		t0 := time.Now()
		close(start)
		wg.Wait()
		wall += time.Since(t0)
		for i, err := range errs {
			if err != nil {
				b.Fatalf("request %d of %d failed: %v", i, loadConcurrency, err)
			}
		}
		all = append(all, lat...)
	}
	b.StopTimer()
	slices.Sort(all)
	b.ReportMetric(ms(all[len(all)/2]), "p50-ms")
	b.ReportMetric(ms(all[len(all)*95/100]), "p95-ms")
	b.ReportMetric(ms(all[len(all)-1]), "max-ms")
	b.ReportMetric(float64(len(all))/wall.Seconds(), "req/s")
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// loadCorpus is 200 short manuals in two tenants and the questions they
// answer (half answerable, half refused by the gate).
func loadCorpus() ([]store.Document, []string) {
	parts := []string{"pump", "valve", "boiler", "fan", "compressor", "filter", "heater", "motor", "sensor", "gearbox"}
	var docs []store.Document
	var questions []string
	for i := range 200 {
		part := parts[i%len(parts)]
		text := fmt.Sprintf("# %s manual %d\n\n## Maintenance\n\nInspect the %s every %d days. Replace the %s seal after %d operating hours.\n\n"+
			"## Safety\n\nSwitch off the %s before opening the housing. The %s must not exceed %d degrees.\n",
			part, i, part, 10+i%50, part, 1000+i*10, part, part, 40+i%60)
		docs = append(docs, store.Document{ID: fmt.Sprintf("%s-%d.md", part, i), Text: text, TenantID: fmt.Sprintf("t%d", i%2)})
	}
	for _, part := range parts {
		questions = append(questions,
			fmt.Sprintf("How often should I inspect the %s?", part),
			fmt.Sprintf("What temperature must the %s not exceed?", part),
			fmt.Sprintf("Who painted the %s in the museum?", part),
			fmt.Sprintf("What is the %s's warranty period in Peru?", part))
	}
	return docs, questions
}
