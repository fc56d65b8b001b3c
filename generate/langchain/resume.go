package langchain

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"

	"github.com/tmc/langchaingo/llms"

	"github.com/hybridrag/hybridrag/generate"
)

// ErrStreamDiverged means a retry, after text had already been streamed to
// the caller, produced a reply that does not begin with that text: the
// caller's view cannot be made a prefix of any answer, so the call fails.
// It wraps the error that caused the retry.
var ErrStreamDiverged = errors.New("langchain: retried reply diverged from the text already streamed")

// forwarder passes streamed text to the caller across attempts so that the
// caller only ever sees a prefix of the final reply: a retry is compared
// with what was already forwarded and only its continuation goes out. Calls
// of one attempt are sequential; the mutex covers a client that streams
// from its own goroutine.
type forwarder struct {
	consumer generate.StreamFunc

	mu        sync.Mutex
	sent      []byte // forwarded to the caller, over all attempts
	pos       int    // bytes of the current attempt's reply seen so far
	resumed   bool   // the current attempt started with text already forwarded
	diverged  bool
	streamErr error
}

func (f *forwarder) restart() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.pos, f.resumed, f.diverged, f.streamErr = 0, len(f.sent) > 0, false, nil
}

// forward is the attempt's llms streaming function.
func (f *forwarder) forward(ctx context.Context, chunk []byte) error {
	if len(chunk) == 0 {
		return nil
	}
	f.mu.Lock()
	if f.diverged {
		f.mu.Unlock()
		return ErrStreamDiverged
	}
	if f.pos < len(f.sent) {
		k := min(len(chunk), len(f.sent)-f.pos)
		if !bytes.Equal(chunk[:k], f.sent[f.pos:f.pos+k]) {
			f.diverged = true
			f.mu.Unlock()
			return ErrStreamDiverged
		}
		f.pos += k
		chunk = chunk[k:]
	}
	f.pos += len(chunk)
	f.sent = append(f.sent, chunk...)
	f.mu.Unlock()
	if len(chunk) == 0 {
		return nil
	}
	if err := f.consumer(ctx, chunk); err != nil {
		f.mu.Lock()
		f.streamErr = err
		f.mu.Unlock()
		return err
	}
	return nil
}

// outcome reports the caller's stream error and whether the attempt
// diverged from forwarded text.
func (f *forwarder) outcome() (streamErr error, diverged error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.diverged {
		return f.streamErr, ErrStreamDiverged
	}
	return f.streamErr, nil
}

// complete checks a resumed attempt's whole reply against what the caller
// has seen: it must have reached and continued it.
func (f *forwarder) complete(text string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.resumed && (f.pos < len(f.sent) || !strings.HasPrefix(text, string(f.sent))) {
		return ErrStreamDiverged
	}
	return nil
}

// truncation returns a *generate.TruncatedError when the attempt's reply
// did not end normally: the transport saw its stream end without the
// protocol's terminal event, or the provider gave a stop reason that cuts
// the reply (token cap, filter). Without a watched stream it falls back on
// the stop reasons langchaingo reports, and, when requireStop is set, on
// their absence. err is the client's own error, kept as the cause.
func truncation(st *callStatus, resp *llms.ContentResponse, err error, requireStop bool) error {
	kind, ended, stop, readErr := st.wire.snapshot()
	if kind != wireNone {
		switch {
		case !ended:
			cause := readErr
			if cause == nil {
				cause = err
			}
			return &generate.TruncatedError{Missing: kind.terminal(), Reported: st.wire.reportedError(), Err: cause}
		case isCut(stop):
			return &generate.TruncatedError{StopReason: stop, Err: err}
		}
		return nil
	}
	if err != nil || resp == nil {
		return nil
	}
	reported := false
	for _, c := range resp.Choices {
		if c == nil || c.StopReason == "" || c.StopReason == "FinishReasonUnspecified" {
			continue
		}
		reported = true
		if isCut(c.StopReason) {
			return &generate.TruncatedError{StopReason: c.StopReason}
		}
	}
	if requireStop && !reported {
		return &generate.TruncatedError{Missing: "a stop reason"}
	}
	return nil
}
