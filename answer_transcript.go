package hybridrag

import (
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/validate"
)

// setTimeSpan fills a transcript source's time fields (see AnswerSource).
func setTimeSpan(a *AnswerSource, c store.Chunk) {
	ts, ok := c.TimeSpan()
	if !ok {
		return
	}
	start, end := ts.Start.Seconds(), ts.End.Seconds()
	a.Start, a.End, a.Speakers = &start, &end, ts.Speakers
	a.Time = store.FormatTimestamp(ts.Start)
}

// renderTimes writes the answer's citations of transcript sources as
// "[source: TITLE, t=12:34]" for the Answer block, t being the start of the
// cue that supports the cited sentence: the validator's support span for
// that sentence and source when there is one, else the source's first
// snippet, else the chunk's start. It also sets each cited transcript
// source's Time to the cue of its first snippet.
func renderTimes(text string, ex cite.Extraction, srcs []retrieve.Source, out []AnswerSource, rep *validate.Report) string {
	for i := range out {
		if ts, ok := srcs[i].Chunk.TimeSpan(); ok && len(out[i].Snippets) > 0 {
			out[i].Time = store.FormatTimestamp(ts.CueAt(out[i].Snippets[0].Start))
		}
	}
	// Place the report's sentences in the text (validation may have dropped
	// some, so offsets are found again rather than trusted).
	type placed struct {
		start int
		s     *validate.Sentence
	}
	var ps []placed
	if rep != nil {
		from := 0
		for k := range rep.Sentences {
			s := &rep.Sentences[k]
			if s.Text == "" {
				continue
			}
			if j := strings.Index(text[from:], s.Text); j >= 0 {
				ps = append(ps, placed{from + j, s})
				from += j + len(s.Text)
			}
		}
	}
	at := func(c cite.Citation) time.Duration {
		ts, _ := srcs[c.Source].Chunk.TimeSpan()
		var sent *validate.Sentence
		for _, p := range ps {
			if p.start > c.Start {
				break
			}
			sent = p.s
		}
		if sent != nil {
			for _, sp := range sent.Support {
				if sp.Source == c.Source {
					return ts.CueAt(sp.Start)
				}
			}
		}
		if sn := out[c.Source].Snippets; len(sn) > 0 {
			return ts.CueAt(sn[0].Start)
		}
		return ts.Start
	}
	return cite.RenderTimes(text, ex, srcs, at)
}
