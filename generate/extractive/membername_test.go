package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
)

// sourceUnder is a source standing under the heading path heading.
func sourceUnder(label, text string, heading ...string) generate.ContextSource {
	s := retrieve.Source{Relevance: 0.8}
	s.Chunk.Heading = heading
	return generate.ContextSource{Label: label, Text: text, Source: s}
}

// A question names a member by its class ("ElectricKiln.vent()"), an API
// reference by an instance under the class's heading ("ek.vent([signal])"
// under "Class: ElectricKiln"). The entry's sentences use the instance's
// name; a sibling class's entry, with more of the question's words, must
// not lead.
func TestMemberNamedByItsClass(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "gk.vent([signal])\n\n- signal <string> Name of the vent signal to send to the gas kiln. Default: 'PURGE'",
			"Gas kilns", "Class: GasKiln", "gk.vent([signal])"),
		sourceUnder("S2", "ek.vent([signal])\n\nThe ek.vent() method sends a signal to the kiln's vent. If no argument is given, the vent is sent the 'OPEN' signal.",
			"Electric kilns", "Class: ElectricKiln", "ek.vent([signal])"),
	}}
	answer := answerTo(t, "What signal does ElectricKiln.vent() send by default?", p)
	require.True(t, strings.HasPrefix(answer, "If no argument is given, the vent is sent the 'OPEN' signal. [S2]"), answer)
}

// An API entry lists its parameters and what it returns under its name,
// then says what it does: asked what the call does, the answer opens with
// that description, not with a parameter row. A member whose name is a
// stop word ("once", "on", "off") is still told from its siblings.
func TestCallDescriptionAfterItsRows(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "kiln.setMaxShelves(n)\n\n- n <integer>\n- Returns: <Kiln>\n\nThe kiln.setMaxShelves() method allows the limit of shelves to be modified for this specific kiln instance.",
			"Kilns", "Class: Kiln", "kiln.setMaxShelves(n)"),
		sourceUnder("S2", "kiln.once(stage, listener)\n\n- stage {string} The name of the firing stage.\n- listener <Function> The callback function\n- Returns: <Kiln>\n\nAdds a one-time listener function for the firing stage named stage.",
			"Kilns", "Class: Kiln", "kiln.once(stage, listener)"),
	}}
	answer := answerTo(t, "What does kiln.once() do?", p)
	require.True(t, strings.HasPrefix(answer, "Adds a one-time listener function for the firing stage named stage. [S2]"), answer)
}

// "What does kiln.coneEqual() verify?" asks the call's entry what it
// does in a verb of its own: the entry's description answers, not a
// sibling's row that shares the verb.
func TestCallAskedInAVerbOfItsOwn(t *testing.T) {
	entries := "kiln.ok(value[, message])\n\n- value <any> The input that is verified for being lit.\n\nTests if the kiln value is lit.\n\n" +
		"kiln.deepEqual(actual, expected[, message])\n\nStrict mode\n\nAn alias of kiln.coneEqual().\n\nLegacy mode\n\nLegacy: Use kiln.coneEqual() instead.\n\n" +
		"kiln.coneEqual(actual, expected[, message])\n\n- actual <any>\n- expected <any>\n\nTests for deep equality between the actual and expected cones."
	answer := answerTo(t, "What does kiln.coneEqual() verify?", prompt(entries))
	require.True(t, strings.HasPrefix(answer, "Tests for deep equality between the actual and expected cones. [S1]"), answer)
}

// A chunker merges short entries, and only the first keeps its heading:
// the member's entry is then a signature line of the chunk's text, which
// names it as well as a heading would.
func TestMemberEntryMergedIntoSiblingChunk(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "gk.fire([cone])\n\n- cone <string> The cone the gas kiln fires to by default. Default: '06'",
			"Gas kilns", "Class: GasKiln", "gk.fire([cone])"),
		sourceUnder("S2", "ek.vent()\n\nOpens the vent.\n\nek.fire([cone])\n\nThe ek.fire() method heats the kiln to a cone. If no cone is given, it fires to cone 04.",
			"Electric kilns", "Class: ElectricKiln", "ek.vent()"),
	}}
	answer := answerTo(t, "Which cone does ElectricKiln.fire() fire to by default?", p)
	require.True(t, strings.HasPrefix(answer, "If no cone is given, it fires to cone 04. [S2]"), answer)
}

// A question naming a function as code ("kiln_strdup") is defined by the
// entry headed by that name, not by one whose heading holds its parts in
// another name ("#define KILN_DICT_DONT_STRDUP_KEY 4", as Doxygen titles a
// macro's entry), however high that source ranks.
func TestDefinitionUnderAnotherNameWithTheSameParts(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "#define KILN_DICT_DONT_STRDUP_KEY 4\n\nTake ownership of a key that has been allocated with kiln_malloc() or another allocator.",
			"Kiln dictionary", "#define KILN_DICT_DONT_STRDUP_KEY 4"),
		sourceUnder("S2", "Functions\n\nchar * kiln_strdup (const char *s): duplicate a string for the kiln log.",
			"Kiln memory", "Functions"),
	}}
	answer := answerTo(t, "What does kiln_strdup do?", p)
	require.True(t, strings.HasPrefix(answer, "char * kiln_strdup (const char *s): duplicate a string for the kiln log. [S2]"), answer)
}
