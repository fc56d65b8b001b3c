package redact

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const canary = "sk-canary-7f3a9c2e4b1d8f6a0c5e"

func TestString(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"openai key", "Incorrect API key provided: " + canary + ".", "Incorrect API key provided: ***."},
		{"project key", "key sk-proj-AbCdEf0123456789_xyz-QRS rejected", "key *** rejected"},
		{"anthropic key", `{"error":"invalid x-api-key sk-ant-api03-AAAAbbbbCCCCdddd1234"}`, `{"error":"invalid x-api-key ***"}`},
		{"google key", "API key not valid: AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW", "API key not valid: ***"},
		{"bearer", "sent Authorization: Bearer abc.def-ghi_123456", "sent Authorization: Bearer ***"},
		{"query param", `Get "https://g.example/v1beta/models?key=abcdef123456&alt=sse": EOF`, `Get "https://g.example/v1beta/models?key=***&alt=sse": EOF`},
		{"api_key param", "api_key=Zx9Zx9Zx9Zx9Zx9", "api_key=***"},
		{"json field", `{"apiKey": "qwertyuiop123"}`, `{"apiKey": "***"}`},
		{"header", "x-goog-api-key: hunter2hunter2", "x-goog-api-key: ***"},
		{"url password", `Post "https://user:sk-canary@host.example/v1/chat": dial tcp`, `Post "https://user:***@host.example/v1/chat": dial tcp`},
		{"url password not key-shaped", "parse \"http://bob:pa55word@h:x\": invalid port", "parse \"http://bob:***@h:x\": invalid port"},
		{"user only", "https://bob@host.example/v1", "https://bob@host.example/v1"},
		{"plain", "langchain: openai failed after 4 attempt(s) (HTTP 500): server error", "langchain: openai failed after 4 attempt(s) (HTTP 500): server error"},
		{"ordinary words", "the key was not found; token limit 4096; max_tokens=512", "the key was not found; token limit 4096; max_tokens=512"},
		{"email", "contact admin@example.com", "contact admin@example.com"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, String(c.in))
		})
	}
}

func TestSecretsEncodings(t *testing.T) {
	const key = "my-proxy/key+with=odd chars"
	forms := []string{
		key,
		url.QueryEscape(key),
		url.PathEscape(key),
		base64.StdEncoding.EncodeToString([]byte(key)),
		base64.RawURLEncoding.EncodeToString([]byte(key)),
	}
	for _, f := range forms {
		got := String("body: "+f+" end", key)
		require.NotContains(t, got, f)
		require.Contains(t, got, Mask)
	}
	require.Equal(t, "short abc", String("short abc", "abc"), "very short secrets are ignored")
	require.Equal(t, "x", String("x", ""))
}

func TestURL(t *testing.T) {
	cases := []struct{ in, want string }{
		{"https://user:" + canary + "@host.example/v1", "https://user:***@host.example/v1"},
		{"https://host.example/v1", "https://host.example/v1"},
		{"https://bob@host.example", "https://bob@host.example"},
		{"https://host.example/v1?key=abcdefgh123&x=1", "https://host.example/v1?key=***&x=1"},
		{"http://u:p%40ss@h:bad", "http://u:***@h:bad"},
		{"not a url " + canary, "not a url ***"},
	}
	for _, c := range cases {
		require.Equal(t, c.want, URL(c.in), c.in)
	}
}

func TestError(t *testing.T) {
	require.NoError(t, Error(nil))
	plain := errors.New("plain")
	require.Same(t, plain, Error(plain))

	base := fmt.Errorf("openai: %w: Incorrect API key provided: %s", fs.ErrPermission, canary)
	err := Error(base, canary)
	require.NotContains(t, err.Error(), canary)
	require.ErrorIs(t, err, fs.ErrPermission)

	// A configured key of any shape.
	custom := Error(errors.New("proxy rejected token-of-mine-42"), "token-of-mine-42")
	require.Equal(t, "proxy rejected ***", custom.Error())

	// *url.Error keeps its type, with the URL redacted.
	_, perr := url.Parse("https://user:" + canary + "@host:bad")
	require.Error(t, perr)
	red := Error(perr)
	var ue *url.Error
	require.ErrorAs(t, red, &ue)
	require.NotContains(t, ue.URL, canary)
	require.NotContains(t, red.Error(), canary)
	require.True(t, strings.Contains(red.Error(), "user:***@"), red.Error())
}

func FuzzString(f *testing.F) {
	f.Add("Incorrect API key provided: "+canary, canary)
	f.Add("https://u:p@h/v1?key=abcdef", "p")
	f.Fuzz(func(t *testing.T, s, secret string) {
		out := String(s, secret)
		if len(secret) >= minSecret && strings.Contains(out, secret) && !strings.Contains(Mask, secret) {
			// The secret may reappear only where masking created it.
			if !strings.Contains(strings.ReplaceAll(out, Mask, ""), secret) {
				return
			}
			t.Fatalf("String(%q, %q) = %q keeps the secret", s, secret, out)
		}
		if again := String(out, secret); again != out && !strings.Contains(secret, "*") {
			t.Fatalf("not idempotent: %q then %q", out, again)
		}
	})
}
