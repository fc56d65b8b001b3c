package langchain

import (
	"errors"
	"fmt"
	"net/url"

	"github.com/hybridrag/hybridrag/internal/redact"
)

// ErrBaseURL means a provider base URL is unusable.
var ErrBaseURL = errors.New("langchain: invalid base URL")

// ParseBaseURL checks that raw is an absolute http or https URL with a host
// and no query or fragment, and returns it parsed. Provider packages call it
// before handing a URL to langchaingo, whose Ollama option calls log.Fatal
// on a URL it cannot parse. Errors wrap ErrBaseURL and never quote a
// password or key parameter of raw.
func ParseBaseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	// Messages quote the URL with its password and key parameters masked:
	// a URL holding credentials is exactly the one that gets reported.
	shown := redact.URL(raw)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%w: %w", ErrBaseURL, redact.Error(err))
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, fmt.Errorf("%w: %q: scheme must be http or https", ErrBaseURL, shown)
	case u.Host == "":
		return nil, fmt.Errorf("%w: %q: no host", ErrBaseURL, shown)
	case u.User != nil:
		return nil, fmt.Errorf("%w: %q: credentials belong in the API key, not the URL", ErrBaseURL, shown)
	case u.RawQuery != "" || u.Fragment != "":
		return nil, fmt.Errorf("%w: %q: no query or fragment allowed", ErrBaseURL, shown)
	}
	return u, nil
}

// BaseURLOr returns raw, or def when raw is empty, after checking it with
// ParseBaseURL.
func BaseURLOr(raw, def string) (string, error) {
	if raw == "" {
		raw = def
	}
	if _, err := ParseBaseURL(raw); err != nil {
		return "", err
	}
	return raw, nil
}
