package langchain_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/anthropic"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/generate/ollama"
	"github.com/hybridrag/hybridrag/generate/openai"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

// Canary keys: one shaped like an OpenAI key, which pattern redaction
// alone catches, and one of no known shape, which only the transport's
// knowledge of the request's own credentials can catch.
const (
	canaryShaped = "sk-canary-5e1f0c9a7b3d2e4f6a8c"
	canaryPlain  = "canary~proxy~Q7x"
	goodKey      = "good-key-123456"
)

// requireNoSecret checks an error's message, its %+v form and the message
// of every error it wraps.
func requireNoSecret(t *testing.T, err error, secret string) {
	t.Helper()
	require.Error(t, err)
	var walk func(e error)
	walk = func(e error) {
		if e == nil {
			return
		}
		require.NotContains(t, e.Error(), secret, "%T", e)
		switch u := e.(type) {
		case interface{ Unwrap() error }:
			walk(u.Unwrap())
		case interface{ Unwrap() []error }:
			for _, x := range u.Unwrap() {
				walk(x)
			}
		}
	}
	walk(err)
	require.NotContains(t, fmt.Sprintf("%+v", err), secret)
}

// keyOf is the credential a request carries, in any provider's header.
func keyOf(r *http.Request) string {
	if k := r.Header.Get("x-api-key"); k != "" {
		return k
	}
	return strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
}

// echoingProxy forwards requests carrying goodKey to upstream and answers
// any other with status and a provider-style error body that quotes the key
// it was sent, as some providers and proxies do.
func echoingProxy(t *testing.T, upstream string, status int, body func(key string) string) *httptest.Server {
	u, err := url.Parse(upstream)
	require.NoError(t, err)
	rp := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: u.Scheme, Host: u.Host})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if k := keyOf(r); k != "" && k != goodKey {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			_, _ = fmt.Fprint(w, body(k))
			return
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func openAIBody(key string) string {
	return `{"error":{"message":"Incorrect API key provided: ` + key + `. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`
}

func noRetries(o langchain.Options) langchain.Options {
	o.MaxRetries = -1
	return o
}

func TestOpenAIErrorsNeverQuoteTheKey(t *testing.T) {
	upstream := hybridragtest.NewOpenAIServer(t, constant(""))
	proxy := echoingProxy(t, upstream.URL, http.StatusUnauthorized, openAIBody)
	gen := func(key string) *langchain.Generator {
		g, err := openai.New(openai.Options{APIKey: key, BaseURL: proxy.URL + "/v1", Model: "gpt-test", Generator: noRetries(langchain.Options{})})
		require.NoError(t, err)
		return g
	}
	// The proxy is transparent for the right key.
	out, err := gen(goodKey).Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
	require.NoError(t, err)
	require.Equal(t, answer, out.Text)

	for _, key := range []string{canaryShaped, canaryPlain} {
		for _, stream := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s stream=%v", key, stream), func(t *testing.T) {
				req := generate.Request{Prompt: testPrompt("q")}
				if stream {
					req.Stream = func(context.Context, []byte) error { return nil }
				}
				_, err := gen(key).Generate(context.Background(), req)
				require.ErrorIs(t, err, langchain.ErrProvider)
				var pe *langchain.ProviderError
				require.ErrorAs(t, err, &pe)
				require.Equal(t, http.StatusUnauthorized, pe.StatusCode)
				require.Contains(t, err.Error(), "Incorrect API key provided: ***")
				requireNoSecret(t, err, key)
			})
		}
	}
}

// Ollama has no keys, but a proxy in front of it may: users add the header
// with their own HTTP client.
func TestOllamaProxyErrorsNeverQuoteTheKey(t *testing.T) {
	upstream := hybridragtest.NewOllamaServer(t, constant(""))
	proxy := echoingProxy(t, upstream.URL, http.StatusForbidden, func(key string) string {
		return `{"error":"proxy: forbidden for Authorization: Bearer ` + key + `"}`
	})
	for _, key := range []string{goodKey, canaryPlain, canaryShaped} {
		t.Run(key, func(t *testing.T) {
			hc := &http.Client{Transport: headerTransport{"Authorization", "Bearer " + key}}
			g, err := ollama.New(ollama.Options{ServerURL: proxy.URL, Model: "llama-test", HTTPClient: hc, Generator: noRetries(langchain.Options{})})
			require.NoError(t, err)
			out, err := g.Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
			if key == goodKey {
				require.NoError(t, err)
				require.Equal(t, answer, out.Text)
				return
			}
			requireNoSecret(t, err, key)
		})
	}
}

