package main

import (
	"context"
	"encoding/json"
	"hash/fnv"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
)

// fakeVector is a deterministic bag-of-words vector: each word adds to one
// of dim buckets, on top of a constant so no vector is all zero.
func fakeVector(text string, dim int) []float64 {
	v := make([]float64, dim)
	for i := range v {
		v[i] = 0.1
	}
	for _, w := range strings.Fields(strings.ToLower(text)) {
		h := fnv.New32a()
		_, _ = h.Write([]byte(strings.Trim(w, ".,?!:;")))
		v[h.Sum32()%uint32(dim)]++
	}
	return v
}

// embedServer records what a fake provider was asked: requests, texts and
// the model named in each request.
type embedServer struct {
	*httptest.Server
	dim      int
	fail     bool // answer 500 to every request
	mu       sync.Mutex
	requests int
	texts    int
	models   map[string]bool
}

func (s *embedServer) record(model string, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests++
	s.texts += n
	s.models[model] = true
}

func (s *embedServer) failing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fail
}

func (s *embedServer) setFail(fail bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail = fail
}

// counts returns the requests and texts so far and the models named.
func (s *embedServer) counts() (requests, texts int, models []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for m := range s.models {
		models = append(models, m)
	}
	return s.requests, s.texts, models
}

func replyJSON(t *testing.T, w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	require.NoError(t, json.NewEncoder(w).Encode(body))
}

// newOpenAIEmbedServer speaks OpenAI's POST /v1/embeddings: a bearer key,
// {"model", "input": [texts]} in, {"data": [{"index", "embedding"}]} out.
func newOpenAIEmbedServer(t *testing.T, key string) *embedServer {
	t.Helper()
	s := &embedServer{dim: 16, models: map[string]bool{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/embeddings" {
			replyJSON(t, w, http.StatusNotFound, map[string]any{"error": map[string]any{"message": "no route " + r.URL.Path}})
			return
		}
		if r.Header.Get("Authorization") != "Bearer "+key {
			replyJSON(t, w, http.StatusUnauthorized, map[string]any{"error": map[string]any{"message": "bad key"}})
			return
		}
		var req struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			replyJSON(t, w, http.StatusBadRequest, map[string]any{"error": map[string]any{"message": err.Error()}})
			return
		}
		s.record(req.Model, len(req.Input))
		data := make([]map[string]any, len(req.Input))
		for i, text := range req.Input {
			data[i] = map[string]any{"object": "embedding", "index": i, "embedding": fakeVector(text, s.dim)}
		}
		replyJSON(t, w, http.StatusOK, map[string]any{"object": "list", "data": data, "model": req.Model,
			"usage": map[string]any{"prompt_tokens": 1, "total_tokens": 1}})
	}))
	t.Cleanup(s.Close)
	return s
}

// newOllamaEmbedServer speaks Ollama's POST /api/embed as langchaingo calls
// it: {"model", "input": "text"} in, {"embeddings": [[...]]} out.
func newOllamaEmbedServer(t *testing.T, dim int) *embedServer {
	t.Helper()
	s := &embedServer{dim: dim, models: map[string]bool{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/api/embed" {
			replyJSON(t, w, http.StatusNotFound, map[string]any{"error": "no route " + r.URL.Path})
			return
		}
		var req struct {
			Model string `json:"model"`
			Input string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			replyJSON(t, w, http.StatusBadRequest, map[string]any{"error": err.Error()})
			return
		}
		s.record(req.Model, 1)
		if s.failing() {
			replyJSON(t, w, http.StatusInternalServerError, map[string]any{"error": "model crashed"})
			return
		}
		replyJSON(t, w, http.StatusOK, map[string]any{"model": req.Model, "embeddings": [][]float64{fakeVector(req.Input, s.dim)}})
	}))
	t.Cleanup(s.Close)
	return s
}

// unsetenv removes name for the test and restores it afterwards.
func unsetenv(t *testing.T, name string) {
	t.Helper()
	t.Setenv(name, "") // registers the restore
	require.NoError(t, os.Unsetenv(name))
}

// recordedEmbedder reads the embedder the store at dir records.
func recordedEmbedder(t *testing.T, dir string) store.EmbedderID {
	t.Helper()
	st, err := embedded.Open(dir, embedded.Options{ReadOnly: true})
	require.NoError(t, err)
	defer st.Close()
	id, found, err := st.LoadEmbedder(context.Background())
	require.NoError(t, err)
	require.True(t, found)
	return id
}

