package extractive_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
)

// An answer opens with the sentence that answers by form (the amount, the
// definition) when one covers enough of the question, even if a side
// remark covers more of its words or comes from a better source.
func TestFormLeadsTheAnswer(t *testing.T) {
	for _, tt := range []struct {
		name, question string
		sources        []string
		lead           string // prefix of the first quoted sentence
	}{
		{
			name:     "the amount before a fuller side remark",
			question: "How many shelves can the studio kiln hold at most during a glaze firing?",
			sources: []string{
				"Loading shelves into the studio kiln for a glaze firing needs care, since glaze drips fuse shelves together.",
				"The kiln holds at most 6 shelves.",
			},
			lead: "The kiln holds at most 6 shelves.",
		},
		{
			name:     "a default stated under its setting",
			question: "How many minutes does the kiln hold its peak temperature by default?",
			sources: []string{
				"Holding the kiln at its peak temperature lets the glaze smooth out; the controller counts the hold in minutes.",
				"kiln_hold (integer)\n\nSets the hold at peak temperature. The default is ten minutes.",
			},
			lead: "The default is ten minutes.",
		},
		{
			name:     "a default of another setting does not lead",
			question: "How many minutes does the kiln hold its peak temperature by default?",
			sources: []string{
				"cone_offset (integer)\n\nThe kiln hold at peak temperature shifts the cone by default by 2 cones.",
				"Glazes mature when the kiln holds peak temperature for 10 minutes.",
			},
			lead: "Glazes mature when the kiln holds peak temperature for 10 minutes.",
		},
		{
			name: "one as a pronoun is no figure",
			// Asked as yes/no: for "How many …" no figure means no answer (TestCountNeedsAFigure).
			question: "Is there a limit on how many shelves the studio kiln can hold during a glaze firing?",
			sources: []string{
				"Loading shelves into the studio kiln for a glaze firing needs care, since glaze drips hold shelves together.",
				"Pick one of the studio kiln shelves for a glaze test tile.",
				"Cones measure heat work.", "Wedge clay before throwing.", "Trim pots when leather hard.",
			},
			lead: "Loading shelves into the studio kiln",
		},
		{
			name: "a listing number is no figure",
			// Asked as yes/no: for "How many …" no figure means no answer (TestCountNeedsAFigure).
			question: "Is there a limit on how many shelves the studio kiln can hold during a glaze firing?",
			sources: []string{
				"Loading shelves into the studio kiln for a glaze firing needs care, since glaze drips hold shelves together.",
				"Listing 4-2 shows studio kiln shelves with glaze tiles.",
				"Cones measure heat work.", "Wedge clay before throwing.", "Trim pots when leather hard.",
			},
			lead: "Loading shelves into the studio kiln",
		},
		{
			// The side remark names what is counted ("shelves") and the
			// thing it is counted of, but its figure counts kilns.
			name:     "a figure counting another noun does not lead",
			question: "At a glaze firing, how many loaded shelves of the same kiln may I stack?",
			sources: []string{
				"If two kilns share the same vent, loaded shelves in either kiln can crack at a glaze firing.",
				"- At a glaze firing, you may stack either one loaded shelf or any number of empty shelves.",
			},
			lead: "At a glaze firing, you may stack",
		},
		{
			// The description covers the question and the default after it
			// gives the figure; the sibling entry's figure counts no shelves
			// that fill the kiln.
			name:     "a description whose default follows leads",
			question: "How many shelves can fill the kiln before it refuses a glaze firing, by default?",
			sources: []string{
				"kiln_weight\n\nIf non-zero, all shelves heavier than this weight are kept out when the kiln fires. Defaults to 2.",
				"kiln_shelves\n\nWhen there are more than this many shelves in the kiln, it refuses a glaze firing. The default value is 6. Setting this to 0 disables it.",
			},
			lead: "kiln_shelves [S2]\n\nWhen there are more than this many shelves in the kiln",
		},
		{
			name:     "not an amount question: the scores decide",
			question: "Why must shelves in the studio kiln be loaded with care during a glaze firing?",
			sources: []string{
				"Loading shelves into the studio kiln for a glaze firing needs care, since glaze drips fuse shelves together.",
				"The kiln holds at most 6 shelves.",
			},
			lead: "Loading shelves into the studio kiln",
		},
		{
			name:     "a default value before a mention of the default",
			question: "What is the default kiln_ramp?",
			sources: []string{
				"If kiln_ramp is faster than the default allows, glazes may craze and kiln shelves may crack.",
				"kiln_ramp (integer)\n\nThe default is 150 degrees per hour.",
			},
			lead: "The default is 150 degrees per hour.",
		},
		{
			// "-in" of "built-in" is no option the lead must spell.
			name:     "a default asked with a hyphenated word",
			question: "What is the built-in default kiln_ramp?",
			sources: []string{
				"If kiln_ramp is faster than the default allows, glazes may craze and kiln shelves may crack.",
				"kiln_ramp (integer)\n\nThe default is 150 degrees per hour.",
			},
			lead: "The default is 150 degrees per hour.",
		},
		{
			name:     "a default row pointing elsewhere gives no default",
			question: "What is the default kiln_vent?",
			sources: []string{
				"kiln_vent\n\n- Type: boolean\n- Default: See the kiln_vent chapter.",
				"The kiln_vent setting opens the vent while the kiln cools. The default is on.",
			},
			lead: "The default is on.",
		},
		{
			// A hyphenated word the sources spell names what is asked.
			name:     "a default of the hyphenated setting asked",
			question: "Which cone does cone-level set by default?",
			sources: []string{
				"cone-offset (integer)\n\nShifts which cone the kiln reaches at its peak when set by default. The default is 2 cones.",
				"cone-level (integer)\n\nThe cone the kiln reaches at its peak. The default is 6.",
			},
			lead: "The default is 6.",
		},
		{
			name:     "a default of another written-as-code setting does not lead",
			question: "Which kiln ramp does kiln_ramp set by default?",
			sources: []string{
				"The kiln_ramp setting limits how fast the kiln heats during a ramp, unlike the default kiln curve.",
				"kiln_vent (boolean)\n\nThe default is on during a kiln ramp.",
			},
			lead: "The kiln_ramp setting limits",
		},
		{
			name:     "a default under the setting's heading before one naming it in passing",
			question: "What is the default of kiln_ramp?",
			sources: []string{
				"kiln_cool_ramp (integer)\n\nThe ramp used while cooling. It defaults to -1, meaning that kiln_ramp is used instead.",
				"kiln_ramp (integer)\n\nThe ramp used while heating. It defaults to 150 degrees per hour.",
			},
			lead: "It defaults to 150 degrees per hour.",
		},
		{
			name:     "what something does by default is no value",
			question: "What does the kiln do by default when the cone bends?",
			sources: []string{
				"By default the kiln switches off when the cone bends.",
				"cone_pack (integer)\n\nThe default is 3 cones per pack, so the kiln sees the cone bend early.",
			},
			lead: "By default the kiln switches off",
		},
		{
			name:     "the definition leads",
			question: "What is a glaze firing?",
			sources: []string{
				"After the bisque stage the potter starts the glaze firing, and during a glaze firing the kiln is watched closely.",
				"Shelves crack when cooled fast.",
				"Cones measure heat work.",
				"A glaze firing melts the glaze coating into glass on the pot.",
			},
			lead: "A glaze firing melts the glaze coating",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := extractive.New(extractive.Options{})
			gen, err := g.Generate(context.Background(), generate.Request{Question: tt.question, Prompt: prompt(tt.sources...)})
			require.NoError(t, err)
			require.NotEqual(t, generate.NotInDocs, gen.Text)
			require.True(t, strings.HasPrefix(gen.Text, tt.lead), "answer: %q", gen.Text)
		})
	}
}

