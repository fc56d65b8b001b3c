package hybridrag

import (
	"context"
	"fmt"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/validate"
)

// validatedStream puts a validate.Stream between the generator and
// Request.Stream, so that the caller receives only validated text: a
// prefix of the final answer. It returns nil when the request does not
// stream.
func (p *Pipeline) validatedStream(run *askRun, srcs []retrieve.Source) *validate.Stream {
	if run.req.Stream == nil {
		return nil
	}
	return validate.NewStream(validate.StreamOptions{
		Validator: p.validator, Sources: srcs, Policy: p.cfg.Generation.Policy, Out: run.req.Stream,
	})
}

// generatorStream is what the generator streams to: nothing when the
// stream can only pass text on at the end (the generator then need not
// stream, and can retry freely).
func generatorStream(st *validate.Stream) generate.StreamFunc {
	if st == nil || st.Deferred() {
		return nil
	}
	return st.Write
}

// finishStream passes on the rest of an answer's final text.
func finishStream(ctx context.Context, st *validate.Stream, text string) error {
	if st == nil {
		return nil
	}
	if err := st.Finish(ctx, text); err != nil {
		return fmt.Errorf("hybridrag: stream: %w", err)
	}
	return nil
}
