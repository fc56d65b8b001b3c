package server_test

import (
	"context"
	"errors"
	"io"
	"time"

	"bufio"
	"encoding/json"
	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/generate"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/server"
)

type sseEvent struct{ name, data string }

func readEvents(t *testing.T, res *http.Response) []sseEvent {
	t.Helper()
	var (
		out []sseEvent
		cur sseEvent
	)
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if cur.name != "" {
				out = append(out, cur)
			}
			cur = sseEvent{}
		case strings.HasPrefix(line, "event: "):
			cur.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			require.Empty(t, cur.data, "one data line per event")
			cur.data = strings.TrimPrefix(line, "data: ")
		default:
			t.Fatalf("unexpected line %q", line)
		}
	}
	require.NoError(t, sc.Err())
	return out
}

func TestQueryStream(t *testing.T) {
	f := newFixture(t, fixtureOpts{})
	tests := []struct {
		name     string
		question string
		refused  bool
	}{
		{"answer", pumpQuestion, false},
		{"two facts", "How often is the shaft seal replaced and how much water primes the pump?", false},
		{"refusal", "What is the capital of Australia?", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := f.with(t).do("POST", "/v1/query/stream", "", map[string]any{"query": tc.question})
			require.Equal(t, http.StatusOK, res.StatusCode)
			require.Equal(t, "text/event-stream; charset=utf-8", res.Header.Get("Content-Type"))
			events := readEvents(t, res)
			require.NotEmpty(t, events)
			last := events[len(events)-1]
			require.Equal(t, server.EventAnswer, last.name, "the answer comes last, once")
			var streamed strings.Builder
			for _, e := range events[:len(events)-1] {
				require.Equal(t, server.EventDelta, e.name)
				var d struct {
					Text string `json:"text"`
				}
				require.NoError(t, json.Unmarshal([]byte(e.data), &d))
				streamed.WriteString(d.Text)
			}
			var a answerJSON
			require.NoError(t, json.Unmarshal([]byte(last.data), &a))
			require.Equal(t, tc.refused, a.RefusalReason != nil, a.Answer)
			if tc.refused {
				require.Len(t, events, 1, "a refusal streams nothing")
				return
			}
			require.NotEmpty(t, streamed.String())
			require.True(t, strings.HasPrefix(a.Answer, streamed.String()), "streamed %q is not a prefix of %q", streamed.String(), a.Answer)
			require.Positive(t, a.QueryID)
			require.NotEmpty(t, a.UsedChunks)
		})
	}
}

// Once events flow, a failure is an error event with a code, not a
// second status line.
func TestQueryStreamErrorEvent(t *testing.T) {
	f := newFixture(t, fixtureOpts{opts: server.Options{Timeout: 1}}) // 1 ns: the deadline passes at once
	res := f.do("POST", "/v1/query/stream", "", map[string]any{"query": pumpQuestion})
	// Nothing had streamed when the pipeline gave up: an ordinary JSON error.
	require.Equal(t, server.CodeTimeout, f.apiErr(res, http.StatusGatewayTimeout))
}

// A generator that fails after validated text went out: the stream ends
// with an error event whose message hides the cause.
func TestQueryStreamFailsMidway(t *testing.T) {
	gen := generate.GeneratorFunc(func(ctx context.Context, req generate.Request) (*generate.Generation, error) {
		for _, part := range []string{"Prime the pump with 2 litres of water before the first start [S1]. ", "Never run the pump dry [S1]. ", "Replace"} {
			if err := req.Stream(ctx, []byte(part)); err != nil {
				return nil, err
			}
		}
		return nil, errors.New("provider exploded at 10.0.0.7:443")
	})
	f := newFixture(t, fixtureOpts{cfg: hybridrag.Config{Generator: gen}})
	res := f.do("POST", "/v1/query/stream", "", map[string]any{"query": pumpQuestion})
	require.Equal(t, http.StatusOK, res.StatusCode)
	events := readEvents(t, res)
	require.GreaterOrEqual(t, len(events), 2, "%v", events)
	for _, e := range events[:len(events)-1] {
		require.Equal(t, server.EventDelta, e.name)
	}
	last := events[len(events)-1]
	require.Equal(t, server.EventError, last.name)
	require.NotContains(t, last.data, "10.0.0.7")
	var e struct{ Code, Message string }
	require.NoError(t, json.Unmarshal([]byte(last.data), &e))
	require.Equal(t, server.CodeInternal, e.Code)
}

// Deltas reach the client while generation is still running: each event
// is flushed, not buffered until the answer is complete.
func TestQueryStreamFlushes(t *testing.T) {
	release := make(chan struct{})
	gen := generate.GeneratorFunc(func(ctx context.Context, req generate.Request) (*generate.Generation, error) {
		text := "Prime the pump with 2 litres of water before the first start [S1]. Never run the pump dry [S1]."
		if err := req.Stream(ctx, []byte(text[:70])); err != nil {
			return nil, err
		}
		select { // hold the rest back until the client has seen the first sentence
		case <-release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if err := req.Stream(ctx, []byte(text[70:])); err != nil {
			return nil, err
		}
		return &generate.Generation{Text: text}, nil
	})
	f := newFixture(t, fixtureOpts{cfg: hybridrag.Config{Generator: gen}})
	res := f.do("POST", "/v1/query/stream", "", map[string]any{"query": pumpQuestion})
	require.Equal(t, http.StatusOK, res.StatusCode)
	r := bufio.NewReader(res.Body)
	first := make(chan string, 1)
	go func() {
		var b strings.Builder
		for {
			line, err := r.ReadString('\n')
			b.WriteString(line)
			if err != nil || line == "\n" {
				first <- b.String()
				return
			}
		}
	}()
	select {
	case ev := <-first:
		require.Contains(t, ev, "event: delta")
		require.Contains(t, ev, "2 litres")
	case <-time.After(20 * time.Second):
		close(release)
		t.Fatal("no delta arrived while generation was held back")
	}
	close(release)
	var rest strings.Builder
	_, err := io.Copy(&rest, r)
	require.NoError(t, err)
	require.Contains(t, rest.String(), "event: answer")
}
