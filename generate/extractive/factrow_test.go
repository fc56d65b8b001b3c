package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
)

// A settings reference lists each entry's facts on lines of their own
// between its name and its description ("Default: 1000"). Such a line is
// short and unpunctuated like a heading, but it is a fact of the entry:
// read as a heading it hid the entry's name from the description under
// it, and the default was never quoted.
var pumpSettings = "PUMP_MAX_STROKES\n\nDefault: 1000\n\n" +
	"The maximum number of strokes the pump makes in a minute before the controller stops it. You can set this to None to disable the check.\n\n" +
	"PUMP_PRIME_VOLUME\n\nDefault: 2\n\n" +
	"The volume of water, in litres, that primes the pump before its first start.\n\n" +
	"PUMP_LOG_FORMAT\n\nType: string\n\nDefault: 'plain'\n\nEnvironment: PUMP_LOG\n\n" +
	"The format of the lines the controller writes to its log."

func TestFactRowsOfASettingsEntry(t *testing.T) {
	p := prompt(pumpSettings)
	for _, c := range []struct{ question, want string }{
		{"What is the default value of PUMP_MAX_STROKES?", "Default: 1000 [S1]"},
		{"What is the default of PUMP_PRIME_VOLUME?", "Default: 2 [S1]"},
		{"What is the default format of PUMP_LOG_FORMAT?", "Default: 'plain' [S1]"},
		// The description opens its entry, so the answer names it.
		{"Which setting limits how many strokes the pump makes in a minute?", "PUMP_MAX_STROKES [S1]"},
	} {
		got := answerTo(t, c.question, p)
		require.True(t, strings.HasPrefix(got, c.want), "%s\n%s", c.question, got)
	}
}

// A settings reference describes a limit in prose and gives its value in
// the entry's default row above: together they answer how many.
func TestAmountFromTheEntrysDefaultRow(t *testing.T) {
	got := answerTo(t, "How many strokes can the pump make in a minute before the controller stops it?", prompt(pumpSettings))
	require.Contains(t, got, "The maximum number of strokes the pump makes in a minute before the controller stops it. [S1]")
	require.Contains(t, got, "Default: 1000 [S1]")
	// A row of another entry gives no figure for this one.
	got = answerTo(t, "How many strokes can the pump make in a minute before the controller stops it?",
		prompt("PUMP_MAX_STROKES\n\nThe maximum number of strokes the pump makes in a minute before the controller stops it.\n\nPUMP_PRIME_VOLUME\n\nDefault: 2\n\nThe volume of water that primes the pump."))
	require.Equal(t, generate.NotInDocs, got)
}

// A default question whose words the entry's description covers is
// answered by the entry's default row above it, which names nothing.
func TestDefaultFromTheEntrysRowAbove(t *testing.T) {
	p := prompt("PUMP_FRAME_MODE\n\nDefault: 'DENY'\n\nThe default value for the Frame-Mode header used by FrameModeMiddleware.\n\n" +
		"PUMP_FRAME_NAME\n\nDefault: 'pump'\n\nThe name the controller gives its frames.")
	got := answerTo(t, "What Frame-Mode header value does FrameModeMiddleware send by default?", p)
	require.True(t, strings.HasPrefix(got, "Default: 'DENY' [S1]"), got)
}

