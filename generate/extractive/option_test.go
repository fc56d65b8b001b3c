package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
)

// kilnPage is a command's manual page: a synopsis listing every option,
// then an entry per option, some with the description on the lines below
// the option's spellings.
const kilnPage = "Synopsis\n\nkiln [ -a amount ] [ -j jobs ] [ -t seconds ] [ -T ] pot\n\n" +
	"Options\n\n-a amount\nAmount of clay to load.\n\n" +
	"-j jobs\n--jobs=jobs\n\nFire up to jobs pots at once on shelves of their own.\n\n" +
	"-t seconds\nLongest firing time in seconds.\n\n" +
	"-T\nFire at the top temperature."

// commandPage is a source from the page titled title.
func commandPage(label, title, text string) generate.ContextSource {
	s := retrieve.Source{Relevance: 0.8}
	s.Chunk.Title = title
	s.Chunk.Heading = []string{title, "Options"}
	return generate.ContextSource{Label: label, Text: text, Source: s}
}

// pageSource is a source from the page titled title, under headings (the
// page's first).
func pageSource(label, title string, headings []string, text string) generate.ContextSource {
	s := retrieve.Source{Relevance: 0.8}
	s.Chunk.Title = title
	s.Chunk.Heading = headings
	return generate.ContextSource{Label: label, Text: text, Source: s}
}

// "What does the -t option of kiln do?" asks about -t; kiln is where it is
// documented. The option's entry answers, not the synopsis that lists it
// among the others with the command's name, which is no supplement
// either; a bare entry line is followed by its description.
func TestCommandOptionEntryLeads(t *testing.T) {
	for _, tt := range []struct{ question, want string }{
		{"What does the -t option of kiln do?", "-t seconds\nLongest firing time in seconds. [S1]"},
		{"What does kiln -t do?", "-t seconds\nLongest firing time in seconds. [S1]"},
		{"What does kiln -T do?", "-T\nFire at the top temperature. [S1]"},
		// Spelled on lines of their own, the option heads its description.
		{"What does the -j flag of kiln do?", "Fire up to jobs pots at once on shelves of their own. [S1]"},
	} {
		t.Run(tt.question, func(t *testing.T) {
			answer := answerTo(t, tt.question, &generate.Prompt{Sources: []generate.ContextSource{commandPage("S1", "kiln - fire pots", kilnPage)}})
			require.True(t, strings.HasPrefix(answer, tt.want), answer)
			require.NotContains(t, answer, "kiln [ -a", "the synopsis pads the answer")
		})
	}
}

// The page an entry is on names what it belongs to: asked about "the -k
// option of kilnctl", the entry on kilnctl's page leads over the same
// option's entry on another command's page, ranked higher.
func TestEntryOnTheNamedCommandsPage(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		commandPage("S1", "glazer - mix glazes", "Options\n\n-k\nKeep the mixer running between batches."),
		commandPage("S2", "kilnctl - control the kiln", "Options\n\n-k\nKeep the kiln warm between firings."),
	}}
	answer := answerTo(t, "What does the -k option of kilnctl do?", p)
	require.True(t, strings.HasPrefix(answer, "-k\nKeep the kiln warm between firings. [S2]"), answer)
}

// An option one command has is no answer about another command's: the
// sources hold glazer's -k entry, and kilnctl's page lists no -k.
func TestOptionOfAnotherCommand(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		commandPage("S1", "glazer - mix glazes", "Options\n\n-k\nKeep the mixer running between batches.\n\n-q\nMix quietly."),
		commandPage("S2", "kilnctl - control the kiln", "Options\n\n-w\nKeep the kiln warm between firings.\n\nkilnctl [ -w ] [ -q ]"),
	}}
	answer := answerTo(t, "What does the -k option of kilnctl do?", p)
	require.Equal(t, generate.NotInDocs, answer)
}

