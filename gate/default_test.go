package gate_test

import (
	"context"
	"math"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// result builds a retrieval result whose sources have the given relevances.
func result(relevances ...float64) *retrieve.Result {
	res := &retrieve.Result{Query: "q"}
	for _, r := range relevances {
		res.Sources = append(res.Sources, retrieve.Source{Relevance: r})
	}
	return res
}

func defaults() gate.Thresholds {
	return gate.Thresholds{
		Probe:              gate.DefaultProbeThreshold,
		MinScore:           gate.DefaultMinScore,
		MinChunks:          gate.DefaultMinChunks,
		LowConfidenceBelow: gate.DefaultLowConfidenceBelow,
		SingleSource:       gate.DefaultSingleSource,
	}
}

func TestDefaultCheck(t *testing.T) {
	cases := []struct {
		name       string
		base       gate.Thresholds
		ev         gate.Evidence
		allow      bool
		reason     gate.Reason
		stage      gate.Stage
		confidence gate.Confidence
		best       float64
		passing    int
	}{
		{
			name: "empty collection", ev: gate.Evidence{Stats: store.Stats{}},
			reason: gate.CollectionNotFound, stage: gate.StageCollection, confidence: gate.Refused,
		},
		{
			name: "collection with chunks", ev: gate.Evidence{Stats: store.Stats{Documents: 1, Chunks: 3}},
			allow: true, stage: gate.StageCollection, confidence: gate.Normal,
		},
		{
			name: "no sources", ev: gate.Evidence{Stats: store.Stats{Chunks: 3}, Result: result()},
			reason: gate.NoRelevantContent, stage: gate.StageProbe, confidence: gate.Refused,
		},
		{
			name: "best below probe", ev: gate.Evidence{Result: result(0.29, 0.25, 0.21)},
			reason: gate.NoRelevantContent, stage: gate.StageProbe, confidence: gate.Refused,
			best: 0.29, passing: 3,
		},
		{
			name: "best exactly at probe passes probe", ev: gate.Evidence{Result: result(0.30, 0.20)},
			allow: true, stage: gate.StageSources, confidence: gate.Low, best: 0.30, passing: 2,
		},
		{
			name: "one passing source of two required", ev: gate.Evidence{Result: result(0.45, 0.19, 0.1)},
			reason: gate.InsufficientSources, stage: gate.StageSources, confidence: gate.Refused,
			best: 0.45, passing: 1,
		},
		{
			name: "one strong source is weak evidence", ev: gate.Evidence{Result: result(0.9, 0.19, 0.1)},
			allow: true, stage: gate.StageSources, confidence: gate.Low, best: 0.9, passing: 1,
		},
		{
			name: "single-source band disabled", ev: gate.Evidence{Result: result(0.9, 0.19), Thresholds: gate.Thresholds{SingleSource: -1}},
			reason: gate.InsufficientSources, stage: gate.StageSources, confidence: gate.Refused, best: 0.9, passing: 1,
		},
		{
			name: "min score is inclusive", ev: gate.Evidence{Result: result(0.9, 0.20, 0.20)},
			allow: true, stage: gate.StageSources, confidence: gate.Normal, best: 0.9, passing: 3,
		},
		{
			name: "exactly min chunks with a strong best is normal", ev: gate.Evidence{Result: result(0.9, 0.8, 0.1)},
			allow: true, stage: gate.StageSources, confidence: gate.Normal, best: 0.9, passing: 2,
		},
		{
			name: "best below low-confidence line", ev: gate.Evidence{Result: result(0.44, 0.40, 0.35)},
			allow: true, stage: gate.StageSources, confidence: gate.Low, best: 0.44, passing: 3,
		},
		{
			name: "best exactly at low-confidence line is normal", ev: gate.Evidence{Result: result(0.45, 0.40, 0.35)},
			allow: true, stage: gate.StageSources, confidence: gate.Normal, best: 0.45, passing: 3,
		},
		{
			name: "unsorted sources: best is the maximum", ev: gate.Evidence{Result: result(0.1, 0.7, 0.5, 0.3)},
			allow: true, stage: gate.StageSources, confidence: gate.Normal, best: 0.7, passing: 3,
		},
		{
			name: "NaN and negative relevance count as zero", ev: gate.Evidence{Result: result(math.NaN(), -2, 0.25)},
			reason: gate.NoRelevantContent, stage: gate.StageProbe, confidence: gate.Refused, best: 0.25, passing: 1,
		},
		{
			name: "result given: stats are not consulted", ev: gate.Evidence{Stats: store.Stats{}, Result: result(0.8, 0.7, 0.6)},
			allow: true, stage: gate.StageSources, confidence: gate.Normal, best: 0.8, passing: 3,
		},
		{
			name: "base thresholds from New", base: gate.Thresholds{Probe: 0.5, MinScore: 0.4, MinChunks: 1},
			ev:     gate.Evidence{Result: result(0.45, 0.44)},
			reason: gate.NoRelevantContent, stage: gate.StageProbe, confidence: gate.Refused, best: 0.45, passing: 2,
		},
		{
			name: "per-request min chunks overrides base", base: gate.Thresholds{MinChunks: 1},
			ev:     gate.Evidence{Result: result(0.9, 0.8), Thresholds: gate.Thresholds{MinChunks: 3, SingleSource: -1}},
			reason: gate.InsufficientSources, stage: gate.StageSources, confidence: gate.Refused, best: 0.9, passing: 2,
		},
		{
			name: "per-request min score overrides base", base: gate.Thresholds{MinScore: 0.1},
			ev:    gate.Evidence{Result: result(0.9, 0.8, 0.15), Thresholds: gate.Thresholds{MinScore: 0.5}},
			allow: true, stage: gate.StageSources, confidence: gate.Normal, best: 0.9, passing: 2,
		},
		{
			name: "negative min chunks means zero (min_sources 0)",
			ev:   gate.Evidence{Result: result(0.35, 0.1), Thresholds: gate.Thresholds{MinChunks: -1, MinScore: 0.5}},
			// Nothing reaches MinScore, yet zero sources are required: an
			// answer with exactly MinChunks passing is weak evidence.
			allow: true, stage: gate.StageSources, confidence: gate.Low, best: 0.35, passing: 0,
		},
		{
			name:  "negative probe disables the probe",
			ev:    gate.Evidence{Result: result(0.05, 0.04), Thresholds: gate.Thresholds{Probe: -1, MinScore: -1}},
			allow: true, stage: gate.StageSources, confidence: gate.Low, best: 0.05, passing: 2,
		},
		{
			name: "no sources refused even with every threshold at zero",
			ev: gate.Evidence{Result: result(), Thresholds: gate.Thresholds{
				Probe: -1, MinScore: -1, MinChunks: -1, LowConfidenceBelow: -1}},
			reason: gate.NoRelevantContent, stage: gate.StageProbe, confidence: gate.Refused,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := gate.New(c.base).Check(context.Background(), c.ev)
			require.Equal(t, c.allow, d.Allow)
			require.Equal(t, c.reason, d.Reason)
			require.Equal(t, c.stage, d.Stage)
			require.Equal(t, c.confidence, d.Confidence)
			require.InDelta(t, c.best, d.BestRelevance, 1e-12)
			require.Equal(t, c.passing, d.Passing)
			if c.allow {
				require.Empty(t, d.Message)
			} else {
				require.Equal(t, gate.MessageNoEvidence, d.Message)
			}
		})
	}
}

