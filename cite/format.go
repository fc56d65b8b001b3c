package cite

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
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
	// UncitedNote opens the line that explains gaps in the numbering of the
	// listed sources: "(only cited sources are listed; not cited: S2, S4)".
	UncitedNote = "(only cited sources are listed; not cited: "
)

// FormatBlock renders an answer with its Sources block:
//
//	Answer:
//	<answer, surrounding white space trimmed>
//	<blank line>
//	Sources:
//	- [S1] Pump manual, Install > Linux, p. 3, rev. B, 2024-06 (score: 0.83)
//	- [S3] docs/faq.md (score: 0.41)
//	(only cited sources are listed; not cited: S2)
//
// The header is LowConfidenceHeader when lowConfidence is set. Each cited
// source appears once, in label order, as "- " + SourceLine; sources of
// different documents whose lines would read the same also show their
// Chunk.Source (or DocumentID) after the name, "LABELS
// (prop_tgt/LABELS.html)"; indices
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
	// Sources of different documents whose lines would read the same
	// (four pages titled "LABELS", one per kind of property) are told
	// apart by their paths.
	parts := make([][]string, len(idx))
	keys := make([]string, len(idx))
	paths := map[string]map[string]bool{}
	for n, i := range idx {
		c := sources[i].Chunk
		parts[n] = lineParts(c)
		keys[n] = strings.Join(parts[n], ", ")
		if paths[keys[n]] == nil {
			paths[keys[n]] = map[string]bool{}
		}
		paths[keys[n]][sourcePath(c)] = true
	}
	for n, i := range idx {
		b.WriteString("- ")
		b.WriteString(formatLine(i, sources[i], parts[n], len(paths[keys[n]]) > 1))
		b.WriteString("\n")
	}
	if gaps := uncitedBefore(idx); len(gaps) > 0 {
		b.WriteString(UncitedNote + strings.Join(gaps, ", ") + ")\n")
	}
	return b.String()
}

// uncitedBefore returns the labels missing from the sorted indices idx
// below the last of them: the gaps a reader sees in "S1, S3".
func uncitedBefore(idx []int) []string {
	var gaps []string
	next := 0
	for _, i := range idx {
		for ; next < i; next++ {
			gaps = append(gaps, Label(next))
		}
		next = i + 1
	}
	return gaps
}

// SourceLine describes sources[i] on one line:
//
//	[S<i+1>] <name>[, <heading path>][, p. <page>][, t=<start>–<end> (<speakers>)] (score: <relevance>)
//
// name is Chunk.Title, else Chunk.Source, else Chunk.DocumentID, else
// UntitledSource; the heading path is Chunk.HeadingPath() ("Install >
// Linux") and is left out when empty, as is the page when 0; a transcript
// chunk adds its time span and speakers ("t=1:02–2:10 (Alice, Bob)"). The
// score is Source.Relevance with two decimals. The document's revision
// ("rev. B") and date (FormatDate) follow when the document has them. Line
// breaks inside fields become spaces.
func SourceLine(i int, s retrieve.Source) string {
	return sourceLine(i, s, false)
}

// sourcePath is a chunk's path: Chunk.Source, else its DocumentID.
func sourcePath(c store.Chunk) string {
	return firstNonEmpty(oneLine(c.Source), oneLine(c.DocumentID))
}

// sourceLine is SourceLine, with the chunk's path after its name when
// withPath is set and the name is not the path already.
func sourceLine(i int, s retrieve.Source, withPath bool) string {
	return formatLine(i, s, lineParts(s.Chunk), withPath)
}

// formatLine writes a source line from its fields, parts (lineParts of
// the source's chunk, computed once by the caller); it may change parts.
func formatLine(i int, s retrieve.Source, parts []string, withPath bool) string {
	if path := sourcePath(s.Chunk); withPath && path != "" && path != parts[0] {
		parts[0] += " (" + path + ")"
	}
	return "[" + Label(i) + "] " + strings.Join(parts, ", ") +
		" (score: " + strconv.FormatFloat(s.Relevance, 'f', 2, 64) + ")"
}

// lineParts are the fields of a source line before its score.
func lineParts(c store.Chunk) []string {
	name := firstNonEmpty(oneLine(c.Title), oneLine(c.Source), oneLine(c.DocumentID), UntitledSource)
	parts := []string{name}
	if h := oneLine(c.Section()); h != "" {
		parts = append(parts, h)
	}
	if c.Page != 0 {
		parts = append(parts, "p. "+strconv.Itoa(c.Page))
	}
	if r := oneLine(c.Metadata.Revision); r != "" {
		parts = append(parts, "rev. "+r)
	}
	if d := FormatDate(c.Metadata.Date); d != "" {
		parts = append(parts, d)
	}
	if t := timeRange(c); t != "" {
		parts = append(parts, t)
	}
	return parts
}

// FormatDate renders a document date for citations: "2024-06-03", or
// "2024-06" for the first of a month at midnight UTC (the form a
// month-only date such as "2024-06" is stored in); "" for the zero time.
func FormatDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	t = t.UTC()
	if t.Day() == 1 && t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 && t.Nanosecond() == 0 {
		return t.Format("2006-01")
	}
	return t.Format("2006-01-02")
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
