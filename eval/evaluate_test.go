package eval_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// evalChunks are the chunks the scripted retriever returns.
var evalChunks = map[string]store.Chunk{
	"prime":   {ID: "c-prime", DocumentID: "docs/pump.md", Source: "docs/pump.md", Text: "Prime the pump with 2 litres of water before the first start."},
	"seal":    {ID: "c-seal", DocumentID: "docs/pump.md", Source: "docs/pump.md", Index: 1, Text: "Replace the shaft seal every 2000 operating hours."},
	"relief":  {ID: "c-relief", DocumentID: "docs/valve.md", Source: "docs/valve.md", Text: "The pressure relief valve opens at 6 bar."},
	"test":    {ID: "c-test", DocumentID: "docs/valve.md", Source: "docs/valve.md", Index: 1, Text: "Test the relief valve every 6 months by lifting its lever."},
	"housing": {ID: "c-housing", DocumentID: "docs/misc.md", Source: "docs/misc.md", Text: "The pump housing is painted blue."},
}

type scripted struct {
	sources []string  // chunk keys, best first
	rel     []float64 // their Relevance
	answer  string    // generator text; {key} is replaced by the key's label
}

// evalScript maps each question to what retrieval finds and what the
// generator writes.
var evalScript = map[string]scripted{
	"How much water primes the pump?": {
		sources: []string{"relief", "prime"}, rel: []float64{0.7, 0.8},
		answer: "Prime the pump with 2 litres of water before the first start {prime}.",
	},
	"When is the relief valve tested, and at what pressure does it open?": {
		sources: []string{"relief", "test", "housing"}, rel: []float64{0.9, 0.8, 0.3},
		// The first sentence needs both sources; the second cites one
		// source too many.
		answer: "The relief valve opens at 6 bar and is tested every 6 months {relief}{test}. " +
			"Test the relief valve every 6 months by lifting its lever {test}{housing}.",
	},
	"Does the pump support Bluetooth?": {sources: []string{"housing"}, rel: []float64{0.25}},
	"How long is the pump warranty?": {
		sources: []string{"seal", "prime"}, rel: []float64{0.55, 0.5},
		answer: "The pump warranty lasts 5 years {seal}.",
	},
	"How often is the shaft seal replaced?": {sources: []string{"seal"}, rel: []float64{0.35}},
}

var evalQuestions = []eval.Question{
	{ID: "water", Query: "How much water primes the pump?", RelevantDocuments: []string{"pump.md"}, Evidence: []string{"2 litres of water"}, ExpectedAnswer: "2 litres of water", ExpectedFacts: []string{"2  LITRES", "before the first start", "3 litres", " "}},
	{ID: "valve", Query: "When is the relief valve tested, and at what pressure does it open?", RelevantDocuments: []string{"docs/valve.md"}, Evidence: []string{"opens at 6 bar", "every 6 months"}, ExpectedFacts: []string{"6 bar", "lever"}},
	{ID: "bluetooth", Query: "Does the pump support Bluetooth?", Unanswerable: true},
	{ID: "warranty", Query: "How long is the pump warranty?", Unanswerable: true},
	{ID: "seal", Query: "How often is the shaft seal replaced?", RelevantDocuments: []string{"pump.md"}, Evidence: []string{"every 2000 operating hours"}, ExpectedAnswer: "every 2000 hours", ExpectedFacts: []string{"2000"}},
	{ID: "short", Query: "ab", Unanswerable: true},
}

func scriptedRetriever() retrieve.Retriever {
	return retrieve.RetrieverFunc(func(_ context.Context, q retrieve.Query) (*retrieve.Result, error) {
		s, ok := evalScript[q.Text]
		if !ok {
			return nil, fmt.Errorf("unscripted question %q", q.Text)
		}
		res := &retrieve.Result{Query: q.Text, Candidates: len(s.sources)}
		for i, k := range s.sources {
			res.Sources = append(res.Sources, retrieve.Source{Chunk: evalChunks[k], Relevance: s.rel[i]})
		}
		return res, nil
	})
}

func scriptedGenerator() generate.Generator {
	return generate.GeneratorFunc(func(_ context.Context, req generate.Request) (*generate.Generation, error) {
		text := evalScript[req.Question].answer
		for _, cs := range req.Prompt.Sources {
			for k, c := range evalChunks {
				if c.ID == cs.Source.Chunk.ID {
					text = strings.ReplaceAll(text, "{"+k+"}", "["+cs.Label+"]")
				}
			}
		}
		return &generate.Generation{Text: text}, nil
	})
}

