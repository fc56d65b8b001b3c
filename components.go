package hybridrag

import (
	"fmt"

	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/validate"
)

// Components are the parts a Pipeline resolved in New: each is the one set
// in Config or, where Config left it nil, the default New built. Tools that
// measure or extend a Pipeline (package eval, a host's audit) use them to
// act exactly as Ask does, for example to parse citations with the same
// Extractor. The value is a snapshot; each component is as safe for
// concurrent use as its interface requires.
type Components struct {
	Retriever retrieve.Retriever
	// Embedder is the configured embedder or the offline hashing one,
	// wrapped in the dimension check the Pipeline applies (embed.Validate).
	Embedder       retrieve.Embedder
	Gate           gate.Gate
	ContextBuilder generate.ContextBuilder
	Generator      generate.Generator
	Extractor      cite.Extractor
	Validator      validate.Validator
	// GeneratorName is what Answer.Metadata.Generator carries: the
	// generator's generate.Namer name, else its Go type.
	GeneratorName string
	// EmbedderName names the configured embedder the same way; the default
	// is "hash (offline, N dimensions)".
	EmbedderName string
}

// Components returns the resolved components. It is safe to call
// concurrently with every other method, also after Close (the components
// may then fail, as the store is closed).
func (p *Pipeline) Components() Components {
	return Components{
		Retriever: p.retriever, Embedder: p.embedder, Gate: p.gate,
		ContextBuilder: p.builder, Generator: p.generator, Extractor: p.extractor,
		Validator: p.validator, GeneratorName: p.generatorName(), EmbedderName: p.embedderName(),
	}
}

// Thresholds returns the gate thresholds Ask applies to req, resolved (zero
// fields replaced by the defaults): Config.Retrieval's, with req's
// MinSources and MinScore over them and, when Config.Gate is a
// *gate.Default, merged over that gate's own as it does. With another Gate
// they are what it receives in gate.Evidence.Thresholds, resolved. Safe for
// concurrent use.
func (p *Pipeline) Thresholds(req Request) gate.Thresholds {
	th := p.thresholds(req)
	if g, ok := p.gate.(*gate.Default); ok && g != nil {
		return g.Thresholds.Override(th).Resolve()
	}
	return th.Resolve()
}

func (p *Pipeline) embedderName() string {
	if p.cfg.Embedder == nil {
		return fmt.Sprintf("hash (offline, %d dimensions)", DefaultEmbedDimension)
	}
	if n, ok := p.cfg.Embedder.(generate.Namer); ok {
		return n.Name()
	}
	return fmt.Sprintf("%T", p.cfg.Embedder)
}