// An unpunctuated line (a signature, a table row) is set apart from the
// sentence after it by a blank line, so that no reader runs them into
// one sentence; list items keep a single line break.
func TestUnpunctuatedLineStandsApart(t *testing.T) {
	for _, tt := range []struct {
		name, source, question, want string
	}{
		{
			name:     "signature then sentence",
			source:   "fire_kiln(cone=6, hold=10, vent=None, ramp=120, log=False)\n\nThe cone argument of fire_kiln sets the target cone for the kiln firing.",
			question: "Which arguments does fire_kiln take besides cone: hold, vent, ramp, log?",
			want:     "fire_kiln(cone=6, hold=10, vent=None, ramp=120, log=False) [S1]\n\nThe cone argument",
		},
		{
			name:     "list items",
			source:   "- The kiln cone argument sets the target cone of the firing\n- The kiln hold argument sets the hold of the firing",
			question: "Which kiln argument sets the target cone and which the hold of the firing?",
			want:     "[S1]\n- The kiln",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := extractive.New(extractive.Options{MinRelativeScore: -1}) // both pieces quoted
			gen, err := g.Generate(context.Background(), generate.Request{Question: tt.question, Prompt: prompt(tt.source)})
			require.NoError(t, err)
			require.Contains(t, gen.Text, tt.want)
		})
	}
}

// "How long can a glaze name be in the built-in Glaze model?" asks for
// an extent of the glaze name: the figure in the "glaze_name" entry leads,
// though a sentence elsewhere covers every word of the question with no
// figure. "built-in" qualifies the model as manuals rarely do, so a
// sentence is not short of it.
func TestExtentLeadsFromTheAskedEntry(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "It has three fields: glaze_name (from the glaze model), cone1 and cone2.", "Forms", "class GlazeCreationForm"),
		sourceUnder("S2", "Fields\n\nglaze_name\n\nRequired. 40 characters or fewer. Names may contain letters and digits.",
			"Models", "Fields", "glaze_name"),
		sourceUnder("S3", "A glaze model stores one glaze recipe and its firing range.", "Models"),
	}}
	answer := answerTo(t, "How long can a glaze_name be in the built-in Glaze model?", p)
	require.True(t, strings.HasPrefix(answer, "40 characters or fewer. [S2]"), answer)
}

// Only the entry of the whole thing asked about gives an extent's lead:
// asked how long a glaze name may be, a figure under "glaze" (a size
// limit of the glaze file) is no length of the name.
func TestExtentLeadNeedsTheWholeSubject(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "You may publish a glaze under a name other than its file name on the glaze registry.", "Registry", "Naming"),
		sourceUnder("S2", "Glaze\n\nThe glaze registry currently has a 10MB size limit on the glaze file.", "Registry", "Glaze"),
	}}
	answer := answerTo(t, "How long may a glaze name be on the glaze registry?", p)
	require.False(t, strings.HasPrefix(answer, "The glaze registry currently has a 10MB"), answer)
}
