package cite

import (
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// TimeMarker is the citation of a moment of a transcript source, the form
// the seeds give for videos: "[source: Pump webinar, t=12:34]". The
// Parser maps it back to the source whose time span holds t. Brackets in
// the name become parentheses so that the marker stays one marker.
func TimeMarker(s retrieve.Source, t time.Duration) string {
	c := s.Chunk
	name := firstNonEmpty(oneLine(c.Title), oneLine(c.Source), oneLine(c.DocumentID), UntitledSource)
	return "[source: " + markerName(name) + ", t=" + store.FormatTimestamp(t) + "]"
}

// markerName makes a name safe inside a marker: brackets become
// parentheses, white space one space.
func markerName(name string) string {
	return strings.NewReplacer("[", "(", "]", ")", "【", "(", "】", ")").Replace(oneLine(name))
}

// RenderTimes rewrites the markers of answer that cite transcript sources
// into TimeMarker form, so that a reader sees the moment to play: "[S1]"
// becomes "[source: Pump webinar, t=12:34]". ex must be the Extraction of
// answer over sources. at gives the time to show for a citation (the start
// of the cue that supports it); nil means the start of the cited chunk.
// A marker citing several sources becomes one marker per source, in the
// order written; markers that cite no transcript, or that already carry a
// time qualifier, are left as written, as are invalid citations.
func RenderTimes(answer string, ex Extraction, sources []retrieve.Source, at func(Citation) time.Duration) string {
	var b strings.Builder
	last := 0
	cs := ex.Citations
	for k := 0; k < len(cs); {
		j := k + 1
		for j < len(cs) && cs[j].Start == cs[k].Start {
			j++
		}
		group := cs[k:j]
		k = j
		m := group[0]
		if m.Start < last || m.End > len(answer) || !rewrite(group, sources) {
			continue
		}
		b.WriteString(answer[last:m.Start])
		var seen []string
		for _, c := range group {
			var part string
			switch {
			case !c.Valid():
				part = "[" + c.Ref + "]"
			case isTranscript(sources[c.Source]):
				t := sources[c.Source].Chunk
				ts, _ := t.TimeSpan()
				when := ts.Start
				if at != nil {
					when = at(c)
				}
				part = TimeMarker(sources[c.Source], when)
			default:
				part = "[" + Label(c.Source) + "]"
			}
			if !contains(seen, part) {
				seen = append(seen, part)
				b.WriteString(part)
			}
		}
		last = m.End
	}
	if last == 0 {
		return answer
	}
	b.WriteString(answer[last:])
	return b.String()
}

// rewrite reports whether a marker's citations include a valid transcript
// one and the marker has no time qualifier of its own.
func rewrite(group []Citation, sources []retrieve.Source) bool {
	for _, c := range group {
		if strings.Contains(strings.ToLower(c.Ref), "t=") || timeRe.MatchString(lastItem(c.Ref)) {
			return false
		}
	}
	for _, c := range group {
		if c.Valid() && c.Source < len(sources) && isTranscript(sources[c.Source]) {
			return true
		}
	}
	return false
}

func lastItem(ref string) string {
	if k := strings.LastIndexAny(ref, ",;"); k >= 0 {
		return strings.TrimSpace(ref[k+1:])
	}
	return ref
}

func isTranscript(s retrieve.Source) bool {
	_, ok := s.Chunk.TimeSpan()
	return ok
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// timeRange is "t=1:02–2:10" and the speakers, for a Sources line.
func timeRange(c store.Chunk) string {
	ts, ok := c.TimeSpan()
	if !ok {
		return ""
	}
	s := "t=" + store.FormatTimestamp(ts.Start) + "–" + store.FormatTimestamp(ts.End)
	if len(ts.Speakers) > 0 {
		s += " (" + oneLine(strings.Join(ts.Speakers, ", ")) + ")"
	}
	return s
}
