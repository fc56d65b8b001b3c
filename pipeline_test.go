package hybridrag_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
)

var manual = []store.Document{
	{ID: "pump.md", Text: "# Pump manual\n\n## Priming\n\nPrime the pump with 2 litres of water before the first start. Never run the pump dry, as the seal overheats within 30 seconds.\n\n## Maintenance\n\nReplace the shaft seal every 2,000 operating hours. Inspect the impeller for wear once a year.\n"},
	{ID: "valve.md", Text: "# Valve guide\n\n## Pressure relief\n\nThe pressure relief valve opens at 6 bar. Test the relief valve every 6 months by lifting its lever.\n\n## Seal kit\n\nThe valve seal kit VK-7 fits all valves of the V-series.\n"},
}

func newPipeline(t *testing.T, cfg hybridrag.Config) *hybridrag.Pipeline {
	t.Helper()
	if cfg.Store == nil {
		cfg.Store = openStore(t, t.TempDir())
	}
	p, err := hybridrag.New(cfg)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	return p
}

// openStore opens (creating) the embedded store in dir and closes it when
// the test ends.
func openStore(t testing.TB, dir string) *embedded.Store {
	t.Helper()
	st, err := embedded.Open(dir, embedded.Options{Create: true})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// dirPipeline is a Pipeline over the embedded store in dir; release it
// with closeBoth before opening dir again.
func dirPipeline(t testing.TB, dir string, cfg hybridrag.Config) (*hybridrag.Pipeline, error) {
	t.Helper()
	st, err := embedded.Open(dir, embedded.Options{Create: true})
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() { _ = st.Close() })
	cfg.Store = st
	return hybridrag.New(cfg)
}

// closeBoth closes a Pipeline and then the store it was given.
func closeBoth(p *hybridrag.Pipeline) error {
	err := p.Close()
	if c, ok := p.Store().(io.Closer); ok {
		err = errors.Join(err, c.Close())
	}
	return err
}

func TestIndexRetrieveAsk(t *testing.T) {
	ctx := context.Background()
	p := newPipeline(t, hybridrag.Config{})
	st, err := p.Index(ctx, manual...)
	require.NoError(t, err)
	require.Equal(t, 2, st.Documents)
	require.Positive(t, st.Chunks)

	res, err := p.Retrieve(ctx, hybridrag.Request{Question: "At what pressure does the relief valve open?"})
	require.NoError(t, err)
	require.NotEmpty(t, res.Sources)
	require.Equal(t, "valve.md", res.Sources[0].Chunk.DocumentID)
	require.Greater(t, res.Sources[0].Relevance, res.Sources[len(res.Sources)-1].Relevance-1e-9)

	ans, err := p.Ask(ctx, hybridrag.Request{Question: "At what pressure does the relief valve open?"})
	require.NoError(t, err)
	require.False(t, ans.Refused(), "refused: %+v", ans.Gate)
	require.Contains(t, ans.Answer, "6 bar")
	require.NotEmpty(t, ans.Citations)
	require.Equal(t, "extractive", ans.Metadata.Generator)
	require.Contains(t, ans.Text, "Sources:")

	// Re-indexing a document replaces its chunks.
	changed := manual[1]
	changed.Text = strings.ReplaceAll(changed.Text, "6 bar", "8 bar")
	_, err = p.Index(ctx, changed)
	require.NoError(t, err)
	ans, err = p.Ask(ctx, hybridrag.Request{Question: "At what pressure does the relief valve open?"})
	require.NoError(t, err)
	require.Contains(t, ans.Answer, "8 bar")
	require.NotContains(t, ans.Answer, "6 bar")

	// Deleting it leaves no trace in retrieval.
	require.NoError(t, p.Delete(ctx, "", "", "valve.md"))
	res, err = p.Retrieve(ctx, hybridrag.Request{Question: "At what pressure does the relief valve open?"})
	require.NoError(t, err)
	for _, s := range res.Sources {
		require.NotEqual(t, "valve.md", s.Chunk.DocumentID)
	}
}

