package hybridrag

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/validate"
)

// SectionUnsupported opens the text of a section nothing supports; the
// reason in words follows it.
const SectionUnsupported = "No supporting documentation found for this section"

// artifactWorkers bounds the sections generated at once (hosted models
// answer in seconds; the offline generator in microseconds).
const artifactWorkers = 4

// ArtifactRequest asks for a structured artifact about Topic. A plain
// value, read by Artifact and never modified.
type ArtifactRequest struct {
	// Topic is what the artifact is about; it bounds like a question.
	Topic string
	// Type names the schema: a built-in one (ArtifactBlueprint, …) or one
	// of Config.Artifacts. Empty: the agent's Output type.
	Type string
	// Schema, if set, is used instead of Type (a user schema read from a
	// file, see spec.LoadSchema).
	Schema *ArtifactSchema
	// Agent names a registered agent (persona, profile, tags, sampling);
	// an unknown name is ErrUnknownAgent.
	Agent string
	// Filter, MaxSources, MinSources and MinScore apply to every section
	// as they do to Request.
	Filter     retrieve.Filter
	MaxSources int
	MinSources int
	MinScore   float64
}

// Artifact is a structured document whose every section is either drawn
// from cited sources or says that nothing supports it. Its JSON form is a
// contract like Answer's: fields are added, never renamed or removed. The
// caller owns the returned value; it is not safe to modify concurrently.
type Artifact struct {
	Type  string `json:"type"`
	Title string `json:"title"`
	Topic string `json:"topic"`
	Agent string `json:"agent,omitempty"`
	// Confidence is the weakest section's: normal when every section is
	// answered with normal confidence, low when one is low or unsupported,
	// refused when the artifact is refused whole.
	Confidence gate.Confidence `json:"confidence"`
	// RefusalReason is set when no section could be written: the gate's
	// reason when nothing was retrievable for the topic (then no generator
	// was called), else the reason the sections were refused for.
	RefusalReason *gate.Reason      `json:"refusal_reason"`
	Sections      []ArtifactSection `json:"sections"`
	// Citations are the shared labels the artifact cites, in order.
	Citations []string `json:"citations"`
	// Sources are the cited sources, numbered once for the whole artifact:
	// a chunk cited by two sections has one label.
	Sources []AnswerSource `json:"sources"`
	// Suggestions, on a refusal, say what to ingest or which filter to relax.
	Suggestions *Suggestions     `json:"suggestions,omitempty"`
	Metadata    ArtifactMetadata `json:"metadata"`
	// Markdown is the artifact rendered by Markdown().
	Markdown string `json:"markdown"`
}

// Refused reports whether the artifact was refused whole.
func (a *Artifact) Refused() bool { return a.RefusalReason != nil }

// ArtifactSection is one section of an Artifact.
type ArtifactSection struct {
	Title string `json:"title"`
	// Query is the section's retrieval query (topic and section hint).
	Query string `json:"query"`
	// Text is the validated section text with the artifact's shared [S#]
	// labels, or SectionUnsupported and the reason.
	Text          string          `json:"text"`
	Supported     bool            `json:"supported"`
	RefusalReason *gate.Reason    `json:"refusal_reason"`
	Confidence    gate.Confidence `json:"confidence"`
	// Citations are the shared labels the section cites.
	Citations []string `json:"citations"`
	// Retrieved are the chunk ids the section's generator saw, in its own
	// label order: Validation's source indices refer to them.
	Retrieved []string `json:"retrieved"`
	// Validation is the validator's report on the section (nil when the
	// gate refused it before generation).
	Validation *validate.Report `json:"validation,omitempty"`
	Gate       gate.Decision    `json:"gate"`
	Metadata   Metadata         `json:"metadata"`
}

// ArtifactMetadata records how an artifact was produced.
type ArtifactMetadata struct {
	TotalMS float64 `json:"total_ms"`
	// GeneratorCalls counts the sections that reached the generator.
	GeneratorCalls int    `json:"generator_calls"`
	Generator      string `json:"generator"`
	Model          string `json:"model,omitempty"`
	Profile        string `json:"profile,omitempty"`
}

