package loader

import (
	"bytes"
	"fmt"
	"html"
	"iter"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/store"
)

// TranscriptSourceType is the Metadata.SourceType the transcript loaders
// give a document whose type the host has not set, so that transcripts can
// be filtered apart (store.Filter.SourceTypes).
const TranscriptSourceType = "transcript"

// TranscriptError reports a transcript that cannot be read: where (the
// 1-based line of the file and, when known, the 1-based cue or segment
// number) and why. It unwraps to Err, ErrMalformed or ErrNoText. It is not
// modified after LoadFile returns it, so it is safe to share between
// goroutines.
type TranscriptError struct {
	Path   string
	Format string // "WebVTT", "SRT" or "JSON"
	Line   int    // 1-based line; 0 when the problem is the whole file
	Cue    int    // 1-based cue (JSON: segment) number; 0 when none
	Reason string
	Err    error // ErrMalformed or ErrNoText
}

func (e *TranscriptError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "loader: %s: ", e.Path)
	if e.Err == ErrNoText {
		fmt.Fprintf(&b, "%s transcript has no cues with text", e.Format)
	} else {
		fmt.Fprintf(&b, "malformed %s transcript", e.Format)
	}
	if e.Line > 0 {
		fmt.Fprintf(&b, " at line %d", e.Line)
	}
	if e.Cue > 0 {
		fmt.Fprintf(&b, " (cue %d)", e.Cue)
	}
	if e.Reason != "" {
		b.WriteString(": ")
		b.WriteString(e.Reason)
	}
	return b.String()
}

// Unwrap makes errors.Is(err, ErrMalformed) (or ErrNoText) true.
func (e *TranscriptError) Unwrap() error { return e.Err }

// cue is one timed piece of speech, as every transcript format yields it.
type cue struct {
	start, end time.Duration
	speaker    string
	text       string // one line, tags removed, white space collapsed
}

// transcriptText prepares raw file bytes: BOM and UTF-16 decoded, UTF-8
// checked, line ends normalised to "\n".
func transcriptText(raw []byte, path string) (string, error) {
	raw = bytes.TrimPrefix(raw, utf8BOM)
	if decoded, ok := decodeUTF16(raw); ok {
		raw = decoded
	}
	if !utf8.Valid(raw) {
		return "", &EncodingError{Path: path, Offset: firstInvalid(raw), Hint: encodingHint(raw)}
	}
	s := strings.ReplaceAll(string(raw), "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n"), nil
}

// paragraphGap starts a new paragraph inside one speaker's turn (or in a
// transcript without speakers) after a silence this long, so that chunk
// text keeps some shape.
const paragraphGap = 3 * time.Second

// buildTranscript writes cues into doc: one paragraph per speaker turn
// ("Alice: …"), cues of a turn joined by spaces so that sentences cut
// across cues stay whole for the sentence splitter, and one Section per
// cue carrying its time and speaker. Each Section reaches to the next
// cue's start, so the sections cover the text without gaps.
func buildTranscript(cues []cue, doc *store.Document) {
	var b strings.Builder
	doc.Sections = doc.Sections[:0]
	prevSpeaker, prevEnd := "", time.Duration(-1)
	for i, c := range cues {
		turn := i == 0 || c.speaker != prevSpeaker
		if i > 0 {
			if turn || c.start-prevEnd >= paragraphGap {
				b.WriteString("\n\n")
			} else {
				b.WriteByte(' ')
			}
		}
		start := b.Len()
		if turn && c.speaker != "" {
			b.WriteString(c.speaker)
			b.WriteString(": ")
		}
		b.WriteString(c.text)
		ts := &store.TimeSpan{Start: c.start, End: c.end}
		if c.speaker != "" {
			ts.Speakers = []string{c.speaker}
		}
		if n := len(doc.Sections); n > 0 {
			doc.Sections[n-1].End = start
		}
		doc.Sections = append(doc.Sections, store.Section{Start: start, Time: ts})
		prevSpeaker, prevEnd = c.speaker, c.end
	}
	b.WriteByte('\n')
	doc.Text = b.String()
	if n := len(doc.Sections); n > 0 {
		doc.Sections[n-1].End = len(doc.Text)
	}
	if doc.Metadata.SourceType == "" {
		doc.Metadata.SourceType = TranscriptSourceType
	}
}

// finishTranscript keeps the cues that have text (keepCues; text holds
// each cue's lines) and writes them into doc. A transcript left without
// any is ErrNoText.
func finishTranscript(cues []cue, text [][]string, path, format string, doc *store.Document) error {
	cues = keepCues(cues, text)
	if len(cues) == 0 {
		return &TranscriptError{Path: path, Format: format, Err: ErrNoText}
	}
	buildTranscript(cues, doc)
	return nil
}

// lineBlocks yields the runs of non-blank lines of lines[from:] (a line of
// white space is blank) with the index of each run's first line: the
// blocks that SRT and WebVTT files are made of.
func lineBlocks(lines []string, from int) iter.Seq2[int, []string] {
	return func(yield func(int, []string) bool) {
		for i := from; i < len(lines); {
			if strings.TrimSpace(lines[i]) == "" {
				i++
				continue
			}
			j := i
			for j < len(lines) && strings.TrimSpace(lines[j]) != "" {
				j++
			}
			if !yield(i, lines[i:j]) {
				return
			}
			i = j
		}
	}
}

