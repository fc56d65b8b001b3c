package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/eval/report"
	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

// evalTestSet indexes a small manual and writes an evaluation set for it;
// it returns the store and the questions file.
func evalTestSet(t *testing.T) (string, string) {
	t.Helper()
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs")
	require.NoError(t, os.MkdirAll(docs, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "pump.md"), []byte("# Pump manual\n\n## Priming\n\nPrime the pump with 2 litres of water before the first start. Never run the pump dry.\n\n## Seals\n\nReplace the shaft seal every 2,000 operating hours.\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "valve.md"), []byte("# Valve guide\n\n## Relief\n\nThe pressure relief valve opens at 6 bar. Test the relief valve every 6 months.\n"), 0o600))
	st := filepath.Join(dir, "store")
	code, _, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	qs := filepath.Join(dir, "eval.jsonl")
	require.NoError(t, os.WriteFile(qs, []byte(strings.Join([]string{
		`{"id":"relief","query":"At what pressure does the relief valve open?","relevant_documents":["docs/valve.md"],"evidence":["opens at 6 bar"]}`,
		`{"id":"priming","query":"How much water do I need to prime the pump?","relevant_documents":["pump.md"],"evidence":["2 litres of water"]}`,
		`{"id":"wifi","query":"How do I connect the pump to my Wi-Fi network?","unanswerable":true}`,
		`{"id":"football","query":"Who won the football world cup in 1998?","unanswerable":true}`,
	}, "\n")+"\n"), 0o600))
	return st, qs
}

func TestCLIEval(t *testing.T) {
	st, qs := evalTestSet(t)

	code, out, errOut := runCLI(t, "eval", "--store", st, "--questions", qs, "--json", "--name", "ci")
	require.Equal(t, 0, code, errOut)
	var agg eval.Aggregate
	require.NoError(t, json.Unmarshal([]byte(out), &agg))
	require.Equal(t, 4, agg.Questions)
	require.Equal(t, 2, agg.Answerable)
	require.Equal(t, 2, agg.Unanswerable)
	require.Equal(t, 2, agg.DocumentQuestions)
	require.Contains(t, agg.Latency, "total")

	// The run was saved beside the query log, questions were not logged.
	lg, err := sqlitelog.Open(filepath.Join(st, queryLogFile), sqlitelog.Options{})
	require.NoError(t, err)
	runs, err := lg.EvalRuns(context.Background(), "", 0)
	require.NoError(t, err)
	require.Len(t, runs, 1)
	require.Equal(t, "ci", runs[0].Name)
	back, err := eval.RunFromRecord(runs[0])
	require.NoError(t, err)
	require.Equal(t, agg, back.Aggregate)
	recent, err := lg.Recent(context.Background(), sqlitelog.RecentQuery{})
	require.NoError(t, err)
	require.Empty(t, recent, "evaluated questions are not logged as queries")
	require.NoError(t, lg.Close())

	// Text output, calibration and report files; --no-log saves nothing.
	reportDir := filepath.Join(t.TempDir(), "report")
	code, out, errOut = runCLI(t, "eval", "--store", st, "--questions", qs, "--report", reportDir, "--calibrate", "--no-log", "--k", "3")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "4 questions (2 answerable, 2 unanswerable, 0 errors)")
	require.Contains(t, out, "recall@3")
	require.Contains(t, out, "recommended")
	require.Contains(t, out, "report written to "+reportDir)
	require.NotContains(t, out, "saved to")
	for _, f := range []string{report.JSONFile, report.MarkdownFile, report.HTMLFile} {
		info, err := os.Stat(filepath.Join(reportDir, f))
		require.NoError(t, err)
		require.Positive(t, info.Size())
	}
	lg, err = sqlitelog.Open(filepath.Join(st, queryLogFile), sqlitelog.Options{})
	require.NoError(t, err)
	runs, err = lg.EvalRuns(context.Background(), "", 0)
	require.NoError(t, err)
	require.Len(t, runs, 1, "--no-log")
	require.NoError(t, lg.Close())

	code, out, errOut = runCLI(t, "eval", "--store", st, "--questions", qs, "--json", "--calibrate", "--no-log")
	require.Equal(t, 0, code, errOut)
	var withCal struct {
		Aggregate   map[string]any `json:"aggregate"`
		Calibration struct {
			Rule        string           `json:"rule"`
			Recommended map[string]any   `json:"recommended"`
			Curve       []map[string]any `json:"curve"`
		} `json:"calibration"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &withCal))
	require.Contains(t, withCal.Aggregate, "refusal_recall")
	require.NotEmpty(t, withCal.Calibration.Rule)
	require.Len(t, withCal.Calibration.Curve, len(eval.DefaultGrid().Probes))
}

func TestCLIEvalErrors(t *testing.T) {
	st, qs := evalTestSet(t)
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	require.NoError(t, os.WriteFile(bad, []byte(`{"id":"a","query":"fine"}`+"\n"+`{"id":"b","qeury":"typo"}`+"\n"), 0o600))
	onlyAnswerable := filepath.Join(t.TempDir(), "answerable.jsonl")
	require.NoError(t, os.WriteFile(onlyAnswerable, []byte(`{"id":"a","query":"At what pressure does the relief valve open?"}`+"\n"), 0o600))

	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no questions flag", []string{"eval", "--store", st}, 2, "--questions"},
		{"no store", []string{"eval", "--questions", qs}, 2, "--store"},
		{"stray argument", []string{"eval", "--store", st, "--questions", qs, "extra"}, 2, "unexpected argument"},
		{"unknown flag", []string{"eval", "--store", st, "--questions", qs, "--fast"}, 2, "unknown flag"},
		{"missing file", []string{"eval", "--store", st, "--questions", qs + ".missing"}, 1, "no such file"},
		{"bad line", []string{"eval", "--store", st, "--questions", bad}, 1, "line 2"},
		{"missing store", []string{"eval", "--store", filepath.Join(t.TempDir(), "none"), "--questions", qs}, 1, ""},
		{"calibrate without unanswerable", []string{"eval", "--store", st, "--questions", onlyAnswerable, "--calibrate", "--no-log"}, 1, "calibration needs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, tt.args...)
			require.Equal(t, tt.code, code, errOut)
			require.Contains(t, errOut, tt.msg)
		})
	}
}

// The questions where the pipeline and the baseline disagree are named,
// each way; a question without evidence strings, or that the baseline did
// not score, is neither.
func TestBaselineDisagreements(t *testing.T) {
	q := func(id string, hit float64) eval.Result {
		r := eval.Result{Question: eval.Question{ID: id}}
		r.Metrics.Evidence = &eval.EvidenceMetrics{HitAt5: hit}
		return r
	}
	noEvidence := eval.Result{Question: eval.Question{ID: "e"}}
	run := &eval.Run{Questions: []eval.Result{q("a", 1), q("b", 0), q("c", 1), q("d", 0), noEvidence, q("f", 1)}}
	onlyPipeline, onlyBaseline := disagreements(run, map[string]bool{"a": true, "b": true, "c": false, "d": false, "e": true})
	require.Equal(t, []string{"c"}, onlyPipeline)
	require.Equal(t, []string{"b"}, onlyBaseline)
}

// TestCLIEvalBaseline checks --baseline: the plain-bleve baseline indexes
// the same folder and is scored on the same questions in the same run.
func TestCLIEvalBaseline(t *testing.T) {
	st, qs := evalTestSet(t)
	docs := filepath.Join(filepath.Dir(st), "docs")

	code, out, errOut := runCLI(t, "eval", "--store", st, "--questions", qs, "--json", "--no-log", "--baseline", docs)
	require.Equal(t, 0, code, errOut)
	var got evalJSON
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	require.Nil(t, got.Calibration)
	require.NotNil(t, got.Baseline)
	b := got.Baseline.Summary
	require.Equal(t, eval.EvidenceDepth, b.K)
	require.Equal(t, 2, b.EvidenceQuestions)
	require.Equal(t, 5, b.Chunks, "one chunk per heading: five headings in the two files")
	require.InDelta(t, 1, b.EvidenceHitAtK, 1e-9)
	require.InDelta(t, got.Aggregate.EvidenceHitAt5, got.Baseline.PipelineEvidenceHitAtK, 1e-9)
	require.Equal(t, []string{}, got.Baseline.OnlyPipeline, "both found every passage")
	require.Equal(t, []string{}, got.Baseline.OnlyBaseline)

	code, out, errOut = runCLI(t, "eval", "--store", st, "--questions", qs, "--no-log", "--baseline", docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "evidence@5 over 2 questions: pipeline 1.000, plain-bleve baseline 1.000")

	code, _, errOut = runCLI(t, "eval", "--store", st, "--questions", qs, "--no-log", "--baseline", filepath.Join(docs, "missing"))
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "--baseline")
}
