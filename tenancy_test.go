package hybridrag_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/store"
)

func TestRequireTenant(t *testing.T) {
	ctx := context.Background()
	docs := []store.Document{manual[0], manual[1]}
	for i := range docs {
		docs[i].TenantID = "acme"
	}
	for _, require_ := range []bool{false, true} {
		t.Run(fmt.Sprint("RequireTenant=", require_), func(t *testing.T) {
			p := newPipeline(t, hybridrag.Config{RequireTenant: require_})
			_, err := p.Index(ctx, docs...)
			require.NoError(t, err)
			q := "At what pressure does the relief valve open?"
			calls := map[string]func(hybridrag.Request) error{
				"Retrieve": func(r hybridrag.Request) error { _, err := p.Retrieve(ctx, r); return err },
				"Ask":      func(r hybridrag.Request) error { _, err := p.Ask(ctx, r); return err },
				"Prompt":   func(r hybridrag.Request) error { _, _, err := p.Prompt(ctx, r); return err },
				"Ask streaming": func(r hybridrag.Request) error {
					r.Stream = func(context.Context, []byte) error { return nil }
					_, err := p.Ask(ctx, r)
					return err
				},
			}
			for name, call := range calls {
				err := call(hybridrag.Request{Question: q, Filter: store.Filter{ProjectID: "x"}})
				if require_ {
					require.ErrorIs(t, err, hybridrag.ErrTenantRequired, name)
				} else {
					require.NoError(t, err, name)
				}
				require.NoError(t, call(hybridrag.Request{Question: q, Filter: store.Filter{TenantID: "acme"}}), name)
			}
		})
	}
}

// tenantObservation is what one tenant sees of a question: every source's
// scores by chunk id, and the gate's decision.
type tenantObservation struct {
	Sources map[string][4]float64 // relevance, bm25, cosine, fused
	Missing []string
	Gate    gate.Decision
}

// TestTenantScoresSealed: a tenant's retrieval scores, Relevance and gate
// decisions do not change when other tenants' documents are indexed or
// deleted (random corpora, several seeds).
func TestTenantScoresSealed(t *testing.T) {
	ctx := context.Background()
	vocab := strings.Fields(`pump valve seal impeller pressure relief lever gasket bearing shaft motor
		winter frost drain casing filter hose nozzle flange coupling torque voltage fuse relay sensor`)
	for _, seed := range []uint64{3, 41, 2026} {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 9))
			sentence := func(n int) string {
				w := make([]string, n)
				for i := range w {
					w[i] = vocab[rng.IntN(len(vocab))]
				}
				return strings.ToUpper(w[0][:1]) + strings.Join(w, " ")[1:] + "."
			}
			corpus := func(tenant string, n, words int) []store.Document {
				var out []store.Document
				for i := range n {
					var b strings.Builder
					for range 2 + rng.IntN(3) {
						b.WriteString(sentence(words/2+rng.IntN(words)) + " ")
					}
					out = append(out, store.Document{ID: fmt.Sprintf("%s-%d.md", tenant, i), TenantID: tenant, Text: b.String()})
				}
				return out
			}
			p := newPipeline(t, hybridrag.Config{})
			_, err := p.Index(ctx, corpus("acme", 8, 8)...)
			require.NoError(t, err)
			var questions []string
			for range 6 {
				questions = append(questions, fmt.Sprintf("What about the %s and the %s?", vocab[rng.IntN(len(vocab))], vocab[rng.IntN(len(vocab))]))
			}
			questions = append(questions, "How do I file a tax return for my cat?")
			observe := func() []tenantObservation {
				var out []tenantObservation
				for _, q := range questions {
					req := hybridrag.Request{Question: q, Filter: store.Filter{TenantID: "acme"}}
					ans, res, err := p.AskWithRetrieval(ctx, req)
					require.NoError(t, err)
					o := tenantObservation{Sources: map[string][4]float64{}, Gate: ans.Gate}
					if res != nil {
						o.Missing = res.Analysis.Missing
						for _, s := range res.Sources {
							require.Equal(t, "acme", s.Chunk.TenantID)
							o.Sources[s.Chunk.ID] = [4]float64{s.Relevance, s.Scores.BM25, s.Scores.Cosine, s.Scores.Fused}
						}
					}
					out = append(out, o)
				}
				return out
			}
			before := observe()
			others := append(corpus("globex", 20, 30), corpus("", 10, 4)...)
			_, err = p.Index(ctx, others...)
			require.NoError(t, err)
			require.Equal(t, before, observe(), "after other tenants indexed")
			for _, d := range others[:15] {
				require.NoError(t, p.Delete(ctx, d.TenantID, d.ProjectID, d.ID))
			}
			require.Equal(t, before, observe(), "after other tenants deleted")
		})
	}
}