func TestDecisionRecordsThresholdsInForce(t *testing.T) {
	g := gate.New(gate.Thresholds{Probe: 0.4, MinChunks: 3})
	d := g.Check(context.Background(), gate.Evidence{
		Result:     result(0.9),
		Thresholds: gate.Thresholds{MinChunks: -5, LowConfidenceBelow: 0.6},
	})
	require.Equal(t, gate.Thresholds{Probe: 0.4, MinScore: gate.DefaultMinScore, MinChunks: 0, LowConfidenceBelow: 0.6, SingleSource: gate.DefaultSingleSource}, d.Thresholds)
}

func TestZeroValueUsesDefaults(t *testing.T) {
	var zero gate.Default
	var nilGate *gate.Default
	ev := gate.Evidence{Result: result(0.9, 0.5, 0.3)}
	for _, g := range []gate.Gate{&zero, nilGate, gate.New(gate.Thresholds{})} {
		d := g.Check(context.Background(), ev)
		require.Equal(t, defaults(), d.Thresholds)
		require.True(t, d.Allow)
		require.Equal(t, gate.Normal, d.Confidence)
	}
}

func TestResolveAndOverride(t *testing.T) {
	require.Equal(t, defaults(), gate.Thresholds{}.Resolve())
	require.Equal(t, gate.Thresholds{}, gate.Thresholds{Probe: -1, MinScore: -0.5, MinChunks: -3, LowConfidenceBelow: -1, SingleSource: -1}.Resolve())
	require.Equal(t, gate.Thresholds{Probe: 0.7, MinScore: 0.1, MinChunks: 5, LowConfidenceBelow: 0.9, SingleSource: 0.8},
		gate.Thresholds{Probe: 0.7, MinScore: 0.1, MinChunks: 5, LowConfidenceBelow: 0.9, SingleSource: 0.8}.Resolve())

	base := gate.Thresholds{Probe: 0.4, MinScore: 0.3, MinChunks: 2, LowConfidenceBelow: 0.5}
	require.Equal(t, base, base.Override(gate.Thresholds{}))
	require.Equal(t, gate.Thresholds{Probe: 0.4, MinScore: 0.3, MinChunks: -1, LowConfidenceBelow: 0.5},
		base.Override(gate.Thresholds{MinChunks: -1}))
}

