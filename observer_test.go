package hybridrag_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/gate"
)

func stageNames(events []hybridrag.Event) []string {
	out := []string{}
	for _, e := range events {
		out = append(out, e.Stage)
	}
	return out
}

func TestObserverReceivesStages(t *testing.T) {
	var obs qlRecorder
	p := qlPipeline(t, hybridrag.Config{QueryLog: &obs, Observer: &obs})
	ctx := context.Background()
	cases := map[string]struct {
		call   func() error
		op     hybridrag.QueryKind
		stages []string
		check  func(t *testing.T, total hybridrag.Event)
	}{
		"answer": {
			call:   func() error { _, err := p.Ask(ctx, qlRequest(qlAnswerable)); return err },
			op:     hybridrag.KindAsk,
			stages: []string{"gate", "retrieve", "gate", "context", "validate", "generate", "cite", "log", "total"},
			check: func(t *testing.T, total hybridrag.Event) {
				require.NoError(t, total.Err)
				require.Empty(t, total.Refusal)
				require.Len(t, total.Attrs, 1)
				require.Equal(t, "confidence", total.Attrs[0].Key)
				require.Contains(t, []string{"normal", "low"}, total.Attrs[0].Value.String())
			},
		},
		"refusal": {
			call:   func() error { _, err := p.Ask(ctx, qlRequest(qlUnanswerable)); return err },
			op:     hybridrag.KindAsk,
			stages: []string{"gate", "retrieve", "gate", "log", "total"},
			check: func(t *testing.T, total hybridrag.Event) {
				require.Equal(t, gate.NoRelevantContent, total.Refusal)
				require.Len(t, total.Attrs, 1)
				require.True(t, total.Attrs[0].Equal(slog.String("confidence", "refused")), total.Attrs[0].String())
			},
		},
		"error": {
			call: func() error {
				if _, err := p.Ask(ctx, qlRequest("?")); err == nil {
					return errors.New("want an invalid-query error")
				}
				return nil
			},
			op:     hybridrag.KindAsk,
			stages: []string{"log", "total"},
			check: func(t *testing.T, total hybridrag.Event) {
				require.ErrorIs(t, total.Err, hybridrag.ErrInvalidQuery)
			},
		},
		"retrieve": {
			call:   func() error { _, err := p.Retrieve(ctx, qlRequest(qlAnswerable)); return err },
			op:     hybridrag.KindRetrieve,
			stages: []string{"retrieve", "log", "total"},
		},
		"prompt is observed but not logged": {
			call:   func() error { _, _, err := p.Prompt(ctx, qlRequest(qlAnswerable)); return err },
			op:     hybridrag.KindPrompt,
			stages: []string{"gate", "retrieve", "gate", "context"},
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			obs.takeEvents()
			require.NoError(t, c.call())
			events := obs.takeEvents()
			require.Equal(t, c.stages, stageNames(events))
			for _, e := range events {
				require.Equal(t, c.op, e.Op, e.Stage)
			}
			last := events[len(events)-1]
			if last.Stage == hybridrag.StageTotal {
				require.EqualValues(t, len(obs.records), last.QueryID)
				require.Equal(t, last.QueryID, events[len(events)-2].QueryID, "log and total carry the id")
				if c.check != nil {
					c.check(t, last)
				}
			}
		})
	}
}

func TestSlogObserver(t *testing.T) {
	var buf bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	obs := hybridrag.SlogObserver(logger)
	ctx := context.Background()
	obs.Observe(ctx, hybridrag.Event{Op: hybridrag.KindAsk, Stage: hybridrag.StageRetrieve, Duration: 3 * time.Millisecond, Query: "q?"})
	obs.Observe(ctx, hybridrag.Event{Op: hybridrag.KindAsk, Stage: hybridrag.StageTotal, Duration: time.Second, Query: "q?",
		Refusal: gate.InsufficientSources, QueryID: 9, Attrs: []slog.Attr{slog.String("confidence", "refused")}})
	obs.Observe(ctx, hybridrag.Event{Op: hybridrag.KindRetrieve, Stage: hybridrag.StageLog, Err: errors.New("disk full")})

	var lines []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &m))
		delete(m, "time")
		lines = append(lines, m)
	}
	require.Equal(t, []map[string]any{
		{"level": "DEBUG", "msg": "hybridrag retrieve", "op": "ask", "stage": "retrieve", "duration": float64(3 * time.Millisecond), "query": "q?"},
		{"level": "INFO", "msg": "hybridrag total", "op": "ask", "stage": "total", "duration": float64(time.Second), "query": "q?",
			"refusal_reason": "insufficient_sources", "query_id": float64(9), "confidence": "refused"},
		{"level": "WARN", "msg": "hybridrag log", "op": "retrieve", "stage": "log", "duration": float64(0), "err": "disk full"},
	}, lines)

	// Below the logger's level nothing is written.
	buf.Reset()
	quiet := hybridrag.SlogObserver(slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo})))
	quiet.Observe(ctx, hybridrag.Event{Op: hybridrag.KindAsk, Stage: hybridrag.StageGate})
	require.Empty(t, buf.String())
}

func TestMultiObserver(t *testing.T) {
	var a, b qlRecorder
	obs := hybridrag.MultiObserver(&a, nil, &b)
	obs.Observe(context.Background(), hybridrag.Event{Stage: "x"})
	require.Len(t, a.takeEvents(), 1)
	require.Len(t, b.takeEvents(), 1)
}