// keepCues drops cues without text and, for captions that roll (each cue
// repeating the previous cue's last line, as YouTube's automatic captions
// do), the repeated lines. lines holds each cue's text lines. A cue that
// names no speaker keeps the previous cue's: captions label a speaker when
// the turn starts, not on every line.
func keepCues(cues []cue, lines [][]string) []cue {
	out := cues[:0]
	var last, speaker string
	for i, c := range cues {
		if c.speaker == "" {
			c.speaker = speaker
		}
		speaker = c.speaker
		var kept []string
		for _, l := range lines[i] {
			if l == "" || l == last {
				continue
			}
			kept = append(kept, l)
			last = l
		}
		c.text = strings.Join(kept, " ")
		if c.text != "" {
			out = append(out, c)
		}
	}
	return out
}

// cleanLine removes markup from a caption line (WebVTT cue tags, SRT's
// HTML-like tags, ASS overrides such as {\an8}) and decodes character
// references; white space is collapsed.
func cleanLine(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case s[i] == '<':
			if j := strings.IndexByte(s[i:], '>'); j >= 0 {
				i += j + 1
				b.WriteByte(' ')
				continue
			}
		case s[i] == '{' && i+1 < len(s) && s[i+1] == '\\':
			if j := strings.IndexByte(s[i:], '}'); j >= 0 {
				i += j + 1
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return strings.Join(strings.Fields(html.UnescapeString(b.String())), " ")
}

// soundLabels are bracketed annotations that are not speakers.
var soundLabels = map[string]bool{
	"music": true, "laughter": true, "laughs": true, "laughing": true, "applause": true, "inaudible": true,
	"silence": true, "crosstalk": true, "noise": true, "background noise": true, "sighs": true, "coughs": true,
	"unintelligible": true, "foreign language": true, "no audio": true, "blank_audio": true, "speaking foreign language": true,
	"cheering": true, "indistinct": true, "chuckles": true, "pause": true,
}

// speakerPrefix splits a leading speaker label off a caption's text:
// "ALICE: text", "- BOB SMITH: text", ">> ALICE: text", "[Alice] text" or
// "(Alice) text". Upper-case names only for the colon form, so that "Note:
// …" stays text; a bracketed sound label ("[Music]") is no speaker.
func speakerPrefix(text string) (speaker, rest string) {
	t := strings.TrimLeft(text, "->– ")
	if t == "" {
		return "", text
	}
	if open := t[0]; open == '[' || open == '(' {
		closer := map[byte]byte{'[': ']', '(': ')'}[open]
		j := strings.IndexByte(t, closer)
		if j < 2 || j > 41 {
			return "", text
		}
		name := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(t[1:j]), ":"))
		rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(t[j+1:]), ":"))
		if rest == "" || !nameLike(name, false) || soundLabels[strings.ToLower(name)] {
			return "", text
		}
		return name, rest
	}
	j := strings.IndexByte(t, ':')
	if j < 2 || j > 40 || j+1 >= len(t) || t[j+1] != ' ' {
		return "", text
	}
	name := t[:j]
	if !nameLike(name, true) {
		return "", text
	}
	rest = strings.TrimSpace(t[j+1:])
	if rest == "" {
		return "", text
	}
	return titleName(name), rest
}

// nameLike accepts one to four words of letters (with . ' - inside), at
// least two letters, upper case throughout when upper is set.
func nameLike(s string, upper bool) bool {
	words := strings.Fields(s)
	if len(words) == 0 || len(words) > 4 {
		return false
	}
	letters := 0
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			if upper && !unicode.IsUpper(r) {
				return false
			}
			letters++
		case r == ' ' || r == '.' || r == '\'' || r == '-' || r == '’':
		case unicode.IsDigit(r) && !upper:
		default:
			return false
		}
	}
	return letters >= 2
}

// titleName turns "BOB SMITH" into "Bob Smith" so that the same speaker
// written "[Bob Smith]" elsewhere is one name.
func titleName(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		r, n := utf8.DecodeRuneInString(w)
		words[i] = string(r) + strings.ToLower(w[n:])
	}
	return strings.Join(words, " ")
}

// parseTranscript dispatches to the format's parser. A .json file that is
// not a segment list is ErrUnsupported, as every .json file was before
// transcripts were read.
func parseTranscript(k kind, raw []byte, path string, doc *store.Document) error {
	switch k {
	case kindVTT:
		return parseVTT(raw, path, doc)
	case kindSRT:
		return parseSRT(raw, path, doc)
	}
	if !isTranscriptJSON(raw) {
		return fmt.Errorf("%w: %s (JSON loads only as transcript segments: [{\"start\", \"end\", \"speaker\", \"text\"}])", ErrUnsupported, path)
	}
	return parseTranscriptJSON(raw, path, doc)
}
