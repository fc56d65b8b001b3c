package loader

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// modulePage returns an HTML page about name with lines paragraphs of its
// own, and those paragraphs.
func modulePage(name string, lines int) (string, string) {
	var body strings.Builder
	for i := range lines {
		fmt.Fprintf(&body, "<p>The %s module, paragraph %d, explains how %s handles case %d of its inputs in detail.</p>\n", name, i, name, i)
	}
	return "<html><head><title>" + name + "</title></head><body><h1>" + name + "</h1>\n" + body.String() + "</body></html>", body.String()
}

func TestLoadDirPassesOverSinglePageEditions(t *testing.T) {
	dir := t.TempDir()
	var all strings.Builder
	all.WriteString("<html><head><title>All modules</title></head><body>\n")
	for _, name := range []string{"buffer", "crypto", "events", "fs", "net", "stream"} {
		page, body := modulePage(name, 600) // about 60 KB each
		writeFile(t, dir, name+".html", []byte(page))
		fmt.Fprintf(&all, "<h2>%s</h2>\n%s", strings.ToUpper(name[:1])+name[1:], body)
	}
	all.WriteString("</body></html>")
	writeFile(t, dir, "all.html", []byte(all.String())) // every module again: 360 KB
	// A large page of its own, and one that repeats a single other page
	// (a module page's printable copy, say) with as much text of its own:
	// both are pages, loaded after the others.
	own, _ := modulePage("reference", 3000)
	writeFile(t, dir, "reference.html", []byte(own))
	_, fsBody := modulePage("fs", 600)
	_, more := modulePage("appendix", 2400)
	writeFile(t, dir, "fs-print.html", []byte("<html><body><h1>fs, printable</h1>\n"+fsBody+more+"</body></html>"))

	loaded, passed := loadPassingOver(t, dir)
	require.Equal(t, []string{"buffer.html", "crypto.html", "events.html", "fs.html", "net.html", "stream.html",
		"fs-print.html", "reference.html"}, loaded, "large pages come last, smallest first")
	require.Len(t, passed, 1)
	require.Contains(t, passed[0].Path, "all.html")
	require.Equal(t, 6, passed[0].Pages)
	require.Greater(t, passed[0].Repeated, 0.9)
	require.Contains(t, passed[0].Error(), "single-page edition")

	// Without OnLoadError the edition is passed over silently.
	require.NotContains(t, loadedIDs(t, dir), "all.html")
}

func TestLargePageSize(t *testing.T) {
	require.Zero(t, largePageSize(nil))
	require.Equal(t, int64(combinedMinBytes), largePageSize([]int64{1000, 2000, 3000}))
	require.Equal(t, int64(2*200_000), largePageSize([]int64{100_000, 200_000, 300_000}))
}

// loadPassingOver loads dir and returns the ids it loaded, in order, and
// the editions it passed over; every load error must be one.
func loadPassingOver(t *testing.T, dir string) (loaded []string, passed []*CombinedPageError) {
	t.Helper()
	err := LoadDirWith(dir, DirOptions{OnLoadError: func(path string, err error) error {
		require.ErrorIs(t, err, ErrCombinedPage, path)
		var ce *CombinedPageError
		require.True(t, errors.As(err, &ce), "%s: %v", path, err)
		passed = append(passed, ce)
		return nil
	}}, func(d store.Document) error {
		loaded = append(loaded, d.ID)
		return nil
	})
	require.NoError(t, err)
	return loaded, passed
}
