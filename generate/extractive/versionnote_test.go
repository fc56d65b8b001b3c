package extractive_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
)

// A change note between a heading and its description ("New in version
// 2.4.") is not what the entry is: the answer opens with the description,
// and the note is quoted only when the question asks about history. A
// list marker, a bullet or a step number, is never quoted as part of a
// sentence standing alone.
func TestVersionNotesAndListMarkers(t *testing.T) {
	for _, tt := range []struct {
		name, question string
		sources        []string
		wantPrefix     string
		absent         string // must not occur in the answer
	}{
		{
			name:     "note under a heading is not the definition",
			question: "What does the KEEP_GOING property of a spool do?",
			sources: []string{
				"KEEP_GOING\n\nNew in version 2.4.\n\nThe KEEP_GOING property lets a spool continue after a failed job of the spool.",
			},
			wantPrefix: "The KEEP_GOING property lets a spool continue",
			absent:     "New in version",
		},
		{
			name:     "changed-in note with a colon is also a note",
			question: "What does the spool drain option do?",
			sources: []string{
				"drain\n\nChanged in version 1.7: the spool drain option also waits for open spool writers.\n\nThe spool drain option empties the spool before it stops.",
			},
			wantPrefix: "The spool drain option empties the spool before it stops.",
		},
		{
			// Sphinx writes an entry's current default in the note that
			// changed it; the description does not repeat it.
			name:     "a question asking for a default keeps the note that gives it",
			question: "How many workers does a spool start if I don't say?",
			sources: []string{
				"class Spool(max_workers=None)\n\nA spool runs jobs on a pool of at most max_workers workers.\n\nChanged in version 3.8: Default value of max_workers is changed to 6.\n\nThis default value keeps at least 2 workers free.",
			},
			wantPrefix: "Changed in version 3.8: Default value of max_workers is changed to 6.",
		},
		{
			name:     "a question about the version keeps the note",
			question: "In which version was the KEEP_GOING spool property added?",
			sources: []string{
				"KEEP_GOING\n\nAdded in version 2.4.\n\nThe KEEP_GOING property lets a spool continue after a failed job.",
			},
			wantPrefix: "",
		},
		{
			// Node.js prints "Added in: v8.0.0" on a line of its own under
			// the entry's name, where it looks like a heading and would hide
			// the name from the description under it.
			name:     "a note under an entry's name leaves the name as its heading",
			question: "How long is the drain timeout of a spool by default?",
			sources: []string{
				"Class: Spool\n\nspool.drainTimeout\n\nAdded in: v8.0.0, v6.9.0\n\n<number> Milliseconds the spool waits for open writers before it closes. Default: 5000 (5 seconds).\n\nspool.close()\n\nAdded in: v0.1.90\n\nCloses the spool at once, dropping writers that are still open.",
			},
			wantPrefix: "spool.drainTimeout [S1]\n\n<number> Milliseconds the spool waits",
			absent:     "Added in",
		},
		{
			name:     "dash marker",
			question: "Which flag makes the kiln cool slowly?",
			sources: []string{
				"Kiln flags:\n\n- The slow flag makes the kiln cool slowly over twelve hours.\n- The fast flag vents the kiln at once.",
			},
			wantPrefix: "The slow flag makes the kiln cool slowly",
		},
		{
			name:     "bullet marker",
			question: "Which flag makes the kiln cool slowly?",
			sources: []string{
				"Kiln flags:\n\n• The slow flag makes the kiln cool slowly over twelve hours.\n• The fast flag vents the kiln at once.",
			},
			wantPrefix: "The slow flag makes the kiln cool slowly",
		},
		{
			name:     "step number",
			question: "How do I make the kiln cool slowly?",
			sources: []string{
				"Shutting down:\n\n1. Switch the burners off at the panel.\n2. Set the vent to its slowest position so the kiln cools slowly over twelve hours.\n3. Leave the door shut until morning.",
			},
			wantPrefix: "Set the vent to its slowest position",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := extractive.New(extractive.Options{})
			gen, err := g.Generate(context.Background(), generate.Request{Question: tt.question, Prompt: prompt(tt.sources...)})
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(gen.Text, tt.wantPrefix), gen.Text)
			if tt.wantPrefix == "" {
				require.Contains(t, gen.Text, "version 2.4")
			}
			if tt.absent != "" {
				require.NotContains(t, gen.Text, tt.absent)
			}
		})
	}
}

// Node.js prints a table of changes under an entry's name ("History",
// "Version | Changes", "v2.0.0 |" and what changed). What changed is the
// entry's history: it answers no question about what the entry does, and
// the entry's description still opens it.
func TestChangeTableIsNoAnswer(t *testing.T) {
	entry := "kiln.getShelf([tray])\n\nHistory\n\nVersion | Changes\nv2.0.0 |\n\nPassing an invalid tray to the kiln shelf reader now throws instead of reading the top shelf.\n\nv1.0.0 |\n\nAdded in: v1.0.0\n\nReads the label of the shelf the kiln loads next."
	gen, err := extractive.New(extractive.Options{}).Generate(context.Background(),
		generate.Request{Question: "What does kiln.getShelf() read?", Prompt: prompt(entry)})
	require.NoError(t, err)
	require.Equal(t, "Reads the label of the shelf the kiln loads next. [S1]", gen.Text)
}
