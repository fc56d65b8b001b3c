package extractive_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
)

// A question may ask for a default in other words ("unless told
// otherwise", "out of the box"); the default that follows the topical
// sentence answers it as it answers "by default". The same question
// without such words is still declined, and so is a default phrase with
// no default given.
func TestDefaultAskedInOtherWords(t *testing.T) {
	depot := "The depot sets a maximum stacking depth for parcel crates to stop the stacker before crates fall. Previously it was fixed when the depot was built. The default value is 12."
	runSupportCases(t, []supportCase{
		{"unless told otherwise", "How deep can parcel crates stack before the depot stops the stacker, unless told otherwise?",
			prompt(depot), true},
		{"unless I say otherwise", "How many parcel crates can the stacker stack in depth unless I say otherwise?",
			prompt(depot), true},
		{"out of the box", "How deep can parcel crates stack out of the box before the depot stops the stacker?",
			prompt(depot), true},
		{"if none is configured", "How deep can parcel crates stack before the depot stops the stacker, if none is configured?",
			prompt(depot), true},
		{"when no depth is named", "How deep can parcel crates stack before the depot stops the stacker when no depth is named?",
			prompt(depot), true},
		{"unless I change it", "How deep can parcel crates stack before the depot stops the stacker, unless I change it?",
			prompt(depot), true},
		{"unless I choose another", "How deep can parcel crates stack before the depot stops the stacker, unless I choose another depth?",
			prompt(depot), true},
		{"no default asked for", "How deep can parcel crates stack before the depot stops the stacker?",
			prompt(depot), false},
		{"default asked, none given", "How deep can parcel crates stack before the depot stops the stacker, unless told otherwise?",
			prompt("The depot sets a maximum stacking depth for parcel crates to stop the stacker before crates fall. Previously it was fixed when the depot was built."), false},
	})
}

// The words of an everyday phrasing of "by default" ("if I don't say",
// "unless I say otherwise") are not terms the answer must hold: a sentence
// giving the default says "default", never "say" or "otherwise". Counted
// as terms, they left a sentence giving the default below the overlap
// floor where retrieval's Relevance was modest.
func TestDefaultPhraseIsNoTerm(t *testing.T) {
	kiln := "The glaze kiln fires stoneware overnight. Pieces are loaded on three shelves. By default, the controller holds the peak for twenty minutes."
	weak := func(text string) *generate.Prompt {
		p := prompt(text)
		p.Sources[0].Source.Relevance = 0.3
		return p
	}
	runSupportCases(t, []supportCase{
		{"if I don't say", "How long does the glaze kiln hold its peak if I don't say?", weak(kiln), true},
		{"unless I say otherwise", "How long does the glaze kiln hold its peak unless I say otherwise?", weak(kiln), true},
		{"in plain words", "How long does the glaze kiln hold its peak by default?", weak(kiln), true},
		{"no default given", "How long does the glaze kiln hold its peak if I don't say?",
			weak("The glaze kiln fires stoneware overnight. Pieces are loaded on three shelves."), false},
	})
}

// A question may put the value's type after the thing whose default it
// asks ("the default KilnProfile string", "the default vent value"); the
// thing is the word before the type, which the answer names, not the type.
func TestDefaultOfTypedValue(t *testing.T) {
	box := "KilnProfile Directive\n\nDescription: | Sets the ramp a kiln follows\nSyntax: | KilnProfile name\nDefault: | KilnProfile \"cone6 slow\"\n\nThe KilnProfile directive names the firing ramp of every kiln in the studio."
	vent := "The vent opens when the kiln passes 600 degrees. The vent delay defaults to 30 seconds."
	runSupportCases(t, []supportCase{
		{"type after a name", "What is the default KilnProfile string?", prompt(box), true},
		{"type after a word", "What is the default vent delay value?", prompt(vent), true},
		{"another name's default", "What is the default GlazeProfile string?", prompt(box), false},
	})
}

