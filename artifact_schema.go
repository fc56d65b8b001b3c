package hybridrag

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/retrieve"
)

// Built-in artifact types (the seed's output types).
const (
	ArtifactBlueprint = "blueprint"
	ArtifactPDR       = "pdr"
	ArtifactWorkflow  = "workflow"
	ArtifactBuildPlan = "build-plan"
)

// Errors of artifact schemas.
var (
	// ErrUnknownArtifact: the requested artifact type names no built-in
	// or configured schema.
	ErrUnknownArtifact = errors.New("hybridrag: unknown artifact type")
	// ErrInvalidSchema: an artifact schema is incomplete.
	ErrInvalidSchema = errors.New("hybridrag: invalid artifact schema")
)

// ArtifactSchema defines a structured output: an ordered list of sections,
// each retrieved, gated, generated and validated on its own. Users define
// their own in Config.Artifacts, in ArtifactRequest.Schema, or in a YAML or
// JSON file (spec.LoadSchema). A plain value: the Pipeline only reads it.
type ArtifactSchema struct {
	// Name selects the schema ("blueprint"); Title heads the document
	// ("Blueprint").
	Name     string          `json:"name" yaml:"name"`
	Title    string          `json:"title" yaml:"title"`
	Sections []SectionSchema `json:"sections" yaml:"sections"`
}

// SectionSchema is one section of an artifact.
type SectionSchema struct {
	// Title is the section heading ("Goals").
	Title string `json:"title" yaml:"title"`
	// Instructions say what the section must contain; the model reads them
	// as its question (the sources and rules are the same as for Ask).
	Instructions string `json:"instructions,omitempty" yaml:"instructions,omitempty"`
	// Query is the section's retrieval hint (the title when empty): the
	// section retrieves with the topic followed by it, or with the hint
	// alone when it holds TopicPlaceholder, which the topic replaces. The
	// generator is asked the hint (topic substituted) as its question, so
	// a quoting generator (the offline extractive one) picks sentences
	// about the section, not the topic's best in every section: give two
	// or three words the documentation would use, any one of which marks
	// a relevant sentence.
	Query string `json:"query,omitempty" yaml:"query,omitempty"`
}

// Check reports whether the schema can be used: a name, a title and at
// least one section, each with a title. Errors wrap ErrInvalidSchema.
func (s *ArtifactSchema) Check() error {
	fail := func(why string) error { return fmt.Errorf("%w: %s", ErrInvalidSchema, why) }
	switch {
	case strings.TrimSpace(s.Name) == "":
		return fail("no name")
	case len(s.Sections) == 0:
		return fail(fmt.Sprintf("schema %q has no sections", s.Name))
	}
	seen := map[string]bool{}
	for i, sec := range s.Sections {
		t := strings.TrimSpace(sec.Title)
		if t == "" {
			return fail(fmt.Sprintf("schema %q: section %d has no title", s.Name, i+1))
		}
		if seen[strings.ToLower(t)] {
			return fail(fmt.Sprintf("schema %q: section %q appears twice", s.Name, t))
		}
		seen[strings.ToLower(t)] = true
	}
	return nil
}

// TopicPlaceholder in SectionSchema.Query stands for the topic.
const TopicPlaceholder = "{topic}"

// hint is the section's hint for a topic: Query (else the title), the
// placeholder replaced.
func (s SectionSchema) hint(topic string) string {
	h := strings.TrimSpace(s.Query)
	if h == "" {
		h = strings.TrimSpace(s.Title)
	}
	return strings.TrimSpace(strings.ReplaceAll(h, TopicPlaceholder, topic))
}

// query is the section's retrieval query for a topic.
func (s SectionSchema) query(topic string) string {
	if strings.Contains(s.Query, TopicPlaceholder) {
		return s.hint(topic)
	}
	return topic + " " + s.hint(topic)
}

// instruction is what the prompt asks the model for one section.
func (s SectionSchema) instruction(schemaTitle, topic string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Write the %q section of a %s about: %s.", s.Title, schemaTitle, topic)
	if in := strings.TrimSpace(s.Instructions); in != "" {
		b.WriteString(" The section must contain: " + in)
	}
	b.WriteString(" Write only what the sources state, as plain sentences without headings.")
	return b.String()
}

