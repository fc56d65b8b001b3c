package store

import (
	"fmt"
	"maps"
	"strconv"
	"strings"
	"time"
)

// TimeSpan places a span of a transcript in its recording: the start of
// its first cue, the end of its last, and who speaks in it. A Section of a
// transcript carries one per cue; a Chunk of one carries the span of the
// cues it holds (Chunk.TimeSpan). It is a plain value: safe to share
// between goroutines as long as none modifies it.
type TimeSpan struct {
	Start time.Duration `json:"start"`
	End   time.Duration `json:"end"`
	// Speakers are the distinct speakers, in order of first appearance;
	// empty when the transcript names none.
	Speakers []string `json:"speakers,omitempty"`
	// Cues are the starts of the cues inside a chunk, by byte offset into
	// Chunk.Text, in text order (set on chunks only), so that a citation can
	// name the cue that supports it rather than the chunk's start.
	Cues []Cue `json:"cues,omitempty"`
}

// Cue is where one transcript cue starts: at byte Offset of a chunk's text
// and at Time in the recording. A plain value, safe to copy and share.
type Cue struct {
	Offset int
	Time   time.Duration
}

// Chunk-level transcript keys in Metadata.Extra. A chunk's time span is
// kept there, rather than in a field of its own, because every store
// already round-trips Extra per chunk (no schema or format change). They
// are the only per-chunk entries of Extra: InfoFromChunk leaves them out so
// that a stored transcript compares equal to its document.
const (
	ExtraTimeStart = "hybridrag.t_start" // seconds, decimal, e.g. "62.5"
	ExtraTimeEnd   = "hybridrag.t_end"
	ExtraSpeakers  = "hybridrag.speakers" // newline-separated
	ExtraCues      = "hybridrag.cues"     // "offset@seconds" pairs, comma-separated
)

var chunkExtraKeys = []string{ExtraTimeStart, ExtraTimeEnd, ExtraSpeakers, ExtraCues}

// TimeSpan returns the chunk's place in its recording and true when the
// chunk comes from a transcript; false for every other chunk (or when the
// keys were damaged).
func (c Chunk) TimeSpan() (TimeSpan, bool) {
	x := c.Metadata.Extra
	start, ok1 := parseSeconds(x[ExtraTimeStart])
	end, ok2 := parseSeconds(x[ExtraTimeEnd])
	if !ok1 || !ok2 || end < start {
		return TimeSpan{}, false
	}
	ts := TimeSpan{Start: start, End: end}
	if s := x[ExtraSpeakers]; s != "" {
		ts.Speakers = strings.Split(s, "\n")
	}
	for _, p := range strings.Split(x[ExtraCues], ",") {
		off, sec, ok := strings.Cut(p, "@")
		if !ok {
			continue
		}
		o, err := strconv.Atoi(off)
		t, ok := parseSeconds(sec)
		if err != nil || !ok || o < 0 {
			continue
		}
		ts.Cues = append(ts.Cues, Cue{Offset: o, Time: t})
	}
	return ts, true
}

// SetTimeSpan records ts on the chunk (see TimeSpan), copying Extra first
// so that chunks never share the map.
func (c *Chunk) SetTimeSpan(ts TimeSpan) {
	x := maps.Clone(c.Metadata.Extra)
	if x == nil {
		x = map[string]string{}
	}
	x[ExtraTimeStart] = formatSeconds(ts.Start)
	x[ExtraTimeEnd] = formatSeconds(ts.End)
	delete(x, ExtraSpeakers)
	if len(ts.Speakers) > 0 {
		x[ExtraSpeakers] = strings.Join(ts.Speakers, "\n")
	}
	delete(x, ExtraCues)
	if len(ts.Cues) > 0 {
		parts := make([]string, len(ts.Cues))
		for i, q := range ts.Cues {
			parts[i] = strconv.Itoa(q.Offset) + "@" + formatSeconds(q.Time)
		}
		x[ExtraCues] = strings.Join(parts, ",")
	}
	c.Metadata.Extra = x
}

// CueAt is the start of the cue holding byte offset off of the chunk's
// text: the last cue starting at or before off, else the span's start.
func (ts TimeSpan) CueAt(off int) time.Duration {
	t := ts.Start
	for _, q := range ts.Cues {
		if q.Offset > off {
			break
		}
		t = q.Time
	}
	return t
}

// Contains reports whether t falls inside the span, both ends included,
// with a second of slack at each end for times written without
// fractions ("t=1:02" for a cue at 62.5 s).
func (ts TimeSpan) Contains(t time.Duration) bool {
	return t >= ts.Start-time.Second && t <= ts.End+time.Second
}

// FormatTimestamp writes d as "m:ss" below an hour and "h:mm:ss" from one
// hour on, truncated to the second: the form citations use ("t=12:34").
func FormatTimestamp(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int64(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// ParseTimestamp reads "ss", "m:ss", "h:mm:ss" and the same with a
// fractional second (".5", ",500"). Minutes and seconds after the first
// field must be below 60.
func ParseTimestamp(s string) (time.Duration, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 32 {
		return 0, false
	}
	frac := time.Duration(0)
	if i := strings.IndexAny(s, ".,"); i >= 0 {
		digits := s[i+1:]
		if digits == "" || len(digits) > 9 || !allDigits(digits) {
			return 0, false
		}
		n, _ := strconv.Atoi((digits + "000000000")[:9])
		frac = time.Duration(n)
		s = s[:i]
	}
	fields := strings.Split(s, ":")
	if len(fields) > 3 {
		return 0, false
	}
	var total int64
	for i, f := range fields {
		if f == "" || len(f) > 9 || !allDigits(f) {
			return 0, false
		}
		n, _ := strconv.ParseInt(f, 10, 64)
		if i > 0 && n >= 60 {
			return 0, false
		}
		total = total*60 + n
	}
	if total > 1<<31 { // beyond any recording; keeps the Duration from overflowing
		return 0, false
	}
	return time.Duration(total)*time.Second + frac, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

func parseSeconds(s string) (time.Duration, bool) {
	if s == "" {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > 1<<31 {
		return 0, false
	}
	return time.Duration(f*1e3+0.5) * time.Millisecond, true
}

// withoutChunkExtra returns m without the per-chunk keys.
func withoutChunkExtra(m Metadata) Metadata {
	has := false
	for _, k := range chunkExtraKeys {
		if _, ok := m.Extra[k]; ok {
			has = true
		}
	}
	if !has {
		return m
	}
	m.Extra = maps.Clone(m.Extra)
	for _, k := range chunkExtraKeys {
		delete(m.Extra, k)
	}
	if len(m.Extra) == 0 {
		m.Extra = nil
	}
	return m
}
