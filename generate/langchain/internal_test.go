package langchain

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestBackoffBounds(t *testing.T) {
	base, ceiling := 100*time.Millisecond, 1*time.Second
	cases := []struct {
		n          int
		retryAfter time.Duration
		lo, hi     time.Duration
	}{
		{1, 0, 50 * time.Millisecond, 100 * time.Millisecond},
		{2, 0, 100 * time.Millisecond, 200 * time.Millisecond},
		{3, 0, 200 * time.Millisecond, 400 * time.Millisecond},
		{10, 0, 500 * time.Millisecond, time.Second}, // capped
		{60, 0, 500 * time.Millisecond, time.Second}, // no overflow
		{1, 700 * time.Millisecond, 700 * time.Millisecond, 700 * time.Millisecond},
		{1, time.Hour, time.Second, time.Second}, // Retry-After capped too
	}
	for _, c := range cases {
		for range 50 {
			d := backoff(c.n, base, ceiling, c.retryAfter)
			require.GreaterOrEqual(t, d, c.lo, "n=%d", c.n)
			require.LessOrEqual(t, d, c.hi, "n=%d", c.n)
		}
	}
}

func TestRetryAfterHeader(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	require.Equal(t, 3*time.Second, retryAfter("3", now))
	require.Equal(t, time.Duration(0), retryAfter("-3", now))
	require.Equal(t, time.Duration(0), retryAfter("", now))
	require.Equal(t, time.Duration(0), retryAfter("soon", now))
	require.Equal(t, 10*time.Second, retryAfter(now.Add(10*time.Second).Format(http.TimeFormat), now))
	require.Equal(t, time.Duration(0), retryAfter(now.Add(-time.Minute).Format(http.TimeFormat), now))
}

func TestTransportRecordsStatus(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "2")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	defer srv.Close()
	c := HTTPClient(nil)
	ctx, st := withCallStatus(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
	require.NoError(t, err)
	resp, err := c.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.EqualValues(t, http.StatusTooManyRequests, st.code.Load())
	require.Equal(t, int64(2*time.Second), st.retryAfter.Load())
}

func TestSleepStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.False(t, sleep(ctx, time.Hour))
	require.True(t, sleep(context.Background(), 0))
	require.True(t, sleep(context.Background(), time.Microsecond))
}
