package hybridragtest

import (
	"context"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/store/embedded"
)

// GroundingCategory names a kind of claim in TestGrounding's corpus.
type GroundingCategory string

// Hallucination categories, and the faithful controls.
const (
	// NumberSameSource: a number the cited source states about another
	// fact, in another sentence.
	NumberSameSource GroundingCategory = "number_same_source"
	// NumberOtherSource: a number only another source states.
	NumberOtherSource GroundingCategory = "number_other_source"
	// AntonymFlip: maximum for minimum, decrease for increase, after for
	// before, optional for required, never for always.
	AntonymFlip GroundingCategory = "antonym_flip"
	// NounSwap: a lowercase noun phrase the source never names in place of
	// the one it does.
	NounSwap GroundingCategory = "noun_swap"
	// VerbObjectSwap: the object of a verb replaced by another noun of the
	// same source.
	VerbObjectSwap GroundingCategory = "verb_object_swap"
	// AddedClause: a clause the source never states, after a comma, a
	// relative pronoun, a conjunction or the citation marker.
	AddedClause GroundingCategory = "added_clause"
	// AddedQuantifier: a quantifier, superlative or scale word the source
	// does not state.
	AddedQuantifier GroundingCategory = "added_quantifier"
	// NegationFlip: a negation added to what the source affirms, or taken
	// from what it denies, where the source negates something else near
	// it (another sentence, the other half of a sentence).
	NegationFlip GroundingCategory = "negation_flip"
	// Faithful: quotes and paraphrases (reordering, active/passive, merged
	// sentences) that must be kept.
	Faithful GroundingCategory = "faithful"
)

// HallucinationCategories returns the categories of unsupported claims
// TestGrounding checks, in the order it runs them.
func HallucinationCategories() []GroundingCategory {
	return []GroundingCategory{NumberSameSource, NumberOtherSource, AntonymFlip, NounSwap, VerbObjectSwap, AddedClause, AddedQuantifier, NegationFlip}
}

// GroundingCase describes one generator for TestGrounding.
type GroundingCase struct {
	// New builds the generator, wired to a model that follows s, as for
	// TestGenerator. A generator with no model (the extractive one) ignores
	// s and sets Scriptable to false: its own answers are checked instead.
	New        func(t *testing.T, s Script) generate.Generator
	Scriptable bool
}

// TestGrounding runs the validator conformance suite through a pipeline
// built on the generator: with default settings, a scripted reply that
// cites a source for a claim the source does not support — in any of the
// HallucinationCategories, at least five cases each — never reaches the
// answer: either the answer is refused as unsupported_answer, or the claim
// is absent from it and reported unsupported in Answer.Validation. Faithful
// replies (quotes and paraphrases) are kept and reported supported. A
// generator that is not scriptable is asked every question of the corpus
// instead: whatever it answers must pass validation untouched.
//
// The corpus (four documents of a ventilation unit's manual) is indexed
// into an embedded store in a temporary directory; subtests are named
// category/case.
func TestGrounding(t *testing.T, c GroundingCase) {
	t.Helper()
	ctx := context.Background()
	script, setItem := groundingScript()
	st, err := embedded.Open(t.TempDir(), embedded.Options{Create: true})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	p, err := hybridrag.New(hybridrag.Config{Store: st, Generator: c.New(t, script)})
	require.NoError(t, err)
	t.Cleanup(func() { _ = p.Close() })
	_, err = p.Index(ctx, groundingDocs...)
	require.NoError(t, err)

	if !c.Scriptable {
		testGroundingUnscripted(t, p)
		return
	}
	for _, cat := range append(HallucinationCategories(), Faithful) {
		t.Run(string(cat), func(t *testing.T) {
			for _, it := range groundingItems {
				if it.Category != cat {
					continue
				}
				t.Run(it.Name, func(t *testing.T) {
					setItem(&it)
					ans, err := p.Ask(ctx, hybridrag.Request{Question: it.Question})
					require.NoError(t, err)
					requireGatePassed(t, ans)
					if cat == Faithful {
						checkKept(t, ans, it)
					} else {
						checkDropped(t, ans, it)
					}
				})
			}
		})
	}
}

