package loader

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestLoadDir(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.md", "a.txt", "sub/z.html", "sub/deeper/c.markdown", "A.MD",
		".hidden/x.md", ".e.md", "sub/.git/y.md", "skip.rtf", "sub/noext"} {
		writeFile(t, dir, name, []byte("# "+name+"\n\ntext"))
	}
	var got []string
	err := LoadDir(dir, func(d store.Document) error {
		got = append(got, d.ID)
		require.Equal(t, d.ID, d.Source)
		return nil
	})
	require.NoError(t, err)
	require.Equal(t, []string{"A.MD", "a.txt", "b.md", "sub/deeper/c.markdown", "sub/z.html"}, got)

	t.Run("fn error stops the walk", func(t *testing.T) {
		stop := errors.New("stop here")
		calls := 0
		err := LoadDir(dir, func(store.Document) error { calls++; return stop })
		require.ErrorIs(t, err, stop)
		require.Equal(t, 1, calls)
	})
	t.Run("load error stops the walk", func(t *testing.T) {
		bad := t.TempDir()
		writeFile(t, bad, "a.md", []byte("fine"))
		writeFile(t, bad, "b.md", []byte("bad \xff"))
		writeFile(t, bad, "c.md", []byte("never reached"))
		var seen []string
		err := LoadDir(bad, func(d store.Document) error { seen = append(seen, filepath.Base(d.Source)); return nil })
		require.ErrorIs(t, err, ErrInvalidUTF8)
		require.Contains(t, err.Error(), "b.md")
		require.Equal(t, []string{"a.md"}, seen)
	})
	t.Run("missing root", func(t *testing.T) {
		err := LoadDir(filepath.Join(dir, "nope"), func(store.Document) error { return nil })
		require.ErrorIs(t, err, fs.ErrNotExist)
	})
	t.Run("root is a file", func(t *testing.T) {
		var docs []store.Document
		err := LoadDir(filepath.Join(dir, "b.md"), func(d store.Document) error { docs = append(docs, d); return nil })
		require.NoError(t, err)
		require.Len(t, docs, 1)
		require.Equal(t, "b.md", docs[0].Title)
		require.Equal(t, "b.md", docs[0].ID, "a file root's id is its name")
		err = LoadDir(filepath.Join(dir, "skip.rtf"), func(store.Document) error { return nil })
		require.ErrorIs(t, err, ErrUnsupported)
	})
}

func TestLoadDirFuncSkips(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "good.md", []byte("# Good\n\nThe pump runs at 3000 rpm."))
	writeFile(t, dir, "broken.pdf", []byte("not a pdf at all"))
	writeFile(t, dir, "latin.txt", []byte("caf\xe9 au lait"))
	writeFile(t, dir, "notes.rtf", []byte("Title\n=====\n"))
	var loaded []string
	failed := map[string]error{}
	err := LoadDirFunc(dir, func(d store.Document) error {
		loaded = append(loaded, filepath.Base(d.Source))
		return nil
	}, func(path string, err error) error {
		failed[filepath.Base(path)] = err
		return nil
	})
	require.NoError(t, err)
	require.Equal(t, []string{"good.md"}, loaded)
	require.Len(t, failed, 3)
	require.ErrorIs(t, failed["broken.pdf"], ErrMalformed)
	require.ErrorIs(t, failed["latin.txt"], ErrInvalidUTF8)
	require.ErrorIs(t, failed["notes.rtf"], ErrUnsupported)

	stop := errors.New("stop")
	err = LoadDirFunc(dir, func(store.Document) error { return nil }, func(string, error) error { return stop })
	require.ErrorIs(t, err, stop, "onLoadError's error stops the walk")
	err = LoadDirFunc(dir, func(store.Document) error { return nil }, nil)
	require.ErrorIs(t, err, ErrMalformed, "without onLoadError the first load error stops it, as LoadDir")
}