func newScriptedPipeline(t *testing.T) *hybridrag.Pipeline {
	t.Helper()
	p := newPipeline(t, hybridrag.Config{Retriever: scriptedRetriever(), Generator: scriptedGenerator()})
	// The gate refuses an empty collection before retrieval: store something.
	_, err := p.Index(context.Background(), store.Document{ID: "docs/pump.md", Text: "Prime the pump with 2 litres of water."})
	require.NoError(t, err)
	return p
}

func TestEvaluateMetrics(t *testing.T) {
	p := newScriptedPipeline(t)
	run, err := eval.Evaluate(context.Background(), p, evalQuestions, eval.Options{Name: "scripted"})
	require.NoError(t, err)
	require.Equal(t, "scripted", run.Name)
	require.True(t, strings.HasPrefix(run.ID, "eval-"))
	require.Equal(t, eval.DefaultK, run.Settings.K)
	require.Equal(t, gate.Thresholds{}.Resolve(), run.Settings.Thresholds)
	require.Len(t, run.Questions, len(evalQuestions))

	byID := map[string]eval.Result{}
	for _, r := range run.Questions {
		byID[r.ID] = r
	}
	water := byID["water"]
	require.Empty(t, water.Error)
	require.False(t, water.Refused())
	require.Equal(t, []string{"c-relief", "c-prime"}, []string{water.Retrieved[0].ChunkID, water.Retrieved[1].ChunkID})
	require.Equal(t, []bool{false, true}, []bool{water.Retrieved[0].RelevantDocument, water.Retrieved[1].RelevantDocument})
	require.Equal(t, []int{0}, water.Retrieved[1].Evidence)
	require.Equal(t, 0.8, water.BestRelevance)
	require.InDelta(t, 0.5, water.Metrics.Documents.MRR, 1e-9)
	require.InDelta(t, 1/math.Log2(3), water.Metrics.Documents.NDCG10, 1e-9)
	require.InDelta(t, 1.0, *water.Metrics.ExpectedAnswerRecall, 1e-9)
	// Two of the three non-blank facts, compared ignoring case and spacing.
	require.InDelta(t, 2.0/3, *water.Metrics.KeyFactRecall, 1e-9)
	require.Equal(t, 1.0, water.Metrics.Evidence.HitAt5)
	require.Len(t, water.Cited, 1)
	require.Equal(t, "c-prime", water.Cited[0].ChunkID)
	require.Contains(t, water.LatencyMS, "total")
	require.Contains(t, water.LatencyMS, "retrieve.fuse")

	valve := byID["valve"].Metrics.Citations
	require.NotNil(t, valve)
	require.Equal(t, eval.CitationMetrics{
		Citations: 4, ValidIDs: true, Sentences: 2, Supported: 2, Recall: 1,
		Judged: 4, Precise: 3, Precision: 0.75, Individual: 1, AttributionCoverage: 1,
	}, *valve)

	require.Equal(t, gate.NoRelevantContent, byID["bluetooth"].RefusalReason)
	require.Equal(t, gate.UnsupportedAnswer, byID["warranty"].RefusalReason)
	require.Equal(t, gate.InsufficientSources, byID["seal"].RefusalReason)
	require.Nil(t, byID["seal"].Metrics.Citations)
	require.Zero(t, *byID["seal"].Metrics.ExpectedAnswerRecall)
	require.Zero(t, *byID["seal"].Metrics.KeyFactRecall, "a refusal states no fact")
	require.Equal(t, 1.0, *byID["valve"].Metrics.KeyFactRecall, "facts found across sentences, markers between words ignored")
	require.Contains(t, byID["short"].Error, "too short")

	a := run.Aggregate
	require.Equal(t, 6, a.Questions)
	require.Equal(t, 1, a.Errors)
	require.Equal(t, 3, a.Answerable)
	require.Equal(t, 2, a.Unanswerable)
	require.Equal(t, 3, a.DocumentQuestions)
	require.InDelta(t, 1, a.RecallAtK, 1e-9)
	require.InDelta(t, 1, a.HitAtK, 1e-9)
	require.InDelta(t, 2.5/3, a.MRR, 1e-9)
	require.InDelta(t, (1/math.Log2(3)+2)/3, a.NDCG10, 1e-9)
	require.Equal(t, 3, a.EvidenceQuestions)
	require.InDelta(t, 1, a.EvidenceRecallAtK, 1e-9)
	require.InDelta(t, 2.5/3, a.EvidenceMRR, 1e-9)
	require.Equal(t, 3, a.Refused)
	require.InDelta(t, 2.0/3, a.RefusalPrecision, 1e-9)
	require.InDelta(t, 1, a.RefusalRecall, 1e-9)
	require.InDelta(t, 1.0/3, a.FalseRefusalRate, 1e-9)
	require.Equal(t, map[gate.Reason]int{gate.NoRelevantContent: 1, gate.UnsupportedAnswer: 1, gate.InsufficientSources: 1}, a.RefusalReasons)
	require.Equal(t, 2, a.Answered)
	require.Equal(t, 5, a.Citations)
	require.InDelta(t, 1, a.CitationValidity, 1e-9)
	require.InDelta(t, 1, a.ValidAnswers, 1e-9)
	require.InDelta(t, 1, a.CitationRecall, 1e-9)
	require.InDelta(t, (1+0.75)/2, a.CitationPrecision, 1e-9)
	require.InDelta(t, 2.0/5, a.CitationIndividualSupport, 1e-9)
	require.InDelta(t, 1, a.AttributionCoverage, 1e-9)
	require.Equal(t, 2, a.ExpectedAnswerQuestions)
	require.InDelta(t, 0.5, a.ExpectedAnswerRecall, 1e-9)
	require.Equal(t, 3, a.KeyFactQuestions)
	require.InDelta(t, (2.0/3+1+0)/3, a.KeyFactRecall, 1e-9)
	require.InDelta(t, 1, a.EvidenceHitAt5, 1e-9)
	require.Equal(t, 5, a.Latency["total"].N)
	require.LessOrEqual(t, a.Latency["total"].P50, a.Latency["total"].P95)
}

