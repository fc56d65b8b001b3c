package extractive

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// When the answer quotes an entry's description after another entry's lead
// ("logfile: A glaze log location." after rundir's), the entry's
// "Default: …" row below it, past a note, is quoted with it, in place of
// the last other sentence; a sentence after it that only says "by default"
// in a condition is no row of the entry.
func TestDefaultRowOfALaterEntry(t *testing.T) {
	texts := []struct{ text, heading string }{
		{"When run in the foreground, the kiln doesn't keep a glaze log.", "Operation"},
		{"A path for storing run-time data (glaze log, kiln sockets, etc.).", "rundir"},
		{"Depending on the usage of this parameter, its change may require restart of the kiln.", "rundir"},
		{"A glaze log location.", "logfile"},
		{"Change of this parameter requires restart of the kiln to take effect.", "logfile"},
		{"Default: rundir/kiln.log", "logfile"},
		{"A glaze lock location.", "lockfile"},
		{"It is useful if by default you want the lock kept with the log.", "lockfile"},
	}
	cands := make([]*candidate, len(texts))
	for i, x := range texts {
		cands[i] = &candidate{pos: i, text: x.text, headingText: x.heading, opens: i == 1 || i == 3 || i == 6}
	}
	cands[0].source = 1 // another source
	said := defaultsGiven(&defaulted{}, cands)
	got := withDefaultRow(cands, []*candidate{cands[1], cands[0], cands[3]}, said, 3)
	require.Equal(t, []*candidate{cands[1], cands[3], cands[5]}, got)

	got = withDefaultRow(cands, []*candidate{cands[1], cands[0], cands[6]}, said, 3)
	require.Equal(t, []*candidate{cands[1], cands[0], cands[6]}, got, "no Default: row after lockfile's description")

	// A code example's attribute (id="site-name") gives no default: the
	// row still comes with the description.
	code := &candidate{pos: len(cands), source: 2, code: true, text: "```\n<h1 id=\"site-name\">Kiln</h1>\n```"}
	all := append(slices.Clone(cands), code)
	said = defaultsGiven(&defaulted{}, all)
	require.True(t, said[code.pos], "the attribute reads as a default")
	got = withDefaultRow(all, []*candidate{cands[3], cands[0], code}, said, 3)
	require.Equal(t, []*candidate{cands[3], cands[5], cands[0]}, got)
}

// A later entry's default written as a sentence of its own ("The default
// value is "/tmp".") comes with its description as a "Default: …" row does.
func TestDefaultSentenceOfALaterEntry(t *testing.T) {
	texts := []struct{ text, heading string }{
		{"KilnTmp identifies the location which firings should use for scratch files.", "Scratch space"},
		{"Fully qualified pathname of the file system available to firings for scratch files.", "KilnTmp"},
		{"This parameter is used in establishing a kiln's scratch space.", "KilnTmp"},
		{"The default value is \"/tmp\".", "KilnTmp"},
	}
	cands := make([]*candidate, len(texts))
	for i, x := range texts {
		cands[i] = &candidate{pos: i, text: x.text, headingText: x.heading, opens: i == 1}
	}
	cands[0].source = 1 // another source
	said := defaultsGiven(&defaulted{}, cands)
	got := withDefaultRow(cands, []*candidate{cands[0], cands[1], cands[2]}, said, 3)
	require.Equal(t, []*candidate{cands[0], cands[1], cands[3]}, got)
}