// Artifact writes the artifact req asks for. Each section builds its query
// from the topic and its retrieval hint and goes through Ask's stages on
// its own (retrieve → gate → context → generate → cite → validate), so its
// text is held to the same grounding contract; its citations are then
// renumbered into the artifact's shared source list. Sections are gated
// first: when the gate refuses every one, the artifact is refused whole
// and no generator is called. Each section writes one QueryLog record
// (kind "artifact"). Safe for concurrent use.
//
// An error is returned for bad input (a *QueryError for the topic,
// ErrUnknownArtifact, ErrInvalidSchema, ErrUnknownAgent) and for failures
// of the store, the embedder or the generator.
func (p *Pipeline) Artifact(ctx context.Context, req ArtifactRequest) (*Artifact, error) {
	done, err := p.enter()
	if err != nil {
		return nil, err
	}
	defer done()
	start := time.Now()
	topic, err := p.checkQuestion(req.Topic)
	if err != nil {
		return nil, err
	}
	var agent *Agent
	if req.Agent != "" {
		if agent = p.agent(req.Agent); agent == nil {
			return nil, fmt.Errorf("%w: %q", ErrUnknownAgent, req.Agent)
		}
	}
	schema, err := p.requestSchema(req, agent)
	if err != nil {
		return nil, err
	}
	title := schema.Title
	if strings.TrimSpace(title) == "" {
		title = schema.Name
	}

	// Phase 1: retrieve and gate every section, no generator call.
	secs := make([]*sectionRun, len(schema.Sections))
	errs := make([]error, len(schema.Sections))
	parallel(len(secs), func(i int) {
		secs[i], errs[i] = p.admitSection(ctx, req, agent, schema.Name, title, topic, schema.Sections[i])
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	art := &Artifact{Type: schema.Name, Title: title, Topic: topic, Agent: req.Agent}
	if allRefused(secs) {
		// Nothing is retrievable for the topic: refuse whole.
		for _, s := range secs {
			p.logAsk(ctx, s.run, s.ans, nil)
		}
		p.assemble(ctx, art, secs)
		p.refuseArtifact(ctx, art, secs, topic)
		art.Metadata.TotalMS = ms(time.Since(start))
		art.Markdown = art.RenderMarkdown()
		return art, nil
	}

	// Phase 2: generate the admitted sections, a few at a time.
	var todo []*sectionRun
	for _, s := range secs {
		if s.ans != nil {
			p.logAsk(ctx, s.run, s.ans, nil)
			continue
		}
		todo = append(todo, s)
	}
	calls := len(todo)
	parallel(len(todo), func(i int) {
		s := todo[i]
		s.run.genQuestion = presentHint(s.run.genQuestion, s.ev.Result.Sources)
		ans, err := p.generate(ctx, s.run, s.ev, s.decision)
		p.logAsk(ctx, s.run, ans, err)
		s.ans, errs[i] = ans, err
	})
	for _, err := range errs[:len(todo)] {
		if err != nil {
			return nil, err
		}
	}
	p.assemble(ctx, art, secs)
	art.Metadata.GeneratorCalls = calls
	if allRefused(secs) {
		p.refuseArtifact(ctx, art, secs, topic)
	}
	art.Metadata.TotalMS = ms(time.Since(start))
	art.Markdown = art.RenderMarkdown()
	return art, nil
}

// refuseArtifact marks an artifact whose every section was refused: the
// first section's reason stands for all, and the suggestions are about
// the topic itself.
func (p *Pipeline) refuseArtifact(ctx context.Context, art *Artifact, secs []*sectionRun, topic string) {
	reason := *secs[0].ans.RefusalReason
	art.RefusalReason, art.Confidence = &reason, gate.Refused
	first := secs[0].run
	art.Suggestions = p.suggest(ctx, &askRun{req: first.req, question: topic, scoped: first.scoped, res: first.res})
}

// parallel runs fn(0..n-1), artifactWorkers at a time, and waits.
func parallel(n int, fn func(i int)) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, artifactWorkers)
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			fn(i)
		}()
	}
	wg.Wait()
}

