package main

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// TestCLIIndexSkipsBadFiles: one unreadable file does not stop a folder
// from being indexed; it is named on stderr and counted in the summary,
// --strict makes it an error, and a folder of nothing but bad files fails.
func TestCLIIndexSkipsBadFiles(t *testing.T) {
	docs := t.TempDir()
	write := func(name, content string) {
		require.NoError(t, os.WriteFile(filepath.Join(docs, name), []byte(content), 0o600))
	}
	write("good.md", "# Pump\n\n## Speed\n\nThe pump runs at 3000 rpm under full load.\n")
	write("broken.pdf", "not a pdf at all")
	write("latin.txt", "caf\xe9 latin-1 notes about the valve")
	write("empty.md", "  \n")
	write("notes.rtf", "{\\rtf1 not loaded}")
	write("moved.html", `<html><head><meta http-equiv="refresh" content="0; url=good.md"></head><body>Redirecting to good.md</body></html>`)

	st := filepath.Join(t.TempDir(), "store")
	code, out, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "indexed 1 documents")
	require.Contains(t, out, "3 files skipped")
	require.Contains(t, out, "1 files of other types ignored (.rtf); 1 redirect pages ignored")
	require.NotContains(t, errOut, "moved.html", "a redirect page is passed over, not reported as a bad file")
	for _, name := range []string{"broken.pdf", "latin.txt", "empty.md"} {
		require.Contains(t, errOut, "skipped "+filepath.Join(docs, name))
	}
	code, out, errOut = runCLI(t, "retrieve", "--store", st, "--json", "--no-log", "How fast does the pump run?")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "3000 rpm")

	code, _, errOut = runCLI(t, "index", "--strict", "--store", filepath.Join(t.TempDir(), "strict"), docs)
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "broken.pdf")

	bad := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(bad, "x.pdf"), []byte("junk"), 0o600))
	code, _, errOut = runCLI(t, "index", "--store", filepath.Join(t.TempDir(), "none"), bad)
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "all 1 files found were skipped")

	code, _, errOut = runCLI(t, "index", "--store", filepath.Join(t.TempDir(), "rst"), filepath.Join(docs, "notes.rtf"))
	require.Equal(t, 1, code, "a file of another type named explicitly is an error")
	require.Contains(t, errOut, "supported")
}

// TestCLIIndexSyncDropsPagesTurnedRedirects: a page that has moved away
// and left a redirect stub behind leaves the store with --sync, and is not
// reported as a bad file.
func TestCLIIndexSyncDropsPagesTurnedRedirects(t *testing.T) {
	docs := t.TempDir()
	page := filepath.Join(docs, "valves.html")
	require.NoError(t, os.WriteFile(filepath.Join(docs, "pump.html"), []byte(`<html><body><h1>Pump</h1><p>The pump runs at 3000 rpm.</p></body></html>`), 0o600))
	require.NoError(t, os.WriteFile(page, []byte(`<html><body><h1>Valves</h1><p>The relief valve opens at 6 bar.</p></body></html>`), 0o600))
	st := filepath.Join(t.TempDir(), "store")
	code, _, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	n, _ := storeCounts(t, st)
	require.Equal(t, 2, n)

	require.NoError(t, os.WriteFile(page, []byte(`<html><head><meta http-equiv="refresh" content="0; url=parts/valves.html"></head><body>Redirecting to parts/valves.html</body></html>`), 0o600))
	code, out, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "1 redirect pages ignored")
	n, _ = storeCounts(t, st)
	require.Equal(t, 2, n, "without --sync the stored page stays")
	code, out, errOut = runCLI(t, "index", "--sync", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "1 removed")
	require.NotContains(t, errOut, "valves.html")
	n, _ = storeCounts(t, st)
	require.Equal(t, 1, n)
}

// TestCLIIndexPassesOverNoIndexPages: a book's print view, which its
// generator marks noindex, is counted in the summary, not indexed, and
// --sync removes one indexed before.
func TestCLIIndexPassesOverNoIndexPages(t *testing.T) {
	docs := t.TempDir()
	for _, name := range []string{"pump.html", "valve.html", "filter.html"} {
		require.NoError(t, os.WriteFile(filepath.Join(docs, name), []byte("<html><body><h1>"+name+"</h1><p>The "+name+" page.</p></body></html>"), 0o600))
	}
	view := filepath.Join(docs, "print.html")
	require.NoError(t, os.WriteFile(view, []byte("<html><body><h1>All</h1><p>Every page again.</p></body></html>"), 0o600))
	st := filepath.Join(t.TempDir(), "store")
	code, _, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	n, _ := storeCounts(t, st)
	require.Equal(t, 4, n, "unmarked, the print view is a page like the others")

	require.NoError(t, os.WriteFile(view, []byte(`<html><head><meta name="robots" content="noindex"></head><body><h1>All</h1><p>Every page again.</p></body></html>`), 0o600))
	code, out, errOut := runCLI(t, "index", "--sync", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "1 pages marked noindex ignored")
	require.Contains(t, out, "1 removed")
	require.NotContains(t, errOut, "print.html")
	n, _ = storeCounts(t, st)
	require.Equal(t, 3, n)
}

