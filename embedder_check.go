package hybridrag

import (
	"context"
	"fmt"
	"reflect"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/internal/errprefix"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store"
)

// EmbedderMismatchError is returned by Index, Retrieve and Ask when the
// store records (store.EmbedderRecorder) that its vectors come from
// another embedder than the Pipeline's: their similarities would be
// meaningless. Reindex (hybridrag reindex) re-embeds the store with the
// Pipeline's embedder and records it; or configure the stored one.
type EmbedderMismatchError struct {
	Stored, Current store.EmbedderID
}

func (e *EmbedderMismatchError) Error() string {
	return fmt.Sprintf("hybridrag: the store was built with embedder %v, this pipeline uses %v: "+
		"re-embed the store with Reindex (hybridrag reindex) or use the embedder it was built with", e.Stored, e.Current)
}

// Unwrap makes errors.Is(err, ErrEmbedderMismatch) true.
func (e *EmbedderMismatchError) Unwrap() error { return ErrEmbedderMismatch }

// EmbedderID identifies emb as a store records it: its Name (generate.Namer,
// else its Go type), Dimension() and ConfigHash() where it has them. A
// nil emb is the default offline embedder.
func EmbedderID(emb any) store.EmbedderID {
	if emb == nil {
		emb = embed.NewHash(embed.HashOptions{Dim: DefaultEmbedDimension})
	}
	id := store.EmbedderID{Name: reflect.TypeOf(emb).String()}
	if n, ok := emb.(generate.Namer); ok {
		id.Name = n.Name()
	}
	if d, ok := emb.(interface{ Dimension() int }); ok {
		id.Dimension = d.Dimension()
	}
	if c, ok := emb.(interface{ ConfigHash() string }); ok {
		id.ConfigHash = c.ConfigHash()
	}
	return id
}

// checkEmbedder compares the store's recorded embedder with the
// Pipeline's; a write to a store with none recorded records it. Once they
// agree the answer is kept, so queries do not ask the store again.
func (p *Pipeline) checkEmbedder(ctx context.Context, write bool) error {
	if p.embedderOK.Load() {
		return nil
	}
	er, ok := p.store.(store.EmbedderRecorder)
	if !ok {
		return nil
	}
	stored, found, err := er.LoadEmbedder(ctx)
	if err != nil {
		return errprefix.Wrap("hybridrag: store", err)
	}
	switch {
	case found && !stored.Matches(p.embedderID):
		return &EmbedderMismatchError{Stored: stored, Current: p.embedderID}
	case !found && !write:
		return nil // nothing to compare with until the first write
	case !found:
		if err := er.SaveEmbedder(ctx, p.embedderID); err != nil {
			return errprefix.Wrap("hybridrag: store", err)
		}
	}
	p.embedderOK.Store(true)
	return nil
}

// checkQueryEmbedder is checkEmbedder for a query: only when the default
// retriever searches the store with the Pipeline's embedder (a configured
// Retriever brings its own).
func (p *Pipeline) checkQueryEmbedder(ctx context.Context) error {
	if p.cfg.Retriever != nil {
		return nil
	}
	return p.checkEmbedder(ctx, false)
}
