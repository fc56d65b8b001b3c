package chunker

import (
	"slices"
	"time"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/internal/tokens"
	"github.com/hybridrag/hybridrag/store"
)

// Transcript windows. A chunk of a transcript spans at most
// DefaultMaxWindow of recording, so that a citation's time points a viewer
// close to the claim (a minute or two of video is what a user will scrub
// through), and once it spans DefaultMinWindow it ends at the next speaker
// change, so that turns stay whole where they can.
const (
	DefaultMaxWindow = 2 * time.Minute
	DefaultMinWindow = time.Minute
)

// timedCue is one cue of a transcript: its span of the text (from its
// Section start to the next cue's), trimmed, its time and token count.
type timedCue struct {
	span
	ts      *store.TimeSpan
	tokens  int
	speaker string
}

func hasTime(secs []store.Section) bool {
	return slices.ContainsFunc(secs, func(s store.Section) bool { return s.Time != nil })
}

// splitTimed cuts a transcript (a document whose Sections carry Time) at
// cue boundaries only: a chunk is a run of whole cues, bounded by
// TargetTokens and MaxWindow, and ends at a speaker change once it spans
// MinWindow. When a bound forces a cut and the run holds a speaker change
// past half of MinWindow (or of MinTokens), the cut moves back to that
// change. A single cue above MaxTokens is split like a long section. Text
// outside every timed Section belongs to the cue before it (or, at the
// start, to the first cue). Each chunk records its TimeSpan.
func (p *packer) splitTimed() error {
	text := p.doc.Text
	var secs []store.Section
	for _, s := range p.doc.Sections {
		if s.Time != nil {
			secs = append(secs, s)
		}
	}
	slices.SortStableFunc(secs, func(a, b store.Section) int { return a.Start - b.Start })
	cues := make([]timedCue, 0, len(secs))
	for k, s := range secs {
		b, e := s.Start, len(text)
		if k == 0 {
			b = 0
		}
		if k+1 < len(secs) {
			e = secs[k+1].Start
		}
		b, e = textutil.TrimSpan(text, b, e)
		if b >= e {
			continue
		}
		n, err := tokens.Count(text[b:e])
		if err != nil {
			return err
		}
		c := timedCue{span: span{b, e}, ts: s.Time, tokens: n}
		if len(s.Time.Speakers) > 0 {
			c.speaker = s.Time.Speakers[0]
		}
		cues = append(cues, c)
	}
	o := p.opts
	for i := 0; i < len(cues); {
		if cues[i].tokens > o.MaxTokens {
			if err := p.splitTimedCue(cues[i]); err != nil {
				return err
			}
			i++
			continue
		}
		j, total := i+1, cues[i].tokens
		for ; j < len(cues); j++ {
			c := cues[j]
			over := total+1+c.tokens > o.TargetTokens || c.ts.End-cues[i].ts.Start > o.MaxWindow
			turn := c.speaker != cues[j-1].speaker
			if turn && cues[j-1].ts.End-cues[i].ts.Start >= o.MinWindow {
				break
			}
			if over {
				if k := lastTurn(cues, i, j, o); k > 0 {
					j = k
				}
				break
			}
			total += 1 + c.tokens
		}
		// The sum of cue counts is close to the exact count; drop cues
		// from the end in the rare case it was low.
		for {
			n, err := tokens.Count(text[cues[i].start:cues[j-1].end])
			if err != nil {
				return err
			}
			if n <= o.MaxTokens || j == i+1 {
				p.emitTimed(cues[i:j], n)
				break
			}
			j--
		}
		i = j
	}
	return nil
}

// lastTurn returns the last speaker change k in (i, j) that leaves the
// chunk cues[i:k] at least half of MinWindow or half of MinTokens long, or
// 0 when there is none.
func lastTurn(cues []timedCue, i, j int, o Options) int {
	tok := 0
	for k := i; k < j; k++ {
		tok += cues[k].tokens + 1
	}
	for k := j - 1; k > i; k-- {
		tok -= cues[k].tokens + 1
		if cues[k].speaker == cues[k-1].speaker {
			continue
		}
		if cues[k-1].ts.End-cues[i].ts.Start >= o.MinWindow/2 || tok >= o.MinTokens/2 {
			return k
		}
	}
	return 0
}

// emitTimed emits cues as one chunk of n tokens with their time span.
func (p *packer) emitTimed(cues []timedCue, n int) {
	start, end := cues[0].start, cues[len(cues)-1].end
	p.emit(start, end, n, section{})
	ts := store.TimeSpan{Start: cues[0].ts.Start, End: cues[0].ts.End}
	for _, c := range cues {
		ts.Start = min(ts.Start, c.ts.Start)
		ts.End = max(ts.End, c.ts.End)
		for _, sp := range c.ts.Speakers {
			if sp != "" && !slices.Contains(ts.Speakers, sp) {
				ts.Speakers = append(ts.Speakers, sp)
			}
		}
		ts.Cues = append(ts.Cues, store.Cue{Offset: c.start - start, Time: c.ts.Start})
	}
	p.chunks[len(p.chunks)-1].SetTimeSpan(ts)
}

// splitTimedCue splits one cue too long for a chunk; every piece carries
// the cue's time.
func (p *packer) splitTimedCue(c timedCue) error {
	from := len(p.chunks)
	u, err := p.measure(section{span: c.span})
	if err != nil {
		return err
	}
	if err := p.splitLong(u); err != nil {
		return err
	}
	ts := store.TimeSpan{Start: c.ts.Start, End: c.ts.End, Speakers: slices.DeleteFunc(slices.Clone(c.ts.Speakers), func(s string) bool { return s == "" })}
	for k := from; k < len(p.chunks); k++ {
		t := ts
		t.Cues = []store.Cue{{Offset: 0, Time: c.ts.Start}}
		p.chunks[k].SetTimeSpan(t)
	}
	return nil
}