// An API reference may give a parameter's default only in the entry's
// signature: the signature over the entry the question names is quoted
// first, not another entry's sentence about a parameter of the same name.
func TestDefaultInTheEntrysSignature(t *testing.T) {
	p := prompt("iterator(chunk_size=2000)\n\nEvaluates the pump queue and returns an iterator over its results. The iterator reads results directly, without caching them.",
		"chunks(chunk_size=None)\n\nIterate over the pump log yielding chunks of a given size. chunk_size defaults to 64 KB.")
	got := answerTo(t, "What is the default chunk_size of PumpQueue.iterator()?", p)
	require.True(t, strings.HasPrefix(got, "iterator(chunk_size=2000) [S1]\n\nEvaluates the pump queue"), got)
	got = answerTo(t, "What is the default chunk_size of PumpLog.chunks()?", p)
	require.True(t, strings.HasPrefix(got, "Iterate over the pump log yielding chunks of a given size. chunk_size defaults to 64 KB. [S2]") ||
		strings.HasPrefix(got, "chunks(chunk_size=None) [S2]"), got)
	// Another entry's signature gives no default of the asked one's.
	got = answerTo(t, "What is the default chunk_size of PumpQueue.iterator()?",
		prompt("chunks(chunk_size=None)\n\nIterate over the pump log yielding chunks of a given size, for the pump queue iterator.",
			"PumpQueue.iterator() reads the pump queue without caching its results."))
	require.Equal(t, generate.NotInDocs, got)
}

// An API reference's typed default row ("- <integer> Default: 8192", under
// "Class property: Buffer.poolSize") is an entry's fact row: kept however
// short, and for a count its figure goes with the description below it.
func TestTypedDefaultRow(t *testing.T) {
	entry := "Class property: Pump.poolSize\n\nAdded in: v1.2.0\n\n- <integer> Default: 8192\n\nThis is the size (in bytes) of the pre-allocated pump buffers used for pooling. This value may be modified.\n\n" +
		"Class property: Pump.byteOffset\n\nWhen allocating a pump buffer smaller than Pump.poolSize, the buffer does not start from a zero offset."
	got := answerTo(t, "What is the default size of the pump pool?", prompt(entry))
	require.Contains(t, got, "Default: 8192", got)

	got = answerTo(t, "How many bytes are the pre-allocated pump buffers?", prompt(entry))
	require.True(t, strings.HasPrefix(got, "This is the size (in bytes) of the pre-allocated pump buffers used for pooling. [S1]\n<integer> Default: 8192 [S1]"), got)
}

// A typed default row may note the unit before the default ("- <number>
// Timeout in milliseconds. Default: 5000 (5 seconds)."): it is still the
// entry's default row, and a question asking how long by default is
// answered by the entry's description with the row after it, not by a
// sibling entry's row that gives its own default inline.
func TestTypedDefaultRowAfterUnitNote(t *testing.T) {
	p := prompt("pump.createPump([options])\n\n- options <Object>\n\n"+
		"- primeDelay <number> If set to a positive number, it sets the initial delay before the first stroke of an idle pump. Default: 0.\n\n"+
		"- strokeTimeout: Sets the timeout value in milliseconds for a whole stroke. Default: 30000.",
		"pump.idleTimeout\n\nAdded in: v8.0.0\n\n- <number> Timeout in milliseconds. Default: 5000 (5 seconds).\n\n"+
			"The number of milliseconds of inactivity the pump waits for more water, after it has finished its last stroke, before its valve is closed. "+
			"A value of 0 disables the idle timeout.")
	got := answerTo(t, "How long does an idle pump keep its valve open after the last stroke, by default?", p)
	require.True(t, strings.HasPrefix(got, "pump.idleTimeout [S2]\n\nThe number of milliseconds of inactivity the pump waits for more water, after it has finished its last stroke, before its valve is closed. [S2]\n<number> Timeout in milliseconds. Default: 5000 (5 seconds). [S2]"), got)
}

