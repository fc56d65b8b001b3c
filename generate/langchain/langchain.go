package langchain

import (
	"context"
	"fmt"
	"time"

	"github.com/tmc/langchaingo/llms"

	"github.com/hybridrag/hybridrag/generate"
)

// Seed defaults (retrieval-generation-plan: temperature 0.1, LLM retries 3,
// timeout 30 s).
const (
	DefaultName        = "langchain"
	DefaultTemperature = 0.1
	DefaultMaxTokens   = 1024
	DefaultTimeout     = 30 * time.Second
	// DefaultMaxRetries is the number of retries after the first attempt:
	// at most DefaultMaxRetries+1 calls in all.
	DefaultMaxRetries = 3
	DefaultBackoff    = 500 * time.Millisecond
	DefaultMaxBackoff = 10 * time.Second
)

// Options configure a Generator. The zero value of each field is its
// default; where a negative value is meaningful it is documented.
type Options struct {
	// Name is reported by Name and in errors; default DefaultName.
	Name string
	// Model is reported as Generation.Model and, when set, sent with every
	// call (llms.WithModel), overriding the model the client was built with.
	Model string
	// Temperature is sent with every call; negative means exactly 0.
	Temperature float64
	// MaxTokens caps the completion; negative sends no cap.
	MaxTokens int
	// Timeout bounds each attempt; negative means no per-attempt bound (the
	// caller's context still applies).
	Timeout time.Duration
	// MaxRetries is the number of retries after a failed first attempt;
	// negative means none.
	MaxRetries int
	// Backoff is the wait before the first retry; it doubles per retry up
	// to MaxBackoff, with jitter. A Retry-After header (seen through
	// Transport) can lengthen a wait up to MaxBackoff.
	Backoff    time.Duration
	MaxBackoff time.Duration
	// Retryable decides whether a failed attempt is retried; nil means
	// DefaultRetryable. It is never consulted when the caller's context
	// has ended or the caller's StreamFunc failed.
	Retryable func(err error, statusCode int) bool
	// RequireStopReason makes a reply whose choices carry no stop reason
	// count as truncated (generate.ErrTruncated). Set it for a model whose
	// API always reports one (OpenAI, Anthropic) when its HTTP client does
	// not go through Transport, which otherwise watches the wire for the
	// end of the reply; the provider packages need not set it.
	RequireStopReason bool
	// JoinChoices reads the choices of a response as the content blocks of
	// one reply and joins their text, as langchaingo's Anthropic client
	// returns them (the anthropic package sets it). Otherwise choices are
	// alternatives (OpenAI's n, Gemini's candidates), which the adapter
	// never asks for: the first choice with text is the reply, and a
	// server that sends more is not allowed to glue them into one.
	JoinChoices bool
	// CallOptions are appended to the adapter's own call options, so they
	// can override temperature or token cap. Do not pass a streaming
	// function here: use generate.Request.Stream.
	CallOptions []llms.CallOption
}

// For returns o as the options of a provider's generator: Name defaults
// to name and Model is model.
func (o Options) For(name, model string) Options {
	if o.Name == "" {
		o.Name = name
	}
	o.Model = model
	return o
}

// Generator adapts an llms.Model to generate.Generator. It is safe for
// concurrent use if its model is; langchaingo's HTTP clients are.
type Generator struct {
	model       llms.Model
	name        string
	modelName   string
	temperature float64
	maxTokens   int
	timeout     time.Duration
	maxRetries  int
	backoff     time.Duration
	maxBackoff  time.Duration
	retryable   func(error, int) bool
	requireStop bool
	joinChoices bool
	callOptions []llms.CallOption
}

var (
	_ generate.Generator = (*Generator)(nil)
	_ generate.Namer     = (*Generator)(nil)
)

// New returns a Generator calling model. A nil model yields a Generator
// whose every call fails with ErrNilModel.
func New(model llms.Model, opts Options) *Generator {
	g := &Generator{
		model:       model,
		name:        opts.Name,
		modelName:   opts.Model,
		temperature: opts.Temperature,
		maxTokens:   opts.MaxTokens,
		timeout:     opts.Timeout,
		maxRetries:  opts.MaxRetries,
		backoff:     opts.Backoff,
		maxBackoff:  opts.MaxBackoff,
		retryable:   opts.Retryable,
		requireStop: opts.RequireStopReason,
		joinChoices: opts.JoinChoices,
		callOptions: append([]llms.CallOption(nil), opts.CallOptions...),
	}
	if g.name == "" {
		g.name = DefaultName
	}
	switch {
	case g.temperature == 0:
		g.temperature = DefaultTemperature
	case g.temperature < 0:
		g.temperature = 0
	}
	if g.maxTokens == 0 {
		g.maxTokens = DefaultMaxTokens
	}
	if g.timeout == 0 {
		g.timeout = DefaultTimeout
	}
	switch {
	case g.maxRetries == 0:
		g.maxRetries = DefaultMaxRetries
	case g.maxRetries < 0:
		g.maxRetries = 0
	}
	if g.backoff <= 0 {
		g.backoff = DefaultBackoff
	}
	if g.maxBackoff <= 0 {
		g.maxBackoff = DefaultMaxBackoff
	}
	if g.retryable == nil {
		g.retryable = DefaultRetryable
	}
	return g
}

// Name implements generate.Namer.
func (g *Generator) Name() string { return g.name }

// Model returns the model name reported in Generation.Model ("" when
// Options.Model was empty).
func (g *Generator) Model() string { return g.modelName }

