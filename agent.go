package hybridrag

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/store"
)

// Model profiles named by the seeds. Config.Profiles maps these (or any
// other names) to generators.
const (
	ProfileCheap    = "cheap"
	ProfileBalanced = "balanced"
	ProfilePremium  = "premium"
)

// OutputAnswer is the output type of a plain grounded answer (Ask); the
// other output types are artifact schema names (see ArtifactSchema).
const OutputAnswer = "answer"

// Sampling defaults by output type: answers follow the seed temperature
// (0.1), structured artifacts the seed range 0.2–0.4; an artifact's budget
// is per section.
const (
	DefaultAnswerTemperature   = 0.1
	DefaultAnswerMaxTokens     = 1024
	DefaultArtifactTemperature = 0.3
	DefaultArtifactMaxTokens   = 600
)

// Errors of agents and profiles.
var (
	// ErrUnknownAgent: Request.Agent or ArtifactRequest.Agent names no
	// registered agent where one is required (see Request.Agent).
	ErrUnknownAgent = errors.New("hybridrag: unknown agent")
	// ErrUnknownProfile: an agent names a model profile Config.Profiles
	// does not define.
	ErrUnknownProfile = errors.New("hybridrag: unknown model profile")
	// ErrInvalidAgent: an agent definition is incomplete or inconsistent.
	ErrInvalidAgent = errors.New("hybridrag: invalid agent")
	// ErrTagsUnsupported: an agent restricts retrieval to tagged documents
	// but the store cannot list its documents (store.DocumentLister).
	ErrTagsUnsupported = errors.New("hybridrag: agent tags need a store that lists its documents")
)

// Agent is a named assistant over the same sources: a persona, a model
// profile, a default output type and the documents it answers from. An
// Agent is a plain value with no methods that modify it; the Pipeline
// reads the registered ones and never changes them.
type Agent struct {
	Name string `json:"name" yaml:"name"`
	// Persona is prepended to the system prompt. It shapes tone and focus
	// only: the grounding rules follow it and always apply, and it is
	// sanitised like any other untrusted text.
	Persona string `json:"persona,omitempty" yaml:"persona,omitempty"`
	// Profile names an entry of Config.Profiles ("cheap", "balanced",
	// "premium", …); "" uses Config.Generator.
	Profile string `json:"profile,omitempty" yaml:"profile,omitempty"`
	// Output is the agent's default output type: OutputAnswer ("" means
	// the same) or an artifact schema name ("blueprint", "pdr", …), used by
	// Artifact when the request names no type.
	Output string `json:"output,omitempty" yaml:"output,omitempty"`
	// Tags is the seed's agent_hint: when non-empty, the agent retrieves
	// only from documents whose Metadata.Tags hold at least one of them.
	Tags []string `json:"tags,omitempty" yaml:"tags,omitempty"`
	// Sampling overrides temperature and max tokens by output type
	// (OutputAnswer or an artifact schema name); see SamplingFor.
	Sampling map[string]Sampling `json:"sampling,omitempty" yaml:"sampling,omitempty"`
}

// Sampling is the temperature and completion budget of one generation.
// Zero fields take the defaults of the output type; a negative Temperature
// means exactly 0. Generators without sampling (the extractive one) ignore
// it. A plain value.
type Sampling struct {
	Temperature float64 `json:"temperature,omitempty" yaml:"temperature,omitempty"`
	MaxTokens   int     `json:"max_tokens,omitempty" yaml:"max_tokens,omitempty"`
}

// Profile is a model profile: the generator that serves it and the model
// name recorded in answers and the query log when the generator reports
// none. Generator must be safe for concurrent use, like Config.Generator.
type Profile struct {
	Generator generate.Generator
	Model     string
}

// SamplingFor returns the agent's sampling for an output type, defaults
// filled in. A nil agent gets the defaults.
func (a *Agent) SamplingFor(output string) Sampling {
	s := Sampling{Temperature: DefaultArtifactTemperature, MaxTokens: DefaultArtifactMaxTokens}
	if output == "" || output == OutputAnswer {
		output = OutputAnswer
		s = Sampling{Temperature: DefaultAnswerTemperature, MaxTokens: DefaultAnswerMaxTokens}
	}
	if a == nil {
		return s
	}
	if o, ok := a.Sampling[output]; ok {
		if o.Temperature != 0 {
			s.Temperature = o.Temperature
		}
		if o.MaxTokens != 0 {
			s.MaxTokens = o.MaxTokens
		}
	}
	return s
}

