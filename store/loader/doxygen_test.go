package loader

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// doxygenPage returns an HTML page as Doxygen writes one, with body.
func doxygenPage(title, body string) []byte {
	return []byte(`<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/xhtml;charset=UTF-8"/>
<meta name="generator" content="Doxygen 1.9.4"/><title>Kiln: ` + title + `</title></head><body>
<div class="header"><div class="headertitle"><div class="title">` + title + `</div></div></div>
<div class="contents">` + body + `</div></body></html>`)
}

// TestLoadDirPassesOverDoxygenListingsAndIndexes: of a Doxygen reference,
// the pages documenting files and members load; the source listing of a
// documented file and the generated index pages are passed over, typed;
// a listing with no page of its own, and a page named like an index on a
// site Doxygen did not make, load.
func TestLoadDirPassesOverDoxygenListingsAndIndexes(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "kiln_8h.html", doxygenPage("kiln.h File Reference",
		`<h2 class="memtitle"><span class="permalink"><a href="#ga1">&#9670;&nbsp;</a></span>kiln_strdup()</h2>
<div class="memdoc"><p>Duplicate a string for the kiln log.</p></div>`))
	writeFile(t, dir, "kiln_8h_source.html", doxygenPage("kiln.h", `<div class="fragment"><div class="line">char *kiln_strdup(const char *s);</div></div>`))
	writeFile(t, dir, "kiln_8c_source.html", doxygenPage("kiln.c", `<div class="fragment"><div class="line">int kiln_main(void) { return 0; }</div></div>`))
	writeFile(t, dir, "globals_func.html", doxygenPage("Globals", `<ul><li>kiln_strdup() : <a href="kiln_8h.html">kiln.h</a></li></ul>`))
	writeFile(t, dir, "functions_k.html", doxygenPage("Data Fields", `<ul><li>kiln_temp : <a href="struct.html">KilnState</a></li></ul>`))
	writeFile(t, dir, "example_8c-example.html", doxygenPage("example.c",
		`<div class="fragment"><div class="line">p = kiln_strdup("x");</div>
<div class="ttc" id="ag1"><div class="ttname">kiln_strdup</div><div class="ttdeci">char * kiln_strdup(const char *s)</div><div class="ttdoc">Duplicate a string for the kiln log.</div></div></div>`))
	writeFile(t, dir, "site/files.html", []byte(`<html><head><title>Files</title></head><body><h1>Files</h1><p>The kiln keeps its firing files in the log folder for a year.</p></body></html>`))

	told := map[string]error{}
	docs := map[string]store.Document{}
	require.NoError(t, LoadDirWith(dir, DirOptions{OnLoadError: func(path string, err error) error {
		told[filepath.ToSlash(path[len(dir)+1:])] = err
		return nil
	}}, func(d store.Document) error { docs[d.ID] = d; return nil }))

	require.ElementsMatch(t, []string{"kiln_8h.html", "kiln_8c_source.html", "example_8c-example.html", "site/files.html"}, keys(docs))
	require.Len(t, told, 3)
	require.ErrorIs(t, told["globals_func.html"], ErrIndexPage)
	require.ErrorIs(t, told["functions_k.html"], ErrIndexPage)
	var pe *PageSourceError
	require.True(t, errors.As(told["kiln_8h_source.html"], &pe))
	require.Equal(t, "kiln_8h.html", filepath.Base(pe.Page))

	// The member's heading is its name, without Doxygen's permalink glyph,
	// and a hover tooltip in an example is no text of the page.
	h := docs["kiln_8h.html"]
	require.NotContains(t, h.Text, "◆")
	require.Contains(t, h.Text, "kiln_strdup()")
	ex := docs["example_8c-example.html"].Text
	require.Contains(t, ex, `kiln_strdup("x")`)
	require.NotContains(t, ex, "Duplicate a string")

	// Without OnLoadError they are passed over silently.
	require.NotContains(t, loadedIDs(t, dir), "globals_func.html")
}

// A Doxygen member's documentation is an entry: its declaration, a table
// of cells that reads as one line of code, names it; the description
// under it ("Duplicate a string.") opens the entry.
func TestLoadDoxygenMemberIsAnEntry(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "group__kiln.html", doxygenPage("Memory",
		`<h2 class="memtitle"><span class="permalink"><a href="#ga1">&#9670;&nbsp;</a></span>kiln_strdup()</h2>
<div class="memitem"><div class="memproto"><table class="memname"><tr>
<td class="memname">char * kiln_strdup </td><td>(</td><td class="paramtype">const char *&#160;</td><td class="paramname"><em>s</em></td><td>)</td>
</tr></table></div>
<div class="memdoc"><p>Duplicate a string for the kiln log.</p>
<dl class="params"><dt>Parameters</dt><dd><table class="params"><tr><td class="paramname">s</td><td>String to be duplicated</td></tr></table></dd></dl></div></div>`))
	doc, err := LoadFile(path)
	require.NoError(t, err)
	require.Contains(t, doc.Text, "char * kiln_strdup (const char *\u00a0s)")
	require.Contains(t, doc.Text, "s | String to be duplicated", "other tables keep their cells")
	var entry *store.Section
	for i, sec := range doc.Sections {
		if sec.Terms > 0 && strings.Contains(sec.Heading[len(sec.Heading)-1], "kiln_strdup (") {
			entry = &doc.Sections[i]
		}
	}
	require.NotNil(t, entry, "%+v", doc.Sections)
	require.Contains(t, doc.Text[entry.Start:entry.End], "Duplicate a string for the kiln log.")
}

func keys(m map[string]store.Document) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestMadeByDoxygen(t *testing.T) {
	require.True(t, madeByDoxygen([]byte(`<head><meta name="generator" content="Doxygen 1.9.4"/></head>`)))
	require.True(t, madeByDoxygen([]byte(`<head><META CONTENT='doxygen 1.8' NAME='Generator'></head>`)))
	require.False(t, madeByDoxygen([]byte(`<head><meta name="generator" content="Sphinx 7.2"/></head>`)))
	require.False(t, madeByDoxygen([]byte(`<head></head><body><meta name="generator" content="Doxygen"></body>`)))
}
