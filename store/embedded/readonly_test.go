package embedded

import (
	"bufio"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

const readOnlyDirEnv = "HYBRIDRAG_EMBEDDED_READONLY_DIR"

// dirSnapshot maps every file under dir to a hash of its content, to show
// that a read-only Store wrote nothing.
func dirSnapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out[p] = fmt.Sprintf("%x", sha256.Sum256(b))
		return nil
	}))
	return out
}

func keywordTexts(t *testing.T, s *Store, q string) []string {
	t.Helper()
	hits, err := s.SearchKeyword(context.Background(), q, 10, store.Filter{})
	require.NoError(t, err)
	var texts []string
	for _, h := range hits {
		texts = append(texts, h.Chunk.Text)
	}
	return texts
}

func TestReadOnlyStoresShareDirectory(t *testing.T) {
	ctx := context.Background()
	dir := storeWithData(t)
	before := dirSnapshot(t, dir)

	a := openTest(t, dir, Options{ReadOnly: true})
	b := openTest(t, dir, Options{ReadOnly: true, LockTimeout: -1})
	for _, s := range []*Store{a, b} {
		require.Equal(t, Recovery{}, s.Recovery())
		require.ElementsMatch(t, []string{"first batch text", "second batch text"}, keywordTexts(t, s, "batch"))
		vec, err := s.SearchVector(ctx, testVector("second batch text", testDim), 1, store.Filter{})
		require.NoError(t, err)
		require.Equal(t, "second batch text", vec[0].Chunk.Text)
	}

	for name, write := range map[string]func() error{
		"put":       func() error { return a.Put(ctx, docSpec{id: "c", texts: []string{"x"}}.entry()) },
		"empty put": func() error { return a.Put(ctx) },
		"delete":    func() error { return a.Delete(ctx, "", "", "a") },
		"no-op del": func() error { return b.Delete(ctx, "", "", "unknown") },
	} {
		err := write()
		require.ErrorIs(t, err, ErrReadOnly, name)
		require.True(t, strings.HasPrefix(err.Error(), "embedded: "), err.Error())
	}

	require.Equal(t, before, dirSnapshot(t, dir), "a read-only Store must write nothing")

	// A writer that tries now records itself in WRITER (for the error of
	// the next one) and then fails on LOCK; that record is the only change.
	_, err := Open(dir, Options{LockTimeout: -1})
	require.ErrorIs(t, err, ErrLocked, "a writer must not open while readers hold the store")
	require.NoError(t, a.Close())
	require.NoError(t, b.Close())
	after := dirSnapshot(t, dir)
	writer := filepath.Join(dir, writerFile)
	delete(before, writer)
	delete(after, writer)
	require.Equal(t, before, after, "closing read-only Stores must write nothing")

	w := openTest(t, dir, Options{LockTimeout: -1})
	put(t, w, docSpec{id: "c", texts: []string{"third batch text"}})
}

func TestReadOnlyOpenMissingStore(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(dir string) error
	}{
		{"missing directory", func(string) error { return nil }},
		{"empty directory", func(dir string) error { return os.Mkdir(dir, 0o755) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "store")
			require.NoError(t, tc.setup(dir))
			_, err := Open(dir, Options{ReadOnly: true, Create: true})
			require.ErrorIs(t, err, store.ErrNotFound)
			_, statErr := os.Stat(filepath.Join(dir, formatFile))
			require.ErrorIs(t, statErr, fs.ErrNotExist, "read-only Open must not create a store")
		})
	}
}

// TestReadOnlyServesStoreNeedingRepair: damage only a writer can repair is
// worked around in memory, the directory is left as it is, and a later
// read-write Open still repairs it.
func TestReadOnlyServesStoreNeedingRepair(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		damage func(t *testing.T, dir string)
		want   Recovery
	}{
		{"torn tail", func(t *testing.T, dir string) {
			f, err := os.OpenFile(filepath.Join(dir, logFile), os.O_WRONLY|os.O_APPEND, 0)
			require.NoError(t, err)
			_, err = f.Write([]byte{0x40, 0, 0, 0, 1, 2, 3, 4, 5})
			require.NoError(t, err)
			require.NoError(t, f.Close())
		}, Recovery{TruncatedBytes: 9}},
		{"keyword index missing", func(t *testing.T, dir string) {
			require.NoError(t, os.RemoveAll(filepath.Join(dir, keywordDir)))
		}, Recovery{KeywordInMemory: true, Reindexed: 3}},
		{"keyword index behind", func(t *testing.T, dir string) {
			old := filepath.Join(t.TempDir(), "old-keyword")
			require.NoError(t, os.CopyFS(old, os.DirFS(filepath.Join(dir, keywordDir))))
			s, err := Open(dir, Options{})
			require.NoError(t, err)
			put(t, s, docSpec{id: "a", texts: []string{"first batch replaced"}})
			require.NoError(t, s.Close())
			require.NoError(t, os.RemoveAll(filepath.Join(dir, keywordDir)))
			require.NoError(t, os.CopyFS(filepath.Join(dir, keywordDir), os.DirFS(old)))
		}, Recovery{KeywordInMemory: true, Reindexed: 3}},
		{"keyword index garbage", func(t *testing.T, dir string) {
			require.NoError(t, filepath.WalkDir(filepath.Join(dir, keywordDir), func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					return os.WriteFile(p, []byte("garbage"), 0o644)
				}
				return err
			}))
		}, Recovery{KeywordInMemory: true, Reindexed: 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := storeWithData(t)
			s, err := Open(dir, Options{})
			require.NoError(t, err)
			put(t, s, docSpec{id: "c", texts: []string{"third batch text"}})
			require.NoError(t, s.Close())
			tc.damage(t, dir)
			want := keywordTextsAfterRepair(t, dir)
			before := dirSnapshot(t, dir)

			ro, err := Open(dir, Options{ReadOnly: true})
			require.NoError(t, err)
			require.Equal(t, tc.want, ro.Recovery())
			require.ElementsMatch(t, want, keywordTexts(t, ro, "batch"))
			st, err := ro.Stats(ctx, store.Filter{})
			require.NoError(t, err)
			require.Equal(t, 3, st.Documents)
			require.NoError(t, ro.Close())
			require.Equal(t, before, dirSnapshot(t, dir), "a read-only Store must write nothing")

			rw := openTest(t, dir, Options{})
			require.NotEqual(t, Recovery{}, rw.Recovery(), "the writer must still find the damage to repair")
			require.ElementsMatch(t, want, keywordTexts(t, rw, "batch"))
		})
	}
}

