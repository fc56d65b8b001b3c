package eval

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/internal/evaluate"
	"github.com/hybridrag/hybridrag/retrieve"
)

// DefaultMaxFalseRefusal is the false-refusal rate a recommended gate may
// reach: at most one answerable question in ten refused.
const DefaultMaxFalseRefusal = 0.10

// DefaultGrid returns the default calibration grid: probe 0–0.80 and
// min_score 0–0.60 in steps of 0.05, min_chunks 1–3, and
// DefaultMaxFalseRefusal. Each call returns new slices, so a caller may
// modify them.
func DefaultGrid() CalibrationGrid {
	return CalibrationGrid{
		Probes:          steps(0, 0.80, 0.05),
		MinScores:       steps(0, 0.60, 0.05),
		MinChunks:       []int{1, 2, 3},
		MaxFalseRefusal: DefaultMaxFalseRefusal,
	}
}

func steps(lo, hi, step float64) []float64 {
	var out []float64
	for i := 0; ; i++ {
		v := math.Round((lo+float64(i)*step)*1000) / 1000
		if v > hi+1e-9 {
			return out
		}
		out = append(out, v)
	}
}

var (
	// ErrCalibrationLabels means a run has no answerable or no
	// unanswerable question without error: both rates need some.
	ErrCalibrationLabels = errors.New("eval: calibration needs answerable and unanswerable questions")
	// ErrInvalidGrid means a calibration grid value is out of range.
	ErrInvalidGrid = errors.New("eval: invalid calibration grid")
)

// CalibrationGrid lists the thresholds to try. Empty lists take
// DefaultGrid's; MaxFalseRefusal 0 means DefaultMaxFalseRefusal and a
// negative value means exactly 0. Calibrate only reads it.
type CalibrationGrid struct {
	Probes          []float64
	MinScores       []float64
	MinChunks       []int
	MaxFalseRefusal float64
}

// CalibrationPoint is the outcome of one set of thresholds over a run's
// questions; a plain value.
type CalibrationPoint struct {
	Thresholds          gate.Thresholds `json:"thresholds"`
	Refused             int             `json:"refused"`
	RefusedUnanswerable int             `json:"refused_unanswerable"`
	RefusedAnswerable   int             `json:"refused_answerable"`
	// RefusalRecall is the fraction of unanswerable questions refused;
	// FalseRefusalRate the fraction of answerable questions refused;
	// AnswerCoverage the fraction of all questions answered;
	// RefusalPrecision the fraction of refusals that were unanswerable.
	RefusalRecall    float64 `json:"refusal_recall"`
	FalseRefusalRate float64 `json:"false_refusal_rate"`
	AnswerCoverage   float64 `json:"answer_coverage"`
	RefusalPrecision float64 `json:"refusal_precision"`
}

// CalibrationReport is the outcome of Calibrate; a plain value, safe for
// concurrent reads.
type CalibrationReport struct {
	Embedder        string  `json:"embedder"`
	Answerable      int     `json:"answerable"`
	Unanswerable    int     `json:"unanswerable"`
	MaxFalseRefusal float64 `json:"max_false_refusal"`
	// Rule states how Recommended was chosen.
	Rule string `json:"rule"`
	// Current replays the run's own thresholds; it reproduces the run's
	// refusal figures.
	Current     CalibrationPoint `json:"current"`
	Recommended CalibrationPoint `json:"recommended"`
	// MeetsTarget is false when no point of the grid keeps the
	// false-refusal rate within MaxFalseRefusal; Recommended then has the
	// lowest false-refusal rate.
	MeetsTarget bool `json:"meets_target"`
	// Points are every grid point, probe varying fastest, then min_score,
	// then min_chunks.
	Points []CalibrationPoint `json:"points"`
	// Curve is the probe sweep at Recommended's min_score and min_chunks:
	// the calibration curve.
	Curve []CalibrationPoint `json:"curve"`
}

