package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

// queryLogFile is the query log's name inside the store directory.
const queryLogFile = "querylog.db"

// logFlags holds the query-logging state of ask, retrieve and eval.
type logFlags struct {
	enabled bool   // the command logs its queries
	off     bool   // --no-log
	path    string // --log
}

// addLogFlags adds --log PATH and --no-log. logsQueries makes the command
// record each query (ask, retrieve); eval only saves its run there.
func addLogFlags(fs *flag.FlagSet, c *common, logsQueries bool) {
	c.log.enabled = logsQueries
	fs.BoolVar(&c.log.off, "no-log", false, "do not use the query log")
	fs.StringVar(&c.log.path, "log", "", "query log (SQLite file; default STORE/"+queryLogFile+" for a directory store, none for PostgreSQL)")
}

// logPath is the query log's file: --log, or querylog.db inside a
// directory store; "" for a PostgreSQL store without --log, whose DSN
// names no directory to put it in.
func (c *common) logPath() string {
	switch {
	case c.log.off:
		return ""
	case c.log.path != "":
		return c.log.path
	case isPostgresDSN(c.store):
		return ""
	}
	return filepath.Join(c.store, queryLogFile)
}

// queryLog opens the query log for a command that logs. Like a failed
// write, a log that cannot be opened does not stop the question from being
// answered: it is reported on stderr and the query goes unlogged.
func (c *common) queryLog() hybridrag.QueryLog {
	path := c.logPath()
	if !c.log.enabled || path == "" {
		return nil
	}
	l, err := sqlitelog.Open(path, sqlitelog.Options{RequireTenant: c.requireTenant})
	if err != nil {
		slog.Warn("hybridrag: query not logged (use --no-log to silence)", "err", err)
		return nil
	}
	return l
}

// closeQueryLog closes a query log that openPipeline opened.
func closeQueryLog(ql hybridrag.QueryLog) {
	if c, ok := ql.(io.Closer); ok {
		_ = c.Close()
	}
}

// cmdLog lists, shows and gives feedback on logged queries:
//
//	log --store DIR [--tenant T --project P] [--limit N] [--before ID] [--json]
//	log --store DIR show ID [--json]
//	log --store DIR feedback ID correct|incorrect [--comment C]
//
// With --tenant T, show and feedback find only T's queries (another
// tenant's id is "not found", as a missing one is) and --runs lists only
// T's index runs; --require-tenant refuses every read without --tenant.
// --log PATH reads another query log (required with a PostgreSQL store).
func cmdLog(ctx context.Context, args []string, stdout io.Writer) error {
	var (
		c       common
		limit   int
		before  int64
		comment string
		runs    bool
	)
	fset := newFlagSet("log", &c)
	fset.BoolVar(&runs, "runs", false, "list index runs (time, folders, counts, skipped files) instead of queries")
	fset.IntVar(&limit, "limit", sqlitelog.DefaultRecentLimit, "number of queries to list")
	fset.Int64Var(&before, "before", 0, "list queries with an id below this one (paging)")
	fset.StringVar(&comment, "comment", "", "feedback comment")
	fset.StringVar(&c.log.path, "log", "", "query log (default STORE/"+queryLogFile+")")
	addRequireTenantFlag(fset, &c)
	pos, err := parse(fset, args)
	if err != nil {
		return err
	}
	if c.store == "" && c.log.path == "" {
		return fmt.Errorf("%w: --store DIR (or --log PATH) is required", errUsage)
	}
	path := c.logPath()
	if path == "" {
		return fmt.Errorf("%w: a PostgreSQL store keeps no query log of its own; give --log PATH", errUsage)
	}
	if limit < 1 || limit > sqlitelog.MaxRecentLimit {
		return fmt.Errorf("%w: --limit must be in 1..%d", errUsage, sqlitelog.MaxRecentLimit)
	}
	if before < 0 {
		return fmt.Errorf("%w: --before must not be negative", errUsage)
	}
	sub := ""
	if len(pos) > 0 {
		sub = pos[0]
	}
	switch {
	case sub == "" && len(pos) == 0:
	case sub == "show" && len(pos) == 2:
	case sub == "feedback" && len(pos) == 3:
	default:
		return fmt.Errorf("%w: log takes no argument, \"show ID\" or \"feedback ID correct|incorrect\"", errUsage)
	}
	var id int64
	if sub != "" {
		if id, err = strconv.ParseInt(pos[1], 10, 64); err != nil || id < 1 {
			return fmt.Errorf("%w: query id %q is not a positive integer", errUsage, pos[1])
		}
	}
	var correct bool
	if sub == "feedback" {
		switch pos[2] {
		case "correct":
			correct = true
		case "incorrect":
		default:
			return fmt.Errorf("%w: feedback verdict must be correct or incorrect, not %q", errUsage, pos[2])
		}
	}

	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("no query log at %s (index, ask and retrieve write one)", path)
	}
	ql, err := sqlitelog.Open(path, sqlitelog.Options{RequireTenant: c.requireTenant})
	if err != nil {
		return err
	}
	defer ql.Close()

	if runs {
		if sub != "" {
			return fmt.Errorf("%w: log --runs takes no argument", errUsage)
		}
		list, err := ql.IndexRuns(ctx, c.tenant, limit)
		if err != nil {
			return err
		}
		if c.json {
			return writeJSON(stdout, list)
		}
		return printIndexRuns(stdout, list)
	}
	switch sub {
	case "show":
		e, err := ql.Get(ctx, c.tenant, id)
		if err != nil {
			return err
		}
		if c.json {
			return writeJSON(stdout, e)
		}
		return printEntry(stdout, e)
	case "feedback":
		if err := ql.Feedback(ctx, c.tenant, id, correct, comment); err != nil {
			return err
		}
		_, err := fmt.Fprintf(stdout, "recorded feedback on query %d: %s\n", id, pos[2])
		return err
	}
	entries, err := ql.Recent(ctx, sqlitelog.RecentQuery{Tenant: c.tenant, Project: c.project, Limit: limit, Before: before})
	if err != nil {
		return err
	}
	if c.json {
		return writeJSON(stdout, entries)
	}
	return printEntries(stdout, entries)
}

