package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
)

// A question asking for the default of a thing is answered only by a
// sentence that states a default and names that thing (in itself, its
// heading or the sentence before): a default of another thing on the
// question's other words is no answer (defaultsubject.go).
func TestDefaultOfTheAskedThing(t *testing.T) {
	runSupportCases(t, []supportCase{
		{"default of another thing", "What is the default lens on the travel kit?",
			prompt("On the travel kit the strap defaults to the short length.", "Flash output defaults to half power in the travel kit."), false},
		{"default of the asked thing", "What is the default lens on the travel kit?",
			prompt("On the travel kit the lens defaults to the 35 mm prime.", "Flash output defaults to half power."), true},
		{"thing inside another name", "What is the default lens on the travel kit?",
			prompt("On the travel kit LENS_CAP_COLOR defaults to black."), false},
		{"thing ending a name", "What is the default lens on the travel kit?",
			prompt("On the travel kit KIT_LENS defaults to the 35 mm prime."), true},
		{"thing ending a camel-case name", "What is the default lens on the travel kit?",
			prompt("On the travel kit TravelKitLens defaults to the 35 mm prime."), true},
		{"thing inside a camel-case name", "What is the default lens on the travel kit?",
			prompt("On the travel kit TravelKitLensCap defaults to black."), false},
		{"thing's words ending a camel-case name", "What is the default caption length on the travel kit?",
			prompt("On the travel kit KitCaptionLength defaults to 80 characters."), true},
		{"another thing's words ending a camel-case name", "What is the default caption length on the travel kit?",
			prompt("On the travel kit KitStrapLength defaults to 80 centimetres."), false},
		{"thing in letters beyond ASCII", "What is the default éclair mould on the travel kit?",
			prompt("On the travel kit the éclair mould defaults to the small one.", "Flash output defaults to half power in the travel kit."), true},
		{"thing in letters beyond ASCII, another thing's default", "What is the default éclair mould on the travel kit?",
			prompt("On the travel kit KitÉclairMouldLid defaults to open.", "Flash output defaults to half power in the travel kit."), false},
		{"property word before the thing", "What is the default maximum size of a travel kit bag?",
			prompt("The default maximum length of a travel kit bag is 40 cm.", "Flash output defaults to half power in the travel kit."), true},
		{"thing in the heading", "What is the default value of FOCUS_MODE?",
			prompt("## FOCUS_MODE\n\nThe camera initializes it to single-shot when the body is switched on."), true},
		{"thing in the sentence before", "Which mode does the timer start in by default?",
			prompt("The self-timer counts down before each shot. It starts in ten-second mode unless another mode is chosen."), true},
		{"by default after which", "Which lens does the travel kit mount by default?",
			prompt("The travel kit mounts the strap by default on the left lug."), false},
		{"location of the thing, a clause after it", "What is the default location of the travel kit's lens file set by kit.lensFile?",
			prompt("## kit.lensFile\n\nSpecifies the pathname to the file that lists the lenses of the travel kit.\n\nDefaults to $HOME/kit/lenses."), true},
		{"location of another thing", "What is the default location of the travel kit's lens file?",
			prompt("## kit.strapFile\n\nSpecifies the pathname of the strap list of the travel kit.\n\nDefaults to $HOME/kit/straps."), false},
		{"default for the thing, another thing's default", "What is the default for the mirror option of kit.open()?",
			prompt("kit.open(options)\n\n- strap <string> Strap to attach. Default: 'short'."), false},
		{"default for the thing", "What is the default for the mirror option of kit.open()?",
			prompt("kit.open(options)\n\n- mirror <boolean> Lock the mirror up. Default: false."), true},
		{"no defaulted thing named", "What does the shutter default to?",
			prompt("The shutter defaults to electronic mode."), true},
	})
}

// The sentence naming the thing must give its default, or its source must
// in a sentence naming the thing: "Specifies the default lens" names a
// default without giving it, and a default two sentences on that names no
// thing is another setting's.
func TestDefaultIsGiven(t *testing.T) {
	runSupportCases(t, []supportCase{
		{"default named, not given", "What is the default lens on the travel kit?",
			prompt("KIT_LENS specifies the default lens of the travel kit. New in version 3. Set it to ON to log. It is OFF by default."), false},
		{"default given in the sentence", "What is the default lens on the travel kit?",
			prompt("The default lens of the travel kit is the 35 mm prime."), true},
		{"default given elsewhere in the source", "What kind of lens does the travel kit mount by default?",
			prompt("The default lens mount is the short bayonet. Spare parts are listed below. A travel kit mounts the lens on a short bayonet and locks it with the side pin."), true},
	})
}