// API references give a default as what holds when an argument is left
// out ("If no argument is given, …", "If the Y argument is omitted, …") or
// as an option's "Default: 5000." label. The sentence that says so opens
// the answer, even where the sentence before it, describing the call,
// shares more of the question's words; the same entry without it is
// declined.
func TestDefaultOfOmittedArgument(t *testing.T) {
	stop := "kiln.stop([signal])\n\nsignal <number> | <string>\n\nThe kiln.stop() method sends a signal to the kiln controller. If no argument is given, the controller will be sent the 'HALT' signal. Controllers may ignore the signal."
	open := "kiln.open([options])\n\n- timeout <number> Milliseconds the vent waits before it opens. Default: 5000.\n- mode <string> The vent mode. Default: 'slow'."
	round := "glaze_round(X,Y)\n\nThe glaze_round(X,Y) function rounds the glaze weight X to Y digits after the point. If the Y argument is omitted, Y is taken to be 0."
	for _, tt := range []struct{ name, question, source, want string }{
		{"no argument given", "Which signal does kiln.stop() send by default?", stop, "If no argument is given, the controller will be sent the 'HALT' signal."},
		{"asked in other words", "Which signal does kiln.stop() send when no signal is given?", stop, "If no argument is given, the controller will be sent the 'HALT' signal."},
		{"option's default label", "What is the default vent timeout of kiln.open()?", open, "timeout <number> Milliseconds the vent waits before it opens. Default: 5000."},
		{"argument omitted", "What is the default Y of glaze_round()?", round, "If the Y argument is omitted, Y is taken to be 0."},
		{"no default given", "Which signal does kiln.stop() send by default?",
			"kiln.stop([signal])\n\nThe kiln.stop() method sends a signal to the kiln controller. Controllers may ignore the signal.", generate.NotInDocs},
	} {
		t.Run(tt.name, func(t *testing.T) {
			gen, err := extractive.New(extractive.Options{}).Generate(context.Background(), generate.Request{Question: tt.question, Prompt: prompt(tt.source)})
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(gen.Text, tt.want), gen.Text)
		})
	}
}

// Reference pages state a setting's default in a sentence of its own that
// opens with the verb ("Defaults to $HOME/kit/lenses."); it leads the
// answer as "The lens file defaults to …" would.
func TestDefaultsToOpeningASentence(t *testing.T) {
	entry := "## kit.lensFile\n\nSpecifies the pathname to the file that lists the lenses of the travel kit, which the kit reads when it starts and whenever its lens list is checked. Defaults to $HOME/kit/lenses. If $HOME is either not set or empty, $XDG_DATA_HOME/kit/lenses is read instead by the kit."
	gen, err := extractive.New(extractive.Options{}).Generate(context.Background(),
		generate.Request{Question: "What is the default location of the lens file set by kit.lensFile?", Prompt: prompt(entry)})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(gen.Text, "Defaults to $HOME/kit/lenses. [S1]"), gen.Text)
}

// A parameter's description that names the unit but no value ("How many
// seconds the kiln should wait …") does not give the wait: the short
// sentence ending the description ("Default five seconds.") is kept,
// however few its words, and quoted with it.
func TestDefaultEndingADescription(t *testing.T) {
	entry := "kiln.open(door, wait=5.0)\n\n- wait (float) – How many seconds the kiln should wait before raising an alarm, if the door is locked by another user. " +
		"If another user opens the door, it stays locked until the firing ends. Default five seconds.\n\n" +
		"- vent (bool) – If True (default), the kiln vents while the door is locked."
	got := answerTo(t, "By default, how long does the kiln wait for a door that another user has locked before raising an alarm?", prompt(entry))
	require.Contains(t, got, "Default five seconds. [S1]")
}