// requireGatePassed fails when the gate refused: the corpus questions are
// all answerable, so the generator and validator must be reached.
func requireGatePassed(t *testing.T, ans *hybridrag.Answer) {
	t.Helper()
	if ans.Refused() {
		switch *ans.RefusalReason {
		case gate.CollectionNotFound, gate.NoRelevantContent, gate.InsufficientSources:
			require.Failf(t, "the gate refused", "%q: %v", ans.Query, ans.Gate)
		}
	}
}

// checkDropped asserts the item's unsupported claim is not in the answer
// and the validator reported it.
func checkDropped(t *testing.T, ans *hybridrag.Answer, it groundingItem) {
	t.Helper()
	if ans.Refused() {
		require.Equal(t, gate.UnsupportedAnswer, *ans.RefusalReason, "a hallucination must be refused as unsupported: %v", ans.Gate)
	}
	require.False(t, containsFold(ans.Answer, it.Marker), "unsupported claim %q reached the answer:\n%s\n%+v\n%+v", it.Marker, ans.Answer, ans.Validation, ans.Sources)
	require.NotNil(t, ans.Validation, "no validation report")
	for _, s := range ans.Validation.Sentences {
		if !s.Supported && containsFold(s.Text, it.Marker) {
			return
		}
	}
	require.Failf(t, "unsupported claim not reported", "no unsupported sentence in the report holds %q: %+v", it.Marker, ans.Validation.Sentences)
}

// checkKept asserts a faithful reply survived whole.
func checkKept(t *testing.T, ans *hybridrag.Answer, it groundingItem) {
	t.Helper()
	require.False(t, ans.Refused(), "faithful reply refused: %v; report: %+v", ans.Gate, ans.Validation)
	require.True(t, containsFold(ans.Answer, it.Marker), "faithful claim %q dropped from the answer:\n%s\nreport: %+v", it.Marker, ans.Answer, ans.Validation)
	require.NotNil(t, ans.Validation)
	for _, s := range ans.Validation.Sentences {
		require.True(t, s.Supported, "faithful sentence reported unsupported: %+v", s)
	}
	checkCitations(t, ans)
}

// testGroundingUnscripted asks every question of the corpus: an answer
// must pass validation whole, and a refusal can only be a decline.
func testGroundingUnscripted(t *testing.T, p *hybridrag.Pipeline) {
	ctx := context.Background()
	seen := map[string]bool{}
	answered := 0
	for _, it := range groundingItems {
		if seen[it.Question] {
			continue
		}
		seen[it.Question] = true
		ans, err := p.Ask(ctx, hybridrag.Request{Question: it.Question})
		require.NoError(t, err)
		requireGatePassed(t, ans)
		if ans.Refused() {
			require.Equal(t, gate.ModelDeclined, *ans.RefusalReason, "%q: %v", it.Question, ans.Gate)
			continue
		}
		answered++
		require.NotNil(t, ans.Validation)
		for _, s := range ans.Validation.Sentences {
			require.True(t, s.Supported, "%q: the generator's own sentence failed validation: %+v", it.Question, s)
		}
		checkCitations(t, ans)
	}
	require.Greater(t, answered, len(seen)/2, "answered %d of %d questions", answered, len(seen))
}

// groundingScript returns a Script that answers with the reply of the
// item set by the returned function, citing the labels the sources got in
// the prompt. A call that does not ask the current item's question gets a
// decline, which fails every check.
func groundingScript() (Script, func(*groundingItem)) {
	var cur atomic.Pointer[groundingItem]
	respond := func(messages []generate.Message) string {
		it := cur.Load()
		if it == nil || !asked(messages, it.Question) {
			return generate.NotInDocs
		}
		return label(messages, it.Reply)
	}
	return Script{Respond: respond}, func(it *groundingItem) { cur.Store(it) }
}

// asked reports whether the user turn of messages holds question.
func asked(messages []generate.Message, question string) bool {
	for _, m := range messages {
		if m.Role == generate.RoleUser && strings.Contains(m.Content, question) {
			return true
		}
	}
	return false
}

var placeholderRe = regexp.MustCompile(`\[[MIOW]\]`)

// label replaces the source placeholders of reply with prompt labels.
func label(messages []generate.Message, reply string) string {
	return placeholderRe.ReplaceAllStringFunc(reply, func(ph string) string {
		return labelOf(messages, strings.TrimSuffix(groundingKeys[ph], "."))
	})
}

func containsFold(s, sub string) bool {
	norm := func(x string) string { return strings.ToLower(strings.Join(strings.Fields(x), " ")) }
	return strings.Contains(norm(s), norm(sub))
}
