package chunker

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// newTestPacker measures doc's sections the way Split does.
func newTestPacker(t *testing.T, doc store.Document, opts Options) (*packer, []unit) {
	t.Helper()
	r, err := opts.resolved()
	require.NoError(t, err)
	secs, fences, err := buildSections(doc, nil)
	require.NoError(t, err)
	p := &packer{doc: &doc, opts: r, hash: "h", atoms: &atomizer{text: doc.Text, fences: fences, limit: r.TargetTokens, piece: r.pieceTokens()}}
	var units []unit
	for _, s := range secs {
		u, err := p.measure(s)
		require.NoError(t, err)
		units = append(units, u)
	}
	return p, units
}

// When estimates were low and a merged group's exact count exceeds
// MaxTokens, the group is emitted as smaller groups.
func TestGroupFallsBackWhenTheExactCountIsTooHigh(t *testing.T) {
	doc := store.Document{ID: "d", Text: "## A\n\nThe pump is primed first.\n\n## B\n\nThe valve is opened next."}
	opts := Options{TargetTokens: 16, MaxTokens: 16}
	p, units := newTestPacker(t, doc, opts)
	require.Len(t, units, 2)
	require.NoError(t, p.group(units))
	requireValidChunks(t, doc, opts, p.chunks)
	require.Equal(t, []string{"A", "B"}, headings(p.chunks))
}

// When the estimate of a long section is low, each chunk is shrunk until
// its exact count fits MaxTokens.
func TestSplitLongShrinksWhenTheEstimateIsLow(t *testing.T) {
	doc := store.Document{ID: "d", Text: sentences(120, "pump")}
	opts := Options{TargetTokens: 200, MaxTokens: 220}
	p, units := newTestPacker(t, doc, opts)
	require.Len(t, units, 1)
	u := units[0]
	if u.atoms == nil {
		require.NoError(t, p.atomize(&u))
	}
	// Halve every estimate: the packer now believes twice as much fits.
	for k := range u.pre {
		u.pre[k] /= 2
	}
	for k := range u.atoms {
		u.atoms[k].gap = 0
	}
	u.est = u.estimate(0, len(u.atoms))
	require.NoError(t, p.splitLong(u))
	requireValidChunks(t, doc, opts, p.chunks)
	require.Greater(t, len(p.chunks), 4)
}

// Documents with explicit sections (HTML, whose <pre> the loader fences)
// get their code fences too, so blank lines in code are not paragraph
// boundaries there either.
func TestExplicitSectionsKeepFences(t *testing.T) {
	text := "Usage\n\nRun this:\n\n```\nx := 1\n\ny := 2\n```\n\nDone."
	doc := store.Document{ID: "d", Text: text, Sections: []store.Section{{Start: 0, End: len(text), Heading: []string{"Usage"}}}}
	_, fences, err := buildSections(doc, nil)
	require.NoError(t, err)
	require.Len(t, fences, 1)
	a := &atomizer{text: text, fences: fences}
	require.True(t, a.inFence(len("Usage\n\nRun this:\n\n```\nx := 1")))
}
