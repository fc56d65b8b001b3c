package sqlitelog_test

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

func openLog(t *testing.T, opts sqlitelog.Options) *sqlitelog.Log {
	t.Helper()
	l, err := sqlitelog.Open(filepath.Join(t.TempDir(), "querylog.db"), opts)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, l.Close()) })
	return l
}

func fullRecord() hybridrag.QueryRecord {
	return hybridrag.QueryRecord{
		Time:     time.Date(2026, 11, 2, 10, 30, 0, 123456789, time.UTC),
		Tenant:   "acme",
		Project:  "manuals",
		Agent:    "helpdesk",
		Profile:  "balanced",
		Kind:     hybridrag.KindAsk,
		Question: "How do I reset the router?",
		Retrieved: []hybridrag.RetrievedChunk{
			{ChunkID: "doc1#0", DocumentID: "doc1", Relevance: 0.81, BM25: 7.25, Cosine: 0.61, Fused: 0.0325},
			{ChunkID: "doc2#3", DocumentID: "doc2", Relevance: 0.42, BM25: 0, Cosine: 0.4, Fused: 0.016},
		},
		Cited:               []string{"doc1#0"},
		Answer:              "Hold the reset button for ten seconds [S1].",
		Confidence:          gate.Normal,
		AttributionCoverage: 1,
		Generator:           "openai",
		Model:               "gpt-test",
		RetrievalMS:         3.5,
		GenerationMS:        120.25,
		TotalMS:             130,
		PromptTokens:        812,
		CompletionTokens:    21,
	}
}

func TestRecordRoundTrip(t *testing.T) {
	ctx := context.Background()
	l := openLog(t, sqlitelog.Options{})
	want := fullRecord()
	id, err := l.Record(ctx, want)
	require.NoError(t, err)
	require.Positive(t, id)

	got, err := l.Get(ctx, "", id)
	require.NoError(t, err)
	require.Equal(t, id, got.ID)
	require.True(t, want.Time.Equal(got.Time), "time %v != %v", got.Time, want.Time)
	got.Time = want.Time
	require.Equal(t, want, got.QueryRecord)
	require.False(t, got.Redacted)
	require.Len(t, got.QuestionSHA256, 64)
	require.Empty(t, got.Feedback)
}

func TestRecordVariants(t *testing.T) {
	cases := map[string]struct {
		rec   hybridrag.QueryRecord
		check func(t *testing.T, e sqlitelog.Entry)
	}{
		"refusal": {
			rec: hybridrag.QueryRecord{Kind: hybridrag.KindAsk, Question: "What is the airspeed of a swallow?",
				Answer: "No supporting documentation found in indexed sources.", RefusalReason: gate.NoRelevantContent, Confidence: gate.Refused},
			check: func(t *testing.T, e sqlitelog.Entry) {
				require.True(t, e.Refused())
				require.Equal(t, gate.NoRelevantContent, e.RefusalReason)
				require.Empty(t, e.Retrieved)
				require.Empty(t, e.Cited)
			},
		},
		"error": {
			rec: hybridrag.QueryRecord{Kind: hybridrag.KindRetrieve, Question: "x", Error: "hybridrag: invalid query: too short"},
			check: func(t *testing.T, e sqlitelog.Entry) {
				require.Equal(t, "hybridrag: invalid query: too short", e.Error)
				require.Equal(t, hybridrag.KindRetrieve, e.Kind)
			},
		},
		"zero time becomes now": {
			rec: hybridrag.QueryRecord{Kind: hybridrag.KindAsk, Question: "when?"},
			check: func(t *testing.T, e sqlitelog.Entry) {
				require.WithinDuration(t, time.Now(), e.Time, time.Hour)
			},
		},
		"non-finite scores stored as zero": {
			rec: hybridrag.QueryRecord{Kind: hybridrag.KindAsk, Question: "nan?", AttributionCoverage: math.NaN(), TotalMS: math.Inf(1),
				Retrieved: []hybridrag.RetrievedChunk{{ChunkID: "c", Relevance: math.NaN(), Cosine: math.Inf(-1), BM25: 2}}},
			check: func(t *testing.T, e sqlitelog.Entry) {
				require.Zero(t, e.AttributionCoverage)
				require.Zero(t, e.TotalMS)
				require.Equal(t, []hybridrag.RetrievedChunk{{ChunkID: "c", BM25: 2}}, e.Retrieved)
			},
		},
	}
	l := openLog(t, sqlitelog.Options{})
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			id, err := l.Record(ctx, c.rec)
			require.NoError(t, err)
			e, err := l.Get(ctx, "", id)
			require.NoError(t, err)
			c.check(t, e)
		})
	}
}