// TestCLIIndexPassesOverSinglePageEditions: a page that repeats the
// folder's other pages (Node.js's all.html) is counted in the summary, not
// indexed, and --sync removes one indexed before the loader knew it.
func TestCLIIndexPassesOverSinglePageEditions(t *testing.T) {
	docs := t.TempDir()
	var all strings.Builder
	for _, name := range []string{"pump", "valve", "filter", "fan", "duct", "sensor"} {
		var body strings.Builder
		for i := range 700 { // about 60 KB a page
			fmt.Fprintf(&body, "<p>The %s, note %d: check part %d of the %s before each season starts.</p>\n", name, i, i, name)
		}
		require.NoError(t, os.WriteFile(filepath.Join(docs, name+".html"), []byte("<html><body><h1>"+name+"</h1>"+body.String()+"</body></html>"), 0o600))
		all.WriteString("<h2>" + name + "</h2>" + body.String())
	}
	st := filepath.Join(t.TempDir(), "store")
	// Indexed before it existed in full: a short all.html is a page.
	require.NoError(t, os.WriteFile(filepath.Join(docs, "all.html"), []byte("<html><body><h1>All</h1><p>Every page, soon.</p></body></html>"), 0o600))
	code, _, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	n, _ := storeCounts(t, st)
	require.Equal(t, 7, n)

	require.NoError(t, os.WriteFile(filepath.Join(docs, "all.html"), []byte("<html><body><h1>All</h1>"+all.String()+"</body></html>"), 0o600))
	// The same pages as plain text, wrapped its own way: another edition.
	text := regexp.MustCompile(`<[^>]+>`).ReplaceAllString(all.String(), " ")
	require.NoError(t, os.WriteFile(filepath.Join(docs, "manual.txt"), []byte(wrapText(text, 66)), 0o600))
	code, out, errOut := runCLI(t, "index", "--sync", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "1 single-page editions ignored (they repeat the pages indexed)")
	require.Contains(t, out, "1 other editions ignored (PDF, EPUB or text copies of the pages indexed)")
	require.Contains(t, out, "1 removed")
	require.NotContains(t, errOut, "all.html")
	n, _ = storeCounts(t, st)
	require.Equal(t, 6, n)
}

// TestCLIIndexPassesOverPageSources: a documentation build's copies of
// its pages' sources are counted in the summary, not indexed, and --sync
// removes copies indexed before the loader knew them.
func TestCLIIndexPassesOverPageSources(t *testing.T) {
	docs := t.TempDir()
	write := func(name, content string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(docs, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(docs, name), []byte(content), 0o600))
	}
	write("valve.html", `<html><body><h1>Valve</h1><p>The relief valve opens at 6 bar.</p></body></html>`)
	write("_sources/pump.rst.txt", "Pump\n====\n\nThe pump runs at 3000 rpm.\n")
	st := filepath.Join(t.TempDir(), "store")
	code, out, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "indexed 2 documents", "a source without its page is a document")

	// The page is built: its source is passed over, and --sync removes it.
	write("pump.html", `<html><body><h1>Pump</h1><p>The pump runs at 3000 rpm.</p></body></html>`)
	code, out, errOut = runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "1 sources of HTML pages ignored (the pages are indexed)")
	require.NotContains(t, errOut, "pump.rst.txt")
	n, _ := storeCounts(t, st)
	require.Equal(t, 3, n, "without --sync the stored source stays")
	code, out, errOut = runCLI(t, "index", "--sync", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "1 removed")
	n, _ = storeCounts(t, st)
	require.Equal(t, 2, n)
}

// storeCounts opens the embedded store at dir and returns its document and
// chunk counts.
func storeCounts(t *testing.T, dir string) (docs, chunks int) {
	t.Helper()
	st, err := openStore(context.Background(), dir, false)
	require.NoError(t, err)
	defer st.Close()
	s, err := st.Stats(context.Background(), store.Filter{})
	require.NoError(t, err)
	return s.Documents, s.Chunks
}

