package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// An answer to "how do I …?" whose best sentence says that it can be done
// goes on with the sentence after it that names what does it; a question
// not asking how, or a next sentence naming something the question does
// not speak of, leaves the answer to the score.
func TestHowAnswerNamesTheMeans(t *testing.T) {
	depot := "# Depot transactions\n\nWhen the depot is in strict mode, it is still possible to keep a depot view from running inside a transaction. " +
		"Views run in the order they were added. The keep_out_of_transaction() decorator keeps a view out of the transaction."
	other := "In strict mode the depot runs every depot view inside a transaction, and a view that fails rolls the transaction back."

	// The means stays second when a sentence between them is quoted too.
	between := strings.Replace(depot, "Views run in the order they were added.", "A depot view running inside a transaction in strict mode keeps its depot lock until the transaction ends.", 1)
	for _, page := range []string{depot, between} {
		got := answerTo(t, "In strict mode, how can I keep one depot view from running inside a transaction?", prompt(page, other))
		require.True(t, strings.HasPrefix(got, "When the depot is in strict mode, it is still possible to keep a depot view from running inside a transaction. [S1] The keep_out_of_transaction() decorator"), got)
	}

	// The prose sentence right after the lead names it in other words.
	move := "The traditional method for moving a depot to a new site is to repack every crate, though this can be slow. A faster method is crate_mover."
	got := answerTo(t, "How can I move a depot to a new site without repacking every crate?", prompt(move, other))
	require.True(t, strings.HasPrefix(got, "The traditional method for moving a depot to a new site is to repack every crate, though this can be slow. [S1] A faster method is crate_mover. [S1]"), got)

	// So does the sentence after it that points back at it and names the
	// means in words.
	for _, next := range []string{"You can do this using crate update syntax.", "This is what proxy depots are for: a depot standing in for another."} {
		page := "It is often useful to open a new depot that takes most of its crates from another depot, but changes some of them. " + next + " Depots open at dawn."
		got = answerTo(t, "How do I open a depot that takes most of its crates from another one?", prompt(page, other))
		require.True(t, strings.HasPrefix(got, "It is often useful to open a new depot that takes most of its crates from another depot, but changes some of them. [S1] "+next+" [S1]"), got)
	}

	unrelated := strings.Replace(depot, "The keep_out_of_transaction() decorator keeps a view out of the transaction.", "The pallet_scanner() helper reads pallet labels.", 1)
	got = answerTo(t, "In strict mode, how can I keep one depot view from running inside a transaction?", prompt(unrelated, other))
	require.NotContains(t, got, "pallet_scanner()")
}

// A how-to answer led by a sentence inside a section headed by a name
// quotes the heading first when no chosen sentence names a means.
func TestHowAnswerNamesTheMeansInTheHeading(t *testing.T) {
	entry := "keep_out_of_transaction\n\nMarks a view for the depot. A marked depot view is kept out of the transaction when the depot runs in strict mode."
	other := "In strict mode the depot runs every depot view inside a transaction, and a view that fails rolls the transaction back."
	got := answerTo(t, "How do I keep a depot view out of the transaction in strict mode?", prompt(entry, other))
	require.True(t, strings.HasPrefix(got, "keep_out_of_transaction [S1]\n\nA marked depot view is kept out of the transaction"), got)

	got = answerTo(t, "Is a depot view kept out of the transaction in strict mode?", prompt(entry, other))
	require.False(t, strings.HasPrefix(got, "keep_out_of_transaction"), got)

	// A manual page's section heading is written in capitals like a
	// command, but names no means.
	page := "DESCRIPTION\n\nThe depotctl command controls the depot.\n\n-f\nFlush the depot queue: attempt to move every queued crate."
	got = answerTo(t, "How do I flush the depot queue?", prompt(page, other))
	require.False(t, strings.HasPrefix(got, "DESCRIPTION"), got)
	require.Contains(t, got, "Flush the depot queue: attempt to move every queued crate. [S1]")
}

// An options list's entry heads its description like a name: a lead below
// the entry's first sentence quotes the option spellings first, not the
// next entry's line that a following sentence sits under.
func TestHowAnswerNamesTheOptionEntry(t *testing.T) {
	entries := "-s\n--seal-crates\n--no-seal-crates\n\nThis option is only valid for load runs. All crates already on the pallet are kept sealed.\n\n" +
		"-q\n--quiet\n\nThis option is only valid for load runs. Nothing is printed."
	other := "A load run moves crates from the pallet to the depot shelves."
	got := answerTo(t, "When I load, how can I keep the crates already on the pallet sealed?", prompt(entries, other))
	require.True(t, strings.HasPrefix(got, "-s\n--seal-crates\n--no-seal-crates [S1]\n\nAll crates already on the pallet are kept sealed."), got)
	require.NotContains(t, got, "--quiet")
}

// A program the sentence calls a command ("the dinfo command") names the
// means as an identifier would (TestCommandNamedAsMeans: "the following
// command" names none).
func TestHowAnswerNamesTheCommand(t *testing.T) {
	other := "Depots hold crates on shelves, and each shelf belongs to one rack in the depot."
	page := "First we determine what racks exist in the depot, what shelves they include, and general depot state. " +
		"This information is provided by the dinfo command. In the example below we find there are two racks: main and spare. " +
		"The information about each rack may be split over more than one line so that shelves in different states can be told apart."
	got := answerTo(t, "How do I show the state of the shelves and racks?", prompt(page, other))
	require.Contains(t, got, "This information is provided by the dinfo command. [S1]")
}

// The means named just before the lead in its paragraph ("A utility called
// kilnnext …"), which the lead names only as "it", is quoted first, in
// reading order.
func TestHowAnswerNamesTheMeansBefore(t *testing.T) {
	page := "10. Finding individual retry times (kilnnext)\n\nA utility called kilnnext (mostly a script) provides the ability to fish specific information out of the retry log. " +
		"Given a shelf name (or a complete rack), it looks up the kilns for that shelf, and outputs when the next firing will try each of them."
	other := "Kilns retry a failed firing after a pause that grows with each failure."
	got := answerTo(t, "How do I find out when the next firing will try a given shelf?", prompt(page, other))
	require.True(t, strings.HasPrefix(got, "A utility called kilnnext (mostly a script) provides the ability to fish specific information out of the retry log. [S1] Given a shelf name"), got)
}