// keywordTextsAfterRepair returns what a keyword search for "batch" finds
// once a copy of dir has been repaired by a read-write Open.
func keywordTextsAfterRepair(t *testing.T, dir string) []string {
	t.Helper()
	cp := filepath.Join(t.TempDir(), "copy")
	require.NoError(t, os.CopyFS(cp, os.DirFS(dir)))
	s := openTest(t, cp, Options{})
	texts := keywordTexts(t, s, "batch")
	require.Len(t, texts, 3)
	return texts
}

// TestOpenWaitsForConflictingHolder: a writer's Open retries while the
// directory is held and succeeds once it is released. (Readers never wait:
// see TestReaderDoesNotWaitForWriter.)
func TestOpenWaitsForConflictingHolder(t *testing.T) {
	for _, tc := range []struct {
		name           string
		holder, opener Options
	}{
		{"writer waits for reader", Options{ReadOnly: true}, Options{}},
		{"writer waits for writer", Options{}, Options{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := storeWithData(t)
			holder, err := Open(dir, tc.holder)
			require.NoError(t, err)
			waiting := make(chan struct{})
			var once bool
			lockRetried = func() {
				if !once {
					once = true
					close(waiting)
				}
			}
			t.Cleanup(func() { lockRetried = nil })
			type result struct {
				s   *Store
				err error
			}
			done := make(chan result, 1)
			go func() {
				s, err := Open(dir, tc.opener) // default timeout: long enough
				done <- result{s, err}
			}()
			<-waiting // the opener found the lock taken and is retrying
			require.NoError(t, holder.Close())
			r := <-done
			require.NoError(t, r.err)
			require.Len(t, keywordTexts(t, r.s, "batch"), 2)
			require.NoError(t, r.s.Close())
		})
	}
}

// TestReadOnlyHelperProcess is the child of
// TestReadOnlyStoresAcrossProcesses: it opens the store read-only, searches
// it, prints "ready", and holds it until its stdin is closed.
func TestReadOnlyHelperProcess(t *testing.T) {
	dir := os.Getenv(readOnlyDirEnv)
	if dir == "" {
		t.Skip("helper process for the read-only sharing test")
	}
	s, err := Open(dir, Options{ReadOnly: true, LockTimeout: -1})
	if err != nil {
		fmt.Fprintln(os.Stderr, "open:", err)
		os.Exit(2)
	}
	hits, err := s.SearchKeyword(context.Background(), "batch", 10, store.Filter{})
	if err != nil || len(hits) != 2 {
		fmt.Fprintln(os.Stderr, "search:", len(hits), err)
		os.Exit(2)
	}
	fmt.Println("ready")
	io.Copy(io.Discard, os.Stdin)
	if err := s.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "close:", err)
		os.Exit(2)
	}
	os.Exit(0)
}

func TestReadOnlyStoresAcrossProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	dir := storeWithData(t)
	type child struct {
		cmd    *exec.Cmd
		stdin  io.WriteCloser
		stderr *strings.Builder
	}
	var children []child
	for range 2 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestReadOnlyHelperProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), readOnlyDirEnv+"="+dir)
		stderr := &strings.Builder{}
		cmd.Stderr = stderr
		stdin, err := cmd.StdinPipe()
		require.NoError(t, err)
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		t.Cleanup(func() { stdin.Close(); cmd.Process.Kill(); cmd.Wait() })
		lines := bufio.NewScanner(out)
		ready := false
		for lines.Scan() {
			if lines.Text() == "ready" {
				ready = true
				break
			}
		}
		require.True(t, ready, "child did not open the store; stderr: %s", stderr.String())
		go io.Copy(io.Discard, out)
		children = append(children, child{cmd, stdin, stderr})
	}
	// Both children hold the store read-only at once; this process can
	// join them, but a writer cannot.
	ro := openTest(t, dir, Options{ReadOnly: true, LockTimeout: -1})
	require.Len(t, keywordTexts(t, ro, "batch"), 2)
	require.NoError(t, ro.Close())
	_, err := Open(dir, Options{LockTimeout: -1})
	require.ErrorIs(t, err, ErrLocked)

	for _, c := range children {
		require.NoError(t, c.stdin.Close())
		require.NoError(t, c.cmd.Wait(), "stderr: %s", c.stderr.String())
	}
	w := openTest(t, dir, Options{LockTimeout: -1})
	put(t, w, docSpec{id: "c", texts: []string{"third batch text"}})
}