// Agents returns the registered agents, in registration order. Safe for
// concurrent use.
func (p *Pipeline) Agents() []Agent { return slices.Clone(p.cfg.Agents) }

// checkAgents validates Config.Agents in New: unique non-empty names,
// known profiles and output types.
func (p *Pipeline) checkAgents() error {
	seen := map[string]bool{}
	for _, a := range p.cfg.Agents {
		switch {
		case a.Name == "":
			return fmt.Errorf("%w: an agent has no name", ErrInvalidAgent)
		case seen[a.Name]:
			return fmt.Errorf("%w: agent %q is defined twice", ErrInvalidAgent, a.Name)
		}
		seen[a.Name] = true
		if a.Profile != "" {
			if pr, ok := p.cfg.Profiles[a.Profile]; !ok || pr.Generator == nil {
				return fmt.Errorf("%w: agent %q uses profile %q", ErrUnknownProfile, a.Name, a.Profile)
			}
		}
		if a.Output != "" && a.Output != OutputAnswer {
			if _, err := p.schema(a.Output); err != nil {
				return fmt.Errorf("%w: agent %q: %w", ErrInvalidAgent, a.Name, err)
			}
		}
		for out, s := range a.Sampling {
			if s.MaxTokens < 0 {
				return fmt.Errorf("%w: agent %q: negative max_tokens for %q", ErrInvalidAgent, a.Name, out)
			}
		}
	}
	for name, pr := range p.cfg.Profiles {
		if pr.Generator == nil {
			return fmt.Errorf("%w: profile %q has no generator", ErrUnknownProfile, name)
		}
	}
	return nil
}

// agent returns the registered agent called name, nil when none is.
func (p *Pipeline) agent(name string) *Agent {
	for i := range p.cfg.Agents {
		if p.cfg.Agents[i].Name == name {
			a := p.cfg.Agents[i]
			return &a
		}
	}
	return nil
}

// applyAgent sets what the run's agent decides: persona, generator,
// sampling. With no agent the run uses the pipeline's own.
func (p *Pipeline) applyAgent(run *askRun, a *Agent, output string) {
	run.agent = a
	run.gen, run.genName = p.generator, p.generatorName()
	if a == nil {
		// A plain Ask keeps the generator's own settings; artifacts use
		// the artifact defaults.
		if output != OutputAnswer {
			run.sampling = a.SamplingFor(output)
		}
		return
	}
	run.sampling = a.SamplingFor(output)
	if run.req.Persona == "" {
		run.req.Persona = a.Persona
	}
	if a.Profile != "" {
		pr := p.cfg.Profiles[a.Profile]
		run.gen, run.genName, run.profile, run.profileModel = pr.Generator, nameOf(pr.Generator), a.Profile, pr.Model
	}
}

// agentScope narrows run.req.Filter to the documents tagged for the agent
// (its agent_hint), through the store's document list (kept while the
// store's IndexVersion is unchanged: scopeCache), so that every store
// enforces it inside both searches as a DocumentIDs filter. It returns a
// refusal when no document carries the tags.
func (p *Pipeline) agentScope(ctx context.Context, run *askRun) (*gate.Decision, error) {
	a := run.agent
	if a == nil || len(a.Tags) == 0 {
		return nil, nil
	}
	lister, ok := p.store.(store.DocumentLister)
	if !ok {
		return nil, ErrTagsUnsupported
	}
	f := &run.req.Filter
	tagged, err := p.scopes.taggedIDs(ctx, p.store, lister, a, f.TenantID, f.ProjectID)
	if err != nil {
		return nil, fmt.Errorf("hybridrag: agent %q: list documents: %w", a.Name, err)
	}
	ids := tagged
	if len(f.DocumentIDs) > 0 {
		// A new slice: tagged is shared with the cache and other requests.
		ids = nil
		for _, id := range tagged {
			if slices.Contains(f.DocumentIDs, id) {
				ids = append(ids, id)
			}
		}
	}
	if len(ids) == 0 {
		// An empty DocumentIDs would mean "any document": refuse instead,
		// as for an empty collection, before any embedding or model call.
		d := gate.Decision{
			Reason: gate.CollectionNotFound, Stage: gate.StageCollection, Confidence: gate.Refused,
			Thresholds: run.th, Message: gate.MessageNoEvidence,
		}
		return &d, nil
	}
	f.DocumentIDs = slices.Clip(ids)
	run.scoped = true
	return nil, nil
}

func nameOf(g generate.Generator) string {
	if n, ok := g.(generate.Namer); ok {
		return n.Name()
	}
	return fmt.Sprintf("%T", g)
}
