package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/eval/report"
	"github.com/hybridrag/hybridrag/internal/baseline"
	"github.com/hybridrag/hybridrag/internal/redact"
	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

// evalJSON is the output of "eval --json --calibrate"; without --calibrate
// "eval --json" prints the aggregate alone.
type evalJSON struct {
	Aggregate   eval.Aggregate   `json:"aggregate"`
	Calibration *calibrationJSON `json:"calibration"`
	// Baseline is set by --baseline (then "eval --json" prints this
	// object, not the aggregate alone).
	Baseline *baselineJSON `json:"baseline,omitempty"`
}

// baselineJSON compares the plain-bleve baseline with the pipeline on the
// same questions, at the same depth.
type baselineJSON struct {
	Summary baseline.Summary `json:"summary"`
	// PipelineEvidenceHitAtK is the pipeline's evidence hit at the
	// baseline's K (evidence@5 by default).
	PipelineEvidenceHitAtK float64 `json:"pipeline_evidence_hit_at_k"`
	// OnlyPipeline and OnlyBaseline are the ids of the questions whose
	// evidence one of them found within K and the other did not: where to
	// look when the two figures differ.
	OnlyPipeline []string `json:"only_pipeline"`
	OnlyBaseline []string `json:"only_baseline"`
}

// calibrationJSON is a calibration without its full grid.
type calibrationJSON struct {
	Embedder        string                  `json:"embedder"`
	Rule            string                  `json:"rule"`
	MaxFalseRefusal float64                 `json:"max_false_refusal"`
	MeetsTarget     bool                    `json:"meets_target"`
	Current         eval.CalibrationPoint   `json:"current"`
	Recommended     eval.CalibrationPoint   `json:"recommended"`
	Curve           []eval.CalibrationPoint `json:"curve"`
}

func cmdEval(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var (
		c                          common
		questions, reportDir, name string
		genName, model             string
		calibrate, judge, strict   bool
		baselineDir                string
		concurrency                int
		timeout                    time.Duration
		rr                         rerankFlags
	)
	fs := newFlagSet("eval", &c)
	addQueryFlags(fs, &c)
	addDateFlags(fs, &c)
	fs.StringVar(&questions, "questions", "", "evaluation set (JSONL)")
	fs.StringVar(&reportDir, "report", "", "write report.json, report.md and report.html into this directory")
	fs.BoolVar(&calibrate, "calibrate", false, "sweep the gate thresholds and recommend some")
	fs.StringVar(&baselineDir, "baseline", "", "also index this folder (the one the store was built from) with plain bleve (tf-idf, ~3,000-character heading-cut chunks) and report its evidence@5 beside the pipeline's")
	fs.BoolVar(&strict, "strict", false, "make unknown question fields and relevant documents that match no indexed document errors, not warnings")
	fs.StringVar(&name, "name", "", "label of the run")
	fs.IntVar(&concurrency, "concurrency", 0, "questions evaluated at once (default 1)")
	addLogFlags(fs, &c, false)
	fs.StringVar(&genName, "generator", "extractive", "extractive|openai|ollama|googleai")
	fs.StringVar(&model, "model", "", "model name for the chosen generator")
	fs.BoolVar(&judge, "judge", false, "ask the generator's model to check each kept claim against its sources")
	addTimeoutFlag(fs, &timeout, "deadline of each question")
	addRerankFlags(fs, &rr, true)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if err := c.explicit(fs); err != nil {
		return err
	}
	switch {
	case questions == "":
		return fmt.Errorf("%w: --questions FILE.jsonl is required", errUsage)
	case len(pos) > 0:
		return fmt.Errorf("%w: unexpected argument %q", errUsage, pos[0])
	case concurrency < 0:
		return fmt.Errorf("%w: --concurrency must not be negative", errUsage)
	}
	if err := checkJudge(judge, genName); err != nil {
		return err
	}
	if err := rr.check(genName, true, false); err != nil {
		return err
	}
	if err := checkTimeout(timeout); err != nil {
		return err
	}
	qs, warns, err := readQuestions(questions, strict)
	if err != nil {
		return err
	}
	gen, err := newGenerator(ctx, genName, model)
	if err != nil {
		return err
	}
	cfg := hybridrag.Config{Generator: gen}
	setJudge(&cfg, judge)
	if err := rr.apply(&cfg, gen); err != nil {
		return err
	}
	p, err := openPipeline(&c, cfg)
	if err != nil {
		return err
	}
	defer closeAll(p)
	if err := checkLabels(ctx, p.Store(), &c, qs, warns, strict, questions, stderr); err != nil {
		return err
	}

	// The run is saved beside the query log; the evaluated questions
	// themselves are not logged as queries.
	opts := eval.Options{Name: name, K: c.k, Concurrency: concurrency, Timeout: timeout, Request: c.request("")}
	// A PostgreSQL store without --log has nowhere to save it.
	logDB := c.logPath()
	if logDB != "" {
		lg, err := sqlitelog.Open(logDB, sqlitelog.Options{})
		if err != nil {
			return fmt.Errorf("open %s (use --no-log to skip saving the run): %w", logDB, err)
		}
		defer lg.Close()
		opts.Store = lg
	}
	bar := newProgress(len(qs), "evaluating", stderr)
	if bar != nil {
		opts.Progress = func(done, _ int) { _ = bar.Set(done) }
	}
	run, err := eval.Evaluate(ctx, p, qs, opts)
	if bar != nil {
		_ = bar.Finish()
		fmt.Fprintln(stderr)
	}
	if run == nil {
		return err
	}
	// A run that could not be saved is still reported; the error follows.
	saveErr := err

	var base *baselineJSON
	if baselineDir != "" {
		if base, err = runBaseline(baselineDir, qs, run); err != nil {
			return err
		}
	}

	rep := report.Report{Run: run}
	if calibrate || reportDir != "" {
		cal, err := eval.Calibrate(run, eval.CalibrationGrid{})
		switch {
		case err == nil:
			rep.Calibration = cal
		case calibrate:
			return err
		default:
			rep.CalibrationNote = redact.String(err.Error())
		}
	}
	if reportDir != "" {
		if err := report.Write(reportDir, rep); err != nil {
			return err
		}
	}
	if c.json {
		if !calibrate && base == nil {
			return errors.Join(writeJSON(stdout, run.Aggregate), saveErr)
		}
		out := evalJSON{Aggregate: run.Aggregate, Baseline: base}
		if cal := rep.Calibration; calibrate {
			out.Calibration = &calibrationJSON{
				Embedder: cal.Embedder, Rule: cal.Rule, MaxFalseRefusal: cal.MaxFalseRefusal, MeetsTarget: cal.MeetsTarget,
				Current: cal.Current, Recommended: cal.Recommended, Curve: cal.Curve,
			}
		}
		return errors.Join(writeJSON(stdout, out), saveErr)
	}
	if err := report.WriteText(stdout, rep); err != nil {
		return err
	}
	if base != nil {
		b := base.Summary
		fmt.Fprintf(stdout, "evidence@%d over %d questions: pipeline %.3f, plain-bleve baseline %.3f (%d chunks; baseline document hit@%d %.3f)\n",
			b.K, b.EvidenceQuestions, base.PipelineEvidenceHitAtK, b.EvidenceHitAtK, b.Chunks, b.K, b.DocumentHitAtK)
		if len(base.OnlyPipeline)+len(base.OnlyBaseline) > 0 {
			fmt.Fprintf(stdout, "found only by the pipeline: %s; only by the baseline: %s\n", idList(base.OnlyPipeline), idList(base.OnlyBaseline))
		}
	}
	if reportDir != "" {
		fmt.Fprintf(stdout, "report written to %s\n", reportDir)
	}
	if logDB != "" && saveErr == nil {
		fmt.Fprintf(stdout, "run %s saved to %s\n", run.ID, logDB)
	}
	return saveErr
}