// Generate implements generate.Generator: it sends req.Prompt.Messages and
// returns the model's complete text with its token usage.
//
// A provider failure or attempt timeout, after retries, returns a
// *ProviderError (errors.Is(err, ErrProvider)), never partial text. A reply
// that did not end normally (a stream cut before its terminal event, a
// reply stopped by the token cap or a filter) is such a failure and also
// satisfies errors.Is(err, generate.ErrTruncated). When the caller's
// context ends, Generate stops at once and returns an error wrapping
// ctx.Err() that is not a ProviderError.
//
// When req.Stream is set, text is forwarded as it arrives, and what was
// forwarded is always a prefix of the returned text. A retry after text was
// forwarded resumes the stream: the new reply must begin with the text
// already forwarded, and only what follows it is forwarded; a reply that
// diverges ends the call with ErrStreamDiverged. An error returned by
// req.Stream stops generation and is returned wrapped, without retry.
func (g *Generator) Generate(ctx context.Context, req generate.Request) (*generate.Generation, error) {
	if g.model == nil {
		return nil, ErrNilModel
	}
	msgs, err := messages(req.Prompt)
	if err != nil {
		return nil, err
	}
	var fwd *forwarder
	if req.Stream != nil {
		fwd = &forwarder{consumer: req.Stream}
	}
	var prev error // the last attempt's error, the cause of a retry
	for n := 1; ; n++ {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("langchain: %s: %w", g.name, err)
		}
		a := g.attempt(ctx, msgs, fwd, req)
		if a.final && prev != nil {
			a.err = fmt.Errorf("%w, after: %w", a.err, prev)
		}
		prev = a.err
		switch {
		case a.err == nil:
			return a.gen, nil
		case a.streamErr != nil:
			return nil, fmt.Errorf("langchain: %s: stream: %w", g.name, a.streamErr)
		case ctx.Err() != nil:
			return nil, fmt.Errorf("langchain: %s: %w", g.name, ctx.Err())
		}
		perr := &ProviderError{Provider: g.name, Attempts: n, StatusCode: a.status, Timeout: a.timeout, Err: a.err}
		if n > g.maxRetries || a.final || !g.retryable(a.err, a.status) {
			return nil, perr
		}
		if !sleep(ctx, backoff(n, g.backoff, g.maxBackoff, a.retryAfter)) {
			return nil, fmt.Errorf("langchain: %s: %w", g.name, ctx.Err())
		}
	}
}

// attemptResult is the outcome of one call.
type attemptResult struct {
	gen        *generate.Generation
	err        error
	streamErr  error // the consumer's StreamFunc failed
	final      bool  // no retry can help (the reply diverged from streamed text)
	timeout    bool
	status     int
	retryAfter time.Duration
}

func (g *Generator) attempt(ctx context.Context, msgs []llms.MessageContent, fwd *forwarder, req generate.Request) attemptResult {
	actx, cancel := ctx, context.CancelFunc(func() {})
	if g.timeout > 0 {
		actx, cancel = context.WithTimeout(ctx, g.timeout)
	}
	defer cancel()
	actx, st := withCallStatus(actx)

	opts := make([]llms.CallOption, 0, 4+len(g.callOptions))
	temperature, maxTokens := g.temperature, g.maxTokens
	switch {
	case req.Temperature > 0:
		temperature = req.Temperature
	case req.Temperature < 0:
		temperature = 0
	}
	if req.MaxTokens > 0 {
		maxTokens = req.MaxTokens
	}
	opts = append(opts, llms.WithTemperature(temperature))
	if maxTokens > 0 {
		opts = append(opts, llms.WithMaxTokens(maxTokens))
	}
	if g.modelName != "" {
		opts = append(opts, llms.WithModel(g.modelName))
	}
	if fwd != nil {
		fwd.restart()
		opts = append(opts, llms.WithStreamingFunc(fwd.forward))
	}
	opts = append(opts, g.callOptions...)

	resp, err := g.model.GenerateContent(actx, msgs, opts...)

	res := attemptResult{status: int(st.code.Load()), retryAfter: time.Duration(st.retryAfter.Load())}
	if fwd != nil {
		var diverged error
		res.streamErr, diverged = fwd.outcome()
		switch {
		case res.streamErr != nil:
			res.err = res.streamErr
			return res
		case diverged != nil:
			res.err, res.final = diverged, true
			return res
		}
	}
	// Some clients return what they had streamed so far, with a nil error,
	// when the context ends mid-stream: a response is only trusted if the
	// attempt's context is still alive.
	if cerr := actx.Err(); cerr != nil && ctx.Err() == nil {
		if err == nil {
			err = cerr
		}
		res.timeout = true
		res.err = &timeoutError{after: g.timeout, errs: []error{context.DeadlineExceeded, err}}
		return res
	}
	if terr := truncation(st, resp, err, g.requireStop); terr != nil {
		res.err = terr
		return res
	}
	if err != nil {
		res.err = withReported(err, st)
		return res
	}
	text := responseText(resp, g.joinChoices)
	if text == "" {
		res.err = withReported(ErrEmptyResponse, st)
		return res
	}
	if ctx.Err() != nil {
		res.err = ctx.Err()
		return res
	}
	if fwd != nil {
		if derr := fwd.complete(text); derr != nil {
			res.err, res.final = derr, true
			return res
		}
	}
	prompt, completion := usage(resp)
	res.gen = &generate.Generation{Text: text, Model: g.modelName, PromptTokens: prompt, CompletionTokens: completion}
	return res
}

// withReported adds to err the error message the provider sent in a 200
// reply in place of a completion, if it sent one.
func withReported(err error, st *callStatus) error {
	if msg := st.wire.reportedError(); msg != "" {
		return fmt.Errorf("%w: the provider reported: %s", err, msg)
	}
	return err
}
