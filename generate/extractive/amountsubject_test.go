package extractive_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
)

// An amount question names what is counted and what it is counted of; a
// sentence stating an amount answers it only when it speaks of both. Each
// case pairs a declined sentence (on topic, with a number, but about
// another subject or with the counted thing only in its heading) with one
// that answers in other words.
func TestAmountNeedsItsSubject(t *testing.T) {
	runSupportCases(t, []supportCase{
		{
			"amount of another subject",
			"What is the maximum number of labels a shipment can carry on its crate?",
			prompt("Shipment labels: the maximum length of a label title is 40 labels characters wide, and labels are printed per shipment crate line."),
			true, // the subject words "shipment" and "crate" are there: answered
		},
		{
			"amount of another subject, subject absent",
			"How many shipping labels can a pallet carry at most?",
			prompt("The printer holds at most 40 shipping labels in its tray."),
			false,
		},
		{
			"subject in other words of the question",
			"How many shipping labels can a pallet carry at most?",
			prompt("Every pallet is limited to 12 shipping labels, one per side and face."),
			true,
		},
		{
			"subject in the sentence before a limit",
			"How many labels can a pallet carry at most?",
			prompt("There is a limit on how many labels a pallet can carry. Depending on their size, it is between 6 and 12 labels.",
				"A pallet can carry crates of any kind, and a forklift can carry a pallet."),
			true,
		},
		{
			"memory of the asked program",
			"How much label memory does the printer need?",
			prompt("The printer ships with 4 gigabytes of label memory."),
			true,
		},
		{
			"memory of another program, no subject word",
			"How much label memory does the printer need?",
			prompt("Increased label memory use does not matter much to the scanner, since scanners ship with 4 gigabytes of label memory."),
			false,
		},
		{
			"counted thing only in the heading",
			"How many compiled label templates does the printer keep in its cache?",
			prompt("# Compiled label templates\n\nKeeping them in files keeps the printer simpler, but has one disadvantage for the printer cache."),
			false,
		},
		{
			"counted thing in the sentence",
			"How many compiled label templates does the printer keep in its cache?",
			prompt("# Compiled label templates\n\nThe printer cache keeps the 20 most recent compiled templates."),
			true,
		},
		{
			"which question with an amount clause",
			"Which setting caps how much memory a printer may use before it spools to disk?",
			prompt("spool_mem sets the memory a printer may use before writing spool files to disk."),
			true,
		},
	})
}

// supportCase is a question, the sources it is asked over, and whether
// the generator answers it (or declines: generate.NotInDocs).
type supportCase struct {
	name, question string
	p              *generate.Prompt
	answered       bool
}

func runSupportCases(t *testing.T, cases []supportCase) {
	g := extractive.New(extractive.Options{})
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			gen, err := g.Generate(context.Background(), generate.Request{Question: tt.question, Prompt: tt.p})
			require.NoError(t, err)
			require.Equal(t, tt.answered, gen.Text != generate.NotInDocs, "answer: %q", gen.Text)
		})
	}
}

// A default is often written as what holds when nothing is set ("… is set
// to roundrobin when no other algorithm has been set", "If not set, …",
// "Unless otherwise specified, …"): such a sentence answers a question
// asking for the default, ahead of another setting's "(the default)".
func TestDefaultWrittenAsWhenNothingIsSet(t *testing.T) {
	for _, tc := range []struct{ name, sentence string }{
		{"when no other has been set", "The parcel sorting algorithm of a depot is set to round robin when no other algorithm, mode nor option have been set."},
		{"if not set", "If not set, the parcel sorting algorithm of a depot is round robin."},
		{"unless otherwise specified", "Unless otherwise specified, the parcel sorting algorithm of a depot is round robin."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &generate.Prompt{Sources: []generate.ContextSource{
				sourceUnder("S1", "Setting the parcel sorting factor to 0 (the default) disables the feature.", "Depot", "sort-factor"),
				sourceUnder("S2", tc.sentence, "Depot", "sort"),
			}}
			answer := answerTo(t, "What is the default parcel sorting algorithm?", p)
			require.True(t, strings.HasPrefix(answer, tc.sentence), answer)
		})
	}
}

