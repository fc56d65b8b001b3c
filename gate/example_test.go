package gate_test

import (
	"context"
	"fmt"

	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/retrieve"
)

func sources(relevances ...float64) *retrieve.Result {
	res := &retrieve.Result{}
	for _, r := range relevances {
		res.Sources = append(res.Sources, retrieve.Source{Relevance: r})
	}
	return res
}

func ExampleDefault() {
	g := gate.New(gate.Thresholds{}) // defaults: probe 0.3, min_score 0.2, min_chunks 2
	ctx := context.Background()

	for _, res := range []*retrieve.Result{sources(0.25, 0.2), sources(0.4, 0.1), sources(0.4, 0.3), sources(0.8, 0.6, 0.5)} {
		d := g.Check(ctx, gate.Evidence{Result: res})
		fmt.Printf("allow=%v reason=%q confidence=%s\n", d.Allow, d.Reason, d.Confidence)
	}

	// A per-request override: MinSources = 0 (no source required) is a negative MinChunks.
	d := g.Check(ctx, gate.Evidence{Result: sources(0.8, 0.1), Thresholds: gate.Thresholds{MinChunks: -1}})
	fmt.Printf("allow=%v passing=%d min_chunks=%d\n", d.Allow, d.Passing, d.Thresholds.MinChunks)
	// Output:
	// allow=false reason="no_relevant_content" confidence=refused
	// allow=false reason="insufficient_sources" confidence=refused
	// allow=true reason="" confidence=low
	// allow=true reason="" confidence=normal
	// allow=true passing=1 min_chunks=0
}
