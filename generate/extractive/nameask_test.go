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
		// A numbered section of one name names it, as Texinfo and
		// DocBook number every entry; a numbered title does not.
		{"F.12. archiver", "archiver"},
		{"2.4 dca_core", "dca_core"},
		{"20.4.1. Memory", ""},
		{"11.8. Partial Indexes", ""},
		{"2.4 dca_core filter", ""},
		{"## compact", ""},
		{"Persistent=", "Persistent"},
		{"KillOnlyUsers=, KillExcludeUsers=", "KillOnlyUsers"},
		{"Persistent= and more", ""},
		// A version in a name is no section number: Apache's special
		// environment variables are headed "downgrade-1.0".
		{"downgrade-1.0", "downgrade-1.0"},
		{"force-response-1.0", "force-response-1.0"},
		{"IV.3 Firing", ""},
		{"v1.2", ""},
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

// A sentence whose subject is a pronoun or a demonstrative is about its
// section's subject, which it never spells: under a name heading, the name
// is quoted before it whatever the question. The kinds a which-X question
// asks for include strategies, libraries, filters and signals, documented
// one an entry as commands and options are.
func TestNameLinePointsBack(t *testing.T) {
	back := &candidate{label: "S3", headingText: "tandem", text: "This is the default firing strategy when more than one kiln is loaded at once."}
	require.Equal(t, "tandem [S3]\n\n", nameLine(back, "How are several kilns fired at the same time?"))
	it := *back
	it.text = "It contains portable timers, checksums and glaze tables."
	require.Equal(t, "tandem [S3]\n\n", nameLine(&it, "Where are the glaze tables kept?"))
	its := *back
	its.text = "Its initial value is taken from the kiln's environment."
	require.Equal(t, "tandem [S3]\n\n", nameLine(&its, "What is the initial value of the kiln option?"))
	// A pronoun inside a word or later in the sentence is no subject.
	inner := *back
	inner.text = "Items loaded at once are fired with the default firing strategy."
	require.Empty(t, nameLine(&inner, "How are several kilns fired at the same time?"))
	for _, q := range []string{
		"Which strategy is used by default when several kilns are loaded at once?",
		"Which kiln library provides checksums and glaze tables?",
		"What signal makes the kiln stop after the current firing?",
	} {
		require.Equal(t, "tandem [S3]\n\n", nameLine(&inner, q), q)
	}
	prose := inner
	prose.headingText = "Firing several kilns"
	require.Empty(t, nameLine(&prose, "Which strategy is used by default when several kilns are loaded at once?"))
}

// Words that join into a name spell it: the question names a heading so.
func TestSpellsJoinedWords(t *testing.T) {
	require.True(t, headsSubject(&candidate{headingText: "9.5 kiln2000"}, "How do I fire the kiln 2000?"))
	require.False(t, headsSubject(&candidate{headingText: "9.5 kiln2000"}, "How do I fire the kiln?"))
	require.True(t, spells("the dead letter queue", "dead_letter_queue"))
	require.False(t, spells("a dead letter", "dead_letter_queue"))
}

// The name heading a how-to question's subject, written in words, is not
// the means: the sentence after the lead that names one is put second.
func TestMeansUnderTheSubjectsHeading(t *testing.T) {
	lead := &candidate{pos: 0, opens: true, headingText: "9.5 kiln2000", text: "The native kiln 2000 firing is glazed by default, the -g option sets the glaze."}
	next := &candidate{pos: 1, headingText: "9.5 kiln2000", text: "Unglazed firing can be selected with -bare 1."}
	other := &candidate{pos: 2, source: 1, text: "Every glazed firing of a kiln is logged."}
	cands := []*candidate{lead, next, other}
	q := "How do I get an unglazed firing from the kiln 2000 instead of its default glazed firing?"
	chosen, means := meansAfter([]*candidate{lead, other}, cands, newAsk(q), 3)
	require.Same(t, next, means)
	require.Equal(t, []*candidate{lead, next, other}, chosen)
	// Under another thing's name, the heading is the means.
	_, means = meansAfter([]*candidate{lead, other}, cands, newAsk("How do I get an unglazed firing from the oven instead of a glazed one?"), 3)
	require.Nil(t, means)
}

// A page's description points at its subject with "It will …", "It uses
// …" or "This option …"; "It is …", "It was …" and "This means …" point at
// nothing or at the sentence before.
func TestPagePointer(t *testing.T) {
	for s, want := range map[string]bool{
		"It will be used to set the header.": true,
		"It uses the proxy given.":           true,
		"This option sets the header.":       true,
		"These functions return a handle.":   true,
		"It is safe to call this routine.":   false,
		"It was added in 7.1.":               false,
		"This means that the header is set.": false,
	} {
		require.Equal(t, want, pagePointer.MatchString(s), s)
	}
}
