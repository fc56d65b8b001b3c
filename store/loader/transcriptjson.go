package loader

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/store"
)

// JSON files load only as transcripts: an array of segments
// [{"start": …, "end": …, "speaker": …, "text": …}], or an object holding
// one under "segments" (as Whisper writes it, with an optional "title").
// Any other JSON — valid or not — is not a document this package reads, so
// it stays what every .json file was before transcripts: unsupported.
//
// Times are seconds (a number, or a string such as "62.5") or clock
// strings "HH:MM:SS(.mmm)" / "MM:SS". "end" may be left out (the next
// segment's start, or the segment's own start for the last one).

// isTranscriptJSON reports whether raw has the shape of a segment file:
// a JSON array whose first element, or an object whose "segments" array's
// first element, is an object with "start" and "text" keys. Only the first
// segment is looked at, so that a transcript with one broken segment is
// reported as a broken transcript, not skipped.
func isTranscriptJSON(raw []byte) bool {
	raw = bytes.TrimPrefix(raw, utf8BOM)
	var probe json.RawMessage
	list, ok := segmentList(raw, &probe)
	if !ok {
		return false
	}
	var first []json.RawMessage
	if json.Unmarshal(list, &first) != nil || len(first) == 0 {
		return false
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(first[0], &keys) != nil {
		return false
	}
	_, hasStart := keys["start"]
	_, hasText := keys["text"]
	return hasStart && hasText
}

// segmentList returns the raw segment array of a transcript file and, for
// an object, fills title with its "title" value.
func segmentList(raw []byte, title *json.RawMessage) (json.RawMessage, bool) {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) > 0 && raw[0] == '[':
		return raw, json.Valid(raw)
	case len(raw) > 0 && raw[0] == '{':
		var obj struct {
			Segments json.RawMessage `json:"segments"`
			Title    json.RawMessage `json:"title"`
		}
		if json.Unmarshal(raw, &obj) != nil || len(obj.Segments) == 0 || obj.Segments[0] != '[' {
			return nil, false
		}
		*title = obj.Title
		return obj.Segments, true
	}
	return nil, false
}

// parseTranscriptJSON reads a segment file; raw must have passed
// isTranscriptJSON. Errors name the segment (1-based) and its line.
func parseTranscriptJSON(raw []byte, path string, doc *store.Document) error {
	text, err := transcriptText(raw, path)
	if err != nil {
		return err
	}
	var title json.RawMessage
	list, ok := segmentList([]byte(text), &title)
	if !ok {
		return &TranscriptError{Path: path, Format: "JSON", Reason: "not a segment list", Err: ErrMalformed}
	}
	var t string
	if json.Unmarshal(title, &t) == nil {
		doc.Title = strings.Join(strings.Fields(t), " ")
	}
	listAt := strings.Index(text, string(list[:min(len(list), 64)]))
	dec := json.NewDecoder(bytes.NewReader(list))
	if _, err := dec.Token(); err != nil { // "["
		return &TranscriptError{Path: path, Format: "JSON", Reason: err.Error(), Err: ErrMalformed}
	}
	var (
		cues    []cue
		cueText [][]string
		open    []int // cues whose end is the next start
	)
	for n := 1; dec.More(); n++ {
		at := max(0, listAt) + int(dec.InputOffset())
		for at < len(text) && strings.IndexByte(" \t\n,", text[at]) >= 0 {
			at++ // InputOffset is where the previous segment ended
		}
		line := 1 + strings.Count(text[:min(at, len(text))], "\n")
		var seg struct {
			Start   json.RawMessage `json:"start"`
			End     json.RawMessage `json:"end"`
			Speaker json.RawMessage `json:"speaker"`
			Text    json.RawMessage `json:"text"`
		}
		if err := dec.Decode(&seg); err != nil {
			return &TranscriptError{Path: path, Format: "JSON", Line: line, Cue: n, Reason: "segment is not an object: " + err.Error(), Err: ErrMalformed}
		}
		fail := func(format string, args ...any) error {
			return &TranscriptError{Path: path, Format: "JSON", Line: line, Cue: n, Reason: fmt.Sprintf(format, args...), Err: ErrMalformed}
		}
		start, ok := segmentTime(seg.Start)
		if !ok {
			return fail("bad or missing \"start\" %s", clip(string(seg.Start)))
		}
		end, hasEnd := start, len(seg.End) > 0 && string(seg.End) != "null"
		if hasEnd {
			if end, ok = segmentTime(seg.End); !ok {
				return fail("bad \"end\" %s", clip(string(seg.End)))
			}
			if end < start {
				return fail("segment ends before it starts")
			}
		}
		var body string
		if json.Unmarshal(seg.Text, &body) != nil {
			return fail("\"text\" must be a string")
		}
		var speaker string
		if len(seg.Speaker) > 0 && string(seg.Speaker) != "null" && json.Unmarshal(seg.Speaker, &speaker) != nil {
			return fail("\"speaker\" must be a string")
		}
		for _, k := range open {
			cues[k].end = max(cues[k].start, start)
		}
		open = open[:0]
		if !hasEnd {
			open = append(open, len(cues))
		}
		cues = append(cues, cue{start: start, end: end, speaker: strings.Join(strings.Fields(speaker), " ")})
		cueText = append(cueText, []string{cleanLine(body)})
	}
	return finishTranscript(cues, cueText, path, "JSON", doc)
}

// segmentTime reads a number of seconds or a time string.
func segmentTime(raw json.RawMessage) (time.Duration, bool) {
	var f float64
	if json.Unmarshal(raw, &f) == nil {
		if f < 0 || f > 1<<31 || math.IsNaN(f) {
			return 0, false
		}
		return time.Duration(math.Round(f*1e3)) * time.Millisecond, true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return 0, false
	}
	return store.ParseTimestamp(s)
}
