package validate

import (
	"slices"
	"strconv"

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
	return render(answer, rep, mode, sources, nil)
}

// render is Render with a memo of cleaned pieces (nil for none): a Stream
// renders each growing prefix of one answer.
func render(answer string, rep *Report, mode Policy, sources []retrieve.Source, memo cleanMemo) (string, Outcome) {
	text, cleaned := cleanAnswer(answer, rep, sources, memo)
	return Apply(text, cleaned, mode)
}

// cleanMemo maps a piece of an answer to its cleaned form.
type cleanMemo map[cleanKey]string

// cleanKey is what cleaning a piece depends on: its text, whether it
// starts a line and the sources it cites ("0,2,"; "-" for none).
type cleanKey struct {
	text      string
	lineStart bool
	cited     string
}

// cleanAnswer cleans answer piece by piece and returns it with a copy of
// rep whose spans point into the cleaned text.
func cleanAnswer(answer string, rep *Report, sources []retrieve.Source, memo cleanMemo) (string, *Report) {
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
	// clean cleans a piece, through the memo when there is one.
	clean := func(piece string, lineStart bool, cited string, a func() *allowList) string {
		if memo == nil {
			return a().clean(piece, lineStart)
		}
		k := cleanKey{piece, lineStart, cited}
		out, ok := memo[k]
		if !ok {
			out = a().clean(piece, lineStart)
			memo[k] = out
		}
		return out
	}
	gap := func(to int) {
		if to > prev {
			buf = append(buf, clean(answer[prev:to], atLineStart(answer, prev), "-", func() *allowList { return none })...)
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
		var key []byte
		for _, k := range s.Sources {
			if k >= 0 && k < len(sources) {
				cited = append(cited, sources[k])
				key = strconv.AppendInt(key, int64(k), 10)
				key = append(key, ',')
			}
		}
		start := len(buf)
		buf = append(buf, clean(answer[s.Start:s.End], atLineStart(answer, s.Start), string(key), func() *allowList { return newAllowList(cited) })...)
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