// A question asking how far an attribute goes ("how long", "how deep",
// "how full", "the longest …") is answered only by a sentence stating a
// value of some kind: a number, a unit of time, or a bound in words. A
// default it asks for may follow the topical sentence in its source.
func TestExtentNeedsAValue(t *testing.T) {
	runSupportCases(t, []supportCase{
		{"duration without a value", "How long does a courier access badge stay valid before it expires?",
			prompt("Before a courier can enter, the courier needs an access badge from the front desk."), false},
		{"duration in digits", "How long does a courier access badge stay valid before it expires?",
			prompt("A courier access badge stays valid for 30 days."), true},
		{"duration in words", "How long does a courier access badge stay valid before it expires?",
			prompt("A courier access badge stays valid until the courier leaves the building."), true},
		{"a text's length as a duration", "How long can a courier badge name be?",
			prompt("A courier badge name stays on file for 30 days after the courier leaves."), false},
		{"a text's length in characters", "How long can a courier badge name be?",
			prompt("A courier badge name can hold 40 characters at most."), true},
		{"a text's length unbounded", "How long can a courier badge name be?",
			prompt("A courier badge name is unlimited in length."), true},
		{"frequency in an adverb", "How often does the courier depot sync its parcel list?",
			prompt("The courier depot syncs its parcel list with the head office on an hourly basis."), true},
		{"frequency not stated", "How often does the courier depot sync its parcel list?",
			prompt("The courier depot syncs its parcel list with the head office over a private line."), false},
		{"fill level without a value", "How full does the courier depot's parcel shelf get before it is emptied?",
			prompt("The courier depot keeps parcels on a parcel shelf that is emptied by the night shift."), false},
		{"fill level stated", "How full does the courier depot's parcel shelf get before it is emptied?",
			prompt("The courier depot's parcel shelf is emptied once it is 80% full."), true},
		{"longest name as a duration", "What is the longest name a courier badge can have?",
			prompt("A courier badge name stays on file for 30 days, as long as the longest name allowed by the depot."), false},
		{"longest name as something else's length", "What is the longest name a courier badge can have?",
			prompt("The depot printer creates a badge table with as many columns as required by the longest courier badge name."), false},
		{"longest name in characters", "What is the longest name a courier badge can have?",
			prompt("A courier badge name can hold 40 characters at most."), true},
		{"shortest password in characters", "What is the shortest password the courier terminal accepts?",
			prompt("The courier terminal accepts passwords of 12 characters or more."), true},
		{"longest without a value", "What is the longest parcel note the courier printer will print before it cuts the note off?",
			prompt("The courier printer prints a parcel note on every label and can print to files or to the depot printer."), false},
		{"default two sentences on", "How deep can parcel crates stack before the depot stops the stacker, by default?",
			prompt("The depot sets a maximum stacking depth for parcel crates to stop the stacker before crates fall. Previously it was fixed when the depot was built. The default value is 12."), true},
		{"a default in another unit than the rate asked for", "How many parcels per second can a default depot stacker stack?",
			prompt("The depot stacker stacks parcels onto crates for the depot.\n\nThe default is 30, in seconds between crates.", "The depot stacker is a machine."), false},
		{"a default rate in the unit asked for", "How many parcels per second can a default depot stacker stack?",
			prompt("The depot stacker stacks parcels onto crates for the depot.\n\nThe default is 4 parcels per second.", "The depot stacker is a machine."), true},
		{"a later default, not asked for", "How deep can parcel crates stack before the depot stops the stacker?",
			prompt("The depot sets a maximum stacking depth for parcel crates to stop the stacker before crates fall. Previously it was fixed when the depot was built. The default value is 12."), false},
		{"a how-to question with an extent clause", "How do I make the depot terminal show how long each parcel scan took?",
			prompt("Turn on scan timing in the depot terminal settings to show how long each parcel scan took."), true},
		{"not an extent question", "Why does the depot stop the parcel crate stacker?",
			prompt("The depot sets a maximum stacking depth for parcel crates to stop the stacker before crates fall."), true},
	})
}

