package embedded

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

const (
	crashDirEnv   = "HYBRIDRAG_EMBEDDED_CRASH_DIR"
	crashStartEnv = "HYBRIDRAG_EMBEDDED_CRASH_START"
)

// crashBatch is batch i of the crash test: a new document "doc-i" and a
// replacement of the document "rolling".
func crashBatch(i int) []store.Entry {
	var texts []string
	for c := range 8 {
		texts = append(texts, fmt.Sprintf("batch%d chunk%d %s", i, c, strings.Repeat("payload words ", 40)))
	}
	return []store.Entry{
		docSpec{id: fmt.Sprintf("doc-%d", i), texts: texts}.entry(),
		docSpec{id: "rolling", texts: []string{fmt.Sprintf("rolling version%d", i)}}.entry(),
	}
}

// TestHelperProcess is the child of TestKillNineKeepsAcknowledgedBatches:
// it writes batches until it is killed, printing "ack i" after each Put
// returns. It does nothing in a normal test run.
func TestHelperProcess(t *testing.T) {
	dir := os.Getenv(crashDirEnv)
	if dir == "" {
		t.Skip("helper process for the kill -9 test")
	}
	start, err := strconv.Atoi(os.Getenv(crashStartEnv))
	if err != nil {
		fmt.Fprintln(os.Stderr, "bad start:", err)
		os.Exit(2)
	}
	s, err := Open(dir, Options{Create: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, "open:", err)
		os.Exit(2)
	}
	for i := start; ; i++ {
		if err := s.Put(context.Background(), crashBatch(i)...); err != nil {
			fmt.Fprintln(os.Stderr, "put:", err)
			os.Exit(2)
		}
		fmt.Fprintf(os.Stdout, "ack %d\n", i)
	}
}

func TestKillNineKeepsAcknowledgedBatches(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "store")
	next := 0
	for round, killAfter := range []int{3, 11, 7, 1} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashDirEnv+"="+dir, crashStartEnv+"="+strconv.Itoa(next))
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		lines := bufio.NewScanner(out)
		acked := next - 1
		for lines.Scan() {
			if n, ok := strings.CutPrefix(lines.Text(), "ack "); ok {
				acked, err = strconv.Atoi(n)
				require.NoError(t, err)
				if acked-next+1 >= killAfter {
					require.NoError(t, cmd.Process.Kill()) // SIGKILL
					break
				}
			}
		}
		// Acks printed before the kill landed still count.
		for lines.Scan() {
			if n, ok := strings.CutPrefix(lines.Text(), "ack "); ok {
				acked, _ = strconv.Atoi(n)
			}
		}
		err = cmd.Wait()
		require.Error(t, err, "the child must have been killed; stderr: %s", stderr.String())
		require.GreaterOrEqual(t, acked, next, "round %d: child acknowledged nothing; stderr: %s", round, stderr.String())

		s, err := Open(dir, Options{})
		require.NoError(t, err, "round %d", round)
		t.Logf("round %d: acked through batch %d, recovery %+v", round, acked, s.Recovery())
		st, err := s.Stats(ctx, store.Filter{})
		require.NoError(t, err)
		// Every acknowledged batch is there; at most one more (written but
		// not acknowledged before the kill) may be.
		require.GreaterOrEqual(t, st.IndexVersion, int64(acked+1))
		require.LessOrEqual(t, st.IndexVersion, int64(acked+2))
		require.Equal(t, int(st.IndexVersion)+1, st.Documents) // doc-0..doc-(v-1) and rolling
		for i := 0; i <= acked; i++ {
			hits, err := s.SearchKeyword(ctx, fmt.Sprintf("batch%d", i), 20, store.Filter{DocumentIDs: []string{fmt.Sprintf("doc-%d", i)}})
			require.NoError(t, err)
			require.Len(t, hits, 8, "batch %d", i)
			vec, err := s.SearchVector(ctx, crashBatch(i)[0].Vectors[3], 1, store.Filter{})
			require.NoError(t, err)
			require.Equal(t, crashBatch(i)[0].Chunks[3].ID, vec[0].Chunk.ID)
		}
		rolling, err := s.SearchKeyword(ctx, "rolling", 5, store.Filter{})
		require.NoError(t, err)
		require.Len(t, rolling, 1)
		require.Equal(t, fmt.Sprintf("rolling version%d", st.IndexVersion-1), rolling[0].Chunk.Text)
		require.NoError(t, s.Close())
		next = int(st.IndexVersion)
	}
}
