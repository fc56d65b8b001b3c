package server_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
	"github.com/hybridrag/hybridrag/server"
)

// Serve drains: a request in flight when shutdown starts still gets its
// answer, and new connections are refused.
func TestServeDrains(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	ext := extractive.New(extractive.Options{})
	gen := generate.GeneratorFunc(func(ctx context.Context, req generate.Request) (*generate.Generation, error) {
		close(entered)
		<-release
		return ext.Generate(ctx, req)
	})
	f := newFixture(t, fixtureOpts{cfg: hybridrag.Config{Generator: gen}})
	h, err := server.New(f.p, server.Options{Logger: discardLogger()})
	require.NoError(t, err)

	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	url := "http://" + l.Addr().String()
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- server.Serve(ctx, &http.Server{Handler: h}, l, 10*time.Second) }()

	type result struct {
		status int
		body   string
		err    error
	}
	done := make(chan result, 1)
	go func() {
		res, err := http.Post(url+"/v1/query", "application/json", strings.NewReader(`{"query": "`+pumpQuestion+`"}`))
		if err != nil {
			done <- result{err: err}
			return
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		done <- result{res.StatusCode, string(b), err}
	}()
	<-entered
	stop()
	require.Eventually(t, func() bool {
		c, err := net.DialTimeout("tcp", l.Addr().String(), 100*time.Millisecond)
		if err == nil {
			c.Close()
		}
		return err != nil
	}, 5*time.Second, 10*time.Millisecond, "the listener closes when shutdown starts")
	close(release)
	r := <-done
	require.NoError(t, r.err)
	require.Equal(t, http.StatusOK, r.status, r.body)
	require.Contains(t, r.body, "2 litres")
	require.NoError(t, <-served)
}
