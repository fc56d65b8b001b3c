package loader

import (
	"fmt"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/store"
)

// parseVTT reads a WebVTT file (https://www.w3.org/TR/webvtt1/): the
// "WEBVTT" signature and header, then blocks separated by blank lines —
// NOTE, STYLE and REGION blocks (skipped) and cues: an optional identifier
// line, a timing line "[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt [settings]" and
// the payload. Voice tags ("<v Alice>", "<v.loud Bob>") name the speaker,
// and a cue with several voices becomes one cue per voice; other tags and
// inline timestamps are removed; a cue without a voice may name its
// speaker as captions do ("ALICE: …", "[Alice] …"). Lines repeated from the
// previous cue (rolling captions) are dropped.
func parseVTT(raw []byte, path string, doc *store.Document) error {
	text, err := transcriptText(raw, path)
	if err != nil {
		return err
	}
	fail := func(line, cueNo int, format string, args ...any) error {
		return &TranscriptError{Path: path, Format: "WebVTT", Line: line, Cue: cueNo, Reason: fmt.Sprintf(format, args...), Err: ErrMalformed}
	}
	lines := strings.Split(text, "\n")
	if sig := lines[0]; !strings.HasPrefix(sig, "WEBVTT") || len(sig) > 6 && sig[6] != ' ' && sig[6] != '\t' {
		return fail(1, 0, `the file does not start with "WEBVTT"`)
	}
	i := 1
	for i < len(lines) && strings.TrimSpace(lines[i]) != "" { // header lines
		if strings.Contains(lines[i], "-->") {
			return fail(i+1, 0, "a cue needs a blank line after the header")
		}
		i++
	}
	var (
		cues    []cue
		cueText [][]string
	)
	for blockStart, block := range lineBlocks(lines, i) {
		first := strings.TrimSpace(block[0])
		if !strings.Contains(block[0], "-->") && (keyword(first, "NOTE") || keyword(first, "STYLE") || keyword(first, "REGION")) {
			continue
		}
		timing := 0
		if !strings.Contains(block[0], "-->") {
			timing = 1 // block[0] is the cue identifier
		}
		cueNo := len(cues) + 1
		if timing >= len(block) || !strings.Contains(block[timing], "-->") {
			return fail(blockStart+1, cueNo, "expected a cue timing line (start --> end)")
		}
		start, end, err := parseTiming(block[timing])
		if err != nil {
			return fail(blockStart+timing+1, cueNo, "%v", err)
		}
		for _, v := range splitVoices(strings.Join(block[timing+1:], "\n")) {
			c := cue{start: start, end: end, speaker: v.speaker}
			var ls []string
			for _, l := range strings.Split(v.text, "\n") {
				l = cleanLine(l)
				if c.speaker == "" {
					if sp, rest := speakerPrefix(l); sp != "" {
						c.speaker, l = sp, rest
					}
				}
				ls = append(ls, l)
			}
			cues = append(cues, c)
			cueText = append(cueText, ls)
		}
	}
	return finishTranscript(cues, cueText, path, "WebVTT", doc)
}

// keyword reports whether line is word alone or followed by a space or tab.
func keyword(line, word string) bool {
	return line == word || strings.HasPrefix(line, word+" ") || strings.HasPrefix(line, word+"\t")
}

// parseTiming reads "start --> end [settings]". WebVTT writes a dot before
// the milliseconds, SRT a comma; both are accepted either way, as real files
// mix them, and hours are optional in both.
func parseTiming(line string) (start, end time.Duration, err error) {
	a, b, _ := strings.Cut(line, "-->")
	b = strings.TrimSpace(b)
	if k := strings.IndexAny(b, " \t"); k >= 0 {
		b = b[:k] // cue settings (WebVTT) or coordinates (SRT)
	}
	start, ok := cueTime(a)
	if !ok {
		return 0, 0, fmt.Errorf("bad start time %q", strings.TrimSpace(a))
	}
	end, ok = cueTime(b)
	if !ok {
		return 0, 0, fmt.Errorf("bad end time %q", b)
	}
	if end < start {
		return 0, 0, fmt.Errorf("cue ends (%s) before it starts (%s)", strings.TrimSpace(b), strings.TrimSpace(a))
	}
	return start, end, nil
}

// cueTime reads "[hh:]mm:ss[.ttt]" (or ",ttt"): at least minutes and
// seconds, so that a stray number is not taken for a time.
func cueTime(s string) (time.Duration, bool) {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, ":") {
		return 0, false
	}
	return store.ParseTimestamp(s)
}

// voice is a run of a cue's payload spoken by one voice.
type voice struct{ speaker, text string }

// splitVoices cuts a payload at its voice tags ("<v Alice>", "<v.loud
// Alice>"). Text before the first voice tag has no speaker.
func splitVoices(payload string) []voice {
	var out []voice
	cur := voice{}
	for {
		k := indexVoiceTag(payload)
		if k < 0 {
			break
		}
		end := strings.IndexByte(payload[k:], '>')
		if end < 0 {
			break
		}
		tag := payload[k+2 : k+end] // after "<v"
		cur.text += payload[:k]
		if strings.TrimSpace(cur.text) != "" || cur.speaker != "" {
			out = append(out, cur)
		}
		name := ""
		if sp := strings.IndexAny(tag, " \t"); sp >= 0 {
			name = strings.Join(strings.Fields(tag[sp:]), " ")
		}
		cur = voice{speaker: name}
		payload = payload[k+end+1:]
	}
	cur.text += payload
	return append(out, cur)
}

// indexVoiceTag finds "<v " or "<v." (not "<vx…>").
func indexVoiceTag(s string) int {
	for off := 0; ; {
		k := strings.Index(s[off:], "<v")
		if k < 0 {
			return -1
		}
		k += off
		if k+2 < len(s) && (s[k+2] == ' ' || s[k+2] == '.' || s[k+2] == '\t') {
			return k
		}
		off = k + 2
	}
}
