package extractive_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A default is often given after another clause of the same sentence
// ("Range is 1 to 64 and default is 4.", "…, default is 44100.") or with
// a name several words long before its value ("the default file name
// prefix is “kilnglaze”"). Either answers the question asking for it.
func TestDefaultInAClause(t *testing.T) {
	margin := "kiln_margin\n\nSet the margin drawn around the kiln window, in pixels, if show_margin is used. Range is 1 to 64 and default is 4."
	rate := "sample_rate\n\nSet the sample rate of the kiln's thermocouple log, default is 400."
	prefix := "-glazelog prefix\n\nSet the glaze log file name prefix to prefix, the default file name prefix is “kilnglaze”."
	runSupportCases(t, []supportCase{
		{"after and", "What is the range and default of kiln_margin?", prompt(margin), true},
		{"after a comma", "What is the default sample_rate of the thermocouple log?", prompt(rate), true},
		{"no default given", "What is the range and default of kiln_margin?",
			prompt("kiln_margin\n\nSet the margin drawn around the kiln window, in pixels, if show_margin is used. Range is 1 to 64."), false},
		{"long name, quoted value", "What is the default glaze log file name prefix used by -glazelog?", prompt(prefix), true},
	})
}

// "What is the maximum tile size …?" asks for a size: a limit stating the
// size under the thing it is of answers it without naming the tile again.
// A limit on another measure does not.
func TestBoundOnAMeasure(t *testing.T) {
	shelf := "4.18 shelf\n\nThe kiln shelf has some strict limitations that should be noted:\n\n- Size cannot exceed 30 centimetres in any dimension\n- Only glazed tiles can be stored"
	weight := "4.18 shelf\n\nThe kiln shelf has some strict limitations that should be noted:\n\n- Weight cannot exceed 30 kilograms in all\n- Only glazed tiles can be stored"
	runSupportCases(t, []supportCase{
		{"size stated", "What is the maximum tile size the shelf accepts?", prompt(shelf), true},
		{"weight, not size", "What is the maximum tile size the shelf accepts?", prompt(weight), false},
	})
}

// A value followed by "(its current default value)" or "(the default
// setting)" is the default.
func TestDefaultInParentheses(t *testing.T) {
	kiln := "KILN_SHELVES=count\n\nSet the number of shelves in the kiln's rack to count shelves. To fire more pieces at once, raise the size of the kiln's rack by setting KILN_SHELVES to a value greater than 6 (its current default value)."
	runSupportCases(t, []supportCase{
		{"its current default value", "What is the default size of the kiln's rack?", prompt(kiln), true},
		{"no default given", "What is the default size of the kiln's rack?",
			prompt("KILN_SHELVES=count\n\nSet the number of shelves in the kiln's rack to count shelves. To fire more pieces at once, raise the size of the kiln's rack by setting KILN_SHELVES to a value greater than 6."), false},
	})
}

// An entry's description answers a default question with the default row
// below it, and the answer quotes that row.
func TestDefaultRowFollowsTheDescription(t *testing.T) {
	entries := "glaze-max-size\n\nMaximum glaze layer size default for both shelves.\n\nDefault: 1232\n\n" +
		"glaze-max-size-top\n\nMaximum glaze layer size for the top shelf.\n\nDefault: 1232"
	got := answerTo(t, "What is the default maximum glaze layer size?", prompt(entries))
	require.Contains(t, got, "Default: 1232 [S1]")
}

// A reference that closes each entry with its "Default:" row gives the
// default of the entry's description however many sentences on: the row
// is the entry's by its place. The description's "one glaze record"
// counts a record and is no value of the time asked for.
func TestDefaultRowClosingTheEntry(t *testing.T) {
	entries := "kiln-idle-timeout\n\nMaximum idle time (in seconds) between firings on an inbound kiln link. It means if there is no firing on an inbound kiln link during this limit, the link is closed by the controller.\n\nDefault: 10\n\n" +
		"kiln-io-timeout\n\nMaximum time (in milliseconds) to read or write one glaze record over an inbound kiln link. It means this limit applies to normal glaze records. " +
		"The timeout is measured since some data is already available. Set to 0 for infinity.\n\nDefault: 500 (milliseconds)\n\n" +
		"kiln-remote-timeout\n\nMaximum time (in milliseconds) to read or write one glaze record over an outbound kiln link which has already been established to a configured remote kiln.\n\nDefault: 5000 (milliseconds)"
	got := answerTo(t, "How long may the controller take to read or write one glaze record over an inbound kiln link by default?", prompt(entries))
	require.Contains(t, got, "Default: 500 (milliseconds) [S1]")
	require.NotContains(t, got, "Default: 10 [S1]")
}