type headerTransport struct{ name, value string }

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set(h.name, h.value)
	return http.DefaultTransport.RoundTrip(r)
}

func TestAnthropicErrorsNeverQuoteTheKey(t *testing.T) {
	// No upstream: every canary is refused before forwarding.
	srv := echoingProxy(t, "http://127.0.0.1:1", http.StatusUnauthorized, func(key string) string {
		return `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key: ` + key + `"}}`
	})
	for _, key := range []string{canaryShaped, "sk-ant-api03-canaryCANARYcanary0123", canaryPlain} {
		t.Run(key, func(t *testing.T) {
			g, err := anthropic.New(anthropic.Options{APIKey: key, BaseURL: srv.URL + "/v1", Generator: noRetries(langchain.Options{})})
			require.NoError(t, err)
			_, err = g.Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
			require.ErrorIs(t, err, langchain.ErrProvider)
			requireNoSecret(t, err, key)
		})
	}
}

// A base URL holding credentials is refused, and the refusal does not
// repeat them; neither does a parse error.
func TestBaseURLErrorsNeverQuoteCredentials(t *testing.T) {
	urls := []string{
		"https://user:" + canaryPlain + "@api.example/v1",
		"https://user:" + canaryShaped + "@api.example:bad/v1",
		"ftp://user:" + canaryPlain + "@api.example/v1",
		"https://api.example/v1?api_key=" + canaryPlain,
	}
	constructors := map[string]func(base string) error{
		"openai": func(base string) error {
			_, err := openai.New(openai.Options{APIKey: canaryShaped, BaseURL: base})
			return err
		},
		"anthropic": func(base string) error {
			_, err := anthropic.New(anthropic.Options{APIKey: canaryShaped, BaseURL: base})
			return err
		},
		"ollama": func(base string) error {
			_, err := ollama.New(ollama.Options{ServerURL: base})
			return err
		},
		"ParseBaseURL": func(base string) error {
			_, err := langchain.ParseBaseURL(base)
			return err
		},
	}
	for name, newGen := range constructors {
		for _, u := range urls {
			t.Run(name+" "+u, func(t *testing.T) {
				err := newGen(u)
				require.ErrorIs(t, err, langchain.ErrBaseURL)
				requireNoSecret(t, err, canaryPlain)
				requireNoSecret(t, err, canaryShaped)
				if strings.Contains(u, "user:") && !strings.Contains(u, ":bad") {
					require.Contains(t, err.Error(), "user:***@")
				}
			})
		}
	}
}

// A transport failure is redacted too: network errors quote the URL.
func TestTransportErrorsAreRedacted(t *testing.T) {
	errDial := errors.New("dial failed")
	failing := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		return nil, fmt.Errorf("%w for %s with %s", errDial, r.URL, r.Header.Get("Authorization"))
	})
	c := &http.Client{Transport: langchain.Transport(failing)}
	req, err := http.NewRequest(http.MethodPost, "https://api.example/v1/chat?key="+canaryPlain, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+canaryPlain)
	_, err = c.Do(req)
	// http.Client wraps the transport's error in a *url.Error quoting the
	// request URL, query included; ProviderError and the other sinks
	// redact that message. What the transport itself returns is clean.
	// The redacted error still unwraps to its cause, for errors.Is.
	var ue *url.Error
	require.ErrorAs(t, err, &ue)
	require.NotContains(t, ue.Err.Error(), canaryPlain)
	require.ErrorIs(t, err, errDial)
	pe := &langchain.ProviderError{Provider: "x", Attempts: 1, Err: err}
	require.NotContains(t, pe.Error(), canaryPlain)
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
