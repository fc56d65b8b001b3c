package retrieve

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// An invented tool, "brew" (a kettle controller), with subcommands documented
// the three ways manuals do: page names, manual-page references and shell
// lines; and "steep", a tool with options only.
func TestUnknownSubcommands(t *testing.T) {
	chunk := func(doc, title, text string) Source {
		return Source{Chunk: store.Chunk{DocumentID: doc, Title: title, Text: text}}
	}
	sources := []Source{
		chunk("brew-boil.html", "brew-boil(1)", "brew boil [--quiet] [--until=<temp>]\n\n--quiet\n\nDo not beep when the water boils."),
		chunk("brew-pour.html", "brew-pour(1)", "Pours the kettle. See also brew-boil(1) and brew-descale(1); brew set-timer sets the alarm."),
		chunk("guide.html", "Kettle guide", "Set it up:\n\n```\n$ brew queue add green\n$ brew queue list\n```\n\nThe kettle stores brewing profiles; to pass the --gentle option to steep(1), name it."),
		chunk("steep.1.html", "steep(1)", "```\n$ steep mug\n```\n\n--long\n\nSteep for five minutes."),
		chunk("milk.html", "Milk", "Let the water boil. Froth the milk apart, then get the queue going."),
		chunk("cool.md", "cool", "```\nUsage:  brew cool [OPTIONS] KETTLE\n```\n\nCool one or more kettles.\n\nOptions:\n\n--help\n\nPrint usage.\n\n"+
			"-f, --fan\n\nBlow air over the kettle.\n\n-t, --time int\n\nSeconds to wait before pouring (default 10)."),
	}
	for _, tt := range []struct {
		name, question string
		want           []string
	}{
		{"a subcommand no page names", "How do I warm milk with brew froth?", []string{"brew froth"}},
		{"a documented subcommand", "How do I stop the beeping with brew boil?", nil},
		{"a subcommand by its manual page", "What happens when I run brew descale?", nil},
		{"a subcommand of a subcommand from a shell line", "How do I see what is waiting using brew queue list?", nil},
		{"an invented subcommand of a subcommand", "How do I empty it using brew queue clear?", []string{"brew queue clear"}},
		{"an option of the subcommand's page", "How do I silence it with brew boil --quiet?", nil},
		{"an option of another subcommand", "How do I silence it with brew pour --quiet?", []string{"brew pour --quiet"}},
		{"an option in running text beside its tool", "How do I brew tea slowly with steep --gentle?", nil},
		{"an option of another tool", "How do I make it slow with brew --long?", []string{"brew --long"}},
		{"named as a subcommand", "What does the brew chill subcommand print?", []string{"brew chill"}},
		{"quoted", "What does `brew chill` print?", []string{"brew chill"}},
		{"prose: the word after the tool is a verb", "How does brew store its profiles?", nil},
		{"the language, not the program", "Can I pour tea with Brew mugs?", nil},
		{"a tool the sources do not document", "How do I use kettlectl reset to start over?", nil},
		{"a tool with options only: its next word is an argument", "Can I use steep cups for tea?", nil},
		{"a marker after an ordinary word", "Should I then run brew froth before pouring?", []string{"brew froth"}},
		{"a tool with options only: a verb after it", "Does running steep block the kettle?", nil},
		{"a hyphenated subcommand", "Which brew pour-over option sets the angle?", []string{"brew pour-over"}},
		{"a hyphenated subcommand the sources write", "Which brew set-timer option rings twice?", nil},
		{"stops at the infinitive", "Can I use brew boil to make soup?", nil},
		{"the whole subject of what it does", "What does brew froth do?", []string{"brew froth"}},
		{"a documented subcommand as the whole subject", "What does brew boil do?", nil},
		{"what it does, more words after", "What does brew store in its profiles?", nil},
		{"the whole subject of what it does with something", "What does brew froth do with cold milk?", []string{"brew froth"}},
		{"words written apart across a sentence end", "What does brew boil froth do?", []string{"brew boil froth"}},
		{"a stop word that is a subcommand, before a command noun", "What does the brew queue get subcommand print?", []string{"brew queue get"}},
		{"a stop word inside prose before a command noun", "How can I have brew pour the next command?", nil},
		{"a documented subcommand, what it does with something", "What does brew boil do with cold water?", nil},
		{"an option listed far below its command's usage line", "What is the default of the --time option of brew cool?", nil},
		{"an option no usage lists", "What is the default of the --frost option of brew cool?", []string{"brew --frost"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, unknownSubcommands(tt.question, sources))
		})
	}
}

// A project's script run as a tool ("python kettle.py boil"): a subcommand
// no source writes at all is unknown; one the sources write only after the
// script's other name ("kettle-admin descale") is not, since the script
// runs those too.
func TestUnknownScriptSubcommands(t *testing.T) {
	sources := []Source{
		{Chunk: store.Chunk{DocumentID: "howto.html", Text: "```\n$ python kettle.py boil\n$ python kettle.py pour\n$ python kettle.py steep green\n```\n\nRun kettle-admin descale monthly."}},
	}
	for _, tt := range []struct {
		name, question string
		want           []string
	}{
		{"a subcommand no source writes", "Which options does the kettle.py froth command accept?", []string{"kettle.py froth"}},
		{"a subcommand written after the script", "How do I heat water with kettle.py boil?", nil},
		{"a subcommand written after the other name", "How do I clean it with the kettle.py descale command?", nil},
		{"prose after the script", "Where does kettle.py keep its profiles?", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, unknownSubcommands(tt.question, sources))
		})
	}
}

// A tool documented by a page titled like a manual page's NAME line
// ("kettle - Boil water from the shell" on kettle.html), its options
// listed without shell prompts. Short options keep their case ("-B" is
// not "-b"), and an option may be named before its tool ("the -j option
// of kettle").
func TestUnknownOptionsOfManTitledTools(t *testing.T) {
	sources := []Source{
		{Chunk: store.Chunk{DocumentID: "programs/kettle.html", Title: "kettle - Boil water from the shell",
			Text: "Options\n\n-b\nBoil before pouring.\n-q\nDo not beep.\n--keep-warm\nKeep the water warm after it boils."}},
		{Chunk: store.Chunk{DocumentID: "guide.html", Title: "tips - Brewing tips",
			Text: "Warm the pot first. Some kettles take -x for extra heat."}},
	}
	for _, tt := range []struct {
		name, question string
		want           []string
	}{
		{"an option the page lists", "What does kettle -b do?", nil},
		{"an option the page lacks", "What does kettle -j do?", []string{"kettle -j"}},
		{"an option in the other case", "How do I boil twice using kettle -B?", []string{"kettle -B"}},
		{"a long option in another case", "What does kettle --Keep-Warm do?", nil},
		{"named before its tool", "What does the -j option of kettle do?", []string{"kettle -j"}},
		{"named before its tool, listed", "What does the -q flag of kettle do?", nil},
		{"the tool's own option", "Which sound does kettle's -z switch make?", []string{"kettle -z"}},
		{"a title that is not the page's", "What does the -y option of tips do?", nil},
		{"an option before a word that is no tool", "Is the -j option of the kettle documented?", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, unknownSubcommands(tt.question, sources))
		})
	}
}
