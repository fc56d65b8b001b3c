package embedded

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestCompactionKeepsLiveDataAndCounters(t *testing.T) {
	old := compactMinDeadBytes
	compactMinDeadBytes = 1
	t.Cleanup(func() { compactMinDeadBytes = old })
	ctx := context.Background()
	s, dir := newTestStore(t)
	logPath := filepath.Join(dir, logFile)

	put(t, s, docSpec{id: "keep", texts: []string{"kept forever", "kept too"}})
	var maxSize int64
	for v := range 30 {
		put(t, s, docSpec{id: "churn", texts: []string{fmt.Sprintf("churn version %d", v)}})
		info, err := os.Stat(logPath)
		require.NoError(t, err)
		maxSize = max(maxSize, info.Size())
	}
	info, err := os.Stat(logPath)
	require.NoError(t, err)
	// Without compaction the log would hold 31 batches, about ten times
	// the live bytes; compacting whenever anything is dead keeps it near
	// the live data plus the batch just written.
	require.Less(t, maxSize, 3*s.st.liveBytes+1024)
	require.Equal(t, info.Size(), s.log.size)

	check := func(s *Store, wantVersion int64) {
		st, err := s.Stats(ctx, store.Filter{})
		require.NoError(t, err)
		require.Equal(t, store.Stats{Documents: 2, Chunks: 3, Dimension: testDim, IndexVersion: wantVersion}, st)
		hits, err := s.SearchKeyword(ctx, "churn", 5, store.Filter{})
		require.NoError(t, err)
		require.Len(t, hits, 1)
		require.Equal(t, "churn version 29", hits[0].Chunk.Text)
		hits, err = s.SearchKeyword(ctx, "kept", 5, store.Filter{})
		require.NoError(t, err)
		require.Len(t, hits, 2)
	}
	check(s, 31)
	serial := s.st.nextSerial

	// Deleting the newest chunk and compacting must not let its serial be
	// reused after a reopen.
	put(t, s, docSpec{id: "newest", texts: []string{"newest chunk"}})
	require.NoError(t, s.Delete(ctx, "", "", "newest"))
	require.NoError(t, s.Close())
	s2 := openTest(t, dir, Options{})
	require.Equal(t, Recovery{}, s2.Recovery())
	check(s2, 33)
	require.Equal(t, serial+1, s2.st.nextSerial)

	// Deleting everything keeps the version counter.
	require.NoError(t, s2.Delete(ctx, "", "", "keep", "churn"))
	require.NoError(t, s2.Close())
	s3 := openTest(t, dir, Options{})
	st, err := s3.Stats(ctx, store.Filter{})
	require.NoError(t, err)
	require.Equal(t, store.Stats{IndexVersion: 34}, st)
	require.Equal(t, serial+1, s3.st.nextSerial)
}