// BuiltinSchemas returns the built-in artifact schemas: Blueprint, PDR
// (product definition and requirements), Workflow and Build Plan. The
// slice is a fresh copy.
func BuiltinSchemas() []ArtifactSchema {
	return []ArtifactSchema{
		{Name: ArtifactBlueprint, Title: "Blueprint", Sections: []SectionSchema{
			{Title: "Overview", Instructions: "what the subject is and what it does, in a few sentences.", Query: TopicPlaceholder},
			{Title: "Goals", Instructions: "the goals, purposes and intended outcomes the documentation states.", Query: "purpose designed intended"},
			{Title: "Architecture", Instructions: "the components, how they fit together and how data flows between them.", Query: "components consists architecture"},
			{Title: "Features", Instructions: "the capabilities and features the documentation describes.", Query: "features offers supports"},
			{Title: "Risks", Instructions: "limitations, warnings, failure modes and known issues.", Query: "warning risk never"},
			{Title: "Next Steps", Instructions: "what to do next: setup, configuration or follow-up steps the documentation gives.", Query: "next steps first"},
		}},
		{Name: ArtifactPDR, Title: "PDR", Sections: []SectionSchema{
			{Title: "Problem", Instructions: "the problem or need the subject addresses.", Query: "problem need"},
			{Title: "Users", Instructions: "who uses it and in which roles.", Query: "users operators"},
			{Title: "Requirements", Instructions: "the functional requirements: what it must do.", Query: "must required"},
			{Title: "Constraints", Instructions: "limits, dependencies and non-functional constraints (performance, security, compatibility).", Query: "limit maximum minimum"},
			{Title: "Success Metrics", Instructions: "how success is measured: metrics, targets, acceptance criteria.", Query: "measured target"},
			{Title: "Open Questions", Instructions: "unresolved questions, known gaps and planned work the documentation mentions.", Query: "unknown planned"},
		}},
		{Name: ArtifactWorkflow, Title: "Workflow", Sections: []SectionSchema{
			{Title: "Purpose", Instructions: "what the workflow achieves and when to run it.", Query: TopicPlaceholder},
			{Title: "Inputs", Instructions: "what the workflow needs before it starts: inputs, prerequisites, permissions.", Query: "before requires"},
			{Title: "Steps", Instructions: "the steps in order, as the documentation gives them.", Query: "step then"},
			{Title: "Outputs", Instructions: "what the workflow produces and how to check it.", Query: "result check"},
			{Title: "Exceptions", Instructions: "errors, failure cases and how to handle them.", Query: "error fails"},
		}},
		{Name: ArtifactBuildPlan, Title: "Build Plan", Sections: []SectionSchema{
			{Title: "Scope", Instructions: "what is to be built and what it covers.", Query: TopicPlaceholder},
			{Title: "Prerequisites", Instructions: "tools, versions, accounts and dependencies needed first.", Query: "requires before"},
			{Title: "Milestones", Instructions: "the stages of the build, in order.", Query: "stage phase"},
			{Title: "Tasks", Instructions: "the concrete tasks and commands for each stage.", Query: "install configure"},
			{Title: "Testing", Instructions: "how to test and verify the result.", Query: "test verify check"},
			{Title: "Risks", Instructions: "what can go wrong and the mitigations the documentation gives.", Query: "warning risk never"},
		}},
	}
}

// schema returns the schema called name: a configured one first, then a
// built-in one. Names compare case-insensitively, and "_" matches "-".
func (p *Pipeline) schema(name string) (ArtifactSchema, error) {
	norm := func(s string) string { return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "_", "-") }
	want := norm(name)
	for _, s := range p.cfg.Artifacts {
		if norm(s.Name) == want {
			return s, nil
		}
	}
	for _, s := range BuiltinSchemas() {
		if norm(s.Name) == want {
			return s, nil
		}
	}
	return ArtifactSchema{}, fmt.Errorf("%w: %q", ErrUnknownArtifact, name)
}

// presentHint keeps the words of a section hint that occur (as content
// terms) in the section's sources. Hint words are alternatives: asking a
// quoting generator for all of them would let the absent ones, rare by
// definition, outweigh the one the sources use. When none occurs the hint
// is returned whole, and the generator declines.
func presentHint(hint string, srcs []retrieve.Source) string {
	have := map[string]bool{}
	for _, s := range srcs {
		for _, t := range textutil.ContentTerms(s.Chunk.Text) {
			have[t] = true
		}
	}
	var keep []string
	for _, w := range strings.Fields(hint) {
		terms := textutil.ContentTerms(w)
		if len(terms) > 0 && slices.ContainsFunc(terms, func(t string) bool { return have[t] }) {
			keep = append(keep, w)
		}
	}
	if len(keep) == 0 {
		return hint
	}
	return strings.Join(keep, " ")
}
