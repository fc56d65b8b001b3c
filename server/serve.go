package server

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// DefaultDrain is how long Serve waits for in-flight requests after ctx
// is done.
const DefaultDrain = 30 * time.Second

// Serve runs hs on l until ctx is done, then shuts down gracefully: it
// stops accepting connections and waits up to drain (0: DefaultDrain) for
// the requests in flight to finish, streams included. It returns nil after
// a clean shutdown, or the error that ended serving.
func Serve(ctx context.Context, hs *http.Server, l net.Listener, drain time.Duration) error {
	if drain == 0 {
		drain = DefaultDrain
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(l) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), drain)
	defer cancel()
	err := hs.Shutdown(sctx)
	if serr := <-errc; !errors.Is(serr, http.ErrServerClosed) {
		err = errors.Join(err, serr)
	}
	return err
}
