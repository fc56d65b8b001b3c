package validate

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
)

// WholeAnswer is an optional capability of a Validator whose verdicts need
// the whole answer at once (the model judge makes one call per answer).
// Such a validator cannot check a stream sentence by sentence: a Stream
// passes its text on only once generation has ended.
type WholeAnswer interface {
	WholeAnswer() bool
}

// Binder is an optional capability of a Validator that can prepare for
// one list of sources: Bind returns a Validator to be called with exactly
// that slice, which may keep what it learnt about the sources between
// calls. A Stream validates a growing answer once per sentence, so it binds
// its validator when it can.
type Binder interface {
	Bind(sources []retrieve.Source) Validator
}

// ErrStreamDiverged means the final answer does not start with the text a
// Stream already passed on: the generator's final text differs from what
// it streamed.
var ErrStreamDiverged = errors.New("validate: final answer does not extend the streamed text")

// StreamOptions configure a Stream.
type StreamOptions struct {
	// Validator checks each prefix; nil means New(Options{}).
	Validator Validator
	// Sources are the sources given to the generator, in label order.
	Sources []retrieve.Source
	// Policy is the policy the final answer is rendered with.
	Policy Policy
	// Out receives the validated text. It is called from Write and Finish,
	// never concurrently; nil discards it.
	Out generate.StreamFunc
}

// Stream sits between a generator's stream and the user's: it buffers the
// generator's chunks, and each time a sentence is complete (the next one
// has begun, so a citation marker after a full stop is already attached)
// it validates the text up to there and passes on the new part of its
// Render. Under Drop only supported sentences pass, with the text between
// them as the final answer has it; under MarkLow every claim passes once
// one is supported. Nothing passes while no claim is supported, so a
// refusal streams nothing, and the model's own Sources block is held back.
// Because Render treats each sentence by itself, what passed is always a
// prefix of the final answer; Finish passes on the rest.
//
// Regenerate and a WholeAnswer validator cannot judge a sentence before the
// answer is complete: the Stream is then Deferred and passes the final
// answer on in one piece from Finish.
//
// A Stream serves one generation; its methods may be called from several
// goroutines but are serialised.
type Stream struct {
	v        Validator
	sources  []retrieve.Source
	policy   Policy
	out      generate.StreamFunc
	deferred bool

	mu      sync.Mutex
	buf     []byte
	checked int    // end of the longest complete prefix validated so far
	sent    string // what Out has received
	// cleaned memoises the rendering of the answer's pieces, which each
	// prefix renders again.
	cleaned cleanMemo
}

// NewStream returns a Stream passing validated text to opts.Out.
func NewStream(opts StreamOptions) *Stream {
	s := &Stream{v: opts.Validator, sources: opts.Sources, policy: opts.Policy, out: opts.Out, cleaned: cleanMemo{}}
	if s.v == nil {
		s.v = New(Options{})
	}
	if s.out == nil {
		s.out = func(context.Context, []byte) error { return nil }
	}
	if w, ok := s.v.(WholeAnswer); ok && w.WholeAnswer() {
		s.deferred = true
	}
	if b, ok := s.v.(Binder); ok && !s.deferred {
		s.v = b.Bind(s.sources)
	}
	if s.policy == Regenerate {
		s.deferred = true
	}
	return s
}

// Deferred reports whether the Stream passes nothing on before Finish.
// A caller may then generate without streaming.
func (s *Stream) Deferred() bool { return s.deferred }

// Sent returns the text passed on so far.
func (s *Stream) Sent() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sent
}

// Write takes the generator's next chunk; it has the signature of a
// generate.StreamFunc. It returns the validator's error or Out's.
func (s *Stream) Write(ctx context.Context, chunk []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buf = append(s.buf, chunk...)
	if s.deferred {
		return nil
	}
	// The final answer is validated without a reasoning block that opens
	// the reply (ask.go); until it is closed nothing can be judged.
	whole := string(s.buf)
	skip, pending := generate.ReasoningPrefix(whole, false)
	if pending {
		return nil
	}
	body := whole[skip:]
	end := completePrefix(body)
	if end <= s.checked {
		return nil
	}
	s.checked = end
	text := body[:end]
	rep, err := s.v.Validate(ctx, text, s.sources)
	if err != nil {
		return err
	}
	out, o := render(text, rep, s.policy, s.sources, s.cleaned)
	if o.NothingSupported || o.Declined {
		return nil
	}
	return s.send(ctx, out)
}

// Finish passes on what final, the rendered final answer, adds to the text
// already passed on. Call it only for an answer, not for a refusal. It
// fails with ErrStreamDiverged when final does not start with that text.
func (s *Stream) Finish(ctx context.Context, final string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !strings.HasPrefix(final, s.sent) {
		return fmt.Errorf("%w (sent %d bytes)", ErrStreamDiverged, len(s.sent))
	}
	return s.send(ctx, final)
}

// send passes on the part of text not sent yet; text extends s.sent.
func (s *Stream) send(ctx context.Context, text string) error {
	if !strings.HasPrefix(text, s.sent) || len(text) == len(s.sent) {
		return nil
	}
	delta := text[len(s.sent):]
	s.sent = text
	return s.out(ctx, []byte(delta))
}

// completePrefix returns the end of the last sentence of text that no
// continuation can change, 0 if none. A sentence is complete once the next
// one has begun, unless that one starts with a bracket still open (a
// citation marker the sentence may yet absorb). A Sources header line that
// has ended closes everything before it.
func completePrefix(text string) int {
	end := len(text)
	if loc := sourcesHeaderRe.FindStringIndex(text); loc != nil && loc[1] < len(text) {
		spans := answerSpans(text, loc[0])
		if len(spans) == 0 {
			return 0
		}
		return spans[len(spans)-1].End
	}
	spans := answerSpans(text, end)
	for k := len(spans) - 2; k >= 0; k-- {
		if !openBracket(text[spans[k+1].Start:spans[k+1].End]) {
			return spans[k].End
		}
	}
	return 0
}

// openBracket reports whether s starts with a bracket that is not closed
// yet and could still become a citation marker.
func openBracket(s string) bool {
	for _, b := range [][2]string{{"[", "]"}, {"【", "】"}} {
		if strings.HasPrefix(s, b[0]) {
			rest := s[len(b[0]):]
			return !strings.Contains(rest, b[1]) && !strings.ContainsAny(rest, "\n[【") && len(rest) < 64
		}
	}
	return false
}