// BenchmarkGenerateAmount measures an amount question, which runs the
// counted, subject and limit checks over every candidate that covers it.
func BenchmarkGenerateAmount(b *testing.B) {
	g := extractive.New(extractive.Options{})
	req := generate.Request{
		Question: "How many pressure stages can the pump controller keep in its cache at most?",
		Prompt:   benchSources(" says the pump controller keeps at most one pressure stage ", " in its valve cache. "),
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Generate(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}

// An API entry's rows stand under the class they belong to ("Class:
// kiln.Oven > new Oven([options])") and do not repeat its name; a row's
// default may be JavaScript's Infinity, which is an amount too.
func TestAmountOfANamedClassInItsEntryRows(t *testing.T) {
	rows := "new Oven([options])\n\n- options <Object>\n- maxTrays <number> Maximum number of trays to allow per oven. Default: 16.\n- keepWarm <boolean> Keep the oven warm between firings. Default: false."
	under := func(class string) *generate.Prompt {
		return &generate.Prompt{Sources: []generate.ContextSource{sourceUnder("S1", rows, "Kilns", "Class: "+class, "new Oven([options])")}}
	}
	runSupportCases(t, []supportCase{
		{"rows under the named class", "How many trays per oven does a kiln.Oven allow by default?", under("kiln.Oven"), true},
		{"rows under another class", "How many trays per oven does a kiln.Oven allow by default?", under("kiln.Kettle"), false},
		{"no bound, written as Infinity", "How many trays per oven does a kiln.Oven allow by default?",
			prompt("- maxTrays <number> Maximum number of trays a kiln.Oven allows per oven. Default: Infinity."), true},
	})
}

// "How many times faster …" asks for a multiple: a sentence counting
// something else on the topic ("two pots", "version 2") is no answer.
func TestMultipleNeedsAMultiple(t *testing.T) {
	runSupportCases(t, []supportCase{
		{"a count of something else", "How many times faster is the fast firing mode than the normal mode?",
			prompt("The fast firing mode replaced the normal mode as the default firing mode for resolving two kilns from v0.99.9k until v2.33.0."), false},
		{"a multiple", "How many times faster is the fast firing mode than the normal mode?",
			prompt("The fast firing mode fires pots three times faster than the normal mode."), true},
		{"a multiple in digits", "How many times faster is the fast firing mode than the normal mode?",
			prompt("The fast firing mode is about 2.5x faster than the normal mode."), true},
	})
}

// The figure may be in the sentence that goes on about the one naming the
// counted thing ("Its value …"): both are quoted, in order. A figure in a
// later sentence that does not refer back still answers nothing.
func TestAmountInTheSentenceGoingOn(t *testing.T) {
	entry := "# Sitemap.limit\n\nOptional.\n\nThis attribute defines the maximum number of URLs included on each page of the pump map. " +
		"Its value should not exceed the default value of 40000, which is the upper limit the map protocol allows."
	got := answerTo(t, "What is the maximum number of URLs per pump map page?", prompt(entry))
	require.True(t, strings.HasPrefix(got, "This attribute defines the maximum number of URLs included on each page of the pump map. [S1] Its value should not exceed the default value of 40000"), got)

	later := "# Sitemap.limit\n\nThis attribute defines the maximum number of URLs included on each page of the pump map. " +
		"Pump maps are written as XML files. The pump stores 40000 readings a day."
	require.Equal(t, generate.NotInDocs, answerTo(t, "What is the maximum number of URLs per pump map page?", prompt(later)))

	// The sentence it goes on from must be about what is counted.
	other := "# Pump limits\n\nThe maximum number of bytes in a pump log on one pump map is defined by PUMP_MAX_LOG. " +
		"The default value of this setting is 1 billion."
	require.Equal(t, generate.NotInDocs, answerTo(t, "What is the maximum number of triggers on one pump map?", prompt(other)))

	// A setting's entry gives its default after the description; a lead
	// with a figure of another kind ("status zero" is no age) takes it
	// second.
	expiry := "# pump.logExpiry\n\nIf the file pump.log exists, then the pump prints it and exits with status zero instead of starting, unless that file is more than pump.logExpiry old. " +
		"Default is \"2.days\". See pump.pruneExpire for the forms of the value."
	got = answerTo(t, "How old must the pump.log file be before the pump starts again instead of just printing it?", prompt(expiry))
	require.True(t, strings.HasPrefix(got, "If the file pump.log exists, then the pump prints it and exits with status zero instead of starting, unless that file is more than pump.logExpiry old. [S1] Default is \"2.days\"."), got)
	noAge := strings.Replace(expiry, `"2.days"`, "true", 1)
	require.Equal(t, generate.NotInDocs, answerTo(t, "How old must the pump.log file be before the pump starts again instead of just printing it?", prompt(noAge)))

	// "This page" goes on about the page, not the value.
	page := "# Maps\n\nA pump map can be nested inside another pump map when both are open.\n\nThis page last modified on 2020-02-10 17:23:44 UTC"
	require.Equal(t, generate.NotInDocs, answerTo(t, "How deeply can pump maps be nested?", prompt(page)))
}

// An amount's subject written inside an identifier counts only when the
// identifier holds another of its words: first_name's "name" is not a
// kiln program's name, program_name's is.
func TestAmountSubjectInIdentifiers(t *testing.T) {
	q := "How many characters long can a kiln program name be?"
	under := func(heading, text string) *generate.Prompt {
		return &generate.Prompt{Sources: []generate.ContextSource{
			sourceUnder("S1", "Kiln programs are stored on the controller and listed by their names in the menu.", "Programs"),
			sourceUnder("S2", text, "Fields", heading),
		}}
	}
	runSupportCases(t, []supportCase{
		{"a part of another field's name", q, under("first_name", "150 characters or fewer."), false},
		{"an identifier holding two of its words", q, under("program_name", "40 characters or fewer."), true},
		{"plain words", q, under("Limits", "A kiln program name may be at most 40 characters long."), true},
		{"a part of a call", "How much faster is a firing loop than a cooling loop?", prompt("The kiln.get_event_loop() function was rewritten to make it up to 15 times faster."), false},
	})
}

// A settings reference's entry describes one setting and gives its default
// a few sentences on ("The default value is 30 seconds."): for an amount
// question its description covers well, the default is the amount, though
// the question does not ask for a default. An entry whose description
// shares only a word with the question ("requests") gives none; nor does
// a default later in a passage that is no setting's entry.
func TestAmountFromTheEntrysDefaultSentence(t *testing.T) {
	p := prompt("KilnWait\n\nThe interval, in seconds, given to a kiln's elements between the soft stop and the hard stop upon reaching its firing limit. If the kiln fails to cool gracefully in the interval specified, it is forcibly stopped. The default value is 30 seconds. The value may not exceed 65533.\n\n" +
		"KilnRequests\n\nHow many glaze requests the controller sends in parallel. Each request names one shelf. The default value is 5.")
	got := answerTo(t, "How long does the kiln wait between the soft stop and the hard stop when it reaches its firing limit?", p)
	require.True(t, strings.HasPrefix(got, "KilnWait [S1]\n\nThe interval, in seconds, given to a kiln's elements between the soft stop and the hard stop upon reaching its firing limit. [S1] The default value is 30 seconds. [S1]"), got)
	require.Equal(t, generate.NotInDocs, answerTo(t, "How many repair requests can be in a kiln queue at once?", p))

	passage := prompt("Stopping a kiln\n\nA kiln's elements are given an interval between the soft stop and the hard stop upon reaching its firing limit. If the kiln fails to cool gracefully in the interval specified, it is forcibly stopped. The default value is 30 seconds.")
	require.NotContains(t, answerTo(t, "How long does the kiln wait between the soft stop and the hard stop when it reaches its firing limit?", passage), "30 seconds")
}

// A default a few sentences after the description must be of the kind a
// count asks for: "The default value is 300 seconds." after a sentence
// about a list of jobs gives no number of jobs, while the entry whose
// default is a count of them does.
func TestDefaultAfterCountsWhatIsAsked(t *testing.T) {
	p := prompt("MinKilnAge\n\nThe minimum age of a fired pot before its record is cleared from the list of pots the controller keeps in memory. The default value is 300 seconds.\n\n" +
		"MaxPotCount\n\nThe maximum number of pots the controller can have in memory at one time. The default value is 10000 pots.")
	got := answerTo(t, "How many pots can the controller keep in memory by default?", p)
	require.NotContains(t, got, "300 seconds", got)
	require.Contains(t, got, "The default value is 10000 pots.", got)
}

// A yes-no question with "how many" or "how much" in a clause asks
// whether, not how much: a sentence with no figure answers it. One asking
// whether a limit exists ("Is there a cap on how long …?") still asks for
// the figure.
func TestYesNoQuestionWithAnAmountClause(t *testing.T) {
	shelf := "Shelf loading\n\nThe shelf_load option is a threshold, not a limit: it says how much clay a shelf holds before the kiln stops asking for more."
	runSupportCases(t, []supportCase{
		{"whether", "Is shelf_load a hard cap on how much clay a shelf may hold?", prompt(shelf), true},
		{"should", "Should I use shelf_load to decide how much clay a shelf may hold?", prompt(shelf), true},
		{"is there", "Is there a cap on how much clay a shelf may hold?", prompt(shelf), false},
		{"how much", "How much clay may a shelf hold?", prompt(shelf), false},
	})
}

// "What is the oldest … version …?" asks for a version number, not an
// age: "Versions 42 or greater supported." answers it, and a sentence
// with no version does not.
func TestOldestVersionIsANumber(t *testing.T) {
	with := "1.23 KilnScript\n\nThe controller can read KilnScript programs as input. Versions 42 or greater supported."
	without := "1.23 KilnScript\n\nThe controller can read KilnScript programs as input. Older programs must be converted first."
	q := "What is the oldest KilnScript version the controller supports?"
	runSupportCases(t, []supportCase{
		{"version given", q, prompt(with), true},
		{"no version", q, prompt(without), false},
	})
}

// Things are counted in whole numbers: a version or a decimal gives no
// number of developers.
func TestCountIsAWholeNumber(t *testing.T) {
	runSupportCases(t, []supportCase{
		{"version", "How many developers work on the kiln controller project?",
			prompt("Developer Documentation for the Kiln Controller Project 2.4\n\nDevelopers of the kiln controller project work on release 1.0.1."), false},
		{"count", "How many developers work on the kiln controller project?",
			prompt("Developer Documentation for the Kiln Controller Project 2.4\n\nThe kiln controller project has 12 developers at work on it."), true},
	})
}