func TestQueryValidation(t *testing.T) {
	ctx := context.Background()
	p := newPipeline(t, hybridrag.Config{})
	_, err := p.Index(ctx, manual...)
	require.NoError(t, err)
	cases := []struct {
		name, q string
		reason  hybridrag.QueryReason
		message string
	}{
		{"empty", "", hybridrag.QueryTooShort, "hybridrag: invalid query: too short (0 characters; allowed 3–1000)"},
		{"too short", "ab", hybridrag.QueryTooShort, "hybridrag: invalid query: too short (2 characters; allowed 3–1000)"},
		{"spaces", "     ", hybridrag.QueryTooShort, "hybridrag: invalid query: too short (0 characters; allowed 3–1000)"},
		{"too long", strings.Repeat("pump ", 201), hybridrag.QueryTooLong, "hybridrag: invalid query: too long (1004 characters; allowed 3–1000)"},
		{"invalid utf8", "pump \xff\xfe seal", hybridrag.QueryInvalidUTF8, "hybridrag: invalid query: not valid UTF-8"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := p.Ask(ctx, hybridrag.Request{Question: c.q})
			require.ErrorIs(t, err, hybridrag.ErrInvalidQuery)
			var qe *hybridrag.QueryError
			require.ErrorAs(t, err, &qe)
			require.Equal(t, c.reason, qe.Reason)
			require.EqualError(t, err, c.message)
			_, err = p.Retrieve(ctx, hybridrag.Request{Question: c.q})
			require.ErrorIs(t, err, hybridrag.ErrInvalidQuery)
		})
	}
}

func TestQueryReasonText(t *testing.T) {
	cases := []struct {
		r         hybridrag.QueryReason
		words, id string
	}{
		{hybridrag.QueryTooShort, "too short", "too_short"},
		{hybridrag.QueryTooLong, "too long", "too_long"},
		{hybridrag.QueryInvalidUTF8, "invalid UTF-8", "invalid_utf8"},
	}
	for _, c := range cases {
		require.Equal(t, c.words, c.r.String())
		b, err := json.Marshal(c.r)
		require.NoError(t, err)
		require.Equal(t, `"`+c.id+`"`, string(b))
		var back hybridrag.QueryReason
		require.NoError(t, json.Unmarshal(b, &back))
		require.Equal(t, c.r, back)
	}
	require.Equal(t, "QueryReason(0)", hybridrag.QueryReason(0).String())
	_, err := json.Marshal(hybridrag.QueryReason(9))
	require.Error(t, err)
	var r hybridrag.QueryReason
	require.Error(t, json.Unmarshal([]byte(`"too short"`), &r))
}

func TestBadDocumentsLoseNothing(t *testing.T) {
	ctx := context.Background()
	p := newPipeline(t, hybridrag.Config{})
	_, err := p.Index(ctx, manual...)
	require.NoError(t, err)
	before, err := p.Store().(store.Statter).Stats(ctx, store.Filter{})
	require.NoError(t, err)

	for name, docs := range map[string][]store.Document{
		"empty document": {{ID: "new.md", Text: "Fresh text about the pump."}, {ID: "empty.md", Text: "  \n "}},
		"empty id":       {{ID: "", Text: "text"}},
		"invalid utf8":   {{ID: "bad.md", Text: "bad \xff text"}},
		"duplicate ids":  {{ID: "dup.md", Text: "one text here"}, {ID: "dup.md", Text: "another text here"}},
		"bad section":    {{ID: "sec.md", Text: "short", Sections: []store.Section{{Start: 0, End: 99}}}},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := p.Index(ctx, docs...)
			require.ErrorIs(t, err, hybridrag.ErrInvalidDocument)
			var de *hybridrag.DocumentError
			require.ErrorAs(t, err, &de)
			after, err := p.Store().(store.Statter).Stats(ctx, store.Filter{})
			require.NoError(t, err)
			require.Equal(t, before.Documents, after.Documents)
			require.Equal(t, before.Chunks, after.Chunks)
		})
	}
}

// brokenEmbedder returns vectors of the wrong shape after the first call.
type brokenEmbedder struct {
	inner retrieve.Embedder
	mode  string
	mu    sync.Mutex
	calls int
}

