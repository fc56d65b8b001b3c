package loader

import (
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/store"
)

// A Jupyter notebook (.ipynb: the analyses, runbooks and tutorials of
// data and engineering teams) is JSON: Markdown cells between code cells
// and their outputs. Read as JSON it is escaped strings and base64
// images; it is written instead as the Markdown a reader sees, so that
// its headings open sections as a Markdown file's do.

// maxCellOutput bounds the text kept of one output: a printed data frame
// or a training log says little per byte and would crowd the prose out.
const maxCellOutput = 2 << 10

// notebook is the part of a notebook file (nbformat 4, and 3's
// worksheets) that holds text.
type notebook struct {
	Cells      []notebookCell `json:"cells"`
	Worksheets []struct {
		Cells []notebookCell `json:"cells"`
	} `json:"worksheets"`
	Metadata struct {
		Title        string `json:"title"`
		LanguageInfo struct {
			Name string `json:"name"`
		} `json:"language_info"`
		Kernelspec struct {
			Language string `json:"language"`
		} `json:"kernelspec"`
	} `json:"metadata"`
}

type notebookCell struct {
	CellType string          `json:"cell_type"`
	Source   json.RawMessage `json:"source"`
	Input    json.RawMessage `json:"input"` // nbformat 3's code
	Outputs  []struct {
		OutputType string                     `json:"output_type"`
		Text       json.RawMessage            `json:"text"`
		Data       map[string]json.RawMessage `json:"data"`
	} `json:"outputs"`
}

// parseNotebook fills doc with a notebook's cells as Markdown: Markdown
// cells as written, code cells fenced in the notebook's language, their
// text outputs (a stream, a result's text/plain) fenced after them, up to
// maxCellOutput bytes each; images and HTML outputs are left out. The
// title is the first "# " heading, else the metadata's title. A file that
// is not a notebook is ErrMalformed, one without text ErrNoText.
func parseNotebook(raw []byte, doc *store.Document) error {
	fail := func(kind, cause error) error {
		return &FormatError{Path: doc.Source, Format: "notebook", Err: kind, Cause: cause}
	}
	var nb notebook
	if err := json.Unmarshal(raw, &nb); err != nil {
		return fail(ErrMalformed, err)
	}
	cells := nb.Cells
	for _, ws := range nb.Worksheets {
		cells = append(cells, ws.Cells...)
	}
	if cells == nil {
		return fail(ErrMalformed, errors.New("no cells: not a Jupyter notebook"))
	}
	lang := nb.Metadata.LanguageInfo.Name
	if lang == "" {
		lang = nb.Metadata.Kernelspec.Language
	}
	lang = strings.Map(func(r rune) rune {
		if r == '`' || r == '\n' || r == ' ' {
			return -1
		}
		return r
	}, lang)
	var parts []string
	for _, c := range cells {
		src := c.Source
		if len(src) == 0 {
			src = c.Input
		}
		text := strings.TrimSpace(notebookText(src))
		switch c.CellType {
		case "markdown", "heading":
			if text != "" {
				parts = append(parts, text)
			}
		case "code":
			if text != "" {
				parts = append(parts, fence(lang, text))
			}
			for _, o := range c.Outputs {
				out := notebookText(o.Text)
				if out == "" {
					out = notebookText(o.Data["text/plain"])
				}
				if out = strings.TrimSpace(out); out != "" {
					parts = append(parts, fence("", truncateUTF8(out, maxCellOutput)))
				}
			}
		case "raw":
			if text != "" {
				parts = append(parts, text)
			}
		}
	}
	doc.Text = strings.Join(parts, "\n\n")
	if strings.TrimSpace(doc.Text) == "" {
		return fail(ErrNoText, errors.New("no cell has text"))
	}
	doc.Title = markdownTitle(doc.Text)
	if doc.Title == "" {
		doc.Title = collapse(nb.Metadata.Title)
	}
	return nil
}

// notebookText reads a cell's source or an output's text: a string or a
// list of lines.
func notebookText(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.ToValidUTF8(s, "\uFFFD")
	}
	var lines []string
	if json.Unmarshal(raw, &lines) == nil {
		return strings.ToValidUTF8(strings.Join(lines, ""), "\uFFFD")
	}
	return ""
}

// fence writes text as a fenced code block, its fence longer than any
// backtick run inside it.
func fence(lang, text string) string {
	marks := "```"
	for strings.Contains(text, marks) {
		marks += "`"
	}
	return marks + lang + "\n" + text + "\n" + marks
}

// truncateUTF8 cuts s to at most n bytes at a character boundary, marking
// the cut.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "\n…"
}
