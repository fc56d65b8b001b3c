package cite

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/retrieve"
)

// The fixed lines of the answer block FormatBlock writes. Hosts and tests
// match on them, so they do not change.
const (
	AnswerHeader        = "Answer:"
	LowConfidenceHeader = "Answer (LOW CONFIDENCE — limited source coverage):"
	SourcesHeader       = "Sources:"
	// NoSourcesLine stands under SourcesHeader when nothing valid is cited.
	NoSourcesLine = "(none)"
	// UntitledSource names a source that has no title, path or document id.
	UntitledSource = "(untitled)"
)

// FormatBlock renders an answer with its Sources block:
//
//	Answer:
//	<answer, surrounding white space trimmed>
//	<blank line>
//	Sources:
//	- [S1] Pump manual, Install > Linux, p. 3 (score: 0.83)
//	- [S3] docs/faq.md (score: 0.41)
//
// The header is LowConfidenceHeader when lowConfidence is set. Each cited
// source appears once, in label order, as "- " + SourceLine; indices
// outside sources are skipped, and when none remains the only line under
// "Sources:" is NoSourcesLine. Every line, the last included, ends in "\n".
func FormatBlock(answer string, sources []retrieve.Source, cited []int, lowConfidence bool) string {
	var b strings.Builder
	if lowConfidence {
		b.WriteString(LowConfidenceHeader)
	} else {
		b.WriteString(AnswerHeader)
	}
	b.WriteString("\n")
	b.WriteString(strings.TrimSpace(answer))
	b.WriteString("\n\n")
	b.WriteString(SourcesHeader)
	b.WriteString("\n")
	idx := make([]int, 0, len(cited))
	for _, i := range cited {
		if i >= 0 && i < len(sources) {
			idx = append(idx, i)
		}
	}
	slices.Sort(idx)
	idx = slices.Compact(idx)
	if len(idx) == 0 {
		b.WriteString(NoSourcesLine)
		b.WriteString("\n")
	}
	for _, i := range idx {
		b.WriteString("- ")
		b.WriteString(SourceLine(i, sources[i]))
		b.WriteString("\n")
	}
	return b.String()
}

// SourceLine describes sources[i] on one line:
//
//	[S<i+1>] <name>[, <heading path>][, p. <page>][, t=<start>–<end> (<speakers>)] (score: <relevance>)
//
// name is Chunk.Title, else Chunk.Source, else Chunk.DocumentID, else
// UntitledSource; the heading path is Chunk.HeadingPath() ("Install >
// Linux") and is left out when empty, as is the page when 0; a transcript
// chunk adds its time span and speakers ("t=1:02–2:10 (Alice, Bob)"). The score is
// Source.Relevance with two decimals. Line breaks inside fields become
// spaces.
func SourceLine(i int, s retrieve.Source) string {
	c := s.Chunk
	name := firstNonEmpty(oneLine(c.Title), oneLine(c.Source), oneLine(c.DocumentID), UntitledSource)
	parts := []string{name}
	if h := oneLine(c.Section()); h != "" {
		parts = append(parts, h)
	}
	if c.Page != 0 {
		parts = append(parts, "p. "+strconv.Itoa(c.Page))
	}
	if t := timeRange(c); t != "" {
		parts = append(parts, t)
	}
	return "[" + Label(i) + "] " + strings.Join(parts, ", ") +
		" (score: " + strconv.FormatFloat(s.Relevance, 'f', 2, 64) + ")"
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// oneLine collapses white space runs, line breaks included, to one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