// retrieveTop runs retrieve --json and returns its first source's text.
func retrieveTop(t *testing.T, st, q string) string {
	t.Helper()
	code, out, errOut := runCLI(t, "retrieve", "--store", st, "--json", "--no-log", q)
	require.Equal(t, 0, code, errOut)
	var res retrievalJSON
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	require.NotEmpty(t, res.Sources)
	return res.Sources[0].Text
}

func TestCLIOpenAIEmbedder(t *testing.T) {
	cases := []struct {
		name      string
		flags     []string
		wantModel string
	}{
		{name: "default model", flags: nil, wantModel: "text-embedding-3-small"},
		{name: "chosen model", flags: []string{"--embedding-model", "text-embedding-3-large"}, wantModel: "text-embedding-3-large"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := newOpenAIEmbedServer(t, "sk-test-embed")
			t.Setenv("OPENAI_API_KEY", "sk-test-embed")
			t.Setenv("OPENAI_BASE_URL", srv.URL+"/v1")
			docs := writeReindexDocs(t)
			st := filepath.Join(t.TempDir(), "store")

			args := append([]string{"index", "--store", st, "--no-log", "--embedder", "openai"}, tc.flags...)
			code, out, errOut := runCLI(t, append(args, docs)...)
			require.Equal(t, 0, code, errOut)
			require.Contains(t, out, "indexed 2 documents")
			requests, chunks, models := srv.counts()
			require.Positive(t, requests)
			require.GreaterOrEqual(t, chunks, 2, "every chunk embedded by the server")
			require.Equal(t, []string{tc.wantModel}, models)
			require.Equal(t, "openai:"+tc.wantModel, recordedEmbedder(t, st).Name)

			// No flag: retrieve and ask embed the question with the
			// recorded embedder, one text each.
			require.Contains(t, retrieveTop(t, st, "When does the relief valve open?"), "6 bar")
			r, n, models := srv.counts()
			require.Equal(t, []int{requests + 1, chunks + 1}, []int{r, n})
			require.Equal(t, []string{tc.wantModel}, models)

			code, out, errOut = runCLI(t, "ask", "--store", st, "--json", "--no-log", "When does the relief valve open?")
			require.Equal(t, 0, code, errOut)
			require.Contains(t, out, "6 bar")
			r, _, _ = srv.counts()
			require.Equal(t, requests+2, r)

			// Indexing again without a flag keeps the recorded embedder.
			code, _, errOut = runCLI(t, "index", "--store", st, "--no-log", docs)
			require.Equal(t, 0, code, errOut)
			require.Equal(t, "openai:"+tc.wantModel, recordedEmbedder(t, st).Name)
		})
	}
}

// TestCLIOllamaEmbedderReadsOnlyItsEnvironment: with ollama chosen, the
// OpenAI variables are not read (no key needed, its base URL never called),
// and OLLAMA_HOST in ollama's host:port form is honoured.
func TestCLIOllamaEmbedderReadsOnlyItsEnvironment(t *testing.T) {
	oll := newOllamaEmbedServer(t, 16)
	oai := newOpenAIEmbedServer(t, "unused")
	unsetenv(t, "OPENAI_API_KEY")
	t.Setenv("OPENAI_BASE_URL", oai.URL+"/v1")
	t.Setenv("OLLAMA_HOST", strings.TrimPrefix(oll.URL, "http://"))
	docs := writeReindexDocs(t)
	st := filepath.Join(t.TempDir(), "store")

	code, _, errOut := runCLI(t, "index", "--store", st, "--no-log", "--embedder", "ollama", docs)
	require.Equal(t, 0, code, errOut)
	requests, texts, models := oll.counts()
	require.Equal(t, requests, texts, "langchaingo sends Ollama one text per request")
	require.Positive(t, requests)
	require.Equal(t, []string{"nomic-embed-text"}, models)
	require.Equal(t, "ollama:nomic-embed-text", recordedEmbedder(t, st).Name)

	code, out, errOut := runCLI(t, "ask", "--store", st, "--no-log", "How often is the shaft seal replaced?")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "2,000")
	r, _, _ := oll.counts()
	require.Equal(t, requests+1, r)
	r, _, _ = oai.counts()
	require.Zero(t, r, "the OpenAI server is never called")

	// The offline default reads no provider variable either.
	hashStore := filepath.Join(t.TempDir(), "hash")
	code, _, errOut = runCLI(t, "index", "--store", hashStore, "--no-log", docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, retrieveTop(t, hashStore, "When does the relief valve open?"), "6 bar")
	r, _, _ = oll.counts()
	require.Equal(t, requests+1, r, "a hash store calls no provider")
}

