package hybridrag

import (
	"context"
	"log/slog"
	"time"

	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/internal/redact"
)

// Stage names carried by Events. The first six are the stages of Ask and
// the keys of Answer.Metadata.Stages; "log" is the QueryLog's Record call
// (also in Stages when a QueryLog is configured); "total" ends every Ask
// and Retrieve call.
const (
	StageGate     = "gate"
	StageRetrieve = "retrieve"
	StageContext  = "context"
	StageGenerate = "generate"
	StageValidate = "validate"
	StageCite     = "cite"
	StageLog      = "log"
	StageTotal    = "total"
)

// KindPrompt is the Op of events emitted by Pipeline.Prompt, which builds
// a prompt without answering and is never logged.
const KindPrompt QueryKind = "prompt"

// Event reports one finished stage of a Pipeline call.
//
// An Ask emits, in order, one event per stage it ran (a stage that runs
// twice, such as gate or a regenerated context, emits twice; "generate" is
// emitted once, after validation, with the time of all generator calls),
// then "log" when a QueryLog is configured, then "total". A Retrieve emits
// "retrieve" (when retrieval returned), "log" and "total". Stage events
// are emitted only for stages that succeeded; a failure is reported by
// the "total" event's Err. A "log" event with Err set is a QueryLog
// failure, which the caller of Ask or Retrieve never sees.
type Event struct {
	// Op is the Pipeline method: KindAsk, KindRetrieve or KindPrompt, or
	// KindArtifact for each section of an artifact.
	Op       QueryKind
	Stage    string
	Duration time.Duration
	// Query is the question (trimmed, bounded as in QueryRecord).
	Query string
	// Err is the call's error on "total", the QueryLog's on "log".
	Err error
	// Refusal is the refusal reason on the "total" event of a refused Ask.
	Refusal gate.Reason
	// QueryID is the QueryLog id on "log" and "total" (0 when not logged).
	QueryID int64
	// Attrs are extra details: on an Ask's "total", its confidence.
	Attrs []slog.Attr
}

// Observer receives pipeline events. Observe is called synchronously on
// the request's goroutine, from many goroutines at once when requests run
// concurrently: implementations must be safe for concurrent use and fast.
type Observer interface {
	Observe(ctx context.Context, e Event)
}

// ObserverFunc adapts a function to Observer; it is safe for concurrent
// use when the function is.
type ObserverFunc func(ctx context.Context, e Event)

// Observe calls f.
func (f ObserverFunc) Observe(ctx context.Context, e Event) { f(ctx, e) }

// MultiObserver sends every event to each non-nil observer in turn.
func MultiObserver(obs ...Observer) Observer {
	var list []Observer
	for _, o := range obs {
		if o != nil {
			list = append(list, o)
		}
	}
	return ObserverFunc(func(ctx context.Context, e Event) {
		for _, o := range list {
			o.Observe(ctx, e)
		}
	})
}

// SlogObserver writes events to l (slog.Default when nil): stage events at
// Debug, "total" events at Info, events with an error (including QueryLog
// failures) at Warn. Records carry op, stage, duration, query (the question
// text: filter events with an ObserverFunc if questions must not reach
// your logs), and refusal_reason, query_id and err when set.
func SlogObserver(l *slog.Logger) Observer {
	return ObserverFunc(func(ctx context.Context, e Event) {
		logger := l
		if logger == nil {
			logger = slog.Default()
		}
		level := slog.LevelDebug
		switch {
		case e.Err != nil:
			level = slog.LevelWarn
		case e.Stage == StageTotal:
			level = slog.LevelInfo
		}
		if !logger.Enabled(ctx, level) {
			return
		}
		attrs := make([]slog.Attr, 0, 7+len(e.Attrs))
		attrs = append(attrs,
			slog.String("op", string(e.Op)),
			slog.String("stage", e.Stage),
			slog.Duration("duration", e.Duration),
		)
		if e.Query != "" {
			attrs = append(attrs, slog.String("query", e.Query))
		}
		if e.Refusal != "" {
			attrs = append(attrs, slog.String("refusal_reason", string(e.Refusal)))
		}
		if e.QueryID != 0 {
			attrs = append(attrs, slog.Int64("query_id", e.QueryID))
		}
		if e.Err != nil {
			attrs = append(attrs, slog.String("err", redact.String(e.Err.Error())))
		}
		attrs = append(attrs, e.Attrs...)
		logger.LogAttrs(ctx, level, "hybridrag "+e.Stage, attrs...)
	})
}

// observe sends e to the configured Observer, if any.
func (p *Pipeline) observe(ctx context.Context, e Event) {
	if p.cfg.Observer != nil {
		p.cfg.Observer.Observe(ctx, e)
	}
}

// stageObserver returns the callback an askRun uses to report its stages,
// nil when no Observer is configured.
func (p *Pipeline) stageObserver(ctx context.Context, op QueryKind, question string) func(string, time.Duration) {
	if p.cfg.Observer == nil {
		return nil
	}
	q := p.loggedQuestion(question)
	return func(stage string, d time.Duration) {
		p.cfg.Observer.Observe(ctx, Event{Op: op, Stage: stage, Duration: d, Query: q})
	}
}