// TestCLIIndexStableIDs: the same folder typed relative, absolute, with ./
// and a trailing slash, or through a symbolic link is the same documents;
// --id-prefix makes a second, separate set.
func TestCLIIndexStableIDs(t *testing.T) {
	base := t.TempDir()
	docs := filepath.Join(base, "docs")
	require.NoError(t, os.MkdirAll(filepath.Join(docs, "sub"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "pump.md"), []byte("# Pump\n\nThe pump runs at 3000 rpm.\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "sub", "valve.txt"), []byte("The relief valve opens at 6 bar.\n"), 0o600))
	require.NoError(t, os.Symlink(docs, filepath.Join(base, "link")))
	t.Chdir(base)
	st := filepath.Join(base, "store")

	for _, root := range []string{"docs", docs, "./docs/", "link", filepath.Join(base, "link") + "/"} {
		code, _, errOut := runCLI(t, "index", "--store", st, root)
		require.Equal(t, 0, code, errOut)
		n, _ := storeCounts(t, st)
		require.Equal(t, 2, n, "after indexing %q", root)
	}
	code, out, errOut := runCLI(t, "retrieve", "--store", st, "--json", "--no-log", "relief valve pressure")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, `"source": "sub/valve.txt"`)

	code, _, errOut = runCLI(t, "index", "--store", st, "--id-prefix", "manual", "docs")
	require.Equal(t, 0, code, errOut)
	n, _ := storeCounts(t, st)
	require.Equal(t, 4, n)
	code, out, errOut = runCLI(t, "retrieve", "--store", st, "--json", "--no-log", "relief valve pressure")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, `"document_id": "manual/sub/valve.txt"`)
}

// TestCLIIndexSync: re-indexing counts new / replaced / unchanged; --sync
// removes documents whose files are gone, only under the folder given,
// never a file that still exists but failed to load.
func TestCLIIndexSync(t *testing.T) {
	base := t.TempDir()
	docs, other := filepath.Join(base, "docs"), filepath.Join(base, "other")
	write := func(dir, name, content string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600))
	}
	write(docs, "pump.md", "# Pump\n\nThe pump runs at 3000 rpm.\n")
	write(docs, "sub/valve.txt", "The relief valve opens at 6 bar.\n")
	write(docs, "seal.md", "# Seal\n\nReplace the seal every 2,000 hours.\n")
	write(other, "fan.md", "# Fan\n\nThe fan spins at 900 rpm.\n")
	st := filepath.Join(base, "store")
	index := func(args ...string) string {
		t.Helper()
		code, out, errOut := runCLI(t, append([]string{"index", "--store", st}, args...)...)
		require.Equal(t, 0, code, errOut)
		return out
	}

	require.Contains(t, index(docs), "indexed 3 documents")
	require.Contains(t, index(other), "(1 new, 0 replaced, 0 unchanged, 0 removed, 0 skipped)")
	require.Contains(t, index(docs+"/"), "(0 new, 0 replaced, 3 unchanged, 0 removed, 0 skipped)")

	write(docs, "pump.md", "# Pump\n\nThe pump runs at 3600 rpm.\n")
	require.NoError(t, os.Remove(filepath.Join(docs, "seal.md")))
	write(docs, "new.md", "# New\n\nA new page.\n")
	require.Contains(t, index(docs), "(1 new, 1 replaced, 1 unchanged, 0 removed, 0 skipped)", "without --sync nothing is removed")
	n, _ := storeCounts(t, st)
	require.Equal(t, 5, n)

	write(docs, "sub/valve.txt", "caf\xe9: no longer UTF-8")
	out := index("--sync", docs)
	require.Contains(t, out, "(0 new, 0 replaced, 2 unchanged, 1 removed, 1 skipped)", "seal.md is gone; valve.txt exists and is kept")
	n, _ = storeCounts(t, st)
	require.Equal(t, 4, n, "other/fan.md, under another folder, stays")
	code, out, errOut := runCLI(t, "retrieve", "--store", st, "--json", "--no-log", "--k", "10", "How often is the seal replaced?")
	require.Equal(t, 0, code, errOut)
	require.NotContains(t, out, `"seal.md"`)

	require.NoError(t, os.Remove(filepath.Join(docs, "sub", "valve.txt")))
	require.Contains(t, index("--sync", docs), "1 removed")
	n, _ = storeCounts(t, st)
	require.Equal(t, 3, n)
}

