package extractive

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

func TestNameHeading(t *testing.T) {
	for _, tc := range []struct{ heading, want string }{
		{"MAX_RETRY_COUNT", "MAX_RETRY_COUNT"},
		{"cache_size (integer)", "cache_size"},
		{"open(path, mode)", "open"},
		{"compact", "compact"},
		{"SET SESSION", "SET SESSION"},
		{"Description", ""},
		{"KilnWait", "KilnWait"},
		{"KilnWait Directive", ""},
		{"GitHub Actions", ""},
		{"F.12. archiver", ""},
		{"20.4.1. Memory", ""},
		{"## compact", ""},
		{"Persistent=", "Persistent"},
		{"KillOnlyUsers=, KillExcludeUsers=", "KillOnlyUsers"},
		{"Persistent= and more", ""},
	} {
		require.Equal(t, tc.want, nameHeading(tc.heading), tc.heading)
	}
}

func TestNameLine(t *testing.T) {
	opener := &candidate{label: "S2", opens: true, headingText: "RETRY_LIMIT", text: "The number of times a failed upload is tried again."}
	require.Equal(t, "RETRY_LIMIT [S2]\n\n", nameLine(opener, "Which variable sets how often a failed upload is retried?"))
	// The question already names it, or the sentence does: nothing added.
	require.Empty(t, nameLine(opener, "What does RETRY_LIMIT do?"))
	spelled := *opener
	spelled.text = "RETRY_LIMIT is the number of times a failed upload is tried again."
	require.Empty(t, nameLine(&spelled, "Which variable sets how often a failed upload is retried?"))
	// An entry's aliases, one a line, are quoted as the source prints
	// them, unless one of them is spelled.
	aliases := &candidate{label: "S1", opens: true, headingText: "kiln.X\nkiln.VERBOSE", text: "This flag lets a firing schedule span several lines with comments."}
	require.Equal(t, "kiln.X\nkiln.VERBOSE [S1]\n\n", nameLine(aliases, "Which kiln flag lets a firing schedule span several lines?"))
	require.Empty(t, nameLine(aliases, "What does kiln.VERBOSE do to a firing schedule?"))
	prose := *aliases
	prose.headingText = "kiln.X\nVerbose schedules"
	require.Empty(t, nameLine(&prose, "Which kiln flag lets a firing schedule span several lines?"))
	// Not the section's first sentence: named when the question asks which
	// thing does it (the sentence is about the section's subject, and the
	// answer is its name), not otherwise (the heading may name something
	// the question does not ask for).
	later := *opener
	later.opens = false
	require.Equal(t, "RETRY_LIMIT [S2]\n\n", nameLine(&later, "Which variable sets how often a failed upload is retried?"))
	require.Equal(t, "RETRY_LIMIT [S2]\n\n", nameLine(&later, "Which upload variable sets how often a failed upload is retried?"))
	require.Empty(t, nameLine(&later, "How often is a failed upload retried?"))
	// A key=value setting's heading names it, as a systemd entry's does.
	setting := later
	setting.headingText, setting.text = "Persistent=", "This is useful to catch up on missed runs of the service."
	require.Equal(t, "Persistent= [S2]\n\n", nameLine(&setting, "Which timer option catches up on missed runs?"))
}

func TestDensity(t *testing.T) {
	want := map[string]bool{"rotat": true, "log": true, "daili": true}
	require.InDelta(t, 1.0, density(textutil.Words("Rotate logs daily."), want, map[string]string{}), 1e-9)
	require.InDelta(t, 3.0/8, density(textutil.Words("Rotate the files, and keep logs for daily use."), want, map[string]string{}), 1e-9)
	require.Zero(t, density(textutil.Words("Logs are kept."), want, map[string]string{}))
}

// A question asking for a default in other words asks for a default value
// (formLead, ask.stated) as "by default" does; what something does out of
// the box is no value.
func TestDefaultAskInOtherWords(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want bool
	}{
		{"What glaze does the studio kiln use out of the box?", true},
		{"Which cone does the kiln fire to unless told otherwise?", true},
		{"What compression does the archiver pick if I don't set it?", true},
		{"What is the default glaze of the studio kiln?", true},
		{"What does the kiln do out of the box when the cone bends?", false},
		{"Which glaze does the studio kiln use?", false},
	} {
		require.Equal(t, tc.want, newAsk(tc.q).isDefault, tc.q)
	}
}

// A how-to question answered deep in an option's entry names the option;
// a question of another kind, or a sentence of an entry that is no
// option's, does not.
func TestHowToNamesTheOption(t *testing.T) {
	later := &candidate{label: "S2", headingText: "--nested", text: "The firing is performed not only in the kilns of the current rack, but also in any kilns stacked inside those kilns."}
	require.Equal(t, "--nested [S2]\n\n", nameLine(later, "How do I make the firing also handle kilns stacked inside other kilns?"))
	require.Empty(t, nameLine(later, "Are kilns stacked inside other kilns fired too?"))
	prose := *later
	prose.headingText = "Stacked kilns"
	require.Empty(t, nameLine(&prose, "How do I make the firing also handle kilns stacked inside other kilns?"))
}