// runBaseline indexes dir with the plain-bleve baseline and scores the
// same questions at depth eval.EvidenceDepth, beside the pipeline's run.
func runBaseline(dir string, qs []eval.Question, run *eval.Run) (*baselineJSON, error) {
	x, err := baseline.Build(dir)
	if err != nil {
		return nil, fmt.Errorf("--baseline: %w", err)
	}
	defer x.Close()
	sum, err := baseline.Run(x, qs, eval.EvidenceDepth)
	if err != nil {
		return nil, fmt.Errorf("--baseline: %w", err)
	}
	out := &baselineJSON{Summary: sum, PipelineEvidenceHitAtK: run.Aggregate.EvidenceHitAt5}
	out.OnlyPipeline, out.OnlyBaseline = disagreements(run, sum.Hits)
	return out, nil
}

// disagreements returns the ids of the questions whose evidence only the
// pipeline found within eval.EvidenceDepth, and those only the baseline
// found (hits: the baseline's, by question id).
func disagreements(run *eval.Run, hits map[string]bool) (onlyPipeline, onlyBaseline []string) {
	onlyPipeline, onlyBaseline = []string{}, []string{}
	for _, r := range run.Questions {
		base, ok := hits[r.ID]
		if !ok || r.Metrics.Evidence == nil {
			continue
		}
		switch pipe := r.Metrics.Evidence.HitAt5 > 0; {
		case pipe && !base:
			onlyPipeline = append(onlyPipeline, r.ID)
		case base && !pipe:
			onlyBaseline = append(onlyBaseline, r.ID)
		}
	}
	return onlyPipeline, onlyBaseline
}

func readQuestions(path string, strict bool) ([]eval.Question, []eval.Warning, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	qs, warns, err := eval.ReadQuestionsWith(f, eval.ReadOptions{Strict: strict})
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return qs, warns, nil
}

// newProgress returns a progress bar when w is a terminal, else nil.
func newProgress(n int, what string, w io.Writer) *progressbar.ProgressBar {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return progressbar.NewOptions(n,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
	)
}

// idList joins question ids for a line of text ("none" for no id).
func idList(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}