// An API entry's rows each give a default, and one row may name another
// parameter in passing ("ignored if the mirror option is not true"): asked
// the default of a parameter, its own row leads, whatever the scores.
func TestParameterRowOfTheDefaultedThingLeads(t *testing.T) {
	entry := "kit.open(path[, options])\n\n- options <Object>\n" +
		"- retries <integer> When the shutter jams, the kit retries the shot. This option is ignored if the mirror option of kit.open() is not true. Default: 0.\n" +
		"- mirror <boolean> If true, lock the mirror up. Default: false.\n" +
		"- mirrorDelay <integer> Milliseconds to wait after the mirror locks. Default: 100.\n\n" +
		"Opens the kit."
	for _, q := range []string{
		"What is the default for the mirror option of kit.open()?",
		"What is the default value of the mirror option of kit.open()?",
	} {
		answer := answerTo(t, q, prompt(entry))
		require.True(t, strings.HasPrefix(answer, "- mirror <boolean> If true, lock the mirror up. Default: false. [S1]"), "%s\n%s", q, answer)
	}
}

// A signature heading names its entry, not each parameter it lists: under
// "kit.open(file, mode='r', lens=None)" the default of the mode is no
// default of the lens, however many of the question's words it shares.
func TestDefaultOfAParameterUnderItsSignature(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{sourceUnder("S1",
		"mode is an optional string that specifies the mode in which the kit is opened in travel mode. It defaults to 'r' which means open the kit for reading in travel mode. "+
			"The lens parameter names the lens to mount. The default lens is platform dependent.",
		"Kit", "kit.open(file, mode='r', lens=None)")}}
	answer := answerTo(t, "What is the default lens of kit.open() in travel mode?", p)
	require.True(t, strings.HasPrefix(answer, "The default lens is platform dependent. [S1]"), answer)
}

// An options list that prints each option's default on its entry line
// ("--num-callers=<number> [default: 12]", as Valgrind's manual does)
// states it nowhere else: the entry line leads, before its description,
// and a remark elsewhere that mentions the option near another default
// does not.
func TestDefaultOnAnOptionsEntryLine(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "--kiln-scan-frames=<number> [default: 5]\n\nTypically, stack scanning generates so many garbage entries that this value is set to a low value (5) by default. In no case will a stack trace larger than the value specified by --kiln-callers be created.",
			"Kiln manual", "Core options", "--kiln-scan-frames=<number> [default: 5]"),
		sourceUnder("S2", "--kiln-callers=<number> [default: 12]\n\nSpecifies the maximum number of entries shown in stack traces that identify kiln locations. The maximum value for this is 500.",
			"Kiln manual", "Core options", "--kiln-callers=<number> [default: 12]"),
	}}
	answer := answerTo(t, "What is the default value of --kiln-callers?", p)
	require.True(t, strings.HasPrefix(answer, "--kiln-callers=<number> [default: 12] [S2]\n\nSpecifies the maximum number of entries"), answer)

	// Asked what the option does, the entry line is no answer of its own.
	answer = answerTo(t, "What does --kiln-callers specify?", p)
	require.False(t, strings.HasPrefix(answer, "--kiln-callers="), answer)

	// "(default: 1)" after a short and a long spelling, asked by the short.
	p = &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "-j N, --jobs N (default: 1)\n\nRun this many kiln firings at once. Firings above the kiln's capacity wait in the queue.",
			"Kiln manual", "Options", "-j N, --jobs N (default: 1)"),
	}}
	answer = answerTo(t, "What is the default number of firings for -j?", p)
	require.True(t, strings.HasPrefix(answer, "-j N, --jobs N (default: 1) [S1]"), answer)
}

// A default question naming, in the possessive, a product few sources
// mention ("What is Furnaceman's default maxThreads …?") asks the default
// of that product's setting: a row giving this manual's own setting of
// that name is no answer. A platform the default holds on ("on Windows")
// is not its owner.
func TestDefaultOfAnotherProductsSetting(t *testing.T) {
	box := "MaxThreads Directive\n\nDescription: | Number of threads each kiln spooler starts\nDefault: | MaxThreads 2048\nModule: | mod_spool"
	other := "The kiln spooler hands jobs to Furnaceman over the AJP connector."
	runSupportCases(t, []supportCase{
		{"another product's setting", "What is Furnaceman's default maxThreads for the AJP connector?", prompt(box, other, "Kilns spool jobs in order."), false},
		{"this manual's setting", "What is the default MaxThreads of the kiln spooler?", prompt(box, other, other), true},
		{"a platform", "What is the default MaxThreads of the kiln spooler on Windows?", prompt(box, other, "Windows kilns spool jobs too."), true},
	})
}