func TestGetUnknown(t *testing.T) {
	l := openLog(t, sqlitelog.Options{})
	_, err := l.Get(context.Background(), "", 42)
	require.ErrorIs(t, err, sqlitelog.ErrNotFound)
	var nf *sqlitelog.NotFoundError
	require.ErrorAs(t, err, &nf)
	require.Equal(t, "42", nf.ID)
}

func TestRecentFiltersAndPages(t *testing.T) {
	ctx := context.Background()
	l := openLog(t, sqlitelog.Options{})
	var ids []int64 // oldest first
	for i := range 12 {
		r := fullRecord()
		r.Tenant = []string{"a", "b"}[i%2]
		r.Project = []string{"p", "q", "r"}[i%3]
		r.Agent = ""
		if i == 5 {
			r.Agent = "bot"
		}
		id, err := l.Record(ctx, r)
		require.NoError(t, err)
		ids = append(ids, id)
	}
	idsOf := func(es []sqlitelog.Entry) []int64 {
		out := []int64{}
		for _, e := range es {
			out = append(out, e.ID)
		}
		return out
	}
	newest := func(pick func(i int) bool) []int64 {
		out := []int64{}
		for i := len(ids) - 1; i >= 0; i-- {
			if pick(i) {
				out = append(out, ids[i])
			}
		}
		return out
	}
	all := func(int) bool { return true }
	cases := map[string]struct {
		q    sqlitelog.RecentQuery
		want []int64
	}{
		"default limit covers all":   {sqlitelog.RecentQuery{}, newest(all)},
		"limit":                      {sqlitelog.RecentQuery{Limit: 3}, newest(all)[:3]},
		"offset":                     {sqlitelog.RecentQuery{Limit: 3, Offset: 3}, newest(all)[3:6]},
		"cursor":                     {sqlitelog.RecentQuery{Limit: 2, Before: ids[4]}, []int64{ids[3], ids[2]}},
		"tenant":                     {sqlitelog.RecentQuery{Tenant: "a"}, newest(func(i int) bool { return i%2 == 0 })},
		"tenant and project":         {sqlitelog.RecentQuery{Tenant: "b", Project: "p"}, newest(func(i int) bool { return i%2 == 1 && i%3 == 0 })},
		"agent":                      {sqlitelog.RecentQuery{Agent: "bot"}, []int64{ids[5]}},
		"no match":                   {sqlitelog.RecentQuery{Tenant: "zzz"}, []int64{}},
		"cursor past the oldest row": {sqlitelog.RecentQuery{Before: ids[0]}, []int64{}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := l.Recent(ctx, c.q)
			require.NoError(t, err)
			require.Equal(t, c.want, idsOf(got))
		})
	}
}

func TestRecentRejectsBadPaging(t *testing.T) {
	l := openLog(t, sqlitelog.Options{})
	for name, q := range map[string]sqlitelog.RecentQuery{
		"negative limit":  {Limit: -1},
		"limit too large": {Limit: sqlitelog.MaxRecentLimit + 1},
		"negative offset": {Offset: -1},
		"negative cursor": {Before: -1},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := l.Recent(context.Background(), q)
			require.ErrorIs(t, err, sqlitelog.ErrInvalidArgument)
		})
	}
}