// sectionRun is one section on its way through the stages.
type sectionRun struct {
	spec     SectionSchema
	run      *askRun
	ev       gate.Evidence
	decision gate.Decision
	ans      *Answer // set by the gate's refusal or by generation
}

// requestSchema resolves the schema req asks for.
func (p *Pipeline) requestSchema(req ArtifactRequest, agent *Agent) (ArtifactSchema, error) {
	if req.Schema != nil {
		s := *req.Schema
		return s, s.Check()
	}
	name := req.Type
	if name == "" && agent != nil && agent.Output != OutputAnswer {
		name = agent.Output
	}
	if name == "" {
		return ArtifactSchema{}, fmt.Errorf("%w: no type requested", ErrUnknownArtifact)
	}
	s, err := p.schema(name)
	if err != nil {
		return s, err
	}
	return s, s.Check()
}

// admitSection retrieves and gates one section. The section's query is
// the topic and its hint; hint words are alternatives ("risks limitations
// warning"), so a section whose hint words the sources lack is gated again
// on the topic alone: its sources are then the topic's best, and the
// generator, asked for the section, says whether they cover it.
func (p *Pipeline) admitSection(ctx context.Context, req ArtifactRequest, agent *Agent, typ, title, topic string, spec SectionSchema) (*sectionRun, error) {
	query := spec.query(topic)
	s, err := p.admitSectionQuery(ctx, req, agent, typ, title, topic, spec, query)
	if err != nil || s.ans == nil || query == topic {
		return s, err
	}
	if r := *s.ans.RefusalReason; r != gate.NoRelevantContent && r != gate.InsufficientSources {
		return s, nil
	}
	wide, err := p.admitSectionQuery(ctx, req, agent, typ, title, topic, spec, topic)
	if err != nil || wide.ans != nil {
		return s, err // the narrow refusal is the one to report
	}
	return wide, nil
}

func (p *Pipeline) admitSectionQuery(ctx context.Context, req ArtifactRequest, agent *Agent, typ, title, topic string, spec SectionSchema, query string) (*sectionRun, error) {
	r := Request{
		Question: query, Agent: req.Agent, Filter: req.Filter,
		MaxSources: req.MaxSources, MinSources: req.MinSources, MinScore: req.MinScore,
	}
	run := &askRun{req: r, start: time.Now(), stages: map[string]float64{}, observe: p.stageObserver(ctx, KindArtifact, r.Question), kind: KindArtifact}
	p.applyAgent(run, agent, typ)
	run.instruction = spec.instruction(title, topic)
	// Retrieval has already focused the sources on the topic: the
	// generator's question is the section's hint, so that a generator that
	// quotes (the extractive one) picks the sentences about this section
	// rather than the topic's best sentences in every section.
	run.genQuestion = spec.hint(topic)
	ev, d, ans, err := p.admit(ctx, run)
	if err != nil {
		return nil, err
	}
	return &sectionRun{spec: spec, run: run, ev: ev, decision: d, ans: ans}, nil
}

func allRefused(secs []*sectionRun) bool {
	for _, s := range secs {
		if s.ans == nil || !s.ans.Refused() {
			return false
		}
	}
	return true
}