// TestEvaluateInvalidCitations checks that a citation to a source the
// answer does not list is counted invalid, and that an unsupported
// sentence makes every one of its citations imprecise.
func TestEvaluateInvalidCitations(t *testing.T) {
	p := newScriptedPipeline(t)
	ans := &hybridrag.Answer{
		Answer:  "Prime the pump with 2 litres of water before the first start [S1][S7]. The housing is green [S1].",
		Sources: hybridrag.Sources([]retrieve.Source{{Chunk: evalChunks["prime"]}}),
	}
	m, err := eval.CitationMetricsForTest(p, context.Background(), ans, map[string]bool{"c-prime": true})
	require.NoError(t, err)
	require.Equal(t, 3, m.Citations)
	require.Equal(t, 1, m.Invalid)
	require.False(t, m.ValidIDs)
	require.Equal(t, 2, m.Sentences)
	require.Zero(t, m.Supported, "a sentence citing a made-up source is unsupported; so is the green housing")
	require.Zero(t, m.Precise)
	require.Equal(t, 2, m.Judged)
	require.Equal(t, 1, m.Individual, "S1 alone supports the first sentence")

	// A cited chunk that retrieval did not return is invalid too.
	m, err = eval.CitationMetricsForTest(p, context.Background(), ans, map[string]bool{})
	require.NoError(t, err)
	require.Equal(t, 3, m.Invalid)
}

func TestEvaluateConcurrencyProgressAndStore(t *testing.T) {
	p := newScriptedPipeline(t)
	ctx := context.Background()
	serial, err := eval.Evaluate(ctx, p, evalQuestions, eval.Options{})
	require.NoError(t, err)

	var (
		mu    sync.Mutex
		calls []int
		saved []eval.RunRecord
	)
	saver := eval.RunStoreFunc(func(_ context.Context, rec eval.RunRecord) error {
		saved = append(saved, rec)
		return nil
	})
	run, err := eval.Evaluate(ctx, p, evalQuestions, eval.Options{
		Concurrency: 4, Store: saver, Name: "parallel",
		Progress: func(done, total int) {
			mu.Lock()
			defer mu.Unlock()
			require.Equal(t, len(evalQuestions), total)
			calls = append(calls, done)
		},
	})
	require.NoError(t, err)
	require.Equal(t, []int{1, 2, 3, 4, 5, 6}, calls)
	require.Equal(t, 4, run.Settings.Concurrency)
	zeroLatency := func(a eval.Aggregate) eval.Aggregate { a.Latency = nil; return a }
	require.Equal(t, zeroLatency(serial.Aggregate), zeroLatency(run.Aggregate))

	require.Len(t, saved, 1)
	require.Equal(t, run.ID, saved[0].ID)
	require.Equal(t, "parallel", saved[0].Name)
	back, err := eval.RunFromRecord(saved[0])
	require.NoError(t, err)
	want, err := json.Marshal(run)
	require.NoError(t, err)
	got, err := json.Marshal(back)
	require.NoError(t, err)
	require.JSONEq(t, string(want), string(got))

	_, err = eval.RunFromRecord(eval.RunRecord{Aggregate: []byte("{"), Questions: []byte("[]")})
	require.ErrorIs(t, err, eval.ErrInvalidRecord)

	boom := errors.New("disk full")
	run, err = eval.Evaluate(ctx, p, evalQuestions[:1], eval.Options{Store: eval.RunStoreFunc(func(context.Context, eval.RunRecord) error { return boom })})
	require.ErrorIs(t, err, boom)
	require.NotNil(t, run, "the run is returned even when saving fails")
}