func TestFeedback(t *testing.T) {
	ctx := context.Background()
	l := openLog(t, sqlitelog.Options{})
	id, err := l.Record(ctx, fullRecord())
	require.NoError(t, err)
	other, err := l.Record(ctx, fullRecord())
	require.NoError(t, err)

	require.NoError(t, l.Feedback(ctx, "", id, false, "cites the wrong model"))
	require.NoError(t, l.Feedback(ctx, "", id, true, ""))

	e, err := l.Get(ctx, "", id)
	require.NoError(t, err)
	require.Len(t, e.Feedback, 2)
	require.False(t, e.Feedback[0].Correct)
	require.Equal(t, "cites the wrong model", e.Feedback[0].Comment)
	require.True(t, e.Feedback[1].Correct)
	require.WithinDuration(t, time.Now(), e.Feedback[0].Time, time.Hour)

	recent, err := l.Recent(ctx, sqlitelog.RecentQuery{})
	require.NoError(t, err)
	require.Equal(t, other, recent[0].ID)
	require.Empty(t, recent[0].Feedback)
	require.Len(t, recent[1].Feedback, 2)

	err = l.Feedback(ctx, "", 999, true, "")
	require.ErrorIs(t, err, sqlitelog.ErrNotFound)
	var nf *sqlitelog.NotFoundError
	require.ErrorAs(t, err, &nf)
	require.Equal(t, "query", nf.What)

	require.ErrorIs(t, l.Feedback(ctx, "", id, true, strings.Repeat("x", sqlitelog.MaxCommentLength+1)), sqlitelog.ErrInvalidArgument)
	require.ErrorIs(t, l.Feedback(ctx, "", id, true, "\xff"), sqlitelog.ErrInvalidArgument)
}

func TestRedact(t *testing.T) {
	ctx := context.Background()
	l := openLog(t, sqlitelog.Options{Redact: true})
	r := fullRecord()
	id, err := l.Record(ctx, r)
	require.NoError(t, err)
	e, err := l.Get(ctx, "", id)
	require.NoError(t, err)
	require.True(t, e.Redacted)
	require.Equal(t, sqlitelog.Redacted(r.Question), e.Question)
	require.Equal(t, sqlitelog.Redacted(r.Answer), e.Answer)
	require.True(t, strings.HasPrefix(e.Question, "[redacted sha256:"))
	require.Contains(t, e.Question, e.QuestionSHA256)
	require.Equal(t, r.Retrieved, e.Retrieved, "ids and scores are kept")

	// The text must be nowhere in the files, WAL included, before or after
	// the WAL is checkpointed into the database by Close.
	noText := func() {
		for _, suffix := range []string{"", "-wal"} {
			raw, err := os.ReadFile(l.Path() + suffix)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			require.NoError(t, err)
			require.NotContains(t, string(raw), "reset the router")
			require.NotContains(t, string(raw), "ten seconds")
		}
	}
	noText()
	require.NoError(t, l.Close())
	noText()

	// Control: without Redact the same check finds the text, so it can fail.
	plain := openLog(t, sqlitelog.Options{})
	_, err = plain.Record(ctx, r)
	require.NoError(t, err)
	require.NoError(t, plain.Close())
	raw, err := os.ReadFile(plain.Path())
	require.NoError(t, err)
	require.Contains(t, string(raw), "reset the router")
}

func TestDisabled(t *testing.T) {
	ctx := context.Background()
	l := openLog(t, sqlitelog.Options{Disabled: true})
	id, err := l.Record(ctx, fullRecord())
	require.NoError(t, err)
	require.Zero(t, id)
	got, err := l.Recent(ctx, sqlitelog.RecentQuery{})
	require.NoError(t, err)
	require.Empty(t, got)
}