// TestLoadDirIdentity: ids do not depend on how the root was typed, so
// indexing the same folder by another spelling replaces instead of
// doubling; a prefix is joined with exactly one slash.
func TestLoadDirIdentity(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "docs")
	writeFile(t, dir, "a.md", []byte("# A\n\ntext"))
	writeFile(t, dir, "sub/b.txt", []byte("text"))
	link := filepath.Join(base, "link")
	require.NoError(t, os.Symlink(dir, link))
	t.Chdir(base)

	ids := func(root string, opts DirOptions) []string {
		var got []string
		require.NoError(t, LoadDirWith(root, opts, func(d store.Document) error {
			require.Equal(t, d.ID, d.Source)
			got = append(got, d.ID)
			return nil
		}))
		return got
	}
	want := []string{"a.md", "sub/b.txt"}
	for _, root := range []string{"docs", "./docs", "docs/", "./docs/./", dir, dir + "/", link, "link/", "link/../docs"} {
		require.Equal(t, want, ids(root, DirOptions{}), "root %q", root)
	}
	for _, prefix := range []string{"manual", "manual/", "manual//"} {
		require.Equal(t, []string{"manual/a.md", "manual/sub/b.txt"}, ids("./docs/", DirOptions{IDPrefix: prefix}), "prefix %q", prefix)
	}
	require.Equal(t, []string{"https://example.com/docs/a.md", "https://example.com/docs/sub/b.txt"},
		ids(dir, DirOptions{IDPrefix: "https://example.com/docs/"}), "a URL prefix keeps its scheme's double slash")
	require.Equal(t, []string{"m/b.txt"}, ids(filepath.Join(link, "sub", "b.txt"), DirOptions{IDPrefix: "m"}))

	var skipped []string
	writeFile(t, dir, "bad.txt", []byte("\xff"))
	require.NoError(t, LoadDirWith("link", DirOptions{OnLoadError: func(p string, err error) error {
		skipped = append(skipped, p)
		return nil
	}}, func(store.Document) error { return nil }))
	require.Equal(t, []string{filepath.Join("link", "bad.txt")}, skipped, "load errors name the path as typed")
}

// TestLoadDirFileAliases: a symbolic link to a file the walk loads itself
// is a second name for it, passed over as a redirect; a link to a file
// outside the folder, or in a hidden folder, is the only way to it and is
// loaded.
func TestLoadDirFileAliases(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "man5")
	writeFile(t, dir, "journald.conf.5", []byte(".TH JOURNALD.CONF 5\n.SH NAME\njournald.conf \\- journal settings\n"))
	writeFile(t, base, "outside.md", []byte("# Outside\n\ntext"))
	writeFile(t, dir, ".hidden/secret.md", []byte("# Hidden\n\ntext"))
	require.NoError(t, os.Symlink("journald.conf.5", filepath.Join(dir, "journald.conf.d.5")))
	require.NoError(t, os.Symlink(filepath.Join(base, "outside.md"), filepath.Join(dir, "outside.md")))
	require.NoError(t, os.Symlink(".hidden/secret.md", filepath.Join(dir, "secret.md")))

	var ids []string
	var aliases []string
	require.NoError(t, LoadDirWith(dir, DirOptions{OnLoadError: func(p string, err error) error {
		var re *RedirectError
		require.ErrorAs(t, err, &re)
		aliases = append(aliases, filepath.Base(p)+" -> "+re.Target)
		return nil
	}}, func(d store.Document) error {
		ids = append(ids, d.ID)
		return nil
	}))
	require.Equal(t, []string{"journald.conf.5", "outside.md", "secret.md"}, ids)
	require.Equal(t, []string{"journald.conf.d.5 -> journald.conf.5"}, aliases)

	ids = nil
	require.NoError(t, LoadDir(dir, func(d store.Document) error {
		ids = append(ids, d.ID)
		return nil
	}), "without OnLoadError an alias is passed over like a redirect page")
	require.Equal(t, []string{"journald.conf.5", "outside.md", "secret.md"}, ids)
}