// "What is the default value of X?" is answered by the sentence giving X's
// default in whatever words; another setting's "the default value is …"
// covers the question's "value" but adds nothing to the answer.
func TestDefaultValueWordsAddNothing(t *testing.T) {
	p := prompt("Pump access control\n\nMost pumps accept commands from any panel. For this reason, the priming requirement is disabled by default (\"pump_prime_required = no\").",
		"pump_forbidden_commands (default: see \"pumpconf -d\" output)\n\nList of commands that cause the pump to stop. With pump versions 3.6 and earlier, the default value is \"FILL DRAIN\".")
	got := answerTo(t, "What is the default value of pump_prime_required?", p)
	require.True(t, strings.HasPrefix(got, "For this reason, the priming requirement is disabled by default (\"pump_prime_required = no\"). [S1]"), got)
	require.NotContains(t, got, "FILL DRAIN")
}

// A choice the next sentence marks as the default ("- FIRST: … This is
// the default.") answers a question asking for the default, and the mark
// is quoted with it.
func TestChoiceMarkedAsTheDefault(t *testing.T) {
	page := "KILN_FIND_GLAZE\n\nThis variable defines how glazes are looked up when a glaze library is active. The FIRST, ONLY and NEVER values are possible:\n\n" +
		"- FIRST: The glaze library is searched before any other standard paths to look up the glaze.\n\nThis is the default.\n\n" +
		"- ONLY: Only the glaze library is searched to look up the glaze.\n\n- NEVER: The glaze library is never searched."
	got := answerTo(t, "What is the default value of KILN_FIND_GLAZE when a glaze library is active?", prompt(page))
	require.Contains(t, got, "FIRST: The glaze library is searched")
	require.Contains(t, got, "This is the default.")
}

// The marked choice outranks sentences that say "default" of something
// else: the mark's "default" counts for the choice before it.
func TestChoiceMarkedAsTheDefaultOutranksOtherDefaults(t *testing.T) {
	page := "Full-text tables\n\nBy default, a full-text table keeps a single index recording the location of each token in the table.\n\n" +
		"With the default value, 0, matching in a full-text table is case-insensitive.\n\n" +
		"Three splitters are built in:\n\n" +
		"- The ascii splitter, which reads ASCII letters only.\n\n" +
		"- The unicode61 splitter, based on the Unicode 6.1 standard. This is the default.\n\n" +
		"- The porter splitter, a stemming wrapper."
	got := answerTo(t, "Which splitter does a full-text table use when none is named?", prompt(page))
	require.True(t, strings.HasPrefix(got, "The unicode61 splitter, based on the Unicode 6.1 standard. [S1]\nThis is the default."), got)
}

// "By default this is empty." gives the entry's own default.
func TestByDefaultThisIs(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "KILN_SHELF_PATH\n\nSemicolon-separated list of shelves searched by the kiln for glazes.\n\nBy default this is empty.", "KILN_SHELF_PATH"),
		sourceUnder("S2", "KILN_USE_SHELF_PATH\n\nIf this variable is not set, searching the shelf path is enabled by default when the kiln runs program 3 or later.", "KILN_USE_SHELF_PATH"),
	}}
	got := answerTo(t, "What is the default value of KILN_SHELF_PATH?", p)
	require.True(t, strings.HasPrefix(got, "By default this is empty."), got)
}

// "The shell sets the default value to 500 …" and "the default is set to
// …" state the entry's default in a verb's words (Bash's HISTSIZE); such a
// sentence had not counted as giving one, and the question was refused.
func TestDefaultSetToAValue(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "KILN_LOG_SIZE\n\nThe number of firings to remember in the kiln log. If the value is 0, no firing is logged. The kiln sets the default value to 40 after reading its startup files.", "KILN_LOG_SIZE"),
		sourceUnder("S2", "KILN_SHELF_COUNT\n\nThe number of shelves the kiln loads. When the kiln is reset, the default is set to 6 by the controller.", "KILN_SHELF_COUNT"),
	}}
	got := answerTo(t, "What is the default value of KILN_LOG_SIZE?", p)
	require.True(t, strings.HasPrefix(got, "The kiln sets the default value to 40 after reading its startup files. [S1]"), got)
	got = answerTo(t, "What is the default value of KILN_SHELF_COUNT?", p)
	require.Contains(t, got, "the default is set to 6 by the controller. [S2]")
}