// calibrationRule documents the recommendation (see Calibrate).
const calibrationRule = "maximise refusal recall subject to false-refusal rate ≤ %.2f; " +
	"ties: lower false-refusal rate, then the thresholds closest to the current ones"

// Calibrate sweeps the default gate's thresholds (probe, min_score,
// min_chunks) over a run's labelled questions without running retrieval
// again: each question's recorded source relevances (and the names it uses
// that the collection lacks, Result.Unknown, and those no source speaks
// about, Result.Incidental) are replayed through
// gate.Default with the run's other thresholds (single-source band,
// low-confidence band) unchanged. A question is refused at a grid point
// when the gate refuses it there, when the store held nothing for it
// (collection_not_found), or when the run refused it after generation
// (unsupported_answer, model_declined) and the gate lets it through; a
// question the run refused at the gate but a looser point lets through is
// assumed answered, since its generation was never seen. Questions that
// failed are left out.
//
// The recommendation maximises refusal recall among the points whose
// false-refusal rate is at most MaxFalseRefusal; ties go to the lower
// false-refusal rate, then to the thresholds closest (L1, min_chunks
// weighted 0.1) to the run's. With a handful of questions the figures are
// coarse: prefer sets with dozens of each kind.
//
// The thresholds suit the embedder the run used (Relevance's scale
// depends on it): recalibrate after changing it. Calibrate only reads run
// and grid, so concurrent calls may share them.
func Calibrate(run *Run, grid CalibrationGrid) (*CalibrationReport, error) {
	if run == nil {
		return nil, fmt.Errorf("%w: nil run", ErrCalibrationLabels)
	}
	probes, scores, chunks := grid.Probes, grid.MinScores, grid.MinChunks
	defaults := DefaultGrid()
	if len(probes) == 0 {
		probes = defaults.Probes
	}
	if len(scores) == 0 {
		scores = defaults.MinScores
	}
	if len(chunks) == 0 {
		chunks = defaults.MinChunks
	}
	for _, v := range append(append([]float64{}, probes...), scores...) {
		if math.IsNaN(v) || v < 0 || v > 1 {
			return nil, fmt.Errorf("%w: threshold %v outside [0, 1]", ErrInvalidGrid, v)
		}
	}
	for _, c := range chunks {
		if c < 0 {
			return nil, fmt.Errorf("%w: min_chunks %d is negative", ErrInvalidGrid, c)
		}
	}
	maxFRR := grid.MaxFalseRefusal
	switch {
	case math.IsNaN(maxFRR):
		return nil, fmt.Errorf("%w: MaxFalseRefusal is NaN", ErrInvalidGrid)
	case maxFRR == 0:
		maxFRR = DefaultMaxFalseRefusal
	case maxFRR < 0:
		maxFRR = 0
	}

	qs := replayable(run.Questions)
	rep := &CalibrationReport{Embedder: run.Settings.Embedder, MaxFalseRefusal: maxFRR, Rule: fmt.Sprintf(calibrationRule, maxFRR)}
	for _, q := range qs {
		if q.unanswerable {
			rep.Unanswerable++
		} else {
			rep.Answerable++
		}
	}
	if rep.Answerable == 0 || rep.Unanswerable == 0 {
		return nil, fmt.Errorf("%w: %d answerable, %d unanswerable", ErrCalibrationLabels, rep.Answerable, rep.Unanswerable)
	}
	base := run.Settings.Thresholds
	rep.Current = replay(qs, base)
	for _, c := range chunks {
		for _, s := range scores {
			for _, pr := range probes {
				th := base
				th.Probe, th.MinScore, th.MinChunks = pr, s, c
				rep.Points = append(rep.Points, replay(qs, th))
			}
		}
	}
	best := -1
	for i, pt := range rep.Points {
		if best < 0 || better(pt, rep.Points[best], base, maxFRR) {
			best = i
		}
	}
	rep.Recommended = rep.Points[best]
	rep.MeetsTarget = rep.Recommended.FalseRefusalRate <= maxFRR
	for _, pr := range probes {
		th := rep.Recommended.Thresholds
		th.Probe = pr
		rep.Curve = append(rep.Curve, replay(qs, th))
	}
	return rep, nil
}