// A count's default row may give a bare number under rows of units and
// bounds: the description names what it counts. A bare number is no
// rate: it does not answer how many per second.
func TestBareDefaultRowCounts(t *testing.T) {
	entries := "max_refires\n\n- Units: refires\n\n- Default: 4\n\n- Minimum: 0\n\nUpper limit on how many times a kiln can refire a piece.\n\n" +
		"max_glazes\n\n- Units: glazes\n\n- Default: 3\n\n- Minimum: 1\n\nUpper limit on how many glazes a piece can take."
	got := answerTo(t, "How many times can a kiln refire a piece at most by default?", prompt(entries))
	require.Contains(t, got, "Default: 4 [S1]")
	rate := "KILN_FIRE_SECONDS\n\nDefault: 600\n\nThe default number of seconds a kiln fires a piece for."
	runSupportCases(t, []supportCase{
		{"a bare number is no rate", "How many pieces per second can a default kiln fire?", prompt(rate), false},
	})
}

// A value list's item that calls itself the default, or ends in the
// "(default)" mark, answers which value is the default; the entry's other
// items are quoted after it only as the list.
func TestDefaultItemOfAValueList(t *testing.T) {
	glaze := "glaze_finish\n\nSpecifies the finish of the fired glaze.\n\n- gloss: The default finish, you should use this for tableware, because matte glazes stain.\n- matte: Soft finish without shine.\n- satin: Between the two."
	ends := "cooling\n\nHow to determine the end of the cooling.\n\n- slowest: The time of the slowest shelf. (default)\n- fastest: The time of the fastest shelf.\n- first: The time of the first shelf."
	got := answerTo(t, "What glaze finish does the kiln produce by default?", prompt(glaze, "The kiln fires glaze in three finishes, and each finish is produced in one firing."))
	require.Contains(t, got, "gloss: The default finish", got)
	got = answerTo(t, "Which cooling end does the kiln use by default?", prompt(ends, "The kiln ends the cooling when the door opens, and each shelf cools on its own."))
	require.Contains(t, got, "slowest: The time of the slowest shelf. (default)", got)
}

// A default question that names no thing after "default" ("Where is the
// glaze lock file kept by default?") still asks for one: the entry quoted
// after another sentence brings its "Default: …" row, past a note.
func TestDefaultRowOfAWhereQuestion(t *testing.T) {
	entries := "rundir\n\nA path for keeping run-time data (glaze lock file, kiln sockets, etc.).\n\n" +
		"Depending on the usage of this parameter, its change may require restart of the kiln.\n\n" +
		"lockfile\n\nA glaze lock file location.\n\nChange of this parameter requires restart of the kiln to take effect.\n\nDefault: rundir/kiln.pid\n\n" +
		"workers\n\nA number of kiln workers used to fire pieces."
	other := "When run in the foreground, the kiln doesn't create a glaze lock file."
	got := answerTo(t, "Where is the glaze lock file kept by default?", prompt(other, entries))
	require.Contains(t, got, "Default: rundir/kiln.pid [S2]")
}

// "its default is 0.4 sec" states the default of what the sentence names,
// as "the default is" does.
func TestItsDefaultIs(t *testing.T) {
	runSupportCases(t, []supportCase{
		{"its default", "What is the default value of KILNWAIT?",
			prompt("If no key follows, the kiln waits a certain time. This timeout is defined by the KILNWAIT parameter; its default is 0.4 sec."), true},
		{"no default", "What is the default value of KILNWAIT?",
			prompt("If no key follows, the kiln waits a certain time. This timeout is defined by the KILNWAIT parameter; its unit is 0.1 sec."), false},
	})
}