// A default stated in another name's entry is that name's, though it
// mentions the name asked about (Bash's HISTFILESIZE "… sets the default
// value to the value of HISTSIZE …"): it does not follow the asked
// entry's own default as a supplement.
func TestOtherEntrysDefaultIsNoSupplement(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "KILN_LOG_FILESIZE\n\nThe number of lines kept in the kiln log file. The kiln sets the default value to the value of KILN_LOG_SIZE after reading its startup files.", "KILN_LOG_FILESIZE"),
		sourceUnder("S2", "KILN_LOG_SIZE\n\nThe number of firings to remember in the kiln log. The kiln sets the default value to 40 after reading its startup files.", "KILN_LOG_SIZE"),
	}}
	got := answerTo(t, "What is the default value of KILN_LOG_SIZE?", p)
	require.True(t, strings.HasPrefix(got, "The kiln sets the default value to 40 after reading its startup files. [S2]"), got)
	require.NotContains(t, got, "to the value of KILN_LOG_SIZE")
}

// A question about an argument left out ("called without VERSION") is
// answered by what the entry does when it is omitted.
func TestOmittedArgumentAnswers(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "write_glaze_file\n\nWrites a glaze version file for the kiln. Deprecated since version 3.0: Use the identical command write_glaze_file() from module KilnHelpers.", "write_glaze_file"),
		sourceUnder("S2", "write_glaze_file(<file> [VERSION <major.minor>] COMPATIBILITY <mode>)\n\nIf no VERSION is given, the KILN_VERSION variable is used. If this hasn't been set, it errors out.", "Generating a Glaze Version File"),
	}}
	got := answerTo(t, "If write_glaze_file is called without VERSION, which version does it use?", p)
	require.True(t, strings.HasPrefix(got, "If no VERSION is given, the KILN_VERSION variable is used."), got)
}

// A quoted mark ("This is also the default behavior if … is not set.")
// brings the choice it marks, before it.
func TestDefaultMarkBringsItsChoice(t *testing.T) {
	page := "KILN_TRY_MODE\n\nThis variable controls how the kiln tries glazes.\n\nALWAYS\n\nThe kiln tries every glaze before firing.\n\n" +
		"OPT_IN\n\nThe kiln only tries a glaze if its recipe included a TRY_ARGS keyword. This is also the default behavior if KILN_TRY_MODE is not set.\n\n" +
		"NEVER\n\nThe kiln never tries a glaze."
	got := answerTo(t, "What is the default behaviour of KILN_TRY_MODE if it is not set?", prompt(page))
	require.Contains(t, got, "The kiln only tries a glaze if its recipe included a TRY_ARGS keyword.")
	require.Contains(t, got, "This is also the default behavior if KILN_TRY_MODE is not set.")
}

// An option entry gives its default as "Default value is 55 degrees." a
// few sentences after the one that says what the option sets: the entry's
// first sentence names the defaulted thing for the rows under it.
func TestOptionEntryDefault(t *testing.T) {
	page := "8.8 glazeramp\n\nRamp the kiln glaze.\n\n" +
		"ramp, r\n\nSet ramp size, in degrees. Allowed range is from 10 to 100. Default value is 55 degrees.\n\n" +
		"overlap, o\n\nSet ramp overlap, in percent of ramp size. Allowed range is from 50 to 95. Default value is 75 percent."
	for _, q := range []string{"What is the default value of the ramp option of the glazeramp filter?", "What is the default ramp size?"} {
		got := answerTo(t, q, prompt(page))
		require.True(t, strings.HasPrefix(got, "Default value is 55 degrees."), "%s: %s", q, got)
	}
}
