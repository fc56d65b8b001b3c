package hybridrag

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/internal/errprefix"
	"github.com/hybridrag/hybridrag/internal/redact"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/validate"
)

// Ask answers req.Question only from retrieved sources, or refuses with a
// typed reason. The gate decides before any generator call; the generator's
// text is then mapped to citations and validated sentence by sentence, and
// unsupported sentences are handled by Config.Generation.Policy.
//
// An error is returned for bad input (a *QueryError) and for failures of
// the store, the embedder or the generator; a refusal is not an error.
func (p *Pipeline) Ask(ctx context.Context, req Request) (*Answer, error) {
	ans, _, err := p.AskWithRetrieval(ctx, req)
	return ans, err
}

// AskWithRetrieval is Ask that also returns what retrieval returned: every
// source the gate judged, best first, with its scores and the retriever's
// timings. The result is nil when Ask ended before retrieval (the gate
// found the collection empty) and whenever err is not nil. Like Ask it
// retrieves once and writes one QueryLog record, so a caller that needs
// both the ranking and the answer (package eval, an audit) uses it rather
// than Retrieve followed by Ask, which would retrieve and log twice. Safe
// for concurrent use, like Ask.
func (p *Pipeline) AskWithRetrieval(ctx context.Context, req Request) (ans *Answer, res *retrieve.Result, err error) {
	done, err := p.enter()
	if err != nil {
		return nil, nil, err
	}
	defer done()
	run := p.newAskRun(ctx, req, KindAsk)
	defer func() { p.logAsk(ctx, run, ans, err) }()
	ev, decision, ans, err := p.admit(ctx, run)
	if err == nil && ans == nil {
		ans, err = p.generate(ctx, run, ev, decision)
	}
	if err != nil {
		return nil, nil, err
	}
	if ans.Refused() {
		ans.Suggestions = p.suggest(ctx, run)
	}
	return ans, run.res, nil
}

// Prompt builds everything up to the generator and returns the exact
// prompt the generator would receive, without calling it. When the gate
// refuses, it returns the refusal Answer instead (and a nil prompt).
func (p *Pipeline) Prompt(ctx context.Context, req Request) (*generate.Prompt, *Answer, error) {
	done, err := p.enter()
	if err != nil {
		return nil, nil, err
	}
	defer done()
	run := p.newAskRun(ctx, req, KindPrompt)
	ev, _, ans, err := p.admit(ctx, run)
	if err != nil || ans != nil {
		return nil, ans, err
	}
	prompt, err := p.build(ctx, run, ev.Result.Sources, false)
	return prompt, nil, err
}

// askRun carries one request through the stages.
type askRun struct {
	req       Request
	question  string
	start     time.Time
	stages    map[string]float64
	retrieved int
	th        gate.Thresholds
	res       *retrieve.Result            // nil until retrieval returns
	observe   func(string, time.Duration) // nil without an Observer
	kind      QueryKind                   // what the query log records

	// Set by applyAgent: the agent (nil: none), the generator of its
	// profile (else the pipeline's) and the sampling of the output type.
	agent        *Agent
	gen          generate.Generator
	genName      string
	profile      string
	profileModel string
	sampling     Sampling
	scoped       bool // Filter.DocumentIDs were narrowed to the agent's tags

	// instruction, when set, is the question the prompt asks instead of
	// the retrieval query (an artifact section's writing instruction).
	instruction string
	// genQuestion, when set, is the question the generator answers
	// instead of the retrieval query (an artifact section gated on its
	// topic alone is still asked for the section).
	genQuestion string
	srcs        []retrieve.Source // the sources the generator saw
}

func (p *Pipeline) newAskRun(ctx context.Context, req Request, op QueryKind) *askRun {
	run := &askRun{req: req, start: time.Now(), stages: map[string]float64{}, observe: p.stageObserver(ctx, op, req.Question), kind: KindAsk}
	p.applyAgent(run, p.agent(req.Agent), OutputAnswer)
	return run
}

func (r *askRun) stage(name string, since time.Time) { r.add(name, time.Since(since)) }

// add records a stage's duration and reports it to the Observer.
func (r *askRun) add(name string, d time.Duration) {
	r.stages[name] += ms(d)
	if r.observe != nil {
		r.observe(name, d)
	}
}

