package hybridrag

import (
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
)

// Request is one question with its per-request knobs. Zero fields take the
// Pipeline's configuration.
type Request struct {
	Question string
	// Agent identifies the assistant or caller asking, for the query log.
	// When it names an agent of Config.Agents, that agent answers: its
	// persona (unless Persona is set), its model profile's generator and
	// sampling, and its tags, which restrict retrieval to the documents
	// tagged for it. Any other name is only a label for the log.
	Agent string
	// Filter restricts retrieval (tenant, project, source type,
	// confidentiality, dates); it is enforced inside both searches.
	Filter retrieve.Filter

	KeywordK   int
	VectorK    int
	MaxSources int
	MMRLambda  float64
	// MinSources overrides the gate's minimum number of evidence sources
	// (0..10); negative means zero. It is a demand: no single strong
	// source stands in for it.
	MinSources int
	// MinScore overrides the Relevance a source needs to count as evidence.
	MinScore float64

	// Persona overrides Config.Generation.Persona for this request.
	Persona string
	// Stream, if set, receives the answer as it is produced, validated:
	// each sentence is passed on once it is complete and supported, so what
	// streamed is always a prefix of the returned Answer.Answer (see
	// validate.Stream). A refusal streams nothing. Under the Regenerate
	// policy or with a judge the answer can only be known at the end, and
	// streams in one piece then.
	Stream generate.StreamFunc
}

// checkTenant enforces Config.RequireTenant.
func (p *Pipeline) checkTenant(req *Request) error {
	if p.cfg.RequireTenant && req.Filter.TenantID == "" {
		return ErrTenantRequired
	}
	return nil
}

// checkQuestion validates and trims a question.
func (p *Pipeline) checkQuestion(q string) (string, error) {
	if !utf8.ValidString(q) {
		return "", &QueryError{Reason: QueryInvalidUTF8}
	}
	q = strings.TrimSpace(q)
	n := utf8.RuneCountInString(q)
	lo := orInt(p.cfg.Query.MinLength, DefaultMinQueryLength)
	hi := orInt(p.cfg.Query.MaxLength, DefaultMaxQueryLength)
	switch {
	case n < lo:
		return "", &QueryError{Reason: QueryTooShort, Length: n, Min: lo, Max: hi}
	case n > hi:
		return "", &QueryError{Reason: QueryTooLong, Length: n, Min: lo, Max: hi}
	}
	return q, nil
}

func (p *Pipeline) query(req Request, text string) retrieve.Query {
	r := p.cfg.Retrieval
	return retrieve.Query{
		Text:       text,
		Filter:     req.Filter,
		KeywordK:   orInt(req.KeywordK, r.KeywordK),
		VectorK:    orInt(req.VectorK, r.VectorK),
		MaxSources: orInt(req.MaxSources, r.MaxSources),
		MMRLambda:  orFloat(req.MMRLambda, r.MMRLambda),
	}
}