func TestEvaluateErrors(t *testing.T) {
	ctx := context.Background()
	p := newScriptedPipeline(t)
	_, err := eval.Evaluate(ctx, p, nil, eval.Options{})
	require.ErrorIs(t, err, eval.ErrNoQuestions)
	_, err = eval.Evaluate(ctx, p, evalQuestions, eval.Options{K: -1})
	require.ErrorIs(t, err, eval.ErrInvalidOptions)
	_, err = eval.Evaluate(ctx, p, evalQuestions, eval.Options{Concurrency: -2})
	require.ErrorIs(t, err, eval.ErrInvalidOptions)
	_, err = eval.Evaluate(ctx, p, evalQuestions, eval.Options{Timeout: -time.Second})
	require.ErrorIs(t, err, eval.ErrInvalidOptions)

	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = eval.Evaluate(cctx, p, evalQuestions, eval.Options{})
	require.ErrorIs(t, err, context.Canceled)

	// A question the retriever fails on is recorded; the run goes on.
	run, err := eval.Evaluate(ctx, p, []eval.Question{{ID: "x", Query: "Not in the script"}, evalQuestions[0]}, eval.Options{})
	require.NoError(t, err)
	require.Contains(t, run.Questions[0].Error, "unscripted")
	require.Equal(t, 1, run.Aggregate.Errors)
	require.Equal(t, 1, run.Aggregate.Answered)

	require.NoError(t, p.Close())
	_, err = eval.Evaluate(ctx, p, evalQuestions, eval.Options{})
	require.ErrorIs(t, err, hybridrag.ErrClosed)
}

// TestEvaluateTenantFilter checks that a question's tenant and project
// reach retrieval.
func TestEvaluateTenantFilter(t *testing.T) {
	var (
		mu   sync.Mutex
		seen []retrieve.Filter
	)
	r := retrieve.RetrieverFunc(func(ctx context.Context, q retrieve.Query) (*retrieve.Result, error) {
		mu.Lock()
		seen = append(seen, q.Filter)
		mu.Unlock()
		return scriptedRetriever().Retrieve(ctx, q)
	})
	p := newPipeline(t, hybridrag.Config{Retriever: r, Generator: scriptedGenerator()})
	_, err := p.Index(context.Background(), store.Document{ID: "a", Text: "Some text.", TenantID: "acme", ProjectID: "hvac"})
	require.NoError(t, err)
	q := evalQuestions[0]
	q.Tenant, q.Project = "acme", "hvac"
	tmpl := hybridrag.Request{Filter: retrieve.Filter{TenantID: "other", SourceTypes: []string{"manual"}}}
	_, err = eval.Evaluate(context.Background(), p, []eval.Question{q}, eval.Options{Request: tmpl})
	require.NoError(t, err)
	require.NotEmpty(t, seen)
	for _, f := range seen {
		require.Equal(t, "acme", f.TenantID)
		require.Equal(t, "hvac", f.ProjectID)
		require.Equal(t, []string{"manual"}, f.SourceTypes)
	}
}

func TestRunTenant(t *testing.T) {
	q := func(tenants ...string) []eval.Question {
		var out []eval.Question
		for _, tn := range tenants {
			out = append(out, eval.Question{Query: "q", Tenant: tn})
		}
		return out
	}
	tmpl := func(tenant string) hybridrag.Request {
		return hybridrag.Request{Filter: store.Filter{TenantID: tenant}}
	}
	for _, tc := range []struct {
		name string
		qs   []eval.Question
		tmpl hybridrag.Request
		want string
	}{
		{"template tenant", q("", ""), tmpl("acme"), "acme"},
		{"questions' tenant", q("acme", "acme"), tmpl(""), "acme"},
		{"question overrides template", q("globex"), tmpl("acme"), "globex"},
		{"mixed tenants", q("acme", "globex"), tmpl(""), ""},
		{"one question without tenant", q("acme", ""), tmpl(""), ""},
		{"no tenant at all", q("", ""), tmpl(""), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, eval.RunTenant(tc.qs, tc.tmpl))
		})
	}
}
