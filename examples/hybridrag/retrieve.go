package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// retrievalJSON is the output of "retrieve --json".
type retrievalJSON struct {
	Query         string                   `json:"query"`
	QueryAnalysis retrieve.QueryAnalysis   `json:"query_analysis"`
	Sources       []hybridrag.AnswerSource `json:"sources"`
	Metadata      retrievalMeta            `json:"metadata"`
}

type retrievalMeta struct {
	RetrievalMS     float64            `json:"retrieval_ms"`
	ChunksRetrieved int                `json:"chunks_retrieved"`
	ChunksUsed      int                `json:"chunks_used"`
	Stages          map[string]float64 `json:"stages"`
}

// openPipeline opens an existing store read-only: query commands never
// create or change one, and several may share it at once.
func openPipeline(c *common, cfg hybridrag.Config) (*hybridrag.Pipeline, error) {
	if c.store == "" {
		return nil, fmt.Errorf("%w: --store DIR is required", errUsage)
	}
	st, err := openStoreReadOnly(context.Background(), c.store)
	if err != nil {
		return nil, err
	}
	if cfg.Embedder == nil {
		if cfg.Embedder, err = storeEmbedder(context.Background(), st); err != nil {
			_ = st.Close()
			return nil, err
		}
	}
	cfg.Store = st
	cfg.QueryLog = c.queryLog()
	cfg.RequireTenant = c.requireTenant
	p, err := hybridrag.New(cfg)
	if err != nil {
		_ = st.Close()
		closeQueryLog(cfg.QueryLog)
		return nil, err
	}
	return p, nil
}

func cmdRetrieve(ctx context.Context, args []string, stdout io.Writer) error {
	var (
		c  common
		rr rerankFlags
	)
	fs := newFlagSet("retrieve", &c)
	addQueryFlags(fs, &c)
	addDateFlags(fs, &c)
	addLogFlags(fs, &c, true)
	addRerankFlags(fs, &rr, false)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if err := c.explicit(fs); err != nil {
		return err
	}
	q, err := question(pos)
	if err != nil {
		return err
	}
	if err := rr.check("", false, false); err != nil {
		return err
	}
	var cfg hybridrag.Config
	if err := rr.apply(&cfg, nil); err != nil {
		return err
	}
	p, err := openPipeline(&c, cfg)
	if err != nil {
		return err
	}
	defer closeAll(p)
	res, err := p.Retrieve(ctx, c.request(q))
	if err != nil {
		return err
	}
	out := retrievalJSON{
		Query:         res.Query,
		QueryAnalysis: res.Analysis,
		Sources:       hybridrag.Sources(res.Sources),
		Metadata: retrievalMeta{
			RetrievalMS:     float64(res.Timings.Total.Microseconds()) / 1000,
			ChunksRetrieved: res.Candidates,
			ChunksUsed:      len(res.Sources),
			Stages: map[string]float64{
				"embed":   float64(res.Timings.Embed.Microseconds()) / 1000,
				"keyword": float64(res.Timings.Keyword.Microseconds()) / 1000,
				"vector":  float64(res.Timings.Vector.Microseconds()) / 1000,
				"fuse":    float64(res.Timings.Fuse.Microseconds()) / 1000,
			},
		},
	}
	if c.json {
		return writeJSON(stdout, out)
	}
	if len(out.Sources) == 0 {
		fmt.Fprintln(stdout, "No sources found.")
	}
	for _, s := range out.Sources {
		where := s.Source
		if s.Heading != "" {
			where += ", " + s.Heading
		}
		if s.Page > 0 {
			where += fmt.Sprintf(", p. %d", s.Page)
		}
		if s.Revision != "" {
			where += ", rev. " + s.Revision
		}
		if d := cite.FormatDate(s.Date); d != "" {
			where += ", " + d
		}
		where += timeRange(s)
		fmt.Fprintf(stdout, "[%s] %s (relevance %.2f, bm25 %.2f, cosine %.2f)\n    %s\n",
			s.ID, where, s.Relevance, s.Scores.BM25, s.Scores.Cosine, preview(s.Text, 200))
	}
	return nil
}

func closeAll(p *hybridrag.Pipeline) {
	_ = p.Close()
	if c, ok := p.Store().(io.Closer); ok {
		_ = c.Close()
	}
	closeQueryLog(p.QueryLog())
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// preview is the start of a source's text on one line: the chunk's own
// line breaks and code fences would leave every line after the first
// unindented, running into the next source's header.
func preview(s string, n int) string {
	return snippet(strings.Join(strings.Fields(strings.ReplaceAll(s, "```", " ")), " "), n)
}

func snippet(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return string(r)
	}
	return string(r[:n]) + "…"
}

// timeRange is ", t=1:02–2:10 (Alice, Bob)" for a transcript source.
func timeRange(s hybridrag.AnswerSource) string {
	if s.Start == nil || s.End == nil {
		return ""
	}
	sec := func(f float64) time.Duration { return time.Duration(f * float64(time.Second)) }
	out := ", t=" + store.FormatTimestamp(sec(*s.Start)) + "–" + store.FormatTimestamp(sec(*s.End))
	if len(s.Speakers) > 0 {
		out += " (" + strings.Join(s.Speakers, ", ") + ")"
	}
	return out
}
