package googleai_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/googleai"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

const reply = "The pump must be serviced every six months. [S1]"

// seen is what the fake generateContent endpoint received.
type seen struct {
	Path, APIKey, System, User string
	Temperature                float64
	MaxTokens                  int
}

// fakeGemini serves POST /v1beta/models/{model}:generateContent in the
// REST encoding the Google SDK uses; status, when non-zero, is returned
// instead of an answer.
func fakeGemini(t *testing.T, status int) (*httptest.Server, func() []seen) {
	var mu sync.Mutex
	var got []seen
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Contents []struct {
				Role  string
				Parts []struct{ Text string }
			}
			SystemInstruction struct{ Parts []struct{ Text string } } `json:"systemInstruction"`
			GenerationConfig  struct {
				Temperature     float64 `json:"temperature"`
				MaxOutputTokens int     `json:"maxOutputTokens"`
			} `json:"generationConfig"`
		}
		_ = json.NewDecoder(r.Body).Decode(&body)
		s := seen{Path: r.URL.Path, APIKey: r.Header.Get("x-goog-api-key"),
			Temperature: body.GenerationConfig.Temperature, MaxTokens: body.GenerationConfig.MaxOutputTokens}
		if len(body.SystemInstruction.Parts) > 0 {
			s.System = body.SystemInstruction.Parts[0].Text
		}
		if n := len(body.Contents); n > 0 && len(body.Contents[n-1].Parts) > 0 {
			s.User = body.Contents[n-1].Parts[0].Text
		}
		mu.Lock()
		got = append(got, s)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if status != 0 {
			w.WriteHeader(status)
			_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{
				"code": status, "message": "API key not valid", "status": "UNAUTHENTICATED"}})
			return
		}
		// Like Gemini, every chunk carries usage so far.
		sofar := ""
		chunk := func(text string, last bool) map[string]any {
			sofar += text
			c := map[string]any{"content": map[string]any{"role": "model", "parts": []any{map[string]any{"text": text}}}, "index": 0}
			if last {
				c["finishReason"] = 1 // STOP
			}
			n := len(strings.Fields(sofar))
			return map[string]any{"candidates": []any{c},
				"usageMetadata": map[string]any{"promptTokenCount": 11, "candidatesTokenCount": n, "totalTokenCount": 11 + n}}
		}
		if !strings.HasSuffix(r.URL.Path, ":streamGenerateContent") {
			_ = json.NewEncoder(w).Encode(chunk(reply, true))
			return
		}
		// The REST stream is one JSON array.
		pieces := hybridragtest.SplitChunks(reply, 3)
		var arr []any
		for i, p := range pieces {
			arr = append(arr, chunk(p, i == len(pieces)-1))
		}
		_ = json.NewEncoder(w).Encode(arr)
	}))
	t.Cleanup(srv.Close)
	return srv, func() []seen {
		mu.Lock()
		defer mu.Unlock()
		return append([]seen(nil), got...)
	}
}

func prompt() *generate.Prompt {
	return &generate.Prompt{Messages: []generate.Message{
		{Role: generate.RoleSystem, Content: "Answer only from the sources."},
		{Role: generate.RoleUser, Content: "How often is the pump serviced?"},
	}}
}

func TestBadConfig(t *testing.T) {
	t.Setenv("GOOGLE_API_KEY", "env-key")
	ctx := context.Background()
	_, err := googleai.New(ctx, googleai.Options{})
	require.ErrorIs(t, err, googleai.ErrNoAPIKey, "the environment key is not used")
	_, err = googleai.New(ctx, googleai.Options{APIKey: "k", BaseURL: "generativelanguage.googleapis.com"})
	require.ErrorIs(t, err, langchain.ErrBaseURL)
}

func TestGenerateContentOverREST(t *testing.T) {
	srv, requests := fakeGemini(t, 0)
	g, err := googleai.New(context.Background(), googleai.Options{APIKey: "test-key", BaseURL: srv.URL, Model: "gemini-test"})
	require.NoError(t, err)
	t.Cleanup(func() { _ = g.Close() })
	require.Equal(t, "googleai", g.Name())

	gen, err := g.Generate(context.Background(), generate.Request{Prompt: prompt()})
	require.NoError(t, err)
	require.Equal(t, reply, gen.Text)
	require.Equal(t, "gemini-test", gen.Model)
	require.Equal(t, 11, gen.PromptTokens)
	// The Google SDK keeps the usage of the first stream chunk (its
	// joinResponses does not merge usage), and langchaingo always streams
	// multi-message prompts: completion counts are a lower bound.
	require.Equal(t, len(strings.Fields(hybridragtest.SplitChunks(reply, 3)[0])), gen.CompletionTokens)

	got := requests()
	require.Len(t, got, 1)
	require.Equal(t, seen{
		Path: "/v1beta/models/gemini-test:streamGenerateContent", APIKey: "test-key",
		System: "Answer only from the sources.", User: "How often is the pump serviced?",
		Temperature: langchain.DefaultTemperature, MaxTokens: langchain.DefaultMaxTokens,
	}, got[0])

	var chunks []string
	gen, err = g.Generate(context.Background(), generate.Request{Prompt: prompt(),
		Stream: func(_ context.Context, b []byte) error { chunks = append(chunks, string(b)); return nil }})
	require.NoError(t, err)
	require.Equal(t, hybridragtest.SplitChunks(reply, 3), chunks)
	require.Equal(t, reply, gen.Text)
}

func TestUnauthorizedIsNotRetried(t *testing.T) {
	srv, requests := fakeGemini(t, http.StatusUnauthorized)
	g, err := googleai.New(context.Background(), googleai.Options{APIKey: "bad", BaseURL: srv.URL,
		Generator: langchain.Options{Backoff: time.Millisecond, MaxBackoff: time.Millisecond}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = g.Close() })
	_, err = g.Generate(context.Background(), generate.Request{Prompt: prompt()})
	var pe *langchain.ProviderError
	require.ErrorAs(t, err, &pe)
	require.Equal(t, http.StatusUnauthorized, pe.StatusCode)
	require.Equal(t, 1, pe.Attempts)
	require.Len(t, requests(), 1)
}

// Calls naming the client's own model never rewrite the client's state, so
// concurrent use is race-free (run with -race).
func TestConcurrentUse(t *testing.T) {
	srv, requests := fakeGemini(t, 0)
	g, err := googleai.New(context.Background(), googleai.Options{APIKey: "k", BaseURL: srv.URL})
	require.NoError(t, err)
	t.Cleanup(func() { _ = g.Close() })
	texts := make([]string, 4)
	var wg sync.WaitGroup
	for i := range texts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if gen, err := g.Generate(context.Background(), generate.Request{Prompt: prompt()}); err == nil {
				texts[i] = gen.Text
			}
		}()
	}
	wg.Wait()
	require.Equal(t, []string{reply, reply, reply, reply}, texts)
	require.Len(t, requests(), 4)
	require.Equal(t, "/v1beta/models/"+googleai.DefaultModel+":streamGenerateContent", requests()[0].Path)
}