// assemble renumbers every section's citations into one shared source
// list and fills the sections, citations, sources and confidence.
func (p *Pipeline) assemble(ctx context.Context, art *Artifact, secs []*sectionRun) {
	shared := map[string]int{} // chunk id → index in art.Sources
	art.Citations = []string{}
	art.Sources = []AnswerSource{}
	art.Confidence = gate.Normal
	for _, s := range secs {
		ans := s.ans
		sec := ArtifactSection{
			Title: s.spec.Title, Query: s.run.question, Confidence: ans.Confidence,
			Citations: []string{}, Retrieved: []string{}, Validation: ans.Validation, Gate: ans.Gate, Metadata: ans.Metadata,
		}
		for _, src := range ans.Sources {
			sec.Retrieved = append(sec.Retrieved, src.ChunkID)
		}
		if ans.Refused() {
			reason := *ans.RefusalReason
			sec.RefusalReason = &reason
			sec.Text = unsupportedText(reason)
			art.Confidence = weaker(art.Confidence, gate.Low)
		} else {
			sec.Supported = true
			sec.Text, sec.Citations = p.renumber(ctx, ans, s.run.srcs, shared, art)
			art.Confidence = weaker(art.Confidence, ans.Confidence)
		}
		if art.Metadata.Generator == "" || ans.Metadata.Model != "" {
			art.Metadata.Generator, art.Metadata.Model = ans.Metadata.Generator, ans.Metadata.Model
		}
		art.Metadata.Profile = s.run.profile
		art.Sections = append(art.Sections, sec)
	}
	for i := range art.Sources {
		art.Citations = append(art.Citations, label(i))
	}
}

// renumber rewrites a section answer's local [S#] markers as the
// artifact's shared labels, adding newly cited sources to art.Sources. A
// marker naming no source the section retrieved is dropped: a section can
// only cite what it saw.
func (p *Pipeline) renumber(ctx context.Context, ans *Answer, srcs []retrieve.Source, shared map[string]int, art *Artifact) (string, []string) {
	text := ans.Answer
	ex := p.extractor.Extract(ctx, text, srcs)
	type span struct{ start, end int }
	var (
		order  []span
		labels = map[span][]string{}
		cited  []string
	)
	for _, c := range ex.Citations {
		sp := span{c.Start, c.End}
		if _, ok := labels[sp]; !ok {
			order = append(order, sp)
			labels[sp] = nil
		}
		if !c.Valid() || c.Source >= len(ans.Sources) {
			continue
		}
		src := ans.Sources[c.Source]
		g, ok := shared[src.ChunkID]
		if !ok {
			g = len(art.Sources)
			shared[src.ChunkID] = g
			s := src
			s.ID, s.Cited = label(g), true
			art.Sources = append(art.Sources, s)
		} else {
			// Keep every section's evidence snippets on the shared source.
			art.Sources[g].Snippets = mergeSnippets(art.Sources[g].Snippets, src.Snippets)
		}
		l := label(g)
		if !containsStr(labels[sp], l) {
			labels[sp] = append(labels[sp], l)
		}
		if !containsStr(cited, l) {
			cited = append(cited, l)
		}
	}
	var b strings.Builder
	last := 0
	for _, sp := range order {
		if sp.start < last || sp.end > len(text) {
			continue
		}
		b.WriteString(text[last:sp.start])
		for _, l := range labels[sp] {
			b.WriteString("[" + l + "]")
		}
		last = sp.end
	}
	b.WriteString(text[last:])
	if cited == nil {
		cited = []string{}
	}
	return strings.TrimSpace(b.String()), cited
}

func containsStr(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func mergeSnippets(a, b []Snippet) []Snippet {
	for _, s := range b {
		dup := false
		for _, x := range a {
			if x.Start == s.Start && x.End == s.End {
				dup = true
				break
			}
		}
		if !dup {
			a = append(a, s)
		}
	}
	return a
}

// unsupportedText is a refused section's text: the fixed opening and the
// reason in words.
func unsupportedText(r gate.Reason) string {
	if d := r.Describe(); d != "" {
		return SectionUnsupported + ": " + d + "."
	}
	return SectionUnsupported + " (" + string(r) + ")."
}

// weaker returns the weaker of two confidences (refused < low < normal).
func weaker(a, b gate.Confidence) gate.Confidence {
	rank := func(c gate.Confidence) int {
		switch c {
		case gate.Refused:
			return 0
		case gate.Low:
			return 1
		}
		return 2
	}
	if rank(b) < rank(a) {
		return b
	}
	return a
}