// CPack's generators list an entry's facts as list items with a space
// before the colon ("- Mandatory : YES", "- Default : "devel""), under the
// entry's names stacked on two lines: the default row answers.
func TestDefaultListItemUnderStackedNames(t *testing.T) {
	page := "Variables of the kiln packager\n\n" +
		"KILN_PACKAGE_ARCHIVE\nKILN_<COMPONENT>_PACKAGE_ARCHIVE\n\nThe archive format used for the kiln package.\n\n- Mandatory : YES\n\n- Default : \"gnutar\"\n\n" +
		"KILN_PACKAGE_SECTION\nKILN_<COMPONENT>_PACKAGE_SECTION\n\nSet the Section field e.g. admin, glaze, doc, ...\n\n- Mandatory : YES\n\n- Default : \"glaze\"\n\nSee the packaging policy."
	got := answerTo(t, "What is the default KILN_PACKAGE_SECTION?", prompt(page))
	require.Contains(t, got, `Default : "glaze"`)
	if i := strings.Index(got, "gnutar"); i >= 0 {
		require.Less(t, strings.Index(got, "glaze\""), i, "the asked entry's default comes first")
	}
}

// A property box written as one row puts other properties before the
// default ("Use: main | Type: integer | Default: 1000", Exim's
// specification): it is the entry's fact row all the same, so the
// description under it opens the entry and the row gives its figure.
func TestFactRowAfterOtherProperties(t *testing.T) {
	p := prompt("pump_max_strokes\n\nUse: main | Type: integer | Default: 1000\n\n" +
		"This option limits the number of strokes the pump makes in a minute before the controller stops it.\n\n" +
		"pump_prime_volume\n\nUse: main | Type: integer | Default: 2\n\n" +
		"The volume of water, in litres, that primes the pump before its first start.")
	got := answerTo(t, "How many strokes can the pump make in a minute before the controller stops it?", p)
	require.Contains(t, got, "This option limits the number of strokes the pump makes in a minute before the controller stops it. [S1]")
	require.Contains(t, got, "Use: main | Type: integer | Default: 1000 [S1]")
	got = answerTo(t, "Which option limits how many strokes the pump makes in a minute?", p)
	require.True(t, strings.HasPrefix(got, "pump_max_strokes [S1]"), got)
	// What the description counts, not a word it counts in, must be what
	// the question counts: strokes in a pump cycle are no number of cycles.
	got = answerTo(t, "How many pump cycles can the controller run at most?",
		prompt("pump_cycle_strokes\n\nUse: main | Type: integer | Default: 40\n\nThis option limits the number of strokes the controller runs in a single pump cycle."))
	require.NotContains(t, got, "Default: 40")
}

// Units, bounds and flags listed under an entry's name ("- Units:
// seconds", "- Minimum: 0.000", Varnish's parameters) are fact rows like
// its default, so the description after them opens the entry; a default
// after the description is its own only up to the next entry's heading.
func TestUnitRowsAndTheNextEntrysDefault(t *testing.T) {
	p := prompt("pump_first_stroke_timeout\n\n- Units: seconds\n\n- Default: 60.000\n\n- Minimum: 0.000\n\n" +
		"Default timeout for the first stroke of the pump. We only wait this many seconds for the first stroke before giving up. Each pump may override it.\n\n" +
		"pump_buffer\n\n- Units: bytes\n\n- Default: 32k\n\n- Minimum: 2k\n\nSize of the buffer used for pump logs.")
	got := answerTo(t, "How long does the pump wait for the first stroke by default?", p)
	require.Contains(t, got, "Default: 60.000", got)
	require.NotContains(t, got, "32k", got)
	got = answerTo(t, "Which parameter holds the timeout for the pump's first stroke?", p)
	require.True(t, strings.HasPrefix(got, "pump_first_stroke_timeout [S1]"), got)
}

// A default row that is another setting's ("which defaults to the
// kiln_timeout parameter") gives no value: the setting's own row, whose
// description covers the question, leads. A name line quoted after a row
// starts a paragraph of its own: on the row's next line the two read as
// one claim whose figure is about the name.
func TestDefaultThatIsAnotherSettings(t *testing.T) {
	p := prompt("bereq.kiln_timeout\n\nType: DURATION\n\nReadable from: vcl_pipe, backend\n\n"+
		"Default: .kiln_timeout attribute from the Kiln definition, which defaults to the kiln_timeout parameter, see kilnd.\n\n"+
		"The time in seconds to wait for a kiln connection to be established.",
		"kiln_timeout\n\n- Units: seconds\n\n- Default: 3.500\n\n- Minimum: 0.000\n\nDefault connection timeout for kiln connections. We only try to connect to the kiln for this many seconds.")
	got := answerTo(t, "What is the default connect timeout for kiln connections?", p)
	require.True(t, strings.HasPrefix(got, "- Units: seconds [S2]\n- Default: 3.500 [S2]"), got)
	require.NotContains(t, got, "[S2]\nkiln_timeout", got)
}

