package hybridrag_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/gate"
)

func TestMetricsWriteText(t *testing.T) {
	var m hybridrag.Metrics // the zero value is ready
	ctx := context.Background()
	for _, e := range []hybridrag.Event{
		{Op: hybridrag.KindAsk, Stage: hybridrag.StageRetrieve, Duration: 2 * time.Millisecond},
		{Op: hybridrag.KindAsk, Stage: hybridrag.StageTotal, Duration: 3 * time.Millisecond},
		{Op: hybridrag.KindAsk, Stage: hybridrag.StageTotal, Duration: time.Millisecond, Refusal: gate.NoRelevantContent},
		{Op: hybridrag.KindAsk, Stage: hybridrag.StageTotal, Duration: 20 * time.Second, Err: errors.New("boom")},
		{Op: hybridrag.KindRetrieve, Stage: hybridrag.StageLog, Duration: 0, Err: errors.New("disk full")},
	} {
		m.Observe(ctx, e)
	}
	var b strings.Builder
	require.NoError(t, m.WriteText(&b))
	want := `# HELP hybridrag_queries_total Ask and Retrieve calls by outcome.
# TYPE hybridrag_queries_total counter
hybridrag_queries_total{op="ask",outcome="answered"} 1
hybridrag_queries_total{op="ask",outcome="error"} 1
hybridrag_queries_total{op="ask",outcome="refused"} 1
# HELP hybridrag_refusals_total Refused questions by refusal reason.
# TYPE hybridrag_refusals_total counter
hybridrag_refusals_total{reason="no_relevant_content"} 1
# HELP hybridrag_query_log_errors_total Query log writes that failed.
# TYPE hybridrag_query_log_errors_total counter
hybridrag_query_log_errors_total 1
# HELP hybridrag_stage_duration_seconds Duration of pipeline stages and whole calls.
# TYPE hybridrag_stage_duration_seconds histogram
` + histogramText("ask", "retrieve", []int{0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, "0.002", 1) +
		histogramText("ask", "total", []int{1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3}, "20.004", 3) +
		histogramText("retrieve", "log", []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, "0", 1)
	require.Equal(t, want, b.String())
}

// histogramText renders the expected series of one histogram (cumulative
// counts per DefaultLatencyBuckets bound, then +Inf).
func histogramText(op, stage string, cum []int, sum string, count int) string {
	var b strings.Builder
	labels := fmt.Sprintf(`op=%q,stage=%q`, op, stage)
	for i, c := range cum {
		le := "+Inf"
		if buckets := hybridrag.DefaultLatencyBuckets(); i < len(buckets) {
			le = fmt.Sprint(buckets[i])
		}
		fmt.Fprintf(&b, "hybridrag_stage_duration_seconds_bucket{%s,le=%q} %d\n", labels, le, c)
	}
	fmt.Fprintf(&b, "hybridrag_stage_duration_seconds_sum{%s} %s\n", labels, sum)
	fmt.Fprintf(&b, "hybridrag_stage_duration_seconds_count{%s} %d\n", labels, count)
	return b.String()
}

func TestMetricsEscapesLabels(t *testing.T) {
	var m hybridrag.Metrics
	m.Observe(context.Background(), hybridrag.Event{Op: "a\"b\\c\nd", Stage: hybridrag.StageTotal, Refusal: "r"})
	var b strings.Builder
	require.NoError(t, m.WriteText(&b))
	require.Contains(t, b.String(), `hybridrag_queries_total{op="a\"b\\c\nd",outcome="refused"} 1`)
}

func TestMetricsFromConcurrentPipelineCalls(t *testing.T) {
	var m hybridrag.Metrics
	p := qlPipeline(t, hybridrag.Config{Observer: &m})
	const n = 8
	var wg sync.WaitGroup
	errs := make(chan error, 2*n)
	for range n {
		wg.Add(2)
		go func() {
			defer wg.Done()
			_, err := p.Ask(context.Background(), qlRequest(qlAnswerable))
			errs <- err
		}()
		go func() {
			defer wg.Done()
			_, err := p.Ask(context.Background(), qlRequest(qlUnanswerable))
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	var b strings.Builder
	require.NoError(t, m.WriteText(&b))
	out := b.String()
	require.Contains(t, out, fmt.Sprintf(`hybridrag_queries_total{op="ask",outcome="answered"} %d`, n))
	require.Contains(t, out, fmt.Sprintf(`hybridrag_queries_total{op="ask",outcome="refused"} %d`, n))
	require.Contains(t, out, fmt.Sprintf(`hybridrag_refusals_total{reason="no_relevant_content"} %d`, n))
	require.Contains(t, out, fmt.Sprintf(`hybridrag_stage_duration_seconds_count{op="ask",stage="total"} %d`, 2*n))
	require.Contains(t, out, fmt.Sprintf(`hybridrag_stage_duration_seconds_count{op="ask",stage="retrieve"} %d`, 2*n))
	require.Contains(t, out, fmt.Sprintf(`hybridrag_stage_duration_seconds_count{op="ask",stage="cite"} %d`, n))
}
