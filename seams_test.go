package hybridrag_test

import (
	"context"
	"regexp"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/validate"
)

// Each component set alone through Config replaces the default: it is
// called, and the answer is still the grounded one.
func TestEachComponentThroughConfig(t *testing.T) {
	const q = "At what pressure does the relief valve open?"
	cases := []struct {
		name string
		set  func(cfg *hybridrag.Config, calls *atomic.Int32)
	}{
		{"Retriever", func(cfg *hybridrag.Config, calls *atomic.Int32) {
			def, err := hybridrag.DefaultRetriever(*cfg)
			require.NoError(t, err)
			cfg.Retriever = retrieve.RetrieverFunc(func(ctx context.Context, q retrieve.Query) (*retrieve.Result, error) {
				calls.Add(1)
				return def.Retrieve(ctx, q)
			})
		}},
		{"Gate", func(cfg *hybridrag.Config, calls *atomic.Int32) {
			cfg.Gate = gate.Func(func(ctx context.Context, e gate.Evidence) gate.Decision {
				calls.Add(1)
				return gate.New(gate.Thresholds{}).Check(ctx, e)
			})
		}},
		{"ContextBuilder", func(cfg *hybridrag.Config, calls *atomic.Int32) {
			b, err := generate.NewContextBuilder(generate.ContextOptions{})
			require.NoError(t, err)
			cfg.ContextBuilder = generate.ContextBuilderFunc(func(ctx context.Context, req generate.BuildRequest) (*generate.Prompt, error) {
				calls.Add(1)
				return b.Build(ctx, req)
			})
		}},
		{"Generator", func(cfg *hybridrag.Config, calls *atomic.Int32) {
			g := extractive.New(extractive.Options{})
			cfg.Generator = generate.GeneratorFunc(func(ctx context.Context, req generate.Request) (*generate.Generation, error) {
				calls.Add(1)
				return g.Generate(ctx, req)
			})
		}},
		{"Extractor", func(cfg *hybridrag.Config, calls *atomic.Int32) {
			ex := cite.New(cite.Options{})
			cfg.Extractor = cite.Func(func(ctx context.Context, answer string, srcs []retrieve.Source) cite.Extraction {
				calls.Add(1)
				return ex.Extract(ctx, answer, srcs)
			})
		}},
		{"Validator", func(cfg *hybridrag.Config, calls *atomic.Int32) {
			v := validate.New(validate.Options{})
			cfg.Validator = validate.Func(func(ctx context.Context, answer string, srcs []retrieve.Source) (*validate.Report, error) {
				calls.Add(1)
				return v.Validate(ctx, answer, srcs)
			})
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := hybridrag.Config{Store: openStore(t, t.TempDir())}
			var calls atomic.Int32
			c.set(&cfg, &calls)
			p := newPipeline(t, cfg)
			_, err := p.Index(context.Background(), manual...)
			require.NoError(t, err)
			ans, err := p.Ask(context.Background(), hybridrag.Request{Question: q})
			require.NoError(t, err)
			require.Positive(t, calls.Load(), "the configured %s was not called", c.name)
			require.False(t, ans.Refused(), "%+v", ans.Gate)
			require.Contains(t, ans.Answer, "6 bar")
			require.Equal(t, []string{"S1"}, ans.Citations)
		})
	}
}

// hashMarkers is a citation style of a host's own: "[#1]" cites the first
// source. (The sentence splitter attaches a bracketed marker written after
// a full stop to the sentence before it, whatever is inside the brackets.)
var hashMarkers = regexp.MustCompile(`\[#(\d+)\]`)

func hashExtractor(calls *atomic.Int32) cite.Extractor {
	return cite.Func(func(_ context.Context, answer string, srcs []retrieve.Source) cite.Extraction {
		calls.Add(1)
		ex := cite.Extraction{Citations: []cite.Citation{}, Cited: []int{}}
		for _, m := range hashMarkers.FindAllStringSubmatchIndex(answer, -1) {
			n, _ := strconv.Atoi(answer[m[2]:m[3]])
			c := cite.Citation{Marker: answer[m[0]:m[1]], Ref: answer[m[2]:m[3]], Start: m[0], End: m[1], Source: n - 1}
			if n < 1 || n > len(srcs) {
				c.Source = -1
				ex.Invalid++
			} else if !containsInt(ex.Cited, n-1) {
				ex.Cited = append(ex.Cited, n-1)
			}
			ex.Citations = append(ex.Citations, c)
		}
		return ex
	})
}

func containsInt(xs []int, v int) bool {
	for _, x := range xs {
		if x == v {
			return true
		}
	}
	return false
}

// Setting only Config.Extractor must change how the validator (and the
// evaluation judge) read citations too; with the validator's own parser,
// every "[#1]" answer was refused as unsupported_answer.
func TestConfiguredExtractorReachesTheValidator(t *testing.T) {
	ctx := context.Background()
	var extracts atomic.Int32
	hashes := generate.GeneratorFunc(func(ctx context.Context, req generate.Request) (*generate.Generation, error) {
		g, err := extractive.New(extractive.Options{}).Generate(ctx, req)
		if err != nil {
			return nil, err
		}
		g.Text = regexp.MustCompile(`\[S(\d+)\]`).ReplaceAllString(g.Text, "[#$1]")
		require.NotContains(t, g.Text, "[S")
		return g, nil
	})
	p := newPipeline(t, hybridrag.Config{Extractor: hashExtractor(&extracts), Generator: hashes})
	ref := newPipeline(t, hybridrag.Config{})
	for _, pp := range []*hybridrag.Pipeline{p, ref} {
		_, err := pp.Index(ctx, manual...)
		require.NoError(t, err)
	}
	for _, q := range []string{"At what pressure does the relief valve open?", "How often is the shaft seal replaced?"} {
		ans, err := p.Ask(ctx, hybridrag.Request{Question: q})
		require.NoError(t, err)
		want, err := ref.Ask(ctx, hybridrag.Request{Question: q})
		require.NoError(t, err)
		require.False(t, ans.Refused(), "%s: %+v %+v", q, ans.Gate, ans.Validation)
		require.Contains(t, ans.Answer, "[#1]")
		// The same answer as with the default [S1] markers, read the same way.
		require.Equal(t, want.Answer, hashMarkers.ReplaceAllString(ans.Answer, "[S$1]"), q)
		require.Equal(t, want.Citations, ans.Citations, q)
		require.Equal(t, want.Confidence, ans.Confidence, q)
		require.Equal(t, want.Metadata.AttributionCoverage, ans.Metadata.AttributionCoverage, q)
	}
	require.GreaterOrEqual(t, extracts.Load(), int32(4), "validator and citation mapping both use it")
}
