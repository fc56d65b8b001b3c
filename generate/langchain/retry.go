package langchain

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/tmc/langchaingo/llms"

	"github.com/hybridrag/hybridrag/generate"
)

// statusInText finds the status code langchaingo's OpenAI and Anthropic
// clients write into their error text ("API returned unexpected status
// code: 401: ...").
var statusInText = regexp.MustCompile(`status code:? (\d{3})\b`)

// DefaultRetryable is the retry policy used when Options.Retryable is nil.
// statusCode is the HTTP status of the failed attempt, 0 when unknown.
//
// It retries rate limits (429), request timeouts (408), conflicts (409,
// 425), server errors (5xx), per-attempt timeouts, network errors and
// streams cut before their terminal event (generate.ErrTruncated). It does
// not retry other 4xx statuses (bad request, authentication, not found),
// cancellation, empty responses, a reply the provider itself cut (token
// cap, content filter: the same request would be cut again), a retry that
// diverged from streamed text (ErrStreamDiverged), or langchaingo errors
// classified as authentication, invalid request, not found, quota, content
// filter, token limit or unsupported operation. When the status is unknown
// it falls back to the status written in the error text, then to
// langchaingo's classification, and retries what it cannot classify.
func DefaultRetryable(err error, statusCode int) bool {
	// An attempt that ran out its own time is retried whatever the client
	// made of the cut (some report it as a cancellation, by timing).
	var timeout *timeoutError
	if errors.As(err, &timeout) {
		return true
	}
	if err == nil || errors.Is(err, ErrEmptyResponse) || errors.Is(err, context.Canceled) ||
		errors.Is(err, ErrStreamDiverged) {
		return false
	}
	var te *generate.TruncatedError
	if errors.As(err, &te) {
		return te.StopReason == ""
	}
	if statusCode == 0 {
		if m := statusInText.FindStringSubmatch(err.Error()); m != nil {
			statusCode, _ = strconv.Atoi(m[1])
		}
	}
	if statusCode >= 400 {
		return retryableStatus(statusCode)
	}
	var le *llms.Error
	if errors.As(err, &le) {
		switch le.Code {
		case llms.ErrCodeAuthentication, llms.ErrCodeInvalidRequest, llms.ErrCodeResourceNotFound,
			llms.ErrCodeQuotaExceeded, llms.ErrCodeContentFilter, llms.ErrCodeTokenLimit,
			llms.ErrCodeNotImplemented, llms.ErrCodeCanceled:
			return false
		}
	}
	return true
}

func retryableStatus(code int) bool {
	switch code {
	case http.StatusRequestTimeout, http.StatusConflict, http.StatusTooEarly, http.StatusTooManyRequests:
		return true
	}
	return code >= 500
}

// backoff returns the wait before retry number n (1-based): exponential
// from base, capped at ceiling, with "equal jitter" (half fixed, half
// random) so that clients failing together do not retry together. A
// server's Retry-After raises the wait, still capped at ceiling.
func backoff(n int, base, ceiling, retryAfter time.Duration) time.Duration {
	d := base
	for i := 1; i < n && d < ceiling; i++ {
		d *= 2
	}
	d = min(d, ceiling)
	if half := d / 2; half > 0 {
		d = half + rand.N(half+1)
	}
	if retryAfter > d {
		d = min(retryAfter, ceiling)
	}
	return d
}

// sleep waits d or until ctx ends, reporting whether it waited fully.
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
