package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
)

// A question naming a member of a template ("KILN_CXX_LAUNCHER") is
// answered from the template's entry ("KILN_<LANG>_LAUNCHER"), which never
// writes the member.
func TestTemplateEntryAnswersItsMember(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "KILN_<LANG>_LAUNCHER\n\nDefault value for the <LANG>_LAUNCHER target property, a tool that wraps each compile of language <LANG>.", "KILN_<LANG>_LAUNCHER"),
		sourceUnder("S2", "The glaze build lists KILN_CXX_LAUNCHER among the variables it passes on to the sub-builds it starts.", "Sub-builds"),
	}}
	got := answerTo(t, "What does KILN_CXX_LAUNCHER do?", p)
	require.True(t, strings.HasPrefix(got, "KILN_<LANG>_LAUNCHER"), got)
	require.Less(t, strings.Index(got, "Default value for"), strings.Index(got+"The glaze build", "The glaze build"), got)
}

// A sentence further down the entry the question names ("USE_SHELVES" >
// "If not set, … OFF by default.") is about it, and outranks a sentence of
// another entry that shares more of the question's words through its
// identifiers ("KILN_GLOBAL_DefaultShelf").
func TestSentenceUnderTheNamedEntry(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "USE_SHELVES\n\nUse the SHELF target property to organize kilns into shelves.\n\nIf not set, the kiln treats this property as OFF by default.", "USE_SHELVES"),
		sourceUnder("S2", "KILN_GLOBALS\n\nSetting it will set properties KILN_GLOBAL_DefaultShelf to top for all kilns.", "KILN_GLOBALS"),
	}}
	got := answerTo(t, "What is the default of the USE_SHELVES global property?", p)
	require.True(t, strings.HasPrefix(got, "If not set, the kiln treats this property as OFF by default."), got)
}
