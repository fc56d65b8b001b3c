package loader

import (
	"fmt"
	"strings"

	"github.com/hybridrag/hybridrag/store"
)

// parseSRT reads a SubRip file: blocks separated by blank lines, each an
// index line, a timing line "00:01:02,500 --> 00:01:04,000" (a dot before
// the milliseconds, missing hours and trailing coordinates are tolerated)
// and the text. A block without a timing line after the first cue is taken
// for text that a blank line split off its cue, as some editors write; the
// first block must be a cue. Speakers are read from caption prefixes
// ("ALICE: …", "[Alice] …", "- BOB: …"); HTML-like tags and ASS overrides
// ({\an8}) are removed.
func parseSRT(raw []byte, path string, doc *store.Document) error {
	text, err := transcriptText(raw, path)
	if err != nil {
		return err
	}
	lines := strings.Split(text, "\n")
	var (
		cues    []cue
		cueText [][]string
	)
	for blockStart, block := range lineBlocks(lines, 0) {
		timing := -1
		for k := 0; k < min(2, len(block)); k++ {
			if strings.Contains(block[k], "-->") {
				timing = k
				break
			}
		}
		cueNo := len(cues) + 1
		if timing < 0 {
			if len(cues) == 0 {
				return &TranscriptError{Path: path, Format: "SRT", Line: blockStart + 1, Cue: cueNo,
					Reason: "expected a cue index and timing line (00:00:01,000 --> 00:00:02,000)", Err: ErrMalformed}
			}
			// Text split off the previous cue by a blank line.
			last := len(cueText) - 1
			for _, l := range block {
				cueText[last] = append(cueText[last], cleanLine(l))
			}
			continue
		}
		if timing == 1 && !allDigitsTrim(block[0]) {
			return &TranscriptError{Path: path, Format: "SRT", Line: blockStart + 1, Cue: cueNo,
				Reason: fmt.Sprintf("expected a cue index, found %q", clip(block[0])), Err: ErrMalformed}
		}
		start, end, err := parseTiming(block[timing])
		if err != nil {
			return &TranscriptError{Path: path, Format: "SRT", Line: blockStart + timing + 1, Cue: cueNo, Reason: err.Error(), Err: ErrMalformed}
		}
		// A line with its own speaker prefix ("- BOB: …" under "- ALICE: …")
		// starts another cue with the same timing.
		for k, l := range block[timing+1:] {
			l = cleanLine(l)
			sp, rest := speakerPrefix(l)
			if sp != "" {
				l = rest
			}
			if k == 0 || sp != "" && sp != cues[len(cues)-1].speaker {
				cues = append(cues, cue{start: start, end: end, speaker: sp})
				cueText = append(cueText, nil)
			}
			cueText[len(cueText)-1] = append(cueText[len(cueText)-1], l)
		}
		if len(block) == timing+1 { // a cue without text
			cues = append(cues, cue{start: start, end: end})
			cueText = append(cueText, nil)
		}
	}
	return finishTranscript(cues, cueText, path, "SRT", doc)
}

func allDigitsTrim(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	for k := 40; k > 0; k-- {
		if s[k]&0xC0 != 0x80 {
			return s[:k] + "…"
		}
	}
	return ""
}
