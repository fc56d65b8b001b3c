package loader

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestMarksNoIndex(t *testing.T) {
	cases := []struct {
		head string
		want bool
	}{
		{`<meta name="robots" content="noindex">`, true},
		{`<meta content="noindex, follow" name="robots" />`, true},
		{`<META NAME=ROBOTS CONTENT="NOINDEX,NOFOLLOW">`, true},
		{`<meta name='googlebot' content='noindex'>`, true},
		{`<meta name="robots" content="index, follow">`, false},
		{`<meta name="description" content="How noindex works">`, false},
		{`<meta name="robots" content="noarchive">`, false},
		{`</head><body><meta name="robots" content="noindex">`, false},
		{`<title>No meta</title>`, false},
	}
	for _, c := range cases {
		require.Equal(t, c.want, marksNoIndex([]byte("<html><head>"+c.head)), c.head)
	}
}

// A book's print view and table of contents, which its generator marks
// noindex, would give every passage twice: LoadDir passes over them, but
// not in a folder where most pages are so marked, and LoadFile reads
// what it is given.
func TestLoadDirPassesOverNoIndexPages(t *testing.T) {
	page := func(title, meta string) []byte {
		return []byte("<html><head>" + meta + "<title>" + title + "</title></head><body><h1>" + title + "</h1><p>The " + title + " chapter says something.</p></body></html>")
	}
	const noindex = `<meta name="robots" content="noindex">`
	root := t.TempDir()
	writeFile(t, root, "book/ch01.html", page("Ownership", ""))
	writeFile(t, root, "book/ch02.html", page("Borrowing", ""))
	writeFile(t, root, "book/ch03.html", page("Lifetimes", ""))
	writeFile(t, root, "book/print.html", page("Ownership Borrowing Lifetimes", noindex))
	writeFile(t, root, "book/toc.html", page("Contents", noindex))
	var passed []string
	require.NoError(t, LoadDirWith(root, DirOptions{OnLoadError: func(p string, err error) error {
		require.ErrorIs(t, err, ErrNoIndex)
		passed = append(passed, filepath.Base(p))
		return nil
	}}, func(store.Document) error { return nil }))
	require.ElementsMatch(t, []string{"print.html", "toc.html"}, passed)
	require.Equal(t, []string{"book/ch01.html", "book/ch02.html", "book/ch03.html"}, loadedIDs(t, root))

	// Without OnLoadError they are passed over silently, as redirects are.
	require.NoError(t, LoadDir(root, func(store.Document) error { return nil }))

	// LoadFile reads a marked page.
	doc, err := LoadFile(filepath.Join(root, "book/print.html"))
	require.NoError(t, err)
	require.Contains(t, doc.Text, "chapter says something")

	// A site that marks most pages (an intranet kept out of search
	// engines) is read whole.
	intranet := t.TempDir()
	writeFile(t, intranet, "a.html", page("Policies", noindex))
	writeFile(t, intranet, "b.html", page("Procedures", noindex))
	writeFile(t, intranet, "c.html", page("Contacts", ""))
	require.Equal(t, []string{"a.html", "b.html", "c.html"}, loadedIDs(t, intranet))
}
