package eval_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/gate"
)

func TestCalibrate(t *testing.T) {
	p := newScriptedPipeline(t)
	run, err := eval.Evaluate(context.Background(), p, evalQuestions, eval.Options{})
	require.NoError(t, err)

	rep, err := eval.Calibrate(run, eval.CalibrationGrid{})
	require.NoError(t, err)
	require.Equal(t, 3, rep.Answerable)
	require.Equal(t, 2, rep.Unanswerable)
	require.Equal(t, eval.DefaultMaxFalseRefusal, rep.MaxFalseRefusal)
	require.NotEmpty(t, rep.Rule)
	require.Len(t, rep.Points, len(eval.DefaultGrid().Probes)*len(eval.DefaultGrid().MinScores)*len(eval.DefaultGrid().MinChunks))
	require.Len(t, rep.Curve, len(eval.DefaultGrid().Probes))

	// Replaying the run's own thresholds reproduces its refusal figures.
	a := run.Aggregate
	require.Equal(t, a.Refused, rep.Current.Refused)
	require.Equal(t, a.RefusalRecall, rep.Current.RefusalRecall)
	require.Equal(t, a.FalseRefusalRate, rep.Current.FalseRefusalRate)
	require.Equal(t, a.RefusalPrecision, rep.Current.RefusalPrecision)

	// The shaft-seal question has one source at 0.35 and the Bluetooth
	// question one at 0.25: a probe in (0.25, 0.35] with min_chunks 1 and
	// min_score ≤ 0.35 refuses the latter and answers the former; the
	// closest such point to the defaults (0.30, 0.20, 2) is (0.30, 0.20, 1).
	// The warranty question stays refused: its answer was unsupported.
	require.True(t, rep.MeetsTarget)
	rec := rep.Recommended
	require.Equal(t, 0.30, rec.Thresholds.Probe)
	require.Equal(t, 0.20, rec.Thresholds.MinScore)
	require.Equal(t, 1, rec.Thresholds.MinChunks)
	require.Equal(t, 1.0, rec.RefusalRecall)
	require.Equal(t, 0.0, rec.FalseRefusalRate)
	require.InDelta(t, 3.0/5, rec.AnswerCoverage, 1e-9)
	require.Equal(t, 1.0, rec.RefusalPrecision)
	// Other thresholds of the run are kept.
	require.Equal(t, run.Settings.Thresholds.SingleSource, rec.Thresholds.SingleSource)

	// Along the curve (min_score 0.20, min_chunks 1), a probe of 0 lets the
	// Bluetooth question through and 0.40 refuses the shaft-seal one.
	curve := map[float64]eval.CalibrationPoint{}
	for _, pt := range rep.Curve {
		curve[pt.Thresholds.Probe] = pt
	}
	require.Equal(t, 0.5, curve[0].RefusalRecall)
	require.Equal(t, 0.0, curve[0].FalseRefusalRate)
	require.Equal(t, 1.0, curve[0.4].RefusalRecall)
	require.InDelta(t, 1.0/3, curve[0.4].FalseRefusalRate, 1e-9)
	// At 0.80 the two answered questions (best 0.8 and 0.9) still pass.
	require.InDelta(t, 2.0/5, curve[0.8].AnswerCoverage, 1e-9)
}

func TestCalibrateTarget(t *testing.T) {
	p := newScriptedPipeline(t)
	run, err := eval.Evaluate(context.Background(), p, evalQuestions, eval.Options{})
	require.NoError(t, err)

	// A grid that cannot refuse the Bluetooth question without refusing the
	// shaft-seal one: with a false-refusal target of 0 it answers both.
	grid := eval.CalibrationGrid{Probes: []float64{0.2, 0.4}, MinScores: []float64{0.2}, MinChunks: []int{1}, MaxFalseRefusal: -1}
	rep, err := eval.Calibrate(run, grid)
	require.NoError(t, err)
	require.True(t, rep.MeetsTarget)
	require.Equal(t, 0.2, rep.Recommended.Thresholds.Probe)
	require.Equal(t, 0.5, rep.Recommended.RefusalRecall)

	// min_chunks 3 refuses every answerable question: the target cannot be
	// met and the lowest false-refusal rate wins.
	grid = eval.CalibrationGrid{Probes: []float64{0.1}, MinScores: []float64{0.2}, MinChunks: []int{3}}
	rep, err = eval.Calibrate(run, grid)
	require.NoError(t, err)
	require.False(t, rep.MeetsTarget)
}

