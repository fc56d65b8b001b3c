package validate

import (
	"slices"

	"github.com/hybridrag/hybridrag/retrieve"
)

// Render turns an answer into the text shown to the user: every claim
// sentence of rep is cleaned by CleanOutput against the sources it cites
// and the text between them against none (so a URL there goes, and HTML is
// escaped), then Apply enforces mode. Render is what the pipeline shows,
// streamed or not; a Stream relies on it treating each sentence by itself,
// so that rendering a prefix of the answer that ends at a sentence boundary
// yields a prefix of the whole rendering. rep describes answer as Validate
// produced it; spans that do not fit are ignored, as by Apply.
func Render(answer string, rep *Report, mode Policy, sources []retrieve.Source) (string, Outcome) {
	text, cleaned := cleanAnswer(answer, rep, sources)
	return Apply(text, cleaned, mode)
}

// cleanAnswer cleans answer piece by piece and returns it with a copy of
// rep whose spans point into the cleaned text.
func cleanAnswer(answer string, rep *Report, sources []retrieve.Source) (string, *Report) {
	if rep == nil {
		rep = &Report{}
	}
	out := *rep
	out.Sentences = slices.Clone(rep.Sentences)
	end := len(answer)
	if b := rep.SourcesBlock; b != nil && b.Start >= 0 && b.Start <= len(answer) {
		end = b.Start
	}
	order := make([]int, 0, len(out.Sentences))
	for i, s := range out.Sentences {
		if s.Start >= 0 && s.Start <= s.End && s.End <= end {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return out.Sentences[a].Start - out.Sentences[b].Start })

	var buf []byte
	prev := 0
	none := newAllowList(nil)
	gap := func(to int) {
		if to > prev {
			buf = append(buf, none.clean(answer[prev:to], atLineStart(answer, prev))...)
			prev = to
		}
	}
	for _, i := range order {
		s := &out.Sentences[i]
		if s.Start < prev { // overlaps one cleaned already: leave it out
			s.Start, s.End = -1, -1
			continue
		}
		gap(s.Start)
		cited := make([]retrieve.Source, 0, len(s.Sources))
		for _, k := range s.Sources {
			if k >= 0 && k < len(sources) {
				cited = append(cited, sources[k])
			}
		}
		start := len(buf)
		buf = append(buf, newAllowList(cited).clean(answer[s.Start:s.End], atLineStart(answer, s.Start))...)
		prev = s.End
		s.Start, s.End = start, len(buf)
	}
	gap(end)
	if rep.SourcesBlock != nil {
		out.SourcesBlock = &Span{Start: len(buf)}
	}
	buf = append(buf, answer[end:]...)
	if out.SourcesBlock != nil {
		out.SourcesBlock.End = len(buf)
	}
	return string(buf), &out
}

// atLineStart reports whether offset i of s starts a line.
func atLineStart(s string, i int) bool { return i == 0 || s[i-1] == '\n' }
