package hybridrag_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
)

func chunkIDs(rs []hybridrag.RetrievedChunk) []string {
	out := []string{}
	for _, r := range rs {
		out = append(out, r.ChunkID)
	}
	return out
}

func TestPipelineLogsEveryAsk(t *testing.T) {
	errOffline := errors.New("index offline")
	errModel := errors.New("model overloaded")
	cases := map[string]struct {
		cfg   hybridrag.Config
		req   hybridrag.Request
		check func(t *testing.T, ans *hybridrag.Answer, err error, rec hybridrag.QueryRecord)
	}{
		"answer": {
			req: qlRequest("  " + qlAnswerable + "\n"),
			check: func(t *testing.T, ans *hybridrag.Answer, err error, rec hybridrag.QueryRecord) {
				require.NoError(t, err)
				require.False(t, ans.Refused())
				require.Equal(t, qlAnswerable, rec.Question)
				require.Equal(t, ans.Answer, rec.Answer)
				require.Empty(t, rec.RefusalReason)
				require.Equal(t, ans.Confidence, rec.Confidence)
				require.Equal(t, "extractive", rec.Generator)
				require.Equal(t, ans.Metadata.AttributionCoverage, rec.AttributionCoverage)
				require.Equal(t, ans.Metadata.TotalMS, rec.TotalMS)
				require.Equal(t, ans.Metadata.RetrievalMS, rec.RetrievalMS)
				require.Equal(t, ans.Metadata.GenerationMS, rec.GenerationMS)
				require.NotEmpty(t, rec.Retrieved)
				require.NotEmpty(t, rec.Cited)
				require.Subset(t, chunkIDs(rec.Retrieved), rec.Cited)
				for _, s := range ans.Sources {
					require.Equal(t, s.Cited, strings.Contains(strings.Join(rec.Cited, " "), s.ChunkID), s.ChunkID)
				}
				require.Equal(t, "filters", rec.Retrieved[0].DocumentID)
				require.Positive(t, rec.Retrieved[0].Relevance)
				require.Empty(t, rec.Error)
				require.Contains(t, ans.Metadata.Stages, hybridrag.StageLog)
			},
		},
		"refusal after retrieval keeps the evidence it refused": {
			req: qlRequest(qlUnanswerable),
			check: func(t *testing.T, ans *hybridrag.Answer, err error, rec hybridrag.QueryRecord) {
				require.NoError(t, err)
				require.True(t, ans.Refused())
				require.Equal(t, gate.NoRelevantContent, rec.RefusalReason)
				require.Equal(t, gate.Refused, rec.Confidence)
				require.Equal(t, ans.Answer, rec.Answer)
				require.NotEmpty(t, rec.Retrieved, "the chunks the gate judged too weak")
				require.Empty(t, rec.Cited)
				require.Empty(t, rec.Error)
			},
		},
		"refusal before retrieval": {
			req: func() hybridrag.Request {
				r := qlRequest(qlAnswerable)
				r.Filter.TenantID = "nobody"
				return r
			}(),
			check: func(t *testing.T, ans *hybridrag.Answer, err error, rec hybridrag.QueryRecord) {
				require.NoError(t, err)
				require.Equal(t, gate.CollectionNotFound, rec.RefusalReason)
				require.Equal(t, "nobody", rec.Tenant)
				require.Empty(t, rec.Retrieved)
			},
		},
		"invalid question": {
			req: qlRequest("x"),
			check: func(t *testing.T, ans *hybridrag.Answer, err error, rec hybridrag.QueryRecord) {
				require.ErrorIs(t, err, hybridrag.ErrInvalidQuery)
				require.Nil(t, ans)
				require.Equal(t, err.Error(), rec.Error)
				require.Equal(t, "x", rec.Question)
				require.Empty(t, rec.Retrieved)
			},
		},
		"oversized question is bounded": {
			cfg: hybridrag.Config{Query: hybridrag.QueryConfig{MaxLength: 40}},
			req: qlRequest(strings.Repeat("é", 5000)),
			check: func(t *testing.T, ans *hybridrag.Answer, err error, rec hybridrag.QueryRecord) {
				require.ErrorIs(t, err, hybridrag.ErrInvalidQuery)
				require.Equal(t, strings.Repeat("é", 40)+"…", rec.Question)
			},
		},
		"invalid UTF-8 is made valid": {
			req: qlRequest("bad \xff bytes"),
			check: func(t *testing.T, ans *hybridrag.Answer, err error, rec hybridrag.QueryRecord) {
				require.ErrorIs(t, err, hybridrag.ErrInvalidQuery)
				require.Equal(t, "bad \uFFFD bytes", rec.Question)
			},
		},
		"retriever error": {
			cfg: hybridrag.Config{Retriever: retrieve.RetrieverFunc(func(context.Context, retrieve.Query) (*retrieve.Result, error) {
				return nil, errOffline
			})},
			req: qlRequest(qlAnswerable),
			check: func(t *testing.T, ans *hybridrag.Answer, err error, rec hybridrag.QueryRecord) {
				require.ErrorIs(t, err, errOffline)
				require.Equal(t, err.Error(), rec.Error)
				require.Empty(t, rec.Retrieved)
			},
		},
		"generator error keeps what was retrieved": {
			cfg: hybridrag.Config{Generator: generate.GeneratorFunc(func(context.Context, generate.Request) (*generate.Generation, error) {
				return nil, errModel
			})},
			req: qlRequest(qlAnswerable),
			check: func(t *testing.T, ans *hybridrag.Answer, err error, rec hybridrag.QueryRecord) {
				require.ErrorIs(t, err, errModel)
				require.Contains(t, rec.Error, "model overloaded")
				require.NotEmpty(t, rec.Retrieved)
				require.Empty(t, rec.Answer)
				require.NotEmpty(t, rec.Generator)
			},
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			var rec qlRecorder
			c.cfg.QueryLog = &rec
			p := qlPipeline(t, c.cfg)
			before := time.Now()
			ans, err := p.Ask(context.Background(), c.req)
			require.Len(t, rec.records, 1)
			got := rec.last(t)
			require.Equal(t, hybridrag.KindAsk, got.Kind)
			require.Equal(t, c.req.Filter.TenantID, got.Tenant)
			require.Equal(t, "manual", got.Project)
			require.Equal(t, "helpdesk", got.Agent)
			require.False(t, got.Time.Before(before))
			if ans != nil {
				require.EqualValues(t, 1, ans.QueryID)
			}
			c.check(t, ans, err, got)
		})
	}
}

