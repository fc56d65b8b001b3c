package retrieve

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// A passage is text under one heading line (a definition list term, a page
// title) with that heading: never the heading alone, and never text of the
// entry before it with the next entry's term.
func TestPassageRespectsHeadingLines(t *testing.T) {
	for _, tt := range []struct {
		name, text, query string
		want              []string // in the passage
		notWant           []string // not in it
	}{
		{
			name: "a definition list entry",
			text: "Kiln options\n\nUse these when firing.\n\n" +
				"--vent-hours\n\nKeeps the damper open. The glaze stays clear. The shelf stays put.\n\n" +
				"--soak\n\nHolds the kiln at the peak temperature for the given minutes.",
			query:   "soak peak temperature minutes",
			want:    []string{"--soak", "Holds the kiln at the peak temperature"},
			notWant: []string{"damper", "shelf"},
		},
		{
			name:    "a title line joins the text after it",
			text:    "SOAK_MINUTES\n\nMinutes the kiln holds its peak.",
			query:   "soak minutes",
			want:    []string{"SOAK_MINUTES", "Minutes the kiln holds its peak."},
			notWant: nil,
		},
		{
			name: "a FAQ question heads its answer",
			text: "Kiln FAQ\n\nWhy does the glaze run?\n\nThe peak held too long. The shelf was not level. The cones bent early.\n\n" +
				"Why does the kiln crack pots?\n\nClay shrinks unevenly when the damper is shut.",
			query:   "why kiln crack pots",
			want:    []string{"Why does the kiln crack pots?", "Clay shrinks unevenly"},
			notWant: []string{"glaze run"},
		},
		{
			name:    "a chunk that is one short line is still a passage",
			text:    "soak minutes",
			query:   "soak minutes",
			want:    []string{"soak minutes"},
			notWant: nil,
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			st, emb := newTestStore(tt.text)
			h, err := NewHybrid(nil, st, emb, Options{})
			require.NoError(t, err)
			res, err := h.Retrieve(context.Background(), Query{Text: tt.query, MMRLambda: 1})
			require.NoError(t, err)
			require.NotEmpty(t, res.Sources)
			p := res.Sources[0].Passage
			require.NotNil(t, p)
			for _, w := range tt.want {
				require.Contains(t, p.Text, w)
			}
			for _, w := range tt.notWant {
				require.NotContains(t, p.Text, w)
			}
		})
	}
}

func TestIsHeadingLine(t *testing.T) {
	text := "Title\n\nA sentence. Another one.\n\n```\ncode\n```\n\nlast line"
	heads := (&coverageScratch{}).headings(text, textutil.Sentences(text))
	require.Equal(t, []bool{true, false, false, false, false}, heads)
}
