package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"
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
