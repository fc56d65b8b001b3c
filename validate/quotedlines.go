package validate

import "strings"

// Quoted runs of lines. An answer may quote lines of a source as they
// stand: a configuration sample's comment and setting ("# How frequently
// to scrape targets by default." over "[ scrape_interval: <duration> |
// default = 1m ]"). Read as one sentence, the lines met the source's
// code block as one sentence too, where "0 means no limit" three settings
// on negated the quote's words. A run of lines that a cited source holds
// as whole, consecutive lines is the source's own text in its own order,
// and is supported as it stands; its support is that run. The run must be
// two lines or more, or one line of a fenced code block (a setting, a
// command): a line of prose alone may say, out of its lines' context,
// what they do not, and is left to the sentence checks.

// quotedRun returns the non-blank lines of a claim (as check reads it:
// fences gone), trimmed; nil for a claim of no lines.
func quotedRun(core string) []string {
	var run []string
	for l := range strings.Lines(strings.TrimSpace(core)) {
		if t := strings.TrimSpace(l); t != "" {
			run = append(run, t)
		}
	}
	return run
}

// runSpan returns the span [start, end) of text where its non-blank lines
// hold run as consecutive whole lines (each trimmed), and ok; a run of one
// line must be inside a fenced code block of text.
func runSpan(text string, run []string) (start, end int, ok bool) {
	// Every claim comes here: a text without the run's first line is
	// passed over before it is split into lines.
	if len(run) == 0 || !strings.Contains(text, run[0]) {
		return 0, 0, false
	}
	type line struct {
		t          string
		start, end int
		fenced     bool
	}
	var lines []line
	off, fence := 0, ""
	for l := range strings.Lines(text) {
		t := strings.TrimSpace(l)
		switch marker := fenceMarker(l); {
		case fence != "" && marker != "" && strings.HasPrefix(marker, fence):
			fence = ""
		case fence == "" && marker != "":
			fence = marker
		case t != "":
			lead := len(l) - len(strings.TrimLeft(l, " \t"))
			lines = append(lines, line{t, off + lead, off + lead + len(t), fence != ""})
		}
		off += len(l)
	}
	for i := 0; i+len(run) <= len(lines); i++ {
		if len(run) == 1 && !lines[i].fenced {
			continue
		}
		match := true
		for j, r := range run {
			if lines[i+j].t != r {
				match = false
				break
			}
		}
		if match {
			return lines[i].start, lines[i+len(run)-1].end, true
		}
	}
	return 0, 0, false
}
