package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
)

// "What does the X option of Y do?" with X an upper-case keyword: X is the
// subject, Y where it is documented. The entry says "If the X option is
// given, …" and names Y only further on, or only in its page's title.
func TestKeywordOptionOfACommand(t *testing.T) {
	for _, tt := range []struct {
		name, question string
		sources        []generate.ContextSource
		want           string
	}{
		{
			name:     "the command's name is no part of the subject",
			question: "What does the PARENT_SCOPE option of stoke do?",
			sources: []generate.ContextSource{
				pageSource("S1", "stoke", []string{"stoke", "Stoke Normal Log"},
					"Stoke Normal Log\n\n```\nstoke(<log> <value>... [PARENT_SCOPE])\n```\n\n"+
						"If the PARENT_SCOPE option is given the log will be stoked in the hearth above the current hearth. "+
						"The block(PROPAGATE) command can be used as an alternate method to the stoke(PARENT_SCOPE) command."),
			},
			want: "If the PARENT_SCOPE option is given the log will be stoked in the hearth above the current hearth. [S1]",
		},
		{
			name:     "the page's title writes the command",
			question: "What does the QUIET option of find_glaze do?",
			sources: []generate.ContextSource{
				pageSource("S1", "GlazeSummary", []string{"GlazeSummary", "glaze_summary"},
					"glaze_summary\n\nIf INCLUDE_QUIET_GLAZES is given, glazes which have been searched with find_glaze(... QUIET) will also be listed."),
				pageSource("S2", "find_glaze", []string{"find_glaze", "Basic Signature"},
					"Basic Signature\n\n```\nfind_glaze(<GlazeName> [QUIET] [REQUIRED])\n```\n\nThe basic signature finds a glaze by its name and loads its recipe. "+
						"The QUIET option disables informational messages, including those saying that the glaze cannot be found. "+
						"The REQUIRED option stops the firing with an error message if the glaze cannot be found. "+
						"Other glazes are searched for in the kiln's glaze path."),
			},
			want: "The QUIET option disables informational messages, including those saying that the glaze cannot be found. [S2]",
		},
		{
			name:     "an identifier holding the keyword as a part does not name it",
			question: "What does the REQUIRED option of find_glaze do?",
			sources: []generate.ContextSource{
				pageSource("S1", "KILN_REQUIRE_FIND_GLAZE_<GlazeName>", []string{"KILN_REQUIRE_FIND_GLAZE_<GlazeName>"},
					"KILN_REQUIRE_FIND_GLAZE_<GlazeName>\n\nVariable for making a find_glaze() call REQUIRED."),
				pageSource("S2", "find_glaze", []string{"find_glaze", "Basic Signature"},
					"Basic Signature\n\n```\nfind_glaze(<GlazeName> [QUIET] [REQUIRED])\n```\n\nThe basic signature finds a glaze by its name and loads its recipe. "+
						"The QUIET option disables informational messages, including those saying that the glaze cannot be found. "+
						"The REQUIRED option stops the firing with an error message if the glaze cannot be found. "+
						"Other glazes are searched for in the kiln's glaze path."),
			},
			want: "The REQUIRED option stops the firing with an error message if the glaze cannot be found. [S2]",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			answer := answerTo(t, tt.question, &generate.Prompt{Sources: tt.sources})
			require.True(t, strings.HasPrefix(answer, tt.want), answer)
		})
	}
}

// An upper-case keyword that analysis drops as a stop word ("ONLY",
// "ALL") is a term of its own, held by the sentences that write it in
// capitals: otherwise "What does the ONLY keyword of TRUNCATE do?" asks
// about TRUNCATE and keywords.
func TestStopWordKeyword(t *testing.T) {
	p := prompt(
		"Keyword/Value Glaze Strings\n\nIn the keyword/value format, each keyword setting is in the form keyword = value, with spaces around the equal sign optional.",
		"EMPTY KILN\n\nEMPTY KILN quickly removes all pots from a set of kilns. If ONLY is specified before the kiln name, only that kiln is emptied. "+
			"If ONLY is not specified, the kiln and all its annexes are emptied.",
	)
	answer := answerTo(t, "What does the ONLY keyword of EMPTY KILN do?", p)
	require.True(t, strings.HasPrefix(answer, "If ONLY is specified before the kiln name, only that kiln is emptied. [S2]"), answer)
}
