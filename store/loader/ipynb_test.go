package loader

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// pumpNotebook is a notebook as Jupyter saves it: sources as lists of
// lines or as one string, a stream and a result output, an image and an
// HTML table left out, a long log cut, and code holding a fence.
var pumpNotebook = `{
 "nbformat": 4, "nbformat_minor": 5,
 "metadata": {"title": "Pump analysis", "kernelspec": {"language": "python"}, "language_info": {"name": "python"}},
 "cells": [
  {"cell_type": "markdown", "source": ["# Pump flow analysis\n", "\n", "We measure the flow of pump P1."]},
  {"cell_type": "code", "source": "flow = read('p1.csv')\nprint(flow.mean())",
   "outputs": [{"output_type": "stream", "name": "stdout", "text": ["42.5\n"]},
               {"output_type": "display_data", "data": {"image/png": "iVBORw0KGgo="}}]},
  {"cell_type": "markdown", "source": "## Findings\n\nThe mean flow is 42.5 l/min."},
  {"cell_type": "code", "source": ["s = '` + "```" + `'"], "outputs": [
   {"output_type": "execute_result", "data": {"text/plain": ["'` + "```" + `'"], "text/html": ["<b>x</b>"]}}]},
  {"cell_type": "code", "source": [], "outputs": [{"output_type": "stream", "text": "` + strings.Repeat("log line\\n", 400) + `"}]}
 ]
}`

func TestLoadNotebook(t *testing.T) {
	doc := store.Document{ID: "pump.ipynb", Source: "pump.ipynb"}
	require.NoError(t, parseNotebook([]byte(pumpNotebook), &doc))
	require.True(t, strings.HasPrefix(doc.Text, "# Pump flow analysis\n\nWe measure the flow of pump P1.\n\n"+
		"```python\nflow = read('p1.csv')\nprint(flow.mean())\n```\n\n```\n42.5\n```\n\n"+
		"## Findings\n\nThe mean flow is 42.5 l/min.\n\n"+
		"````python\ns = '```'\n````\n\n````\n'```'\n````\n\n```\nlog line\n"), doc.Text)
	require.NotContains(t, doc.Text, "iVBOR")
	require.NotContains(t, doc.Text, "<b>")
	require.Less(t, strings.Count(doc.Text, "log line"), 400)
	require.True(t, strings.HasSuffix(doc.Text, "…\n```"))
	require.Equal(t, "Pump flow analysis", doc.Title)
	requireLoadFileSame(t, "pump.ipynb", []byte(pumpNotebook), doc)

	// Without a heading, the metadata's title.
	doc = store.Document{ID: "n.ipynb", Source: "n.ipynb"}
	require.NoError(t, parseNotebook([]byte(`{"metadata": {"title": "Runbook"}, "cells": [{"cell_type": "markdown", "source": "Restart the pump."}]}`), &doc))
	require.Equal(t, "Runbook", doc.Title)

	// nbformat 3 keeps cells in worksheets and code in "input".
	doc = store.Document{ID: "v3.ipynb", Source: "v3.ipynb"}
	require.NoError(t, parseNotebook([]byte(`{"worksheets": [{"cells": [{"cell_type": "heading", "source": "# Old"}, {"cell_type": "code", "input": "x = 1"}]}]}`), &doc))
	require.Equal(t, "# Old\n\n```\nx = 1\n```", doc.Text)
}

func TestLoadNotebookErrors(t *testing.T) {
	for _, tc := range []struct {
		name, raw string
		want      error
	}{
		{"not JSON", "not a notebook", ErrMalformed},
		{"JSON without cells", `{"name": "package.json"}`, ErrMalformed},
		{"no text", `{"cells": [{"cell_type": "code", "source": [], "outputs": [{"output_type": "display_data", "data": {"image/png": "x"}}]}]}`, ErrNoText},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := store.Document{ID: "x.ipynb", Source: "x.ipynb"}
			requireFormatError(t, parseNotebook([]byte(tc.raw), &doc), tc.want, "notebook")
		})
	}
}
