package embedded

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// Helper modes of the test binary for TestReadersKeepReadingDuringIndex.
const (
	readersModeEnv = "HYBRIDRAG_EMBEDDED_READERS_MODE" // "writer" or "reader"
	readersDirEnv  = "HYBRIDRAG_EMBEDDED_READERS_DIR"
)

// liveDoc is version v of the document every batch replaces: its chunks
// all carry the version, so a reader that mixed two batches would see it.
func liveDoc(v int) docSpec {
	return docSpec{id: "live", texts: []string{
		fmt.Sprintf("marker one v%d", v), fmt.Sprintf("marker two v%d", v), fmt.Sprintf("marker three v%d", v)}}
}

// readerBatch is batch v of the writer: the live document's version v and
// a new document of several chunks, so that commits take some time.
func readerBatch(v int) []store.Entry {
	var texts []string
	for c := range 16 {
		texts = append(texts, fmt.Sprintf("added%d chunk%d %s", v, c, strings.Repeat("filler words ", 30)))
	}
	return []store.Entry{liveDoc(v).entry(), docSpec{id: fmt.Sprintf("added-%d", v), texts: texts}.entry()}
}

// TestReadersHelperProcess is the child of
// TestReadersKeepReadingDuringIndex. As "writer" it opens the store for
// writing, prints "open", then commits batches, printing "ack V" after each,
// until its stdin is closed. As "reader" it opens the store read-only,
// checks that it sees one whole committed version and prints
// "seen V SNAPSHOT OPEN_MS". It does nothing in a normal test run.
func TestReadersHelperProcess(t *testing.T) {
	dir := os.Getenv(readersDirEnv)
	switch os.Getenv(readersModeEnv) {
	case "writer":
		os.Exit(readersWriter(dir))
	case "reader":
		if err := readersReader(dir); err != nil {
			fmt.Fprintln(os.Stderr, "reader:", err)
			os.Exit(2)
		}
		os.Exit(0)
	default:
		t.Skip("helper process for the readers-during-index test")
	}
}

// writerBatches is how many batches the writer commits before it only
// holds the store: enough to span the readers' runs, few enough that
// each reader's in-memory keyword index stays small.
const writerBatches = 150

func readersWriter(dir string) int {
	s, err := Open(dir, Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, "open:", err)
		return 2
	}
	fmt.Println("open")
	stop := make(chan struct{})
	go func() { io.Copy(io.Discard, os.Stdin); close(stop) }()
	st, err := s.Stats(context.Background(), store.Filter{})
	if err != nil {
		fmt.Fprintln(os.Stderr, "stats:", err)
		return 2
	}
	first := int(st.IndexVersion) + 1
	for v := first; ; v++ {
		if v-first == writerBatches {
			// Enough data: hold the store until told to stop.
			<-stop
		}
		select {
		case <-stop:
			if err := s.Close(); err != nil {
				fmt.Fprintln(os.Stderr, "close:", err)
				return 2
			}
			return 0
		default:
		}
		if err := s.Put(context.Background(), readerBatch(v)...); err != nil {
			fmt.Fprintln(os.Stderr, "put:", err)
			return 2
		}
		fmt.Printf("ack %d\n", v)
		time.Sleep(20 * time.Millisecond) // an indexer spends time loading and embedding between commits
	}
}

// readersReader checks that the store holds exactly the batches up to one
// version V: the live document at version V (all three chunks, by keyword
// and by vector search), documents added-1..added-V and nothing newer.
func readersReader(dir string) error {
	ctx := context.Background()
	start := time.Now()
	s, err := Open(dir, Options{ReadOnly: true})
	if err != nil {
		return err
	}
	opened := time.Since(start)
	defer s.Close()
	st, err := s.Stats(ctx, store.Filter{})
	if err != nil {
		return err
	}
	v := int(st.IndexVersion) // batch V writes liveDoc(V) and, from 2 on, added-V
	if st.Documents != v {
		return fmt.Errorf("index version %d but %d documents", st.IndexVersion, st.Documents)
	}
	only := store.Filter{DocumentIDs: []string{"live"}}
	kw, err := s.SearchKeyword(ctx, "marker", 10, only)
	if err != nil {
		return err
	}
	vec, err := s.SearchVector(ctx, liveDoc(v).entry().Vectors[1], 10, only)
	if err != nil {
		return err
	}
	for _, hits := range [][]store.Hit{kw, vec} {
		var texts []string
		for _, h := range hits {
			texts = append(texts, h.Chunk.Text)
		}
		slices.Sort(texts)
		want := slices.Clone(liveDoc(v).texts)
		slices.Sort(want)
		if !slices.Equal(texts, want) {
			return fmt.Errorf("at version %d the live document reads %q", st.IndexVersion, texts)
		}
	}
	if v > 1 {
		hits, err := s.SearchKeyword(ctx, fmt.Sprintf("added%d", v), 20, store.Filter{})
		if err != nil {
			return err
		}
		if len(hits) != 16 {
			return fmt.Errorf("batch %d: %d of 16 added chunks", v, len(hits))
		}
	}
	fmt.Printf("seen %d %t %d %t\n", v, s.Snapshot(), opened.Milliseconds(), !s.kw.memOnly)
	return nil
}