func TestCLIEmbedderMissingKey(t *testing.T) {
	srv := newOpenAIEmbedServer(t, "sk-test-embed")
	t.Setenv("OPENAI_BASE_URL", srv.URL+"/v1")
	unsetenv(t, "OPENAI_API_KEY")
	docs := writeReindexDocs(t)

	// index: bad usage before any work, no store folder left.
	st := filepath.Join(t.TempDir(), "store")
	code, out, errOut := runCLI(t, "index", "--store", st, "--no-log", "--embedder", "openai", docs)
	require.Equal(t, 2, code, errOut)
	require.Empty(t, out)
	require.Contains(t, errOut, "--embedder openai needs OPENAI_API_KEY")
	_, err := os.Stat(st)
	require.ErrorIs(t, err, os.ErrNotExist)

	// A query on a store built with openai needs the key too, and says why.
	t.Setenv("OPENAI_API_KEY", "sk-test-embed")
	code, _, errOut = runCLI(t, "index", "--store", st, "--no-log", "--embedder", "openai", docs)
	require.Equal(t, 0, code, errOut)
	before, _, _ := srv.counts()
	unsetenv(t, "OPENAI_API_KEY")
	for _, cmd := range []string{"retrieve", "ask"} {
		code, _, errOut = runCLI(t, cmd, "--store", st, "--no-log", "When does the relief valve open?")
		require.Equal(t, 2, code, errOut)
		require.Contains(t, errOut, `the store's embedder "openai:text-embedding-3-small" needs OPENAI_API_KEY`)
	}
	after, _, _ := srv.counts()
	require.Equal(t, before, after)
}

