package hybridrag_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
)

// countingLister is the embedded store (every capability of it) counting
// ListDocuments calls.
type countingLister struct {
	*embedded.Store
	lists atomic.Int64
}

func (c *countingLister) ListDocuments(ctx context.Context, tenant, project string) ([]store.DocumentInfo, error) {
	c.lists.Add(1)
	return c.Store.ListDocuments(ctx, tenant, project)
}

// unversioned hides the store's Statter: only writing, searching and
// listing remain.
type unversioned struct {
	store.Store
	store.DocumentLister
}

// zeroVersion reports IndexVersion 0, as a store that keeps no version
// might.
type zeroVersion struct{ *countingLister }

func (z zeroVersion) Stats(ctx context.Context, f store.Filter) (store.Stats, error) {
	st, err := z.countingLister.Stats(ctx, f)
	st.IndexVersion = 0
	return st, err
}

// TestAgentScopeFollowsWrites: an agent's tagged documents are listed once
// per store version; any write, through the pipeline or straight to the
// store, is seen by the next request, and a store that reports no version
// is listed every time.
func TestAgentScopeFollowsWrites(t *testing.T) {
	ctx := context.Background()
	const q = "How often is the shaft seal replaced?"
	agents := []hybridrag.Agent{{Name: "field-tech", Tags: []string{"ops"}}}
	docsFor := func(t *testing.T, p *hybridrag.Pipeline, question string) map[string]bool {
		t.Helper()
		res, err := p.Retrieve(ctx, hybridrag.Request{Question: question, Agent: "field-tech"})
		require.NoError(t, err)
		out := map[string]bool{}
		for _, s := range res.Sources {
			out[s.Chunk.DocumentID] = true
		}
		return out
	}
	docsOf := func(t *testing.T, p *hybridrag.Pipeline) map[string]bool { return docsFor(t, p, q) }
	newDoc := store.Document{ID: "seal-note.md", Source: "seal-note.md", Title: "Seal note",
		Text:     "# Seal note\n\nThe shaft seal of the field pump is replaced every 900 hours in dusty sites.\n",
		Metadata: store.Metadata{Tags: []string{"ops"}}}

	t.Run("versioned store", func(t *testing.T) {
		st := &countingLister{Store: openStore(t, t.TempDir())}
		p := newPipeline(t, hybridrag.Config{Store: st, Agents: agents})
		_, err := p.Index(ctx, taggedManual()...)
		require.NoError(t, err)

		require.Equal(t, map[string]bool{"pump.md": true}, docsOf(t, p))
		docsOf(t, p)
		_, err = p.Ask(ctx, hybridrag.Request{Question: q, Agent: "field-tech"})
		require.NoError(t, err)
		require.EqualValues(t, 1, st.lists.Load(), "unchanged store, listed once")

		_, err = p.Index(ctx, newDoc)
		require.NoError(t, err)
		require.True(t, docsOf(t, p)["seal-note.md"], "a document written through the pipeline is in scope")
		require.EqualValues(t, 2, st.lists.Load())

		// A write that bypasses the pipeline moves the version too.
		require.NoError(t, st.Delete(ctx, "", "", "seal-note.md"))
		require.Equal(t, map[string]bool{"pump.md": true}, docsOf(t, p))
		retagged := taggedManual()[1]
		retagged.Metadata.Tags = []string{"ops"}
		_, err = p.Index(ctx, retagged)
		require.NoError(t, err)
		require.True(t, docsFor(t, p, "At what pressure does the relief valve open?")["valve.md"], "a document whose tags changed is in scope")
	})

	t.Run("no version", func(t *testing.T) {
		for name, wrap := range map[string]func(*countingLister) store.Store{
			"no Statter": func(c *countingLister) store.Store { return unversioned{c, c} },
			"version 0":  func(c *countingLister) store.Store { return zeroVersion{c} },
		} {
			t.Run(name, func(t *testing.T) {
				st := &countingLister{Store: openStore(t, t.TempDir())}
				p := newPipeline(t, hybridrag.Config{Store: wrap(st), Agents: agents})
				_, err := p.Index(ctx, taggedManual()...)
				require.NoError(t, err)
				docsOf(t, p)
				docsOf(t, p)
				require.EqualValues(t, 2, st.lists.Load(), "listed on every request")
				_, err = p.Index(ctx, newDoc)
				require.NoError(t, err)
				require.True(t, docsOf(t, p)["seal-note.md"])
			})
		}
	})
}
