package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A question asking for a count is answered only by a sentence giving a
// figure that can count the thing: numbers that name or refer (versions,
// listings, dates, digits inside names) and "one" as a pronoun or article
// are no figure. Each declined case is on topic and covers the question;
// its twin states the count.
func TestCountNeedsAFigure(t *testing.T) {
	runSupportCases(t, []supportCase{
		{
			"one as a pronoun",
			"How many loaves can the bakery oven bake in one batch?",
			prompt("The bakery oven bakes loaves in batches; pick one of the oven racks for each batch of loaves."),
			false,
		},
		{
			"one before what is counted",
			"How many rolls can the bakery oven bake in one batch?",
			prompt("The bakery oven bakes only one bread roll per batch, since its rack is narrow."),
			true,
		},
		{
			"a figure in digits",
			"How many loaves can the bakery oven bake in one batch?",
			prompt("The bakery oven bakes 24 loaves per batch on its four racks."),
			true,
		},
		{
			"one day is no count of loaves",
			"What is the maximum number of loaves the bakery oven can bake in one batch?",
			prompt("The bakery oven limits each batch of loaves so that a batch could not exceed one day of baking."),
			false,
		},
		{
			"a version number",
			"How many loaves can the bakery oven bake in one batch?",
			prompt("Changed in version 4.2: the bakery oven bakes loaves in batches with a steam burst."),
			false,
		},
		{
			"a date",
			"How many loaves can the bakery oven bake in one batch?",
			prompt("The bakery oven firmware (2024-03-18) bakes loaves in batches with a steam burst."),
			false,
		},
		{
			"a digit inside a name",
			"How many loaves can the bakery oven bake in one batch?",
			prompt("Call oven3_bake() to bake loaves in the bakery oven batch by batch."),
			false,
		},
		{
			"no limit is an answer",
			"How many loaves can the bakery oven bake in one batch?",
			prompt("There is no limit to the loaves the bakery oven bakes in one batch."),
			true,
		},
		{
			"a yes/no question needs no figure",
			"Is there a limit on how many loaves the bakery oven can bake in one batch?",
			prompt("The bakery oven sets no quota on loaves per batch; pick one of the racks for each batch of loaves."),
			true,
		},
		{
			"a percentage needs a figure",
			"What percentage of the bakery loaves are baked in the stone oven?",
			prompt("Most bakery loaves are baked in the stone oven; one of them is the rye loaf."),
			false,
		},
		{
			"a default given after the topical sentence",
			"By default, how many loaves does the bakery oven bake per batch?",
			prompt("oven_batch (integer)\n\nSets how many loaves the bakery oven bakes per batch. Racks are loaded from the top. The default is 12."),
			true,
		},
		{
			"a bound before its noun needs a figure",
			"What is the largest tray size the bakery oven can hold?",
			prompt("The bakery oven holds every tray size on its stone floor, from roll trays to bread trays."),
			false,
		},
		{
			"a bound before its noun, stated",
			"What is the largest tray size the bakery oven can hold?",
			prompt("The bakery oven holds trays of at most 60 centimetres on its stone floor."),
			true,
		},
		{
			"one before a modifier of what is counted",
			"How many pages of recipe notes does the bakery binder keep?",
			prompt("The bakery binder keeps one recipe on each of its pages of notes."),
			false,
		},
		{
			"a count of the head",
			"How many pages of recipe notes does the bakery binder keep?",
			prompt("The bakery binder keeps one page of recipe notes per loaf."),
			true,
		},
		{
			"a rate question needs a rate",
			"How many rolls per hour can the bakery oven bake in a batch?",
			prompt("The bakery oven bakes rolls in a batch; the second rack takes 3 rolls at the back."),
			false,
		},
		{
			"a rate in the asked unit",
			"How many rolls per hour can the bakery oven bake in a batch?",
			prompt("The bakery oven bakes rolls in a batch at about 200 rolls an hour."),
			true,
		},
		{
			"an enumerator is no extent",
			"How deeply can the bakery proofing trays be stacked?",
			prompt("3. Stack the bakery proofing trays so that air reaches every tray."),
			false,
		},
		{
			"an extent in words",
			"How deeply can the bakery proofing trays be stacked?",
			prompt("The bakery proofing trays can be stacked up to four trays deep."),
			true,
		},
		{
			"a bound in time is no depth",
			"How deeply can the bakery proofing trays be stacked?",
			prompt("The bakery proofing trays are stacked until the dough has risen."),
			false,
		},
		{
			"a bound in time answers how long",
			"How long are the bakery proofing trays left stacked?",
			prompt("The bakery proofing trays are left stacked until the dough has risen."),
			true,
		},
		{
			"arbitrary is no bound unless it says so",
			"How deep can the bakery proofing trays be stacked?",
			prompt("The bakery proofing trays can be stacked with arbitrary dough on them."),
			false,
		},
		{
			"arbitrarily deep is a bound",
			"How deep can the bakery proofing trays be stacked?",
			prompt("The bakery proofing trays can be stacked arbitrarily deep."),
			true,
		},
		{
			"non-zero is no amount",
			"How deep can the bakery proofing trays be stacked?",
			prompt("The bakery proofing trays report a non-zero code when stacked."),
			false,
		},
		{
			"a default in another word form names no counted word",
			"By default, how many faults does the bakery oven log before it stops?",
			prompt("The bakery oven logs at most N errors before it stops, with N defaulting to 20."),
			true,
		},
		{
			"an option written with a value is no bound",
			"How many racks can the bakery oven use for a batch at most?",
			prompt("The bakery oven --max-racks=0 runs a batch of loaves on its floor, and --min-racks=3 on its upper racks only."),
			false,
		},
		{
			"the bound an option's value is said to be",
			"How many racks can the bakery oven use for a batch at most?",
			prompt("The bakery oven accepts --max-racks=6, since it can use at most 6 racks for a batch."),
			true,
		},
		{
			"a limit left unset is no absence of a bound",
			"What is the maximum size of the bakery oven's dough cache?",
			prompt("The maximum size of the memory the bakery oven uses for its dough cache when no limit is given on the command line."),
			false,
		},
		{
			"a protocol version is no size",
			"How big is the bakery oven's dough buffer?",
			prompt("Leaving the bakery oven's dough buffer at its size is fine unless a proxy does not support HTTP/1.1 or TLS 1.3."),
			false,
		},
		{
			"no limit is an answer to a maximum",
			"What is the maximum size of the bakery oven's dough cache?",
			prompt("There is no limit on the size of the bakery oven's dough cache."),
			true,
		},
	})
}

