package validate

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// Goals for the labelled pairs (the task's acceptance figures).
const (
	goalSwapCatch          = 0.95 // unsupported swaps flagged
	goalVerbatimFalseFlags = 0.05 // verbatim sentences flagged
)

// tally counts the verdicts on the pairs of one kind.
type tally struct {
	total, flagged int
	issues         map[Issue]int
}

func (t *tally) rate() float64 {
	if t.total == 0 {
		return 0
	}
	return float64(t.flagged) / float64(t.total)
}

// answerFor cites the single source after the sentence, alternating the
// two common placements of a marker.
func answerFor(p pair, k int) string {
	if k%2 == 0 {
		return strings.TrimSuffix(p.Sentence, ".") + " [S1]."
	}
	return p.Sentence + " [S1]"
}

// evaluate runs v on every pair and tallies flags per kind.
func evaluate(t testing.TB, v *Lexical, pairs []pair) map[string]*tally {
	t.Helper()
	out := map[string]*tally{}
	for k, p := range pairs {
		rep, err := v.Validate(context.Background(), answerFor(p, k),
			[]retrieve.Source{{Chunk: store.Chunk{ID: "c-" + p.ID, Text: p.Source}}})
		require.NoError(t, err)
		require.NotEmpty(t, rep.Sentences, "pair %s yields a claim", p.ID)
		tl := out[p.Kind]
		if tl == nil {
			tl = &tally{issues: map[Issue]int{}}
			out[p.Kind] = tl
		}
		tl.total++
		flagged := false
		for _, s := range rep.Sentences {
			flagged = flagged || !s.Supported
			for _, is := range s.Issues {
				tl.issues[is]++
			}
		}
		if flagged {
			tl.flagged++
		}
	}
	return out
}

func sum(ts map[string]*tally, kinds ...string) *tally {
	out := &tally{issues: map[Issue]int{}}
	for _, k := range kinds {
		if t := ts[k]; t != nil {
			out.total += t.total
			out.flagged += t.flagged
		}
	}
	return out
}

func TestLabelledPairs(t *testing.T) {
	pairs := loadPairs(t)
	require.GreaterOrEqual(t, len(pairs), 300)
	ts := evaluate(t, New(Options{}), pairs)
	kinds := make([]string, 0, len(ts))
	for k := range ts {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		tl := ts[k]
		verb := "caught"
		if k == kindVerbatim || k == kindParaphrase || k == kindReworded {
			verb = "flagged (false flags)"
		}
		t.Logf("%-14s %3d pairs, %3d %s = %5.1f%%  issues %v", k, tl.total, tl.flagged, verb, 100*tl.rate(), tl.issues)
	}
	swaps := sum(ts, swapKinds...)
	other := sum(ts, kindUnrelated, kindWrongSource, kindHallucination)
	t.Logf("swap catch rate: %d/%d = %.1f%% (goal ≥ %.0f%%)", swaps.flagged, swaps.total, 100*swaps.rate(), 100*goalSwapCatch)
	t.Logf("unrelated/wrong-source/hallucination catch rate: %d/%d = %.1f%%", other.flagged, other.total, 100*other.rate())
	t.Logf("verbatim false flags: %d/%d = %.1f%% (goal ≤ %.0f%%)", ts[kindVerbatim].flagged, ts[kindVerbatim].total, 100*ts[kindVerbatim].rate(), 100*goalVerbatimFalseFlags)
	t.Logf("paraphrase false flags: %d/%d = %.1f%%", ts[kindParaphrase].flagged, ts[kindParaphrase].total, 100*ts[kindParaphrase].rate())
	t.Logf("reworded false flags: %d/%d = %.1f%%", ts[kindReworded].flagged, ts[kindReworded].total, 100*ts[kindReworded].rate())
	require.GreaterOrEqual(t, swaps.rate(), goalSwapCatch)
	require.LessOrEqual(t, ts[kindVerbatim].rate(), goalVerbatimFalseFlags)
	require.GreaterOrEqual(t, other.rate(), goalSwapCatch)
}

// TestLabelledPairsMisses lists the pairs the default validator gets wrong,
// so a change in behaviour shows up in the log.
func TestLabelledPairsMisses(t *testing.T) {
	v := New(Options{})
	var misses []string
	for k, p := range loadPairs(t) {
		answer := answerFor(p, k)
		rep, err := v.Validate(context.Background(), answer, []retrieve.Source{{Chunk: store.Chunk{Text: p.Source}}})
		require.NoError(t, err)
		flagged := slices.ContainsFunc(rep.Sentences, func(s Sentence) bool { return !s.Supported })
		if flagged != (p.Label == labelUnsupported) {
			var detail []string
			for _, s := range rep.Sentences {
				detail = append(detail, fmt.Sprintf("recall %.2f %v", s.Recall, s.Issues))
			}
			misses = append(misses, fmt.Sprintf("%s: %q %v", p.ID, p.Sentence, detail))
		}
	}
	for _, m := range misses {
		t.Log(m)
	}
	require.Less(t, len(misses), len(loadPairs(t))/10)
}

// TestRecallSweep shows the trade-off MinRecall controls and checks that
// the default sits where the goals hold: raising the threshold can only
// flag more, on both sides.
func TestRecallSweep(t *testing.T) {
	pairs := loadPairs(t)
	unsupported := []string{kindUnrelated, kindWrongSource, kindHallucination}
	unsupported = append(unsupported, swapKinds...)
	var prevCatch, prevFalse float64
	for _, th := range []float64{0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9} {
		ts := evaluate(t, New(Options{MinRecall: th}), pairs)
		catch := sum(ts, unsupported...).rate()
		recallOnly := sum(ts, kindUnrelated, kindWrongSource, kindHallucination).rate()
		falseFlags := sum(ts, kindVerbatim, kindParaphrase, kindReworded).rate()
		t.Logf("MinRecall %.1f: unsupported caught %5.1f%% (unrelated/wrong/halluc %5.1f%%), false flags: verbatim %4.1f%% paraphrase %4.1f%% reworded %5.1f%% (all supported %4.1f%%)",
			th, 100*catch, 100*recallOnly, 100*ts[kindVerbatim].rate(), 100*ts[kindParaphrase].rate(), 100*ts[kindReworded].rate(), 100*falseFlags)
		require.GreaterOrEqual(t, catch, prevCatch)
		require.GreaterOrEqual(t, falseFlags, prevFalse)
		prevCatch, prevFalse = catch, falseFlags
		if th == DefaultMinRecall {
			require.GreaterOrEqual(t, sum(ts, swapKinds...).rate(), goalSwapCatch)
			require.LessOrEqual(t, ts[kindVerbatim].rate(), goalVerbatimFalseFlags)
		}
	}
}
