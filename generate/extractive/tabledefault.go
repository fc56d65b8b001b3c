package extractive

import (
	"regexp"
	"strings"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/internal/textutil"
)

// A default given in a table's Default column. Configuration references
// list settings as table rows under a header such as "Flag | Description |
// Default" (Prometheus's flags, a Helm chart's "Parameter | Description |
// Default"). The row's default is a cell, no sentence: "What is the
// default value of --web.listen-address?" found the row but no sentence
// stating a default, and was refused. When the question asks for the
// default of a name it writes as code, or of a thing whose words spell the
// name ("the default image pull policy", "image.pullPolicy"), and the
// first cell of a row under such a header names it, the answer quotes the
// header and the row, as written. So does an amount question that says
// what the row's description says, every content word of it ("What is
// the maximum number of samples a query can load?" for
// "--query.max-samples | Maximum number of samples a single query can
// load into memory. … | 50000000"), when the default is a figure.

// defaultHeaderCell matches a header cell naming a column of defaults.
// A one-word qualifier may come first ("Built-In Default", CMake's
// install() destinations).
var defaultHeaderCell = regexp.MustCompile(`(?i)^\s*(?:\*\*)?(?:[\w-]+\s+)?default(?:\s+value)?s?(?:\*\*)?\s*$`)

// tableDefault returns the answer pieces quoting the header and the row
// that give the asked name's default in a Default column, nil when no
// source holds one.
func tableDefault(a *ask, sources []generate.ContextSource) []string {
	spelled := "" // the thing's letters, when the question names it in words only
	var described []string
	switch {
	case !a.isDefault:
		// "What is the maximum number of samples a query can load?" is
		// the description of --query.max-samples, word for word: the
		// Default column gives the figure.
		if described = amountDescribed(a); described == nil {
			return nil
		}
	case len(a.named) == 0 && a.option == "":
		s := defaultedSpellings(a.question, false)
		if len(s) == 0 {
			return nil
		}
		spelled = s[0] // the words whole: a row's name is the thing's
	}
	for _, src := range sources {
		// A chunk that starts inside a long table carries the table's
		// header as its last heading (the chunker's tableHeaderBefore).
		header, col := "", -1
		if h := src.Source.Chunk.Heading; len(h) > 0 {
			if last := h[len(h)-1]; textutil.IsPipeRow(last) {
				header, col = last, defaultColumn(rowCells(last))
			}
		}
		for l := range strings.Lines(src.Text) {
			l = strings.TrimRight(l, "\r\n")
			cells := rowCells(l)
			switch {
			case cells == nil:
				header, col = "", -1 // the table ended
			case col < 0:
				header, col = l, defaultColumn(cells)
			case separatorRow(cells):
			case col < len(cells) && strings.TrimSpace(cells[col]) != "" && (described != nil && rowDescribes(cells, col, described) ||
				described == nil && cellNamesAsked(a, spelled, cells[0])):
				// Each line fenced is one quote, as written: split at the
				// periods inside its cells, the row would read as
				// sentences, each needing its own citation, and the two
				// lines are apart in the source (the separator, other
				// rows), where a quote must be whole.
				return []string{withMarker("```\n"+strings.TrimSpace(header)+"\n```", src.Label),
					"\n\n" + withMarker("```\n"+strings.TrimSpace(l)+"\n```", src.Label)}
			}
		}
	}
	return nil
}

// rowCells returns the cells of a table row as loaders and Markdown write
// one ("| a | b |", "a | b"), nil for a line that is no row.
func rowCells(l string) []string {
	t := strings.TrimSpace(l)
	if !strings.HasPrefix(t, "|") && !strings.Contains(t, " | ") {
		return nil
	}
	piped := strings.HasPrefix(t, "|")
	t = strings.TrimSuffix(strings.TrimPrefix(t, "|"), "|")
	cells := strings.Split(t, "|")
	if len(cells) < 2 && !piped {
		// One cell between pipes is still a row: the tail of one cut
		// between chunks ("|  |").
		return nil
	}
	return cells
}

// defaultColumn returns the index of the header's Default column, -1
// when it has none; a first column of defaults names nothing.
func defaultColumn(cells []string) int {
	for i, c := range cells[1:] {
		if defaultHeaderCell.MatchString(c) {
			return i + 1
		}
	}
	return -1
}

// separatorRow reports a Markdown table's header separator ("| --- | :-: |").
func separatorRow(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(strings.TrimSpace(c), ":-") != "" {
			return false
		}
	}
	return true
}

// cellNamesAsked reports whether a row's first cell names what the question
// asks the default of: its option, a name it writes as code, or the
// letters of the words it names the thing in (spelled).
func cellNamesAsked(a *ask, spelled, cell string) bool {
	if spelled != "" {
		return textutil.LettersKey(cell) == spelled
	}
	if a.option != "" {
		// The option whole: "--storage.tsdb.path" is named by the
		// question's "storage.tsdb" too.
		return optionPattern(a.option).MatchString(cell)
	}
	for _, re := range a.named {
		if re.MatchString(cell) {
			return true
		}
	}
	return false
}

// defaultedPhrase matches the words naming what a question asks the
// default of: "the default image pull policy", "the default value of the
// image pull policy".
var defaultedPhrase = regexp.MustCompile(`(?i)\bdefault\s+(?:(?:value|setting)\s+(?:of|for)\s+)?(?:the\s+)?([A-Za-z][\w.-]*(?:\s+[A-Za-z][\w.-]*){0,4})\s*\??\s*$`)

// defaultedSpellings returns the letters of the words a question asks the
// default of, lower-cased ("imagepullpolicy" for "the default image pull
// policy", which a row named "image.pullPolicy" is), then of each shorter
// run of its first words down to two ("evaluationinterval" for "the
// default evaluation interval for rules"). One word alone names too many
// table rows ("port", "mode") and is a spelling only when oneWord is set,
// for an entry whose whole name it is ("mydestination").
func defaultedSpellings(question string, oneWord bool) []string {
	m := defaultedPhrase.FindStringSubmatch(question)
	if m == nil {
		return nil
	}
	words := strings.Fields(m[1])
	if len(words) == 1 && oneWord {
		return []string{textutil.LettersKey(words[0])}
	}
	var out []string
	for n := len(words); n >= 2; n-- {
		out = append(out, textutil.LettersKey(strings.Join(words[:n], " ")))
	}
	return out
}

// amountDescribed returns the content terms of an amount question that
// names no setting (no code, no option), when it has at least three: the
// words a setting's description must hold to be the one asked about.
func amountDescribed(a *ask) []string {
	if !a.isAmount || len(a.named) > 0 || a.option != "" {
		return nil
	}
	terms := uniqueTerms(a.question)
	if len(terms) < 3 {
		return nil
	}
	return terms
}

// rowDescribes reports whether the cells of a row other than its Default
// column (col) hold every one of terms, and the default is a figure.
func rowDescribes(cells []string, col int, terms []string) bool {
	if !strings.ContainsAny(cells[col], "0123456789") {
		return false
	}
	have := map[string]bool{}
	for i, c := range cells {
		if i == col {
			continue
		}
		for _, t := range uniqueTerms(c) {
			have[t] = true
		}
	}
	for _, t := range terms {
		if !have[t] {
			return false
		}
	}
	return true
}
