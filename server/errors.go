package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/hybridrag/hybridrag"
)

// Error codes: the stable "code" of every JSON error body
// ({"code": "...", "message": "..."}). Messages are for people and may
// change; codes do not.
const (
	CodeInvalidJSON      = "invalid_json"           // 400: malformed body, wrong type, trailing data
	CodeUnknownField     = "unknown_field"          // 400: a field the endpoint does not take
	CodeInvalidArgument  = "invalid_argument"       // 400: a value out of range or malformed
	CodeInvalidQuery     = "invalid_query"          // 400: question length or encoding
	CodeProjectRequired  = "project_required"       // 400: the key allows several projects; name one
	CodeTenantRequired   = "tenant_required"        // 400: the server requires a tenant and the key has none
	CodeUnauthorized     = "unauthorized"           // 401: no or unknown API key
	CodeNotFound         = "not_found"              // 404: no such resource for this caller
	CodeMethodNotAllowed = "method_not_allowed"     // 405
	CodeBodyTooLarge     = "body_too_large"         // 413
	CodeUnsupportedMedia = "unsupported_media_type" // 415: wrong Content-Type
	CodeRateLimited      = "rate_limited"           // 429: see Retry-After
	CodeInternal         = "internal"               // 500: logged server-side with the request id
	CodeNotSupported     = "not_supported"          // 501: the store or query log lacks the capability
	CodeUnavailable      = "unavailable"            // 503: shutting down or closed
	CodeTimeout          = "timeout"                // 504: the per-request deadline passed
)

// apiError is an error the caller may see: a status, a code and a
// message written for them. Anything else is logged and answered as
// CodeInternal.
type apiError struct {
	status  int
	code    string
	message string
}

func (e *apiError) Error() string { return e.code + ": " + e.message }

func errorf(status int, code, format string, args ...any) *apiError {
	return &apiError{status: status, code: code, message: fmt.Sprintf(format, args...)}
}

// errorBody is the JSON of every error response and SSE error event.
type errorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// publicError turns any error into what the caller may see, logging the
// ones it hides.
func (s *Server) publicError(ctx context.Context, err error) *apiError {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae
	}
	var qe *hybridrag.QueryError
	switch {
	case errors.As(err, &qe):
		if qe.Reason == hybridrag.QueryInvalidUTF8 {
			return errorf(http.StatusBadRequest, CodeInvalidQuery, "the question is not valid UTF-8")
		}
		return errorf(http.StatusBadRequest, CodeInvalidQuery, "the question is %s (%d characters; allowed %d to %d)", qe.Reason, qe.Length, qe.Min, qe.Max)
	case errors.Is(err, hybridrag.ErrTenantRequired):
		return errorf(http.StatusBadRequest, CodeTenantRequired, "this server requires a tenant: use an API key bound to a tenant")
	case errors.Is(err, hybridrag.ErrNoStore):
		return errorf(http.StatusNotImplemented, CodeNotSupported, "this server has no writable store")
	case errors.Is(err, hybridrag.ErrClosed):
		return errorf(http.StatusServiceUnavailable, CodeUnavailable, "the service is shutting down")
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		return errorf(http.StatusGatewayTimeout, CodeTimeout, "the request took longer than %s", s.timeout())
	}
	id := requestID(ctx)
	if errors.Is(ctx.Err(), context.Canceled) {
		// The client went away; nobody reads the answer.
		s.log.DebugContext(ctx, "hybridrag server: request canceled", "request_id", id, "err", err)
	} else {
		s.log.ErrorContext(ctx, "hybridrag server: request failed", "request_id", id, "err", err)
	}
	return errorf(http.StatusInternalServerError, CodeInternal, "internal error (request id %s)", id)
}

// fail writes err as a JSON error response.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	ae := s.publicError(r.Context(), err)
	writeJSON(w, ae.status, errorBody{Code: ae.code, Message: ae.message})
}

// writeJSON writes v with status. HTML escaping stays on: a JSON body must
// never be sniffable as markup, even with nosniff set.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		// Only a bug (a NaN score, say) gets here; the caller gets a
		// body it can parse.
		slog.Error("hybridrag server: encode response", "err", err)
		status = http.StatusInternalServerError
		b, _ = json.Marshal(errorBody{Code: CodeInternal, Message: "internal error"})
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}
