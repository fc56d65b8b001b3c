package langchain

import (
	"errors"
	"fmt"
	"net/url"
)

// ErrBaseURL means a provider base URL is unusable.
var ErrBaseURL = errors.New("langchain: invalid base URL")

// ParseBaseURL checks that raw is an absolute http or https URL with a host
// and no query or fragment, and returns it parsed. Provider packages call it
// before handing a URL to langchaingo, whose Ollama option calls log.Fatal
// on a URL it cannot parse. Errors wrap ErrBaseURL.
func ParseBaseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%w: %w", ErrBaseURL, err)
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, fmt.Errorf("%w: %q: scheme must be http or https", ErrBaseURL, raw)
	case u.Host == "":
		return nil, fmt.Errorf("%w: %q: no host", ErrBaseURL, raw)
	case u.User != nil:
		return nil, fmt.Errorf("%w: %q: credentials belong in the API key, not the URL", ErrBaseURL, raw)
	case u.RawQuery != "" || u.Fragment != "":
		return nil, fmt.Errorf("%w: %q: no query or fragment allowed", ErrBaseURL, raw)
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