func (b *brokenEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	vecs, err := b.inner.EmbedDocuments(ctx, texts)
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.calls++
	if b.calls > 1 {
		switch b.mode {
		case "dim":
			vecs[0] = vecs[0][:10]
		case "nan":
			vecs[0][3] = float32(math.NaN())
		}
	}
	return vecs, nil
}

func (b *brokenEmbedder) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	return b.inner.EmbedQuery(ctx, text)
}

func TestEmbedderFaultsAreTypedAndLoseNothing(t *testing.T) {
	ctx := context.Background()
	for _, mode := range []string{"dim", "nan"} {
		t.Run(mode, func(t *testing.T) {
			emb := &brokenEmbedder{inner: embed.NewHash(embed.HashOptions{}), mode: mode}
			p := newPipeline(t, hybridrag.Config{Embedder: emb})
			_, err := p.Index(ctx, manual...)
			require.NoError(t, err)
			_, err = p.Index(ctx, store.Document{ID: "more.md", Text: "Another page about the pump seal."})
			require.Error(t, err)
			require.True(t, errors.Is(err, embed.ErrBadVector) || errors.Is(err, embed.ErrDimension), "untyped error: %v", err)
			st, err := p.Store().(store.Statter).Stats(ctx, store.Filter{})
			require.NoError(t, err)
			require.Equal(t, 2, st.Documents)
		})
	}
}

func TestRefusalsNeedNoGenerator(t *testing.T) {
	ctx := context.Background()
	p := newPipeline(t, hybridrag.Config{})
	ans, err := p.Ask(ctx, hybridrag.Request{Question: "How do I prime the pump?"})
	require.NoError(t, err)
	require.Equal(t, gate.CollectionNotFound, *ans.RefusalReason)

	_, err = p.Index(ctx, manual...)
	require.NoError(t, err)
	ans, err = p.Ask(ctx, hybridrag.Request{Question: "Which football club won the league in 1998?"})
	require.NoError(t, err)
	require.True(t, ans.Refused())
	require.Equal(t, gate.NoRelevantContent, *ans.RefusalReason)
	require.Equal(t, "No supporting documentation found in indexed sources.", ans.Answer)
}

func TestClosedPipeline(t *testing.T) {
	p, err := hybridrag.New(hybridrag.Config{Store: openStore(t, t.TempDir())})
	require.NoError(t, err)
	require.NoError(t, p.Close())
	require.NoError(t, p.Close())
	_, err = p.Ask(context.Background(), hybridrag.Request{Question: "anything at all"})
	require.ErrorIs(t, err, hybridrag.ErrClosed)
}

func TestNewNeedsStorage(t *testing.T) {
	_, err := hybridrag.New(hybridrag.Config{})
	require.ErrorIs(t, err, hybridrag.ErrNoStore)
}

func TestNewerStoreFormatIsRefused(t *testing.T) {
	dir := t.TempDir()
	p, err := dirPipeline(t, dir, hybridrag.Config{})
	require.NoError(t, err)
	_, err = p.Index(context.Background(), manual...)
	require.NoError(t, err)
	require.NoError(t, closeBoth(p))

	format := filepath.Join(dir, "FORMAT")
	data, err := os.ReadFile(format)
	require.NoError(t, err)
	newer := regexp.MustCompile(`"version":\s*\d+`).ReplaceAllString(string(data), `"version": 99`)
	require.NotEqual(t, string(data), newer, "FORMAT holds no version field: %s", data)
	require.NoError(t, os.WriteFile(format, []byte(newer), 0o600))

	_, err = dirPipeline(t, dir, hybridrag.Config{})
	require.ErrorIs(t, err, store.ErrVersion)
	var ve *store.VersionError
	require.ErrorAs(t, err, &ve)
}

func TestConcurrentAskAndIndex(t *testing.T) {
	ctx := context.Background()
	p := newPipeline(t, hybridrag.Config{})
	_, err := p.Index(ctx, manual...)
	require.NoError(t, err)
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%3 == 0 {
				_, err := p.Index(ctx, manual[i%2])
				require.NoError(t, err)
				return
			}
			_, err := p.Ask(ctx, hybridrag.Request{Question: "How often is the shaft seal replaced?"})
			require.NoError(t, err)
		}()
	}
	wg.Wait()
}