// admit validates the question, retrieves and runs the gate. It returns a
// refusal Answer when the gate refuses, else the gate's allowing decision.
func (p *Pipeline) admit(ctx context.Context, run *askRun) (gate.Evidence, gate.Decision, *Answer, error) {
	var none gate.Decision
	if err := p.checkTenant(&run.req); err != nil {
		return gate.Evidence{}, none, nil, err
	}
	q, err := p.checkQuestion(run.req.Question)
	if err != nil {
		return gate.Evidence{}, none, nil, err
	}
	run.question = q
	if err := p.checkQueryEmbedder(ctx); err != nil {
		return gate.Evidence{}, none, nil, err
	}
	run.th = p.thresholds(run.req)
	ev := gate.Evidence{Question: q, Thresholds: run.th}
	if d, err := p.agentScope(ctx, run); err != nil || d != nil {
		if err != nil {
			return ev, none, nil, err
		}
		return ev, *d, p.refusal(run, *d, nil), nil
	}

	t := time.Now()
	stats, known, err := p.collectionStats(ctx, run.req.Filter)
	if err != nil {
		return ev, none, nil, err
	}
	if known {
		ev.Stats = stats
		if d := p.gate.Check(ctx, ev); !d.Allow {
			run.stage(StageGate, t)
			return ev, d, p.refusal(run, d, nil), nil
		}
	}
	run.stage(StageGate, t)

	t = time.Now()
	res, err := p.retriever.Retrieve(ctx, p.query(run.req, q))
	if err != nil {
		return ev, none, nil, errprefix.Wrap("hybridrag: retrieve", err)
	}
	if res == nil {
		return ev, none, nil, errNilResult
	}
	run.stage(StageRetrieve, t)
	run.retrieved = res.Candidates
	run.res = res
	ev.Result = res

	t = time.Now()
	d := p.gate.Check(ctx, ev)
	run.stage(StageGate, t)
	if !d.Allow {
		return ev, d, p.refusal(run, d, nil), nil
	}
	return ev, d, nil, nil
}

func (p *Pipeline) build(ctx context.Context, run *askRun, srcs []retrieve.Source, strict bool) (*generate.Prompt, error) {
	t := time.Now()
	defer run.stage(StageContext, t)
	persona := run.req.Persona
	if persona == "" {
		persona = p.cfg.Generation.Persona
	}
	question := run.question
	if run.instruction != "" {
		question = run.instruction
	}
	prompt, err := p.builder.Build(ctx, generate.BuildRequest{Question: question, Sources: srcs, Persona: persona, Strict: strict})
	if err != nil {
		return nil, fmt.Errorf("hybridrag: build context: %w", err)
	}
	return prompt, nil
}

// generate calls the generator (twice at most, when the policy asks for a
// stricter regeneration), then maps citations and validates.
func (p *Pipeline) generate(ctx context.Context, run *askRun, ev gate.Evidence, decision gate.Decision) (*Answer, error) {
	var (
		gen    *generate.Generation
		prompt *generate.Prompt
		rep    *validate.Report
		out    validate.Outcome
		text   string
		genDur time.Duration
		regen  bool
		usage  [2]int
		stream *validate.Stream // nil unless the request streams
	)
	for attempt := 0; attempt < 2; attempt++ {
		var err error
		prompt, err = p.build(ctx, run, ev.Result.Sources, attempt > 0)
		if err != nil {
			return nil, err
		}
		srcs := promptSources(prompt)
		stream = p.validatedStream(run, srcs)
		t := time.Now()
		genQ := run.question
		if run.genQuestion != "" {
			genQ = run.genQuestion
		}
		gen, err = run.gen.Generate(ctx, generate.Request{
			Question: genQ, Prompt: prompt, Stream: generatorStream(stream),
			Temperature: run.sampling.Temperature, MaxTokens: run.sampling.MaxTokens,
		})
		genDur += time.Since(t)
		if err != nil {
			// A host's own generator may quote a key; ours are clean at the source.
			return nil, errprefix.Wrap("hybridrag: generate", redact.Error(err))
		}
		usage[0] += gen.PromptTokens
		usage[1] += gen.CompletionTokens
		gen = withoutReasoning(gen, stream == nil || stream.Deferred())
		t = time.Now()
		rep, err = p.validator.Validate(ctx, gen.Text, srcs)
		run.stage(StageValidate, t)
		if err != nil {
			return nil, errprefix.Wrap("hybridrag: validate", err)
		}
		text, out = validate.Render(gen.Text, rep, p.cfg.Generation.Policy, srcs)
		if !out.NeedsRegeneration || attempt > 0 {
			break
		}
		regen = true
	}
	run.add(StageGenerate, genDur)
	srcs := promptSources(prompt)
	run.srcs = srcs
	meta := func(a *Answer) {
		a.Metadata.GenerationMS = ms(genDur)
		a.Metadata.Generator = run.genName
		a.Metadata.Model = gen.Model
		if a.Metadata.Model == "" {
			a.Metadata.Model = run.profileModel
		}
		a.Metadata.PromptTokens, a.Metadata.CompletionTokens = usage[0], usage[1]
		a.Metadata.Regenerated = regen
		a.Metadata.AttributionCoverage = rep.Coverage
		a.Validation = rep
	}

	switch {
	case rep.Declined:
		a := p.refusal(run, refuse(decision, gate.ModelDeclined, generate.NotInDocs), srcs)
		meta(a)
		return a, nil
	case out.NothingSupported:
		a := p.refusal(run, refuse(decision, gate.UnsupportedAnswer, generate.NotInDocs), srcs)
		meta(a)
		return a, nil
	}

	t := time.Now()
	ex := p.extractor.Extract(ctx, text, srcs)
	run.stage(StageCite, t)
	conf := decision.Confidence
	// Coverage is judged against the configured target here; the policy's
	// own Low flag only adds the MarkLow case (unsupported sentences kept).
	target := orFloat(p.cfg.Generation.CoverageTarget, DefaultCoverageTarget)
	keptUnsupported := out.Low && p.cfg.Generation.Policy == validate.MarkLow
	if keptUnsupported || rep.Coverage < target {
		conf = gate.Low
	}
	a := &Answer{
		Query:      run.question,
		Answer:     text,
		Confidence: conf,
		Citations:  citedLabels(ex.Cited),
		Sources:    answerSources(srcs, ex.Cited),
		Gate:       decision,
	}
	meta(a)
	attachSnippets(a.Sources, rep)
	a.Text = cite.FormatBlock(renderTimes(text, ex, srcs, a.Sources, rep), srcs, ex.Cited, conf == gate.Low)
	if err := finishStream(ctx, stream, text); err != nil {
		return nil, err
	}
	p.finish(run, a)
	return a, nil
}

