package hybridragtest

import (
	"context"
	"errors"
	"sync/atomic"

	"github.com/hybridrag/hybridrag/generate"
)

// ErrNilGenerator is returned by a CountingGenerator wrapping nil.
var ErrNilGenerator = errors.New("hybridragtest: nil generator")

// CountingGenerator wraps a generate.Generator and counts the calls that
// reach it, so a test can assert that a refusal made no LLM call. It is safe
// for concurrent use if the wrapped generator is.
type CountingGenerator struct {
	gen   generate.Generator
	calls atomic.Int64
}

var (
	_ generate.Generator = (*CountingGenerator)(nil)
	_ generate.Namer     = (*CountingGenerator)(nil)
)

// NewCountingGenerator wraps g.
func NewCountingGenerator(g generate.Generator) *CountingGenerator {
	return &CountingGenerator{gen: g}
}

// Generate counts the call and delegates it.
func (c *CountingGenerator) Generate(ctx context.Context, req generate.Request) (*generate.Generation, error) {
	c.calls.Add(1)
	if c.gen == nil {
		return nil, ErrNilGenerator
	}
	return c.gen.Generate(ctx, req)
}

// Calls returns the number of Generate calls so far.
func (c *CountingGenerator) Calls() int { return int(c.calls.Load()) }

// Name returns the wrapped generator's name if it has one, else "counting".
func (c *CountingGenerator) Name() string {
	if n, ok := c.gen.(generate.Namer); ok {
		return n.Name()
	}
	return "counting"
}