// "The default is one" gives the count ("one" is the value, not a
// pronoun): the entry's own default follows its description, and the next
// entry's "The default is 100." does not lead.
func TestDefaultIsOne(t *testing.T) {
	p := prompt("checkout.bakers\n\nThe number of parallel bakers to use when updating the oven tree. The default is one, i.e. sequential execution.\n\n" +
		"Note: parallel baking usually delivers better performance for ovens located on gas.\n\n" +
		"checkout.thresholdForParallelism\n\nWhen running parallel checkout with a small number of trays, the cost of spawning can outweigh the gain. " +
		"This setting allows to define the minimum number of trays for which parallel checkout should be attempted. The default is 100.")
	got := answerTo(t, "How many parallel bakers does the oven use by default when updating the oven tree on checkout?", p)
	require.True(t, strings.HasPrefix(got, "checkout.bakers [S1]\n\nThe number of parallel bakers to use when updating the oven tree. [S1] The default is one, i.e. sequential execution. [S1]"), got)
}

// A question asking how much memory or storage is answered only by a
// figure in units of data: a count of processes or requests on the same
// topic says how many, not how much.
func TestMemoryNeedsDataUnits(t *testing.T) {
	runSupportCases(t, []supportCase{
		{
			"a count of slots under a heading on memory",
			"How much memory does one kiln worker process use?",
			prompt("## Memory use\n\nWith the firing module, use this setting only if your kiln worker process needs more than 16 firing slots (default)."),
			false,
		},
		{
			"megabytes",
			"How much memory does one kiln worker process use?",
			prompt("Each kiln worker process uses about 12 MB of memory while it serves firing requests."),
			true,
		},
		{
			"a size written as a setting's value",
			"How much RAM does the kiln worker process reserve by default?",
			prompt("By default the kiln worker process reserves 512M of RAM for its firing queue."),
			true,
		},
		{
			"disk space in kilobytes",
			"How much disk space does the kiln log take after a firing?",
			prompt("After a firing the kiln log takes about 40 kilobytes of disk space."),
			true,
		},
		{
			"room is no data",
			"How much free space must be left around the kiln?",
			prompt("Leave at least 60 cm of free space around the kiln."),
			true,
		},
	})
}

// A lead-in that counts what its list holds states the count ("The kiln
// keeps nine kinds of firing logs:"); one that only announces a list
// ("The following logs are kept:") states nothing and is not quoted.
func TestCountingLeadIn(t *testing.T) {
	q := "How many kinds of firing logs does the kiln keep?"
	list := "\n\n1. Temperature logs\n2. Door logs\n3. Power logs"
	runSupportCases(t, []supportCase{
		{"a count before its list", q, prompt("Logs\n\nThe kiln currently keeps nine distinct kinds of firing logs:" + list), true},
		{"a count in digits", q, prompt("Logs\n\nThe kiln can write its firing logs in 14 different formats, and it keeps 3 kinds of firing logs:" + list), true},
		{"a plain announcement", q, prompt("Logs\n\nThe kiln keeps the following kinds of firing logs:" + list), false},
	})
}

// An adverb after the counted noun ("operations back") says where the
// count runs, not what is counted: a sentence holding "back" and a figure
// of something else does not answer.
func TestCountedNounBeforeAdverb(t *testing.T) {
	q := "How many operations back can kiln undo revert?"
	runSupportCases(t, []supportCase{
		{"back without operations", q, prompt("Now I know kiln^2~4 (read it as go four batches back) is the firing I would revert with kiln undo."), false},
		{"a count of operations", q, prompt("The kiln undo command can revert up to 20 operations back in the firing log."), true},
	})
}

// A comparison with zero states a condition, not an amount: "set greater
// than zero only in processes spawned by the kiln daemon" says how many
// firings nobody asked about.
func TestZeroComparisonIsNoAmount(t *testing.T) {
	q := "How many incoming firing jobs will the kiln daemon accept at the same time by default?"
	runSupportCases(t, []supportCase{
		{"greater than zero", q, prompt("This variable is set greater than zero only in processes spawned by the kiln daemon for handling incoming firing jobs."), false},
		{"non-zero", q, prompt("A non-zero value is kept only in processes spawned by the kiln daemon for handling incoming firing jobs."), false},
		{"a figure", q, prompt("The kiln daemon accepts at most 20 incoming firing jobs at the same time by default."), true},
	})
}
