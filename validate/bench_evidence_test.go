package validate

import (
	"testing"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// BenchmarkNewEvidence indexes the 15 sources of BenchmarkValidate15Sources:
// most of a validation.
func BenchmarkNewEvidence(b *testing.B) {
	texts := benchSources(15, 800)
	b.ReportAllocs()
	for b.Loop() {
		for _, t := range texts {
			newEvidence(t)
		}
	}
}

// BenchmarkAnalyseOnly is the tokenising part of BenchmarkNewEvidence.
func BenchmarkAnalyseOnly(b *testing.B) {
	texts := benchSources(15, 800)
	var an analyser
	for b.Loop() {
		for _, t := range texts {
			for _, sp := range textutil.Sentences(t) {
				s := t[sp.Start:sp.End]
				f := extractFacts(s)
				an.analyse(s, f)
			}
		}
	}
}