// Asked how to do something, the answer is an option, which the manual
// gives only as the heading of its description: the heading is quoted
// before it, unless the question already names the option.
func TestOptionHeadingNamesTheAnswer(t *testing.T) {
	page := commandPage("S1", "kiln - fire pots", "Options\n\n-q\n--quiet\n\nFire without ringing the bell when the firing ends.\n\n-v\n--verbose\n\nReport each cone as it bends.")
	for _, tt := range []struct{ question, want string }{
		{"How do I make kiln fire without ringing the bell?", "-q\n--quiet [S1]\n\nFire without ringing the bell when the firing ends. [S1]"},
		{"What does kiln --quiet do?", "Fire without ringing the bell when the firing ends. [S1]"},
	} {
		t.Run(tt.question, func(t *testing.T) {
			answer := answerTo(t, tt.question, &generate.Prompt{Sources: []generate.ContextSource{page}})
			require.True(t, strings.HasPrefix(answer, tt.want), answer)
		})
	}
}

// makeinfo writes options lists as headings: "-r" on a line of its own
// over its description, under the builtin's own heading. Asked about the
// -r option of stoke, stoke's entry leads: not another builtin's
// sentence naming -r, nor another builtin's "-r" entry that holds "stoke"
// only as a verb.
func TestOptionEntryUnderHeadingOfItsCommand(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		pageSource("S1", "Hearth Reference Manual", []string{"Hearth Features", "4.2 Hearth Builtin Commands"}, "4.2 Hearth Builtin Commands\n\nThis section describes the builtins.\n\n"+
			"stoke\n\n```\nstoke [-a count] [-r]\n```\n\nAdds wood to the fire and waits for it to catch.\n\n"+
			"Options, if supplied, have the following meanings:\n\n-a count\n\nAdds count logs at once instead of one.\n\n"+
			"-r\n\nIf this option is given, the ashes are raked out before any wood goes in.\n"),
		pageSource("S2", "Hearth Reference Manual", []string{"Hearth Features", "9.2 Hearth Log Builtins"}, "9.2 Hearth Log Builtins\n\nTwo builtins manipulate the log.\n\n"+
			"firelog\n\n```\nfirelog [-lr] [first]\n```\n\nThe first form lists the fires lit so far. The -r flag reverses the order of the listing.\n\n"+
			"Options, if supplied, have the following meanings:\n\n-c\n\nClear the log.\n\n-r\n\nStoke the log from the saved file and print it.\n"),
	}}
	answer := answerTo(t, "What does the stoke builtin do with the -r option?", p)
	require.True(t, strings.HasPrefix(answer, "If this option is given, the ashes are raked out before any wood goes in. [S1]"), answer)
	answer = answerTo(t, "What does the -r option of firelog do?", p)
	require.True(t, strings.HasPrefix(answer, "Stoke the log from the saved file and print it. [S2]"), answer)
}

// A sentence that opens by naming the option defines it, but only for
// the command whose entry it stands in: asked about firelog's -l, the
// bellows builtin's "The -l option …" does not lead over firelog's own
// "If the -l flag is given, …".
func TestOptionSentenceOfAnotherCommand(t *testing.T) {
	builtin := func(label, name, text string) generate.ContextSource {
		return pageSource(label, "Hearth Reference Manual", []string{"Hearth Features", "4.1 Hearth Builtins"}, name+"\n\n```\n"+name+" [-l] [name]\n```\n\n"+text)
	}
	p := &generate.Prompt{Sources: []generate.ContextSource{
		builtin("S1", "firelog", "The first form selects a range of fires from the log. If the -l flag is given, the fires are listed on standard output. Otherwise the log is opened in an editor."),
		builtin("S2", "bellows", "Each time bellows is invoked, it remembers the draught of each fire. The -l option causes output to be displayed in a format that may be reused as input."),
	}}
	answer := answerTo(t, "What does the -l option of firelog do?", p)
	require.True(t, strings.HasPrefix(answer, "If the -l flag is given, the fires are listed on standard output. [S1]"), answer)
}

