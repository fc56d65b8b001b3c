package extractive

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
)

func TestNeededOverlapRamp(t *testing.T) {
	sources := func(rel ...float64) []generate.ContextSource {
		out := make([]generate.ContextSource, len(rel))
		for i, r := range rel {
			out[i].Source = retrieve.Source{Relevance: r}
		}
		return out
	}
	cases := []struct {
		name    string
		opts    Options
		sources []generate.ContextSource
		want    float64
	}{
		{"no sources", Options{}, nil, DefaultMinOverlap},
		{"below the ramp", Options{}, sources(0.2, 0.35), DefaultMinOverlap},
		{"middle of the ramp, best source counts", Options{}, sources(0.1, 0.375), (DefaultMinOverlap + DefaultSupportedOverlap) / 2},
		{"top of the ramp", Options{}, sources(0.40), DefaultSupportedOverlap},
		{"above", Options{}, sources(0.9), DefaultSupportedOverlap},
		{"NaN is weak", Options{}, sources(math.NaN()), DefaultMinOverlap},
		{"step", Options{SupportedRamp: -1}, sources(0.399), DefaultMinOverlap},
		{"wider ramp", Options{SupportedRamp: 0.2}, sources(0.30), (DefaultMinOverlap + DefaultSupportedOverlap) / 2},
		{"relaxation off", Options{SupportedRelevance: -1}, sources(0.99), DefaultMinOverlap},
		{"never tightens a lower min overlap", Options{MinOverlap: 0.1}, sources(0.38), 0.1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.InDelta(t, c.want, New(c.opts).needed(c.sources), 1e-9)
		})
	}
}
