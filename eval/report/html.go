package report

import (
	"fmt"
	"html/template"
	"io"
	"regexp"
	"strings"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/eval"
)

// topRetrieved is how many retrieved chunks a question's row lists.
const topRetrieved = 5

type htmlView struct {
	Report
	Title       string
	Settings    string
	Sections    []section
	Stages      []stageRow
	Relevance   template.HTML
	CalChart    template.HTML
	Latency     template.HTML
	Questions   []questionView
	CurrentTh   string
	Recommended string
}

type questionView struct {
	Anchor    string
	R         *eval.Result
	Kind      string
	Outcome   string
	Correct   bool
	Answer    template.HTML
	Cited     []citedView
	Retrieved []eval.Source
	More      int
}

type citedView struct {
	Anchor string
	hybridrag.AnswerSource
}

// WriteHTML writes the self-contained HTML report.
func WriteHTML(w io.Writer, r Report) error {
	if r.Run == nil {
		return ErrNoRun
	}
	run := r.Run
	v := htmlView{
		Report:    r,
		Title:     run.ID,
		Sections:  summary(run),
		Stages:    stages(run.Aggregate),
		Relevance: relevanceChart(r),
		Latency:   latencyChart(run),
		CurrentTh: thresholds(run.Settings.Thresholds),
		Settings: fmt.Sprintf("Started %s, %.1f s · generator %s · embedder %s · k = %d · concurrency %d",
			run.Started.UTC().Format("2006-01-02 15:04:05 MST"), run.DurationMS/1000, run.Settings.Generator,
			run.Settings.Embedder, run.Settings.K, run.Settings.Concurrency),
	}
	if run.Name != "" {
		v.Title = run.Name + " (" + run.ID + ")"
	}
	if r.Calibration != nil {
		v.CalChart = calibrationChart(r.Calibration, run.Settings.Thresholds.Probe)
		v.Recommended = thresholds(r.Calibration.Recommended.Thresholds)
	}
	for i := range run.Questions {
		q := &run.Questions[i]
		anchor := fmt.Sprintf("q%d", i+1)
		qv := questionView{
			Anchor: anchor, R: q, Kind: kind(q), Outcome: outcome(q), Correct: correct(q),
			Answer:    linkMarkers(q.Answer, anchor, q.Cited),
			Retrieved: q.Retrieved[:min(topRetrieved, len(q.Retrieved))],
			More:      max(len(q.Retrieved)-topRetrieved, 0),
		}
		for _, c := range q.Cited {
			qv.Cited = append(qv.Cited, citedView{Anchor: anchor + "-" + c.ID, AnswerSource: c})
		}
		v.Questions = append(v.Questions, qv)
	}
	if err := page.Execute(w, v); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

// markerRe finds a bracketed citation marker; labelRe a label inside it.
var (
	markerRe = regexp.MustCompile(`\[[^\[\]\n]{1,64}\]`)
	labelRe  = regexp.MustCompile(`\bS\d+\b`)
)

// linkMarkers escapes an answer and turns the labels of cited sources
// inside its markers into links to their text.
func linkMarkers(answer, anchor string, cited []hybridrag.AnswerSource) template.HTML {
	known := map[string]bool{}
	for _, c := range cited {
		known[c.ID] = true
	}
	var b strings.Builder
	last := 0
	for _, m := range markerRe.FindAllStringIndex(answer, -1) {
		b.WriteString(template.HTMLEscapeString(answer[last:m[0]]))
		marker := answer[m[0]:m[1]]
		lastIn := 0
		for _, l := range labelRe.FindAllStringIndex(marker, -1) {
			b.WriteString(template.HTMLEscapeString(marker[lastIn:l[0]]))
			lbl := marker[l[0]:l[1]]
			if known[lbl] {
				fmt.Fprintf(&b, `<a href="#%s-%s">%s</a>`, anchor, lbl, lbl)
			} else {
				b.WriteString(template.HTMLEscapeString(lbl))
			}
			lastIn = l[1]
		}
		b.WriteString(template.HTMLEscapeString(marker[lastIn:]))
		last = m[1]
	}
	b.WriteString(template.HTMLEscapeString(answer[last:]))
	return template.HTML(b.String())
}

var funcs = template.FuncMap{
	"pct": pct, "num": num, "ms": msStr, "th": thresholds, "inc": func(i int) int { return i + 1 },
}

var page = template.Must(template.New("report").Funcs(funcs).Parse(pageTemplate))

const pageTemplate = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Evaluation report: {{.Title}}</title>
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 24px auto; max-width: 1100px; padding: 0 16px; color: #222; line-height: 1.4; }
h1 { font-size: 1.6em; margin-bottom: 4px; }
h2 { margin-top: 32px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
.meta { color: #555; font-size: 0.9em; }
.grid { display: flex; flex-wrap: wrap; gap: 16px; }
.grid table { flex: 1 1 320px; align-self: flex-start; }
table { border-collapse: collapse; margin: 8px 0; font-size: 0.92em; }
th, td { border: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f4f4f4; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.charts svg { max-width: 100%; height: auto; border: 1px solid #eee; margin: 8px 0; }
.ok { color: #1a7f37; font-weight: bold; }
.bad { color: #c62828; font-weight: bold; }
.q { border: 1px solid #ddd; border-radius: 6px; padding: 8px 12px; margin: 12px 0; }
.q h3 { margin: 4px 0; font-size: 1.05em; }
.answer { background: #f8f8f8; padding: 6px 8px; border-left: 3px solid #1f77b4; white-space: pre-wrap; }
.refused .answer { border-left-color: #ff7f0e; }
.source { font-size: 0.88em; background: #fffdf3; border: 1px solid #eee3b0; padding: 6px 8px; margin: 6px 0; white-space: pre-wrap; }
.source:target { outline: 2px solid #2ca02c; }
.small { font-size: 0.85em; color: #555; }
</style>
</head>
<body>
<h1>Evaluation report</h1>
<p class="meta">{{.Title}}<br>{{.Settings}}<br>Gate: {{.CurrentTh}}</p>

<h2>Summary</h2>
<div class="grid">
{{range .Sections}}<table>
<caption><strong>{{.Title}}</strong></caption>
<tr><th>metric</th><th>value</th></tr>
{{range .Rows}}<tr><td>{{.Metric}}{{if .Note}}<br><span class="small">{{.Note}}</span>{{end}}</td><td class="num">{{.Value}}</td></tr>
{{end}}</table>
{{end}}</div>

<h2>Charts</h2>
<div class="charts">
{{.Relevance}}
{{if .Calibration}}{{.CalChart}}{{else}}<p class="small">No calibration curve: {{.CalibrationNote}}</p>{{end}}
{{.Latency}}
</div>

<h2>Gate calibration</h2>
{{with .Calibration}}
<p>Embedder <code>{{.Embedder}}</code>; {{.Answerable}} answerable and {{.Unanswerable}} unanswerable questions. Rule: {{.Rule}}.
{{if not .MeetsTarget}}<strong>No grid point keeps the false-refusal rate within {{pct .MaxFalseRefusal}}; the recommendation has the lowest.</strong>{{end}}</p>
<table>
<tr><th></th><th>thresholds</th><th>refusal recall</th><th>false-refusal rate</th><th>answer coverage</th><th>refusal precision</th></tr>
<tr><td>current</td><td>{{th .Current.Thresholds}}</td><td class="num">{{pct .Current.RefusalRecall}}</td><td class="num">{{pct .Current.FalseRefusalRate}}</td><td class="num">{{pct .Current.AnswerCoverage}}</td><td class="num">{{pct .Current.RefusalPrecision}}</td></tr>
<tr><td>recommended</td><td>{{th .Recommended.Thresholds}}</td><td class="num">{{pct .Recommended.RefusalRecall}}</td><td class="num">{{pct .Recommended.FalseRefusalRate}}</td><td class="num">{{pct .Recommended.AnswerCoverage}}</td><td class="num">{{pct .Recommended.RefusalPrecision}}</td></tr>
</table>
{{else}}<p>Not calibrated: {{.CalibrationNote}}</p>{{end}}

<h2>Latency per stage (ms)</h2>
<table>
<tr><th>stage</th><th>n</th><th>p50</th><th>p95</th><th>mean</th><th>max</th></tr>
{{range .Stages}}<tr><td>{{.Stage}}</td><td class="num">{{.N}}</td><td class="num">{{ms .P50}}</td><td class="num">{{ms .P95}}</td><td class="num">{{ms .Mean}}</td><td class="num">{{ms .Max}}</td></tr>
{{end}}</table>

<h2>Questions</h2>
<table>
<tr><th>id</th><th>kind</th><th>outcome</th><th>ok</th><th>best relevance</th><th>hit@{{.Run.Settings.K}} doc</th><th>recall@{{.Run.Settings.K}} evidence</th><th>citation recall</th><th>citation precision</th></tr>
{{range .Questions}}<tr>
<td><a href="#{{.Anchor}}">{{.R.ID}}</a></td><td>{{.Kind}}</td><td>{{.Outcome}}</td>
<td>{{if .Correct}}<span class="ok">✓</span>{{else}}<span class="bad">✗</span>{{end}}</td>
<td class="num">{{num .R.BestRelevance}}</td>
<td class="num">{{with .R.Metrics.Documents}}{{num .HitAtK}}{{end}}</td>
<td class="num">{{with .R.Metrics.Evidence}}{{num .RecallAtK}}{{end}}</td>
<td class="num">{{with .R.Metrics.Citations}}{{num .Recall}}{{end}}</td>
<td class="num">{{with .R.Metrics.Citations}}{{num .Precision}}{{end}}</td>
</tr>
{{end}}</table>

{{range .Questions}}<div class="q{{if .R.Refused}} refused{{end}}" id="{{.Anchor}}">
<h3>{{.R.ID}}: {{.R.Query}}</h3>
<p class="small">{{.Kind}} · {{.Outcome}} · {{if .Correct}}<span class="ok">as expected</span>{{else}}<span class="bad">not as expected</span>{{end}}{{if .R.Confidence}} · confidence {{.R.Confidence}}{{end}} · best relevance {{num .R.BestRelevance}}{{with index .R.LatencyMS "total"}} · {{ms .}} ms{{end}}</p>
{{if .R.Error}}<p class="bad">Error: {{.R.Error}}</p>{{else}}<div class="answer">{{.Answer}}</div>{{end}}
{{with .R.ExpectedAnswer}}<p class="small">Expected: {{.}}</p>{{end}}
{{with .R.Metrics.Citations}}<p class="small">Citations {{.Citations}} ({{.Invalid}} invalid) · sentences supported {{.Supported}}/{{.Sentences}} · precise citations {{.Precise}}/{{.Judged}} · attribution coverage {{num .AttributionCoverage}}</p>{{end}}
{{range .Cited}}<div class="source" id="{{.Anchor}}"><strong>[{{.ID}}] {{.Source}}{{if .Heading}} › {{.Heading}}{{end}}</strong> (relevance {{num .Relevance}})
{{.Text}}</div>
{{end}}
{{if .Retrieved}}<p class="small">Retrieved (best first):</p><table class="small">
<tr><th>#</th><th>source</th><th>relevance</th><th>relevant document</th><th>evidence</th></tr>
{{range $i, $s := .Retrieved}}<tr><td>{{inc $i}}</td><td>{{$s.Source}}{{if $s.Heading}} › {{$s.Heading}}{{end}}</td><td class="num">{{num $s.Relevance}}</td><td>{{if $s.RelevantDocument}}yes{{end}}</td><td>{{if $s.Evidence}}{{len $s.Evidence}}{{end}}</td></tr>
{{end}}{{if .More}}<tr><td colspan="5">… and {{.More}} more</td></tr>{{end}}</table>{{end}}
</div>
{{end}}
</body>
</html>
`
