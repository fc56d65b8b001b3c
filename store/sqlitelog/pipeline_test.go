package sqlitelog_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

var manual = []store.Document{
	{ID: "filters", Source: "docs/filters.md", Text: "# Filters\n\nReplace the G4 filters every six months. The G4 filters sit behind the front panel; open the panel with the supplied key before replacing the filters.\n"},
	{ID: "errors", Source: "docs/errors.md", Text: "# Error codes\n\nError code E4 means the condensate drain is blocked. To fix error E4, clean the condensate drain and restart the unit.\n"},
}

// TestPipelineWritesTheLog runs answers, refusals and errors through a real
// Pipeline, concurrently, and reads them back from SQLite.
func TestPipelineWritesTheLog(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	ql, err := sqlitelog.Open(filepath.Join(dir, "querylog.db"), sqlitelog.Options{})
	require.NoError(t, err)
	defer ql.Close()
	st, err := embedded.Open(filepath.Join(dir, "store"), embedded.Options{Create: true})
	require.NoError(t, err)
	defer st.Close()
	p, err := hybridrag.New(hybridrag.Config{Store: st, QueryLog: ql})
	require.NoError(t, err)
	defer p.Close()
	_, err = p.Index(ctx, manual...)
	require.NoError(t, err)

	ans, err := p.Ask(ctx, hybridrag.Request{Question: "How often should the G4 filters be replaced?", Agent: "kiosk"})
	require.NoError(t, err)
	require.False(t, ans.Refused())
	require.Positive(t, ans.QueryID)

	e, err := ql.Get(ctx, "", ans.QueryID)
	require.NoError(t, err)
	require.Equal(t, hybridrag.KindAsk, e.Kind)
	require.Equal(t, "kiosk", e.Agent)
	require.Equal(t, ans.Answer, e.Answer)
	require.Equal(t, ans.Confidence, e.Confidence)
	require.NotEmpty(t, e.Cited)
	require.Equal(t, ans.Sources[0].ChunkID, e.Retrieved[0].ChunkID)
	require.Equal(t, ans.Metadata.TotalMS, e.TotalMS)

	const n = 6
	var wg sync.WaitGroup
	errs := make(chan error, 3*n)
	for i := range n {
		wg.Add(3)
		go func() {
			defer wg.Done()
			_, err := p.Ask(ctx, hybridrag.Request{Question: fmt.Sprintf("How do I pair the unit with Bluetooth speaker %d?", i)})
			errs <- err
		}()
		go func() {
			defer wg.Done()
			_, err := p.Ask(ctx, hybridrag.Request{Question: "?"})
			if err == nil {
				err = fmt.Errorf("want an invalid-query error")
			} else {
				err = nil
			}
			errs <- err
		}()
		go func() {
			defer wg.Done()
			_, err := p.Retrieve(ctx, hybridrag.Request{Question: "What does error code E4 mean?"})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}

	all, err := ql.Recent(ctx, sqlitelog.RecentQuery{Limit: 100})
	require.NoError(t, err)
	require.Len(t, all, 1+3*n)
	var refused, failed, retrieved int
	for _, e := range all {
		switch {
		case e.Error != "":
			failed++
			require.Contains(t, e.Error, "invalid query")
		case e.Kind == hybridrag.KindRetrieve:
			retrieved++
			require.NotEmpty(t, e.Retrieved)
		case e.Refused():
			refused++
			require.Equal(t, gate.Refused, e.Confidence)
		}
	}
	require.Equal(t, n, refused)
	require.Equal(t, n, failed)
	require.Equal(t, n, retrieved)

	require.NoError(t, ql.Feedback(ctx, "", ans.QueryID, true, "matches the manual"))
	e, err = ql.Get(ctx, "", ans.QueryID)
	require.NoError(t, err)
	require.Len(t, e.Feedback, 1)
}