// Pages name their command in the title, and an option's spellings may
// take a heading line each. Asked about git commit's --signoff, the entry
// on git-commit's page leads, not git-rebase's entry for the same option,
// whose page shares "git" with the question and whose text has "commits".
func TestOptionEntryOnThePageOfItsCommand(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		pageSource("S1", "git-rebase(1)", []string{"git-rebase(1)", "OPTIONS"}, "OPTIONS\n\n--signoff\n\nAdd a Signed-off-by trailer to all the rebased commits.\n"),
		pageSource("S2", "git-commit(1)", []string{"git-commit(1)", "OPTIONS"}, "OPTIONS\n\n-s\n--signoff\n--no-signoff\n\nAdd a Signed-off-by trailer by the committer at the end of the commit log message.\n"),
	}}
	answer := answerTo(t, "What does git commit --signoff add to the message?", p)
	require.True(t, strings.HasPrefix(answer, "Add a Signed-off-by trailer by the committer at the end of the commit log message. [S2]"), answer)
}

// Asked which flag does something, the answer quotes the option's entry
// heading when the sentence that answers, the entry's first or one below
// it, does not spell it; a stability note under the heading ("Stability:
// 1 - Experimental") is no heading of its own.
func TestWhichFlagQuotesTheEntryHeading(t *testing.T) {
	page := commandPage("S1", "Command-line API", "--blaze\n\nStability: 1 - Experimental\n\nFires the kiln in blaze mode. "+
		"When in blaze mode, a change to the glaze files makes the kiln restart the firing.\n\n"+
		"--quiet\n\nFires without ringing the bell.")
	for _, question := range []string{
		"Which command-line flag restarts the firing whenever a glaze file changes?",
		"What option makes the kiln restart the firing when a glaze file changes?",
	} {
		t.Run(question, func(t *testing.T) {
			answer := answerTo(t, question, &generate.Prompt{Sources: []generate.ContextSource{page}})
			require.True(t, strings.HasPrefix(answer, "--blaze [S1]\n\n"), answer)
		})
	}
}

// "set" is a command's name, not the kind word "setting" (both stem to
// "set"): asked about the -x option of set, set's "-x" entry leads, not
// another entry's sentence that opens with "The -x".
func TestOptionOfTheSetCommand(t *testing.T) {
	page := pageSource("S1", "Hearth Reference Manual", []string{"Hearth Features", "4.3.1 The Set Builtin", "set"}, "noclobber\n\nSame as -C.\n\n"+
		"Options, if supplied, have the following meanings:\n\n-v\n\nPrint the hearth's input lines as they are read.\n\n"+
		"-x\n\nPrint a trace of each log added to the fire before it burns.\n\n"+
		"-\n\nSignal the end of options. The -x and -v options are turned off.")
	answer := answerTo(t, "What does the -x option of set do?", &generate.Prompt{Sources: []generate.ContextSource{page}})
	require.True(t, strings.HasPrefix(answer, "Print a trace of each log added to the fire before it burns. [S1]"), answer)
}

// A product's name is on every page of its manual: asked about the -d of
// kiln glaze, kiln fire's "-d" entry, whose page holds "kiln" but not
// "glaze", does not lead over the sentence on kiln glaze's page.
func TestOptionEntryOfAnotherSubcommand(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		pageSource("S1", "kiln-fire(1)", []string{"kiln-fire(1)", "OPTIONS"}, "OPTIONS\n\n-d\n\nNormally, when no shelf is given, kiln fire will not heat the lower shelves to save power.\n"),
		pageSource("S2", "kiln-glaze(1)", []string{"kiln-glaze(1)", "DESCRIPTION"}, "DESCRIPTION\n\nLists, mixes or drops glazes. With a -d or -D option, the named glaze will be dropped from the shelf.\n"),
	}}
	answer := answerTo(t, "What does kiln glaze -d do?", p)
	require.True(t, strings.HasPrefix(answer, "With a -d or -D option, the named glaze will be dropped from the shelf. [S2]"), answer)
}