func printEntries(w io.Writer, entries []sqlitelog.Entry) error {
	if len(entries) == 0 {
		_, err := fmt.Fprintln(w, "No logged queries.")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTIME (UTC)\tKIND\tOUTCOME\tTOTAL MS\tFEEDBACK\tQUESTION")
	for _, e := range entries {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%.1f\t%s\t%s\n", e.ID, e.Time.UTC().Format(time.DateTime), e.Kind,
			snippet(outcome(e), 40), e.TotalMS, lastVerdict(e), snippet(e.Question, 60))
	}
	return tw.Flush()
}

func outcome(e sqlitelog.Entry) string {
	switch {
	case e.Error != "":
		return "error: " + e.Error
	case e.Refused():
		return "refused: " + string(e.RefusalReason)
	case e.Kind == hybridrag.KindRetrieve:
		return fmt.Sprintf("%d sources", len(e.Retrieved))
	default:
		return fmt.Sprintf("answered (%s)", e.Confidence)
	}
}

func lastVerdict(e sqlitelog.Entry) string {
	if len(e.Feedback) == 0 {
		return "-"
	}
	if e.Feedback[len(e.Feedback)-1].Correct {
		return "correct"
	}
	return "incorrect"
}

func printEntry(w io.Writer, e sqlitelog.Entry) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Query %d · %s · %s UTC\n", e.ID, e.Kind, e.Time.UTC().Format(time.DateTime))
	fmt.Fprintf(&b, "Tenant: %s  Project: %s  Agent: %s", orDash(e.Tenant), orDash(e.Project), orDash(e.Agent))
	if e.Profile != "" {
		fmt.Fprintf(&b, "  Profile: %s", e.Profile)
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "Question: %s\n", e.Question)
	fmt.Fprintf(&b, "Outcome: %s\n", outcome(e))
	if (e.Kind == hybridrag.KindAsk || e.Kind == hybridrag.KindArtifact) && e.Error == "" {
		fmt.Fprintf(&b, "Confidence: %s  Attribution coverage: %.2f\n", e.Confidence, e.AttributionCoverage)
	}
	if e.Answer != "" {
		b.WriteString("Answer:\n")
		for _, line := range strings.Split(e.Answer, "\n") {
			if line != "" {
				b.WriteString("  " + line)
			}
			b.WriteByte('\n')
		}
	}
	if len(e.Retrieved) > 0 {
		cited := map[string]bool{}
		for _, id := range e.Cited {
			cited[id] = true
		}
		b.WriteString("Retrieved:\n")
		for i, r := range e.Retrieved {
			mark := ""
			if cited[r.ChunkID] {
				mark = "  [cited]"
			}
			fmt.Fprintf(&b, "  %2d. %s (document %s) relevance %.2f, bm25 %.2f, cosine %.2f, fused %.4f%s\n",
				i+1, r.ChunkID, r.DocumentID, r.Relevance, r.BM25, r.Cosine, r.Fused, mark)
		}
	}
	if e.Generator != "" {
		fmt.Fprintf(&b, "Generator: %s  Model: %s  Tokens: %d prompt, %d completion\n",
			e.Generator, orDash(e.Model), e.PromptTokens, e.CompletionTokens)
	}
	fmt.Fprintf(&b, "Timings: retrieval %.1f ms, generation %.1f ms, total %.1f ms\n", e.RetrievalMS, e.GenerationMS, e.TotalMS)
	if e.Redacted {
		b.WriteString("Question and answer text are redacted.\n")
	}
	for _, f := range e.Feedback {
		verdict := "incorrect"
		if f.Correct {
			verdict = "correct"
		}
		fmt.Fprintf(&b, "Feedback %s UTC: %s", f.Time.UTC().Format(time.DateTime), verdict)
		if f.Comment != "" {
			fmt.Fprintf(&b, " — %s", f.Comment)
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func printIndexRuns(w io.Writer, runs []sqlitelog.IndexRun) error {
	if len(runs) == 0 {
		_, err := fmt.Fprintln(w, "No index runs logged.")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTIME (UTC)\tSECONDS\tDOCUMENTS\tCHUNKS\tNEW\tREPLACED\tUNCHANGED\tREMOVED\tSKIPPED\tPATHS")
	for _, r := range runs {
		fmt.Fprintf(tw, "%d\t%s\t%.2f\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", r.ID, r.Started.UTC().Format(time.DateTime),
			r.Duration.Seconds(), r.Documents, r.Chunks, r.New, r.Replaced, r.Unchanged, r.Removed, r.Skipped,
			strings.Join(r.Roots, " "))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, r := range runs {
		for _, e := range r.Errors {
			if _, err := fmt.Fprintf(w, "run %d skipped %s\n", r.ID, e); err != nil {
				return err
			}
		}
	}
	return nil
}