// refuse turns an allowing decision into a post-generation refusal.
func refuse(d gate.Decision, r gate.Reason, msg string) gate.Decision {
	d.Allow, d.Reason, d.Stage, d.Confidence, d.Message = false, r, gate.StageValidation, gate.Refused, msg
	return d
}

// refusal builds the Answer for a refused question. srcs are the sources
// the generator saw (nil when the gate refused before generation).
func (p *Pipeline) refusal(run *askRun, d gate.Decision, srcs []retrieve.Source) *Answer {
	reason := d.Reason
	a := &Answer{
		Query:         run.question,
		Answer:        d.Message,
		RefusalReason: &reason,
		Confidence:    gate.Refused,
		Citations:     []string{},
		Sources:       answerSources(srcs, nil),
		Gate:          d,
		Text:          d.Message,
	}
	p.finish(run, a)
	return a
}

func (p *Pipeline) finish(run *askRun, a *Answer) {
	a.Metadata.RetrievalMS = run.stages[StageRetrieve]
	a.Metadata.TotalMS = ms(time.Since(run.start))
	a.Metadata.ChunksRetrieved = run.retrieved
	a.Metadata.ChunksUsed = len(a.Sources)
	a.Metadata.Stages = run.stages
	if a.Metadata.Generator == "" {
		a.Metadata.Generator = run.genName
	}
	a.Metadata.Agent, a.Metadata.Profile = run.req.Agent, run.profile
	if run.res != nil {
		a.Metadata.Intent = string(run.res.Analysis.Intent)
		a.Metadata.Expansions = run.res.Analysis.Expansions
	}
}

func (p *Pipeline) generatorName() string {
	if n, ok := p.generator.(generate.Namer); ok {
		return n.Name()
	}
	return fmt.Sprintf("%T", p.generator)
}

// promptSources returns the retrieved sources that made it into the prompt,
// in label order: the sources citations refer to.
func promptSources(pr *generate.Prompt) []retrieve.Source {
	out := make([]retrieve.Source, len(pr.Sources))
	for i, s := range pr.Sources {
		out[i] = s.Source
	}
	return out
}

func citedLabels(cited []int) []string {
	sorted := slices.Sorted(slices.Values(cited))
	out := make([]string, len(sorted))
	for i, c := range sorted {
		out[i] = label(c)
	}
	return out
}

// withoutReasoning returns gen without the reasoning block its text opens
// with (generate.ReasoningPrefix): a reasoning model's thinking is not part
// of its answer, and validated as claims it would read as unsupported
// statements, or refuse an answer it runs into ("</think>Replace …").
// whole is false when the reply was streamed sentence by sentence: the
// stream could not wait for a closing tag with no opening one, so neither
// does the final answer, which must extend what was streamed.
func withoutReasoning(gen *generate.Generation, whole bool) *generate.Generation {
	n, pending := generate.ReasoningPrefix(gen.Text, whole)
	if n == 0 && !pending {
		return gen
	}
	g := *gen
	g.Text = gen.Text[n:]
	if pending {
		g.Text = "" // the block never closed: no answer was given
	}
	return &g
}