func helperCmd(dir, mode string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestReadersHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), readersDirEnv+"="+dir, readersModeEnv+"="+mode)
	return cmd
}

// TestReadersKeepReadingDuringIndex runs a writer process that commits
// batch after batch while reader processes open the store again and again:
// no reader fails or waits for the writer, each sees one whole committed
// version (never a mix, never less than what was acknowledged before it
// started), and a second writer is told which process holds the store.
func TestReadersKeepReadingDuringIndex(t *testing.T) {
	readers := 3
	rounds := 8
	if testing.Short() {
		rounds = 3
	}
	dir := filepath.Join(t.TempDir(), "store")
	seed := openTest(t, dir, Options{Create: true})
	put(t, seed, liveDoc(1))
	require.NoError(t, seed.Close())

	writer := helperCmd(dir, "writer")
	var wstderr strings.Builder
	writer.Stderr = &wstderr
	stdin, err := writer.StdinPipe()
	require.NoError(t, err)
	out, err := writer.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, writer.Start())
	t.Cleanup(func() { writer.Process.Kill(); writer.Wait() })
	lines := bufio.NewScanner(out)
	require.True(t, lines.Scan() && lines.Text() == "open", "writer did not open; stderr: %s", wstderr.String())

	var mu sync.Mutex
	acked := 0
	ackedCh := make(chan struct{}, 1)
	go func() {
		for lines.Scan() {
			if n, ok := strings.CutPrefix(lines.Text(), "ack "); ok {
				v, _ := strconv.Atoi(n)
				mu.Lock()
				acked = v
				mu.Unlock()
				select {
				case ackedCh <- struct{}{}:
				default:
				}
			}
		}
	}()
	lastAck := func() int { mu.Lock(); defer mu.Unlock(); return acked }
	<-ackedCh // the writer is committing

	// A second writer finds the store held and is told by whom.
	_, err = Open(dir, Options{LockTimeout: -1})
	var locked *LockedError
	require.ErrorAs(t, err, &locked)
	require.Equal(t, writer.Process.Pid, locked.PID)
	require.Contains(t, locked.Command, "TestReadersHelperProcess")
	require.Contains(t, err.Error(), fmt.Sprintf("pid %d", writer.Process.Pid))

	type seen struct {
		before, v, openMs   int
		snapshot, published bool
	}
	results := make([][]seen, readers)
	errs := make(chan error, readers*rounds)
	var wg sync.WaitGroup
	for r := range readers {
		wg.Go(func() {
			for range rounds {
				before := lastAck()
				cmd := helperCmd(dir, "reader")
				var stderr strings.Builder
				cmd.Stderr = &stderr
				b, err := cmd.Output()
				if err != nil {
					errs <- fmt.Errorf("reader: %v; stderr: %s", err, stderr.String())
					continue
				}
				var s seen
				if _, err := fmt.Sscanf(string(b), "seen %d %t %d %t", &s.v, &s.snapshot, &s.openMs, &s.published); err != nil {
					errs <- fmt.Errorf("reader printed %q: %v", b, err)
					continue
				}
				s.before = before
				results[r] = append(results[r], s)
			}
		})
	}
	wg.Wait()
	close(errs)
	var all error
	for err := range errs {
		all = errors.Join(all, err)
	}
	require.NoError(t, all)
	require.NoError(t, stdin.Close())
	require.NoError(t, writer.Wait(), "writer stderr: %s", wstderr.String())

	var opens []int
	published := 0
	for r, rs := range results {
		for i, s := range rs {
			require.GreaterOrEqual(t, s.v, s.before, "reader %d run %d missed an acknowledged batch", r, i)
			if i > 0 {
				require.GreaterOrEqual(t, s.v, rs[i-1].v, "reader %d went back in time", r)
			}
			require.True(t, s.snapshot, "the writer was open: reader %d run %d should have taken a snapshot", r, i)
			opens = append(opens, s.openMs)
			if s.published {
				published++
			}
		}
	}
	slices.Sort(opens)
	t.Logf("%d reader processes during %d batches; Open took %d ms median, %d ms max; %d used the published keyword index",
		len(opens), lastAck(), opens[len(opens)/2], opens[len(opens)-1], published)
	// A reader falls back to building the index in memory only when it
	// loses a race with the writer several times over.
	require.Greater(t, published, len(opens)/2)
	// Open replays a small log; it must not have waited for the writer,
	// whose Close came only after every reader was done.
	require.Less(t, opens[len(opens)-1], int((5 * time.Second).Milliseconds()))

	// With the writer gone, readers use the index on disk again.
	ro := openTest(t, dir, Options{ReadOnly: true, LockTimeout: -1})
	require.False(t, ro.Snapshot())
}