// An entry that gives its unit in a row of its own ("- Units: seconds"
// over "- Default: 5.000") answers a duration question with its bare
// default: the row reads its entry's unit in the figure tests, and the
// answer quotes the unit row beside it.
func TestDefaultWhoseUnitIsARowOfItsOwn(t *testing.T) {
	p := prompt("kiln_idle_timeout\n\n- Units: seconds\n\n- Default: 5.000\n\n- Minimum: 0.000\n\nIdle timeout for kiln connections.\n\n" +
		"kiln_idle_count\n\n- Default: 12\n\nThe number of idle kilns kept warm.")
	got := answerTo(t, "How long is a kiln connection allowed to stay idle by default?", p)
	require.Contains(t, got, "- Units: seconds [S1]\n- Default: 5.000 [S1]", got)
	require.NotContains(t, got, "Default: 12", got)
}

// A time's description may give the unit and its entry's row the bare
// number: together they answer how long.
func TestTimeFromTheEntrysBareRow(t *testing.T) {
	p := prompt("kiln-idle-timeout\n\nMaximum idle time (in seconds) between firings of one kiln. It means that if nothing is loaded during this limit, the kiln is switched off.\n\nDefault: 10\n\nkiln-io-timeout\n\nMaximum time (in milliseconds) to read one sensor.\n\nDefault: 500")
	got := answerTo(t, "How long can a kiln stay idle between firings before it is switched off?", p)
	require.Contains(t, got, "Default: 10 [S1]", got)
	require.NotContains(t, got, "Default: 500", got)
}

// An amount question whose quoted sentences give no figure gets the
// figure row of an entry a later quoted sentence opens: the lead says
// "until the kiln_idle_timeout expires", the entry's description is
// quoted second, and its "- Default: 60.000" row with its unit comes
// along. A question the lead answers with a figure gets no row; a lead
// giving a figure of another kind does not stop it.
func TestEntryFigureOfALaterQuotedEntry(t *testing.T) {
	pool := "Kiln pooling\n\nIf not actively closed by the kiln, pooled kiln connections are kept open by the controller until the kiln_idle_timeout expires."
	entry := "kiln_idle_timeout\n\n- Units: seconds\n\n- Default: 60.000\n\n- Minimum: 1.000\n\nTimeout before we close unused kiln connections."
	got := answerTo(t, "How long does the controller keep unused kiln connections open?", prompt(pool, entry))
	require.True(t, strings.HasPrefix(got, "If not actively closed by the kiln"), got)
	require.Contains(t, got, "- Default: 60.000 [S2]", got)

	figured := "Kiln pooling\n\nUnused kiln connections are kept open by the controller for 30 seconds, until the kiln_idle_timeout expires."
	got = answerTo(t, "How long does the controller keep unused kiln connections open?", prompt(figured, entry))
	require.NotContains(t, got, "60.000", got)

	// A lead's figure of another kind ("the final 250 response") is no
	// answer to how long: the row still comes along.
	other := "Kiln pooling\n\nWhen unused pooled kiln connections are kept open by the controller, a 550 rejection is sent instead of the final 250 response."
	got = answerTo(t, "How long does the controller keep unused kiln connections open?", prompt(other, entry))
	require.True(t, strings.HasPrefix(got, "When unused pooled kiln connections"), got)
	require.Contains(t, got, "- Default: 60.000 [S2]", got)
}