// better reports whether a is preferable to b under the documented rule.
func better(a, b CalibrationPoint, base gate.Thresholds, maxFRR float64) bool {
	aOK, bOK := a.FalseRefusalRate <= maxFRR, b.FalseRefusalRate <= maxFRR
	switch {
	case aOK != bOK:
		return aOK
	case !aOK && a.FalseRefusalRate != b.FalseRefusalRate:
		return a.FalseRefusalRate < b.FalseRefusalRate
	case a.RefusalRecall != b.RefusalRecall:
		return a.RefusalRecall > b.RefusalRecall
	case a.FalseRefusalRate != b.FalseRefusalRate:
		return a.FalseRefusalRate < b.FalseRefusalRate
	}
	return distance(a.Thresholds, base) < distance(b.Thresholds, base)
}

func distance(a, b gate.Thresholds) float64 {
	return math.Abs(a.Probe-b.Probe) + math.Abs(a.MinScore-b.MinScore) + 0.1*math.Abs(float64(a.MinChunks-b.MinChunks))
}

// replayQuestion is what calibration needs of a recorded question.
type replayQuestion struct {
	unanswerable bool
	empty        bool // collection_not_found: refused whatever the thresholds
	postRefused  bool // refused after generation
	result       *retrieve.Result
}

func replayable(rs []Result) []replayQuestion {
	var out []replayQuestion
	for i := range rs {
		r := &rs[i]
		if r.Error != "" {
			continue
		}
		q := replayQuestion{
			unanswerable: r.Unanswerable,
			empty:        r.RefusalReason == gate.CollectionNotFound,
			postRefused:  r.RefusalReason == gate.UnsupportedAnswer || r.RefusalReason == gate.ModelDeclined,
			result:       &retrieve.Result{Sources: make([]retrieve.Source, len(r.Retrieved))},
		}
		for j, s := range r.Retrieved {
			q.result.Sources[j].Relevance = s.Relevance
		}
		q.result.Analysis.Unknown = r.Unknown
		q.result.Analysis.Incidental = r.Incidental
		out = append(out, q)
	}
	return out
}

// replay applies resolved thresholds th to every question.
func replay(qs []replayQuestion, th gate.Thresholds) CalibrationPoint {
	pt := CalibrationPoint{Thresholds: th}
	g := gate.New(explicit(th))
	answerable, unanswerable := 0, 0
	for _, q := range qs {
		refused := q.empty
		if !refused {
			d := g.Check(context.Background(), gate.Evidence{Result: q.result})
			refused = !d.Allow || q.postRefused
		}
		if q.unanswerable {
			unanswerable++
		} else {
			answerable++
		}
		if !refused {
			continue
		}
		pt.Refused++
		if q.unanswerable {
			pt.RefusedUnanswerable++
		} else {
			pt.RefusedAnswerable++
		}
	}
	pt.RefusalRecall = evaluate.Ratio(pt.RefusedUnanswerable, unanswerable)
	pt.FalseRefusalRate = evaluate.Ratio(pt.RefusedAnswerable, answerable)
	pt.AnswerCoverage = evaluate.Ratio(len(qs)-pt.Refused, len(qs))
	pt.RefusalPrecision = evaluate.Ratio(pt.RefusedUnanswerable, pt.Refused)
	return pt
}

// explicit turns resolved thresholds into gate thresholds that mean the
// same values: a zero field would otherwise take its default.
func explicit(th gate.Thresholds) gate.Thresholds {
	z := func(v float64) float64 {
		if v == 0 {
			return -1
		}
		return v
	}
	out := gate.Thresholds{
		Probe: z(th.Probe), MinScore: z(th.MinScore), MinChunks: th.MinChunks,
		LowConfidenceBelow: z(th.LowConfidenceBelow), SingleSource: z(th.SingleSource),
	}
	if th.MinChunks == 0 {
		out.MinChunks = -1
	}
	return out
}
