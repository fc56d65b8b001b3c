package hybridrag

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/gate"
)

// DefaultLatencyBuckets returns the upper bounds, in seconds, of the
// latency histogram buckets of Metrics: from a millisecond (a refusal at
// the collection stage) to ten seconds (a slow remote model). The slice is
// a copy: changing it changes nothing in Metrics.
func DefaultLatencyBuckets() []float64 { return slices.Clone(latencyBuckets[:]) }

var latencyBuckets = [...]float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// Metrics is an Observer that counts calls by outcome and refusals by
// reason, and keeps a latency histogram per operation and stage. WriteText
// renders them in the Prometheus text exposition format:
//
//	hybridrag_queries_total{op,outcome}          answered | refused | error
//	hybridrag_refusals_total{reason}
//	hybridrag_query_log_errors_total
//	hybridrag_stage_duration_seconds{op,stage}   histogram (DefaultLatencyBuckets)
//
// The zero value is ready to use. Metrics is safe for concurrent use.
type Metrics struct {
	mu        sync.Mutex
	queries   map[[2]string]uint64 // op, outcome
	refusals  map[gate.Reason]uint64
	logErrors uint64
	latency   map[[2]string]*histogram // op, stage
}

type histogram struct {
	counts []uint64 // per bucket, not cumulative; last is +Inf
	sum    float64
	count  uint64
}

// Outcomes counted by Metrics.
const (
	OutcomeAnswered = "answered"
	OutcomeRefused  = "refused"
	OutcomeError    = "error"
)

// Observe implements Observer.
func (m *Metrics) Observe(_ context.Context, e Event) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.latency == nil {
		m.queries = map[[2]string]uint64{}
		m.refusals = map[gate.Reason]uint64{}
		m.latency = map[[2]string]*histogram{}
	}
	if e.Stage == StageLog && e.Err != nil {
		m.logErrors++
	}
	if e.Stage == StageTotal {
		outcome := OutcomeAnswered
		switch {
		case e.Err != nil:
			outcome = OutcomeError
		case e.Refusal != "":
			outcome = OutcomeRefused
			m.refusals[e.Refusal]++
		}
		m.queries[[2]string{string(e.Op), outcome}]++
	}
	key := [2]string{string(e.Op), e.Stage}
	h := m.latency[key]
	if h == nil {
		h = &histogram{counts: make([]uint64, len(latencyBuckets)+1)}
		m.latency[key] = h
	}
	s := e.Duration.Seconds()
	i, _ := slices.BinarySearch(latencyBuckets[:], s) // first bound ≥ s
	h.counts[i]++
	h.sum += s
	h.count++
}

// WriteText writes the metrics in the Prometheus text exposition format
// (version 0.0.4), series sorted by label values.
func (m *Metrics) WriteText(w io.Writer) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	b := bufio.NewWriter(w)

	fmt.Fprintln(b, "# HELP hybridrag_queries_total Ask and Retrieve calls by outcome.")
	fmt.Fprintln(b, "# TYPE hybridrag_queries_total counter")
	for _, k := range sortedKeys(m.queries, cmpPair) {
		fmt.Fprintf(b, "hybridrag_queries_total{op=%s,outcome=%s} %d\n", quote(k[0]), quote(k[1]), m.queries[k])
	}

	fmt.Fprintln(b, "# HELP hybridrag_refusals_total Refused questions by refusal reason.")
	fmt.Fprintln(b, "# TYPE hybridrag_refusals_total counter")
	for _, r := range sortedKeys(m.refusals, cmp.Compare[gate.Reason]) {
		fmt.Fprintf(b, "hybridrag_refusals_total{reason=%s} %d\n", quote(string(r)), m.refusals[r])
	}

	fmt.Fprintln(b, "# HELP hybridrag_query_log_errors_total Query log writes that failed.")
	fmt.Fprintln(b, "# TYPE hybridrag_query_log_errors_total counter")
	fmt.Fprintf(b, "hybridrag_query_log_errors_total %d\n", m.logErrors)

	fmt.Fprintln(b, "# HELP hybridrag_stage_duration_seconds Duration of pipeline stages and whole calls.")
	fmt.Fprintln(b, "# TYPE hybridrag_stage_duration_seconds histogram")
	for _, k := range sortedKeys(m.latency, cmpPair) {
		h := m.latency[k]
		labels := fmt.Sprintf("op=%s,stage=%s", quote(k[0]), quote(k[1]))
		var cum uint64
		for i, c := range h.counts {
			cum += c
			le := "+Inf"
			if i < len(latencyBuckets) {
				le = formatFloat(latencyBuckets[i])
			}
			fmt.Fprintf(b, "hybridrag_stage_duration_seconds_bucket{%s,le=%q} %d\n", labels, le, cum)
		}
		fmt.Fprintf(b, "hybridrag_stage_duration_seconds_sum{%s} %s\n", labels, formatFloat(h.sum))
		fmt.Fprintf(b, "hybridrag_stage_duration_seconds_count{%s} %d\n", labels, h.count)
	}
	return b.Flush()
}

func cmpPair(a, b [2]string) int {
	if c := cmp.Compare(a[0], b[0]); c != 0 {
		return c
	}
	return cmp.Compare(a[1], b[1])
}

func sortedKeys[K comparable, V any](m map[K]V, cmp func(a, b K) int) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, cmp)
	return keys
}

// quote escapes a label value as the exposition format requires
// (backslash, double quote and newline).
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}

func formatFloat(f float64) string {
	if math.IsInf(f, 1) {
		return "+Inf"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}
