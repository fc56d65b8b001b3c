package validate

import "testing"

func BenchmarkNewEvidence(b *testing.B) {
	texts := benchSources(15, 800)
	b.ReportAllocs()
	for b.Loop() {
		for _, t := range texts {
			newEvidence(t)
		}
	}
}

func BenchmarkAnalyseOnly(b *testing.B) {
	texts := benchSources(15, 800)
	var an analyser
	for b.Loop() {
		for _, t := range texts {
			for _, sp := range textutilSentences(t) {
				s := t[sp.Start:sp.End]
				f := extractFacts(s)
				an.analyse(s, f)
			}
		}
	}
}