func TestPipelineLogsEveryRetrieve(t *testing.T) {
	var rec qlRecorder
	p := qlPipeline(t, hybridrag.Config{QueryLog: &rec})
	ctx := context.Background()

	res, err := p.Retrieve(ctx, qlRequest(qlAnswerable))
	require.NoError(t, err)
	got := rec.last(t)
	require.Equal(t, hybridrag.KindRetrieve, got.Kind)
	require.Equal(t, qlAnswerable, got.Question)
	require.Len(t, got.Retrieved, len(res.Sources))
	for i, s := range res.Sources {
		require.Equal(t, hybridrag.RetrievedChunk{
			ChunkID: s.Chunk.ID, DocumentID: s.Chunk.DocumentID, Relevance: s.Relevance,
			BM25: s.Scores.BM25, Cosine: s.Scores.Cosine, Fused: s.Scores.Fused,
		}, got.Retrieved[i])
	}
	require.Equal(t, float64(res.Timings.Total.Microseconds())/1000, got.RetrievalMS)
	require.GreaterOrEqual(t, got.TotalMS, got.RetrievalMS)
	require.Empty(t, got.Answer)
	require.Empty(t, got.Error)

	_, err = p.Retrieve(ctx, qlRequest("no"))
	require.ErrorIs(t, err, hybridrag.ErrInvalidQuery)
	got = rec.last(t)
	require.Equal(t, err.Error(), got.Error)
	require.Empty(t, got.Retrieved)
	require.Len(t, rec.records, 2)
}

func TestPipelineWithoutQueryLog(t *testing.T) {
	p := qlPipeline(t, hybridrag.Config{})
	ans, err := p.Ask(context.Background(), qlRequest(qlAnswerable))
	require.NoError(t, err)
	require.Zero(t, ans.QueryID)
	require.NotContains(t, ans.Metadata.Stages, hybridrag.StageLog)
	require.Nil(t, p.QueryLog())
}

func TestQueryLogGetsAnUncancelledContext(t *testing.T) {
	var recordCtxErr error
	logged := 0
	ql := hybridrag.QueryLogFunc(func(ctx context.Context, _ hybridrag.QueryRecord) (int64, error) {
		recordCtxErr = ctx.Err()
		logged++
		return 7, nil
	})
	p := qlPipeline(t, hybridrag.Config{QueryLog: ql, Retriever: retrieve.RetrieverFunc(
		func(ctx context.Context, _ retrieve.Query) (*retrieve.Result, error) { return nil, ctx.Err() })})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := p.Ask(ctx, qlRequest(qlAnswerable))
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, 1, logged)
	require.NoError(t, recordCtxErr)
}

func TestQueryLogFailureIsVisibleNotFatal(t *testing.T) {
	errDisk := errors.New("disk full")
	failing := hybridrag.QueryLogFunc(func(context.Context, hybridrag.QueryRecord) (int64, error) { return 0, errDisk })

	t.Run("reported to the Observer", func(t *testing.T) {
		var obs qlRecorder
		p := qlPipeline(t, hybridrag.Config{QueryLog: failing, Observer: &obs})
		ans, err := p.Ask(context.Background(), qlRequest(qlAnswerable))
		require.NoError(t, err)
		require.False(t, ans.Refused())
		require.Zero(t, ans.QueryID)
		var logEvents []hybridrag.Event
		for _, e := range obs.takeEvents() {
			if e.Stage == hybridrag.StageLog {
				logEvents = append(logEvents, e)
			}
		}
		require.Len(t, logEvents, 1)
		require.ErrorIs(t, logEvents[0].Err, errDisk)

		_, err = p.Retrieve(context.Background(), qlRequest(qlAnswerable))
		require.NoError(t, err)
	})

	t.Run("without an Observer, a warning on slog.Default", func(t *testing.T) {
		var buf bytes.Buffer
		prev := slog.Default()
		slog.SetDefault(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelWarn})))
		defer slog.SetDefault(prev)

		p := qlPipeline(t, hybridrag.Config{QueryLog: failing})
		_, err := p.Ask(context.Background(), qlRequest(qlAnswerable))
		require.NoError(t, err)
		require.Contains(t, buf.String(), "level=WARN")
		require.Contains(t, buf.String(), "query log failed")
		require.Contains(t, buf.String(), "disk full")
	})
}