func TestCalibrateErrors(t *testing.T) {
	p := newScriptedPipeline(t)
	run, err := eval.Evaluate(context.Background(), p, evalQuestions[:2], eval.Options{})
	require.NoError(t, err)
	_, err = eval.Calibrate(run, eval.CalibrationGrid{})
	require.ErrorIs(t, err, eval.ErrCalibrationLabels)
	_, err = eval.Calibrate(nil, eval.CalibrationGrid{})
	require.ErrorIs(t, err, eval.ErrCalibrationLabels)

	run, err = eval.Evaluate(context.Background(), p, evalQuestions, eval.Options{})
	require.NoError(t, err)
	for name, g := range map[string]eval.CalibrationGrid{
		"probe above 1":       {Probes: []float64{1.5}},
		"negative min_score":  {MinScores: []float64{-0.1}},
		"negative min_chunks": {MinChunks: []int{-1}},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := eval.Calibrate(run, g)
			require.ErrorIs(t, err, eval.ErrInvalidGrid)
		})
	}
}

// TestCalibrateCollectionNotFound checks that a question refused because
// its collection is empty stays refused at every threshold.
func TestCalibrateCollectionNotFound(t *testing.T) {
	run := &eval.Run{
		Settings: eval.Settings{Thresholds: gate.Thresholds{}.Resolve()},
		Questions: []eval.Result{
			{Question: eval.Question{ID: "a"}, RefusalReason: gate.CollectionNotFound},
			{Question: eval.Question{ID: "b", Unanswerable: true}, RefusalReason: gate.CollectionNotFound},
		},
	}
	rep, err := eval.Calibrate(run, eval.CalibrationGrid{Probes: []float64{0}, MinScores: []float64{0}, MinChunks: []int{0}})
	require.NoError(t, err)
	require.Equal(t, 1.0, rep.Recommended.FalseRefusalRate)
	require.Equal(t, 1.0, rep.Recommended.RefusalRecall)
}

// TestCalibrateUnknownNames checks that a question naming something the
// collection lacks stays refused at every threshold, however relevant its
// sources, as the default gate refuses it.
func TestCalibrateUnknownNames(t *testing.T) {
	strong := []eval.Source{{Relevance: 0.9}, {Relevance: 0.8}}
	run := &eval.Run{
		Settings: eval.Settings{Thresholds: gate.Thresholds{}.Resolve()},
		Questions: []eval.Result{
			{Question: eval.Question{ID: "a"}, Retrieved: strong},
			{Question: eval.Question{ID: "u", Unanswerable: true}, Retrieved: strong, Unknown: []string{"pg_stat_io"}, RefusalReason: gate.NoRelevantContent},
			{Question: eval.Question{ID: "v", Unanswerable: true}, Retrieved: strong},
		},
	}
	rep, err := eval.Calibrate(run, eval.CalibrationGrid{Probes: []float64{0, 0.5}, MinScores: []float64{0}, MinChunks: []int{1}})
	require.NoError(t, err)
	require.Equal(t, 1, rep.Current.RefusedUnanswerable)
	require.Equal(t, 0, rep.Current.RefusedAnswerable)
	for _, pt := range rep.Points {
		require.Equal(t, 1, pt.RefusedUnanswerable, "probe %v", pt.Thresholds.Probe)
	}
}