func TestDefaultIsSafeForConcurrentUse(t *testing.T) {
	g := gate.New(gate.Thresholds{MinChunks: 1})
	allowed := make([]bool, 8)
	var wg sync.WaitGroup
	for i := range allowed {
		wg.Add(1)
		go func() {
			defer wg.Done()
			allowed[i] = g.Check(context.Background(), gate.Evidence{Result: result(float64(i) / 10)}).Allow
		}()
	}
	wg.Wait()
	require.Equal(t, []bool{false, false, false, true, true, true, true, true}, allowed)
}

func TestFuncAdapter(t *testing.T) {
	var got gate.Evidence
	g := gate.Func(func(_ context.Context, e gate.Evidence) gate.Decision {
		got = e
		return gate.Decision{Reason: gate.UnsupportedAnswer, Stage: gate.StageValidation}
	})
	d := g.Check(context.Background(), gate.Evidence{Question: "why"})
	require.Equal(t, "why", got.Question)
	require.Equal(t, gate.UnsupportedAnswer, d.Reason)
}

// Names the collection lacks (unknown) or holds only where nothing is said
// about them (incidental) refuse however strong the sources are.
func TestDefaultRefusesNames(t *testing.T) {
	with := func(unknown []string, incidental ...string) *retrieve.Result {
		res := result(0.9, 0.8, 0.7)
		res.Analysis.Unknown = unknown
		res.Analysis.Incidental = incidental
		return res
	}
	cases := []struct {
		name       string
		gate       *gate.Default
		res        *retrieve.Result
		allow      bool
		unknown    []string
		incidental []string
	}{
		{"a name the collection lacks outweighs strong sources", &gate.Default{}, with([]string{"pg_stat_io"}), false, []string{"pg_stat_io"}, nil},
		{"every unknown name is recorded", gate.New(gate.Thresholds{}), with([]string{"Patroni", "RAC"}), false, []string{"Patroni", "RAC"}, nil},
		{"unknown rule turned off", &gate.Default{IgnoreUnknown: true}, with([]string{"pg_stat_io"}), true, nil, nil},
		{"nil gate uses the defaults", nil, with([]string{"pg_stat_io"}), false, []string{"pg_stat_io"}, nil},
		{"a name no source speaks about outweighs strong sources", &gate.Default{}, with(nil, "FROB_INFO"), false, nil, []string{"FROB_INFO"}},
		{"a keyword phrase no source writes", &gate.Default{}, with(nil, "REBUILD FAST"), false, nil, []string{"REBUILD FAST"}},
		{"no name either way", &gate.Default{}, with(nil), true, nil, nil},
		{"incidental rule turned off", &gate.Default{IgnoreIncidental: true}, with(nil, "FROB_INFO"), true, nil, nil},
		{"unknown names decide first", &gate.Default{}, with([]string{"Zork"}, "FROB_INFO"), false, []string{"Zork"}, nil},
		{"off for unknown names only", &gate.Default{IgnoreUnknown: true}, with([]string{"Zork"}, "FROB_INFO"), false, nil, []string{"FROB_INFO"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := c.gate.Check(context.Background(), gate.Evidence{Result: c.res})
			require.Equal(t, c.allow, d.Allow)
			require.Equal(t, c.unknown, d.Unknown)
			require.Equal(t, c.incidental, d.Incidental)
			if !c.allow {
				require.Equal(t, gate.NoRelevantContent, d.Reason)
				require.Equal(t, gate.StageProbe, d.Stage)
				require.Equal(t, gate.Refused, d.Confidence)
				require.InDelta(t, 0.9, d.BestRelevance, 1e-12)
			}
		})
	}
	// The decision does not alias the retrieval result.
	res := with([]string{"pg_stat_io"})
	d := gate.New(gate.Thresholds{}).Check(context.Background(), gate.Evidence{Result: res})
	res.Analysis.Unknown[0] = "changed"
	require.Equal(t, []string{"pg_stat_io"}, d.Unknown)
	res = with(nil, "FROB_INFO")
	d = gate.New(gate.Thresholds{}).Check(context.Background(), gate.Evidence{Result: res})
	res.Analysis.Incidental[0] = "changed"
	require.Equal(t, []string{"FROB_INFO"}, d.Incidental)
}
