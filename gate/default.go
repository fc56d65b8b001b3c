package gate

import (
	"context"
	"math"
	"slices"
)

// MessageNoEvidence is the user-facing text of every retrieval refusal
// (collection_not_found, no_relevant_content, insufficient_sources): users
// see one wording, and the Reason tells the cases apart.
const MessageNoEvidence = "No supporting documentation found in indexed sources."

// Default is the gate of the refusal contract (see Reason). Its zero value
// uses the Default* thresholds; New sets other base thresholds. It holds no mutable
// state and is safe for concurrent use.
//
// Check decides in pipeline order:
//
//   - StageCollection (Evidence.Result == nil): Stats.Chunks == 0 refuses
//     with CollectionNotFound; otherwise retrieval may proceed.
//   - StageProbe: no sources at all, a best Relevance below Probe, or a
//     question naming something the collection never contains
//     (Result.Analysis.Unknown, unless IgnoreUnknown), refuses with
//     NoRelevantContent. Such a name is stronger evidence than any
//     Relevance: no chunk can answer a question about pg_stat_io in a
//     manual that never mentions it, however well it covers the question's
//     other words ("view", "backend", "I/O"). Likewise a question whose
//     name or keyword phrase no source speaks about
//     (Result.Analysis.Incidental, unless IgnoreIncidental): the sources
//     hold the name only in a list or a passing mention, or never write
//     the phrase's words together.
//   - StageSources: fewer than MinChunks sources with Relevance ≥ MinScore
//     refuses with InsufficientSources, unless the best source reaches
//     SingleSource: one source that relevant is evidence on its own (small
//     collections often hold a fact in exactly one chunk), and the answer
//     is let through marked Low — limited source coverage.
//   - Otherwise the question may be answered. The answer is marked Low
//     (the weak-evidence band) when the best Relevance is below
//     LowConfidenceBelow; otherwise it is Normal.
//
// A NaN Relevance counts as 0.
type Default struct {
	// Thresholds are the base thresholds; see Thresholds.Resolve for how
	// zero and negative fields are read.
	Thresholds Thresholds
	// IgnoreUnknown turns off the refusal of questions whose names the
	// collection never contains (QueryAnalysis.Unknown).
	IgnoreUnknown bool
	// IgnoreIncidental turns off the refusal of questions whose names or
	// keyword phrases no source speaks about (QueryAnalysis.Incidental).
	IgnoreIncidental bool
}

// New returns a Default gate with base thresholds th.
func New(th Thresholds) *Default { return &Default{Thresholds: th} }

// Resolve returns th with every zero field replaced by its default and
// every negative field replaced by exactly zero. A negative MinChunks
// therefore lets a question through with no source above MinScore (the
// request's MinSources = 0), a negative Probe disables the probe and a
// negative LowConfidenceBelow never marks an answer Low for its best
// Relevance.
func (th Thresholds) Resolve() Thresholds {
	return Thresholds{
		Probe:              resolveFloat(th.Probe, DefaultProbeThreshold),
		MinScore:           resolveFloat(th.MinScore, DefaultMinScore),
		MinChunks:          resolveInt(th.MinChunks, DefaultMinChunks),
		LowConfidenceBelow: resolveFloat(th.LowConfidenceBelow, DefaultLowConfidenceBelow),
		SingleSource:       resolveFloat(th.SingleSource, DefaultSingleSource),
	}
}

// Override returns th with each non-zero field of o in place of th's. It
// merges per-request thresholds (Evidence.Thresholds) over a gate's base
// thresholds; to force a value to zero per request, pass it negative.
func (th Thresholds) Override(o Thresholds) Thresholds {
	if o.Probe != 0 {
		th.Probe = o.Probe
	}
	if o.MinScore != 0 {
		th.MinScore = o.MinScore
	}
	if o.MinChunks != 0 {
		th.MinChunks = o.MinChunks
	}
	if o.LowConfidenceBelow != 0 {
		th.LowConfidenceBelow = o.LowConfidenceBelow
	}
	if o.SingleSource != 0 {
		th.SingleSource = o.SingleSource
	}
	return th
}

// Check implements Gate. The thresholds in force are the gate's base
// thresholds overridden by the non-zero fields of e.Thresholds, then
// resolved; the Decision records them. Check never blocks and ignores ctx.
func (g *Default) Check(_ context.Context, e Evidence) Decision {
	var base Thresholds
	ignoreUnknown, ignoreIncidental := false, false
	if g != nil {
		base, ignoreUnknown, ignoreIncidental = g.Thresholds, g.IgnoreUnknown, g.IgnoreIncidental
	}
	th := base.Override(e.Thresholds).Resolve()
	d := Decision{Thresholds: th}

	if e.Result == nil {
		d.Stage = StageCollection
		if e.Stats.Chunks <= 0 {
			return refuse(d, CollectionNotFound)
		}
		d.Allow, d.Confidence = true, Normal
		return d
	}

	sources := e.Result.Sources
	for _, s := range sources {
		r := relevance(s.Relevance)
		if r > d.BestRelevance {
			d.BestRelevance = r
		}
		if r >= th.MinScore {
			d.Passing++
		}
	}

	d.Stage = StageProbe
	// No source at all is never evidence, whatever the thresholds say.
	if len(sources) == 0 || d.BestRelevance < th.Probe {
		return refuse(d, NoRelevantContent)
	}
	if u := e.Result.Analysis.Unknown; len(u) > 0 && !ignoreUnknown {
		d.Unknown = slices.Clone(u)
		return refuse(d, NoRelevantContent)
	}
	if in := e.Result.Analysis.Incidental; len(in) > 0 && !ignoreIncidental {
		d.Incidental = slices.Clone(in)
		return refuse(d, NoRelevantContent)
	}
	d.Stage = StageSources
	if d.Passing < th.MinChunks {
		// A negative SingleSource resolves to 0: the band is off.
		if th.SingleSource == 0 || d.BestRelevance < th.SingleSource || d.Passing == 0 {
			return refuse(d, InsufficientSources)
		}
		d.Allow, d.Confidence = true, Low
		return d
	}

	d.Allow, d.Confidence = true, Normal
	if d.BestRelevance < th.LowConfidenceBelow {
		d.Confidence = Low
	}
	return d
}

func refuse(d Decision, r Reason) Decision {
	d.Allow = false
	d.Reason = r
	d.Confidence = Refused
	d.Message = MessageNoEvidence
	return d
}

// relevance reads a Relevance defensively: NaN and negative values count as
// 0 so that a broken scorer can only cause refusals, never answers.
func relevance(r float64) float64 {
	if math.IsNaN(r) || r < 0 {
		return 0
	}
	return r
}

func resolveFloat(v, def float64) float64 {
	switch {
	case v == 0 || math.IsNaN(v):
		return def
	case v < 0:
		return 0
	}
	return v
}

func resolveInt(v, def int) int {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	}
	return v
}
