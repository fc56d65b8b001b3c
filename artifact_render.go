package hybridrag

import (
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/gate"
)

// RenderMarkdown renders the artifact as Markdown: a title, a confidence
// note when it is not normal, one "##" heading per section with its text
// (shared [S#] labels), and a Sources list with one line per cited source.
// A refused artifact renders its sections' refusals and the suggestions.
func (a *Artifact) RenderMarkdown() string {
	var b strings.Builder
	b.WriteString("# " + oneLine(a.Title) + ": " + oneLine(a.Topic) + "\n\n")
	switch a.Confidence {
	case gate.Low:
		b.WriteString("> LOW CONFIDENCE — some sections have limited or no source coverage.\n\n")
	case gate.Refused:
		b.WriteString("> No supporting documentation found in indexed sources for this topic.\n\n")
	}
	for _, s := range a.Sections {
		b.WriteString("## " + oneLine(s.Title) + "\n\n")
		text := strings.TrimSpace(s.Text)
		if !s.Supported {
			text = "_" + text + "_"
		}
		b.WriteString(text + "\n\n")
	}
	if a.Suggestions != nil && len(a.Suggestions.Messages) > 0 {
		b.WriteString("## Suggestions\n\n")
		for _, m := range a.Suggestions.Messages {
			b.WriteString("- " + m + "\n")
		}
		b.WriteString("\n")
	}
	b.WriteString("## Sources\n\n")
	if len(a.Sources) == 0 {
		b.WriteString("_None._\n")
	}
	for _, s := range a.Sources {
		b.WriteString("- " + sourceLine(s) + "\n")
	}
	return b.String()
}

// sourceLine is cite.SourceLine's format for an AnswerSource.
func sourceLine(s AnswerSource) string {
	name := oneLine(s.Title)
	if name == "" {
		name = oneLine(s.Source)
	}
	if name == "" {
		name = oneLine(s.DocumentID)
	}
	parts := []string{name}
	if s.Source != "" && oneLine(s.Source) != name {
		parts = append(parts, oneLine(s.Source))
	}
	if h := oneLine(s.Heading); h != "" && h != name {
		parts = append(parts, h)
	}
	if s.Page != 0 {
		parts = append(parts, "p. "+strconv.Itoa(s.Page))
	}
	return "[" + s.ID + "] " + strings.Join(parts, ", ")
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
