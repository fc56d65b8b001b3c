package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/hybridrag/hybridrag/generate"
)

// defaultTimeout bounds one question, model retries included.
const defaultTimeout = 60 * time.Second

func addTimeoutFlag(fs *flag.FlagSet, d *time.Duration, what string) {
	fs.DurationVar(d, "timeout", defaultTimeout, what+", retries included (0: none)")
}

func checkTimeout(d time.Duration) error {
	if d < 0 {
		return fmt.Errorf("%w: --timeout must not be negative", errUsage)
	}
	return nil
}

// withDeadline bounds ctx by d (0: not at all).
func withDeadline(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d == 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, d)
}

// deadlineError says which deadline ended a call, when ctx's did.
func deadlineError(ctx context.Context, d time.Duration, err error) error {
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("deadline of %s (--timeout) exceeded: %w", d, err)
	}
	return err
}

// deadlineGenerator gives each generation call its own deadline: eval's
// --timeout bounds each question's model calls, so that one hung question
// is recorded as failed and the run goes on.
type deadlineGenerator struct {
	gen generate.Generator
	d   time.Duration
}

func withGeneratorDeadline(g generate.Generator, d time.Duration) generate.Generator {
	if d == 0 || g == nil {
		return g
	}
	return deadlineGenerator{gen: g, d: d}
}

func (g deadlineGenerator) Generate(ctx context.Context, req generate.Request) (*generate.Generation, error) {
	ctx, cancel := context.WithTimeout(ctx, g.d)
	defer cancel()
	gen, err := g.gen.Generate(ctx, req)
	return gen, deadlineError(ctx, g.d, err)
}

// Name keeps the wrapped generator's name in answers and reports.
func (g deadlineGenerator) Name() string {
	if n, ok := g.gen.(generate.Namer); ok {
		return n.Name()
	}
	return fmt.Sprintf("%T", g.gen)
}