// TestCLIEmbedderMismatch: index --embedder on a store built with another
// embedder fails with the library's mismatch error before embedding
// anything, and leaves the store as it was.
func TestCLIEmbedderMismatch(t *testing.T) {
	oll := newOllamaEmbedServer(t, 16)
	t.Setenv("OLLAMA_HOST", oll.URL)
	docs := writeReindexDocs(t)
	hashStore := filepath.Join(t.TempDir(), "hash")
	code, _, errOut := runCLI(t, "index", "--store", hashStore, "--no-log", docs)
	require.Equal(t, 0, code, errOut)
	ollStore := filepath.Join(t.TempDir(), "ollama")
	code, _, errOut = runCLI(t, "index", "--store", ollStore, "--no-log", "--embedder", "ollama", docs)
	require.Equal(t, 0, code, errOut)

	cases := []struct {
		name, store string
		flags       []string
		stored      string
	}{
		{name: "ollama onto hash", store: hashStore, flags: []string{"--embedder", "ollama"}, stored: `"hash (offline`},
		{name: "hash onto ollama", store: ollStore, flags: []string{"--embedder", "hash"}, stored: `"ollama:nomic-embed-text"`},
		{name: "other model", store: ollStore, flags: []string{"--embedder", "ollama", "--embedding-model", "mxbai-embed-large"}, stored: `"ollama:nomic-embed-text"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			recorded := recordedEmbedder(t, tc.store)
			before, _, _ := oll.counts()
			args := append([]string{"index", "--store", tc.store, "--no-log"}, tc.flags...)
			code, _, errOut := runCLI(t, append(args, docs)...)
			require.Equal(t, 1, code, errOut)
			require.Contains(t, errOut, "hybridrag: the store was built with embedder "+tc.stored)
			require.Contains(t, errOut, "re-embed the store with Reindex")
			after, _, _ := oll.counts()
			require.Equal(t, before, after, "nothing embedded")
			require.Equal(t, recorded, recordedEmbedder(t, tc.store))
		})
	}
}

func TestCLIReindexSwitchesEmbedder(t *testing.T) {
	// A store keeps one vector dimension: the model switched to has the
	// hashing embedder's 384 (as Ollama's all-minilm does).
	oll := newOllamaEmbedServer(t, 384)
	t.Setenv("OLLAMA_HOST", oll.URL)
	st, docs := indexedWithHash(t)
	_, chunks := storeCounts(t, st)
	minilm := []string{"--embedder", "ollama", "--embedding-model", "all-minilm"}

	// hash → ollama: every chunk re-embedded by the server, and recorded.
	code, out, errOut := runCLI(t, append([]string{"reindex", "--store", st}, minilm...)...)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "reindexed 2 documents")
	requests, _, models := oll.counts()
	require.Equal(t, chunks, requests)
	require.Equal(t, []string{"all-minilm"}, models)
	require.Equal(t, "ollama:all-minilm", recordedEmbedder(t, st).Name)
	require.Contains(t, retrieveTop(t, st, "When does the relief valve open?"), "6 bar")
	r, _, _ := oll.counts()
	require.Equal(t, requests+1, r, "retrieve uses the new embedder without a flag")

	// Now index with that embedder agrees with the store; hash does not.
	code, _, errOut = runCLI(t, append(append([]string{"index", "--store", st, "--no-log"}, minilm...), docs)...)
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runCLI(t, "index", "--store", st, "--no-log", "--embedder", "hash", docs)
	require.Equal(t, 1, code, errOut)
	require.Contains(t, errOut, "the store was built with embedder")

	// Plain reindex keeps the recorded embedder; --embedder hash goes back.
	r, _, _ = oll.counts()
	code, _, errOut = runCLI(t, "reindex", "--store", st)
	require.Equal(t, 0, code, errOut)
	r2, _, _ := oll.counts()
	require.Equal(t, r+chunks, r2)
	code, _, errOut = runCLI(t, "reindex", "--store", st, "--embedder", "hash")
	require.Equal(t, 0, code, errOut)
	require.True(t, strings.HasPrefix(recordedEmbedder(t, st).Name, "hash "))
	require.Contains(t, retrieveTop(t, st, "When does the relief valve open?"), "6 bar")
	r3, _, _ := oll.counts()
	require.Equal(t, r2, r3, "a hash store calls no provider")
}

// TestCLIReindexOtherDimension: a model of another dimension cannot
// replace the store's vectors in place; the error says what to do instead
// of "run again to resume", and the store keeps its embedder and answers.
func TestCLIReindexOtherDimension(t *testing.T) {
	oll := newOllamaEmbedServer(t, 768)
	t.Setenv("OLLAMA_HOST", oll.URL)
	st, _ := indexedWithHash(t)
	recorded := recordedEmbedder(t, st)

	code, _, errOut := runCLI(t, "reindex", "--store", st, "--embedder", "ollama")
	require.Equal(t, 1, code, errOut)
	require.Contains(t, errOut, "index the files into a new store with --embedder ollama")
	require.Contains(t, errOut, "768 dimensions, want 384")
	require.NotContains(t, errOut, "resume")
	require.Equal(t, recorded, recordedEmbedder(t, st))
	require.Contains(t, retrieveTop(t, st, "When does the relief valve open?"), "6 bar")
}

// TestCLIUnknownRecordedEmbedder: a store built (by the library) with an
// embedder the CLI cannot build is refused by name, never queried with
// another embedder; reindex --embedder rescues it.
func TestCLIUnknownRecordedEmbedder(t *testing.T) {
	for _, name := range []string{"voyage:voyage-3", "*embed.Langchain", "my-embedder"} {
		t.Run(name, func(t *testing.T) {
			st, docs := indexedWithHash(t)
			es, err := embedded.Open(st, embedded.Options{})
			require.NoError(t, err)
			require.NoError(t, es.SaveEmbedder(context.Background(), store.EmbedderID{Name: name, Dimension: 1024}))
			require.NoError(t, es.Close())

			for _, args := range [][]string{
				{"retrieve", "--store", st, "--no-log", "valve"},
				{"ask", "--store", st, "--no-log", "valve"},
				{"index", "--store", st, "--no-log", docs},
				{"reindex", "--store", st},
			} {
				code, _, errOut := runCLI(t, args...)
				require.Equal(t, 1, code, "%v: %s", args, errOut)
				require.Contains(t, errOut, "the store was built with embedder \""+name+"\"", "%v", args)
				require.Contains(t, errOut, "which the CLI cannot build", "%v", args)
			}
			code, _, errOut := runCLI(t, "reindex", "--store", st, "--embedder", "hash")
			require.Equal(t, 0, code, errOut)
			require.Contains(t, retrieveTop(t, st, "When does the relief valve open?"), "6 bar")
		})
	}
}

func TestCLIEmbedderUsage(t *testing.T) {
	docs := writeReindexDocs(t)
	st := filepath.Join(t.TempDir(), "store")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"index", "--store", st, "--embedder", "cohere", docs}, `unknown embedder "cohere"`},
		{[]string{"index", "--store", st, "--embedding-model", "m", docs}, "--embedding-model needs --embedder"},
		{[]string{"index", "--store", st, "--embedder", "hash", "--embedding-model", "m", docs}, "hash embedder has no --embedding-model"},
		{[]string{"reindex", "--store", st, "--embedder", "ollama", "--tenant", "t"}, "not with --tenant or --project"},
		{[]string{"retrieve", "--store", st, "--embedder", "ollama", "q"}, "unknown flag --embedder"},
	}
	for _, tc := range cases {
		t.Run(tc.want, func(t *testing.T) {
			code, out, errOut := runCLI(t, tc.args...)
			require.Equal(t, 2, code, errOut)
			require.Empty(t, out)
			require.Contains(t, errOut, tc.want)
			_, err := os.Stat(st)
			require.ErrorIs(t, err, os.ErrNotExist, "nothing created")
		})
	}
}

// TestCLIRecordedEmbedderEvalAndServe: eval and serve also embed with the
// embedder the store records, without a flag.
func TestCLIRecordedEmbedderEvalAndServe(t *testing.T) {
	oll := newOllamaEmbedServer(t, 16)
	t.Setenv("OLLAMA_HOST", oll.URL)
	docs := writeReindexDocs(t)
	dir := t.TempDir()
	st := filepath.Join(dir, "store")
	code, _, errOut := runCLI(t, "index", "--store", st, "--no-log", "--embedder", "ollama", docs)
	require.Equal(t, 0, code, errOut)
	qs := filepath.Join(dir, "eval.jsonl")
	require.NoError(t, os.WriteFile(qs, []byte(`{"id":"relief","query":"At what pressure does the relief valve open?","evidence":["6 bar"]}`+"\n"+
		`{"id":"seal","query":"How often is the shaft seal replaced?","evidence":["2,000"]}`+"\n"), 0o600))

	before, _, _ := oll.counts()
	code, _, errOut = runCLI(t, "eval", "--store", st, "--questions", qs, "--no-log", "--json")
	require.Equal(t, 0, code, errOut)
	after, _, _ := oll.counts()
	require.Equal(t, before+2, after, "one query embedding per question")

	url, stop := startServe(t, "--store", st, "--open", "--no-log")
	res, err := http.Post(url+"/v1/query", "application/json", strings.NewReader(`{"query": "When does the relief valve open?"}`))
	require.NoError(t, err)
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	require.NoError(t, res.Body.Close())
	require.Equal(t, http.StatusOK, res.StatusCode, string(b))
	require.Contains(t, string(b), "6 bar")
	code, errOut = stop()
	require.Equal(t, 0, code, errOut)
	served, _, _ := oll.counts()
	require.Equal(t, after+1, served)
}

// TestCLIReindexSwitchInterrupted: a failed switch says to repeat the
// --embedder flags (a plain reindex would resume with the old embedder),
// and repeating them finishes the switch.
func TestCLIReindexSwitchInterrupted(t *testing.T) {
	oll := newOllamaEmbedServer(t, 384)
	t.Setenv("OLLAMA_HOST", oll.URL)
	st, _ := indexedWithHash(t)
	recorded := recordedEmbedder(t, st)

	oll.setFail(true)
	code, _, errOut := runCLI(t, "reindex", "--store", st, "--embedder", "ollama", "--embedding-model", "all-minilm")
	require.Equal(t, 1, code, errOut)
	require.Contains(t, errOut, "run reindex --embedder ollama --embedding-model all-minilm again to resume")
	require.Equal(t, recorded, recordedEmbedder(t, st), "the switch is recorded only when it finishes")

	oll.setFail(false)
	code, out, errOut := runCLI(t, "reindex", "--store", st, "--embedder", "ollama", "--embedding-model", "all-minilm")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "reindexed 2 documents")
	require.Equal(t, "ollama:all-minilm", recordedEmbedder(t, st).Name)
}

// indexedWithHash indexes the reindex documents into a new store with the
// default (hash) embedder; it returns the store and the documents' folder.
func indexedWithHash(t *testing.T) (st, docs string) {
	t.Helper()
	docs = writeReindexDocs(t)
	st = filepath.Join(t.TempDir(), "store")
	code, _, errOut := runCLI(t, "index", "--store", st, "--no-log", docs)
	require.Equal(t, 0, code, errOut)
	return st, docs
}