func TestRetention(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "q.db")
	keep, err := sqlitelog.Open(path, sqlitelog.Options{})
	require.NoError(t, err)
	defer keep.Close()
	old := fullRecord()
	old.Time = time.Now().Add(-48 * time.Hour)
	oldID, err := keep.Record(ctx, old)
	require.NoError(t, err)
	require.NoError(t, keep.Feedback(ctx, "", oldID, true, "fine"))

	pruning, err := sqlitelog.Open(path, sqlitelog.Options{Retention: 24 * time.Hour})
	require.NoError(t, err)
	defer pruning.Close()
	n, err := pruning.Prune(ctx)
	require.NoError(t, err)
	require.EqualValues(t, 1, n)
	_, err = pruning.Get(ctx, "", oldID)
	require.ErrorIs(t, err, sqlitelog.ErrNotFound)
	require.Zero(t, countRows(t, path, "feedback"), "feedback goes with its query")

	// On write: the old row goes, the fresh one stays.
	oldID, err = keep.Record(ctx, old)
	require.NoError(t, err)
	fresh := fullRecord()
	fresh.Time = time.Now()
	freshID, err := pruning.Record(ctx, fresh)
	require.NoError(t, err)
	_, err = pruning.Get(ctx, "", oldID)
	require.ErrorIs(t, err, sqlitelog.ErrNotFound)
	_, err = pruning.Get(ctx, "", freshID)
	require.NoError(t, err)
}

func TestMaxRows(t *testing.T) {
	ctx := context.Background()
	l := openLog(t, sqlitelog.Options{MaxRows: 3})
	var ids []int64
	for range 7 {
		id, err := l.Record(ctx, fullRecord())
		require.NoError(t, err)
		ids = append(ids, id)
	}
	got, err := l.Recent(ctx, sqlitelog.RecentQuery{})
	require.NoError(t, err)
	require.Len(t, got, 3)
	require.Equal(t, []int64{ids[6], ids[5], ids[4]}, []int64{got[0].ID, got[1].ID, got[2].ID})
	n, err := l.Prune(ctx)
	require.NoError(t, err)
	require.Zero(t, n)
}

func TestIDsAreNotReusedAfterPruning(t *testing.T) {
	ctx := context.Background()
	l := openLog(t, sqlitelog.Options{Retention: time.Hour})
	old := fullRecord()
	old.Time = time.Now().Add(-2 * time.Hour)
	first, err := l.Record(ctx, old) // deleted by its own write's pruning
	require.NoError(t, err)
	second, err := l.Record(ctx, fullRecord())
	require.NoError(t, err)
	require.Greater(t, second, first, "feedback for a pruned id must never land on a new query")
}

func TestClosed(t *testing.T) {
	l, err := sqlitelog.Open(filepath.Join(t.TempDir(), "q.db"), sqlitelog.Options{})
	require.NoError(t, err)
	require.NoError(t, l.Close())
	require.NoError(t, l.Close())
	ctx := context.Background()
	_, err = l.Record(ctx, fullRecord())
	require.ErrorIs(t, err, sqlitelog.ErrClosed)
	_, err = l.Recent(ctx, sqlitelog.RecentQuery{})
	require.ErrorIs(t, err, sqlitelog.ErrClosed)
	_, err = l.Get(ctx, "", 1)
	require.ErrorIs(t, err, sqlitelog.ErrClosed)
	require.ErrorIs(t, l.Feedback(ctx, "", 1, true, ""), sqlitelog.ErrClosed)
	_, err = l.EvalRuns(ctx, "", 0)
	require.ErrorIs(t, err, sqlitelog.ErrClosed)
}

func countRows(t *testing.T, path, table string) int {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	defer db.Close()
	var n int
	require.NoError(t, db.QueryRow(`SELECT count(*) FROM `+table).Scan(&n))
	return n
}