// TestCLIIndexRunsLog: each index run is recorded in the query log, and
// "log --runs" lists them newest first with their counts and skipped files;
// --no-log records nothing.
func TestCLIIndexRunsLog(t *testing.T) {
	docs := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(docs, "pump.md"), []byte("# Pump\n\nThe pump runs at 3000 rpm.\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "bad.pdf"), []byte("not a pdf"), 0o600))
	st := filepath.Join(t.TempDir(), "store")
	for range 2 {
		code, _, errOut := runCLI(t, "index", "--store", st, docs)
		require.Equal(t, 0, code, errOut)
	}
	code, _, errOut := runCLI(t, "index", "--store", st, "--no-log", docs)
	require.Equal(t, 0, code, errOut)

	code, out, errOut := runCLI(t, "log", "--store", st, "--runs", "--json")
	require.Equal(t, 0, code, errOut)
	var runs []struct {
		ID                         int64
		Roots, Errors              []string
		Documents, New, Unchanged  int
		Replaced, Removed, Skipped int
	}
	require.NoError(t, json.Unmarshal([]byte(out), &runs))
	require.Len(t, runs, 2, "the --no-log run is not recorded")
	require.Equal(t, int64(2), runs[0].ID, "newest first")
	require.Equal(t, []string{docs}, runs[0].Roots)
	require.Equal(t, 1, runs[0].Unchanged)
	require.Equal(t, 1, runs[1].New)
	require.Equal(t, 1, runs[0].Skipped)
	require.Len(t, runs[0].Errors, 1)
	require.Contains(t, runs[0].Errors[0], "bad.pdf")

	code, out, errOut = runCLI(t, "log", "--store", st, "--runs")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "UNCHANGED")
	require.Contains(t, out, "run 2 skipped "+filepath.Join(docs, "bad.pdf"))
}

// TestCLIIndexFollowsIncludes: an AsciiDoc page is indexed with the part
// it includes, and the part is not indexed again alone.
func TestCLIIndexFollowsIncludes(t *testing.T) {
	docs := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(docs, "git-pump.adoc"), []byte("= git-pump(1)\n\n== OPTIONS\n\ninclude::pump-options.txt[]\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "pump-options.txt"), []byte("--force::\n\tStart the pump at 3000 rpm even when the inlet is closed.\n"), 0o600))
	st := filepath.Join(t.TempDir(), "store")
	code, out, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "indexed 1 documents")
	require.Contains(t, out, "1 included files indexed within the pages that include them")
	code, out, errOut = runCLI(t, "retrieve", "--store", st, "--json", "--no-log", "What does --force do?")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "git-pump(1) > OPTIONS > --force")
}

// TestCLIIndexManualPages: a folder of manual page sources as a system
// installs them (compressed, a page that only sources another, a link
// naming a page twice, a rotated log named like a page) indexes its
// pages once, and an option's default is answered from its entry.
func TestCLIIndexManualPages(t *testing.T) {
	docs := t.TempDir()
	man5 := filepath.Join(docs, "man5")
	require.NoError(t, os.MkdirAll(man5, 0o755))
	page := `.TH PUMPD.CONF 5 "2024-03-05" "Pump 2.1"
.SH NAME
pumpd.conf \- pump daemon configuration
.SH OPTIONS
.Bl -tag -width Ds
.It Cm MaxStrokes
Specifies the maximum number of strokes a pump makes per minute.
The default is 40.
.It Cm PrimeDelay
Specifies how long the pump waits before priming, in seconds.
The default is 15.
.El
`
	var buf strings.Builder
	zw := gzip.NewWriter(&buf)
	_, err := zw.Write([]byte(page))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	require.NoError(t, os.WriteFile(filepath.Join(man5, "pumpd.conf.5.gz"), []byte(buf.String()), 0o600))
	require.NoError(t, os.Symlink("pumpd.conf.5.gz", filepath.Join(man5, "pumpd.conf.d.5.gz")))
	require.NoError(t, os.WriteFile(filepath.Join(man5, "pump.conf.5"), []byte(".so man5/pumpd.conf.5\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "pumpd.log.1"), []byte("2024-03-05 primed\n"), 0o600))

	st := filepath.Join(t.TempDir(), "store")
	code, out, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "indexed 1 documents")
	require.Contains(t, out, "2 redirect pages ignored", "the link and the .so page stand for the page")
	require.NotContains(t, errOut, "pumpd.log.1")

	code, out, errOut = runCLI(t, "ask", "--store", st, "--json", "--no-log", "What is the default value of MaxStrokes?")
	require.Equal(t, 0, code, errOut)
	var ans struct {
		Answer        string `json:"answer"`
		RefusalReason string `json:"refusal_reason"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &ans))
	require.Empty(t, ans.RefusalReason)
	require.Contains(t, ans.Answer, "The default is 40.")
	require.NotContains(t, ans.Answer, ".It")
}

// wrapText joins the words of s into lines of at most width bytes.
func wrapText(s string, width int) string {
	var out, line strings.Builder
	for _, w := range strings.Fields(s) {
		if line.Len() > 0 && line.Len()+1+len(w) > width {
			out.WriteString(line.String() + "\n")
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(w)
	}
	return out.String() + line.String() + "\n"
}
