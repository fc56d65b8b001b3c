package embed

import (
	"encoding/json"
	"hash/fnv"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// vectorFor is the vector the fake providers return for text: distinct per
// text, never zero, so a round trip can be checked exactly.
func vectorFor(text string, dim int) []float32 {
	f := fnv.New64a()
	_, _ = f.Write([]byte(text))
	h := f.Sum64()
	v := make([]float32, dim)
	for j := range v {
		v[j] = float32((h>>(j%56))&0xff+1) / 256
	}
	return v
}

// fault lets a test spoil the reply to request n (1-based) for inputs: it
// returns the vectors to send (float64, so that a value can overflow
// float32), or a status code other than 200 to fail with.
type fault func(n int, inputs []string, vecs [][]float64) ([][]float64, int)

// providerLog records what a fake provider saw.
type providerLog struct {
	mu        sync.Mutex
	requests  int
	maxInputs int
	inputs    []string
	models    []string
}

func (l *providerLog) record(model string, inputs []string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.requests++
	l.maxInputs = max(l.maxInputs, len(inputs))
	l.inputs = append(l.inputs, inputs...)
	l.models = append(l.models, model)
	return l.requests
}

func (l *providerLog) snapshot() (requests, maxInputs int, inputs, models []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.requests, l.maxInputs, append([]string(nil), l.inputs...), append([]string(nil), l.models...)
}

// block, when set, holds every request until the client goes away, after
// telling started; it lets tests cancel a request in flight.
type block struct{ started chan struct{} }

// answer computes the reply to one request: vectors, or a status code.
func answer(f fault, dim int, n int, inputs []string) ([][]float64, int) {
	vecs := make([][]float64, len(inputs))
	for i, in := range inputs {
		for _, x := range vectorFor(in, dim) {
			vecs[i] = append(vecs[i], float64(x))
		}
	}
	if f != nil {
		return f(n, inputs, vecs)
	}
	return vecs, http.StatusOK
}

func writeJSON(t *testing.T, w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(body); err != nil {
		t.Errorf("fake provider: %v", err)
	}
}

func waitForClient(b *block, r *http.Request) {
	select {
	case b.started <- struct{}{}:
	default:
	}
	<-r.Context().Done()
}

// newOpenAIServer serves POST /v1/embeddings as the OpenAI API does.
func newOpenAIServer(t *testing.T, dim int, f fault, b *block) (*httptest.Server, *providerLog) {
	t.Helper()
	log := &providerLog{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/embeddings" {
			writeJSON(t, w, http.StatusNotFound, map[string]any{"error": map[string]any{"message": "no route " + r.URL.Path}})
			return
		}
		if r.Header.Get("Authorization") != "Bearer test" {
			writeJSON(t, w, http.StatusUnauthorized, map[string]any{"error": map[string]any{"message": "bad key"}})
			return
		}
		var req struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			writeJSON(t, w, http.StatusBadRequest, map[string]any{"error": map[string]any{"message": err.Error()}})
			return
		}
		n := log.record(req.Model, req.Input)
		if b != nil {
			waitForClient(b, r)
			return
		}
		vecs, status := answer(f, dim, n, req.Input)
		if status != http.StatusOK {
			writeJSON(t, w, status, map[string]any{"error": map[string]any{"message": "server exploded", "type": "server_error"}})
			return
		}
		data := make([]map[string]any, len(vecs))
		for i, v := range vecs {
			data[i] = map[string]any{"object": "embedding", "index": i, "embedding": v}
		}
		writeJSON(t, w, http.StatusOK, map[string]any{
			"object": "list", "data": data, "model": req.Model,
			"usage": map[string]any{"prompt_tokens": len(req.Input), "total_tokens": len(req.Input)},
		})
	}))
	t.Cleanup(srv.Close)
	return srv, log
}

// newOllamaServer serves POST /api/embed as Ollama does. langchaingo
// v0.1.14 sends one text per request: {"model": ..., "input": "text"}, and
// reads {"embeddings": [[...]]}.
func newOllamaServer(t *testing.T, dim int, f fault, b *block) (*httptest.Server, *providerLog) {
	t.Helper()
	log := &providerLog{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/api/embed" {
			writeJSON(t, w, http.StatusNotFound, map[string]any{"error": "no route " + r.URL.Path})
			return
		}
		var req struct {
			Model string `json:"model"`
			Input string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			writeJSON(t, w, http.StatusBadRequest, map[string]any{"error": err.Error()})
			return
		}
		n := log.record(req.Model, []string{req.Input})
		if b != nil {
			waitForClient(b, r)
			return
		}
		vecs, status := answer(f, dim, n, []string{req.Input})
		if status != http.StatusOK {
			writeJSON(t, w, status, map[string]any{"error": "server exploded"})
			return
		}
		writeJSON(t, w, http.StatusOK, map[string]any{"model": req.Model, "embeddings": vecs})
	}))
	t.Cleanup(srv.Close)
	return srv, log
}
