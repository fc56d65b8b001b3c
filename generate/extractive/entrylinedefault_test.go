package extractive_test

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// A default printed on an entry's name line ("kiln_heat_limit (default:
// 1300)") answers a default question that names the entry, spells its
// name in words, or says what its first sentence says: the name line and
// that sentence are quoted. A name beats another entry's description that
// mentions it; a description two entries share leaves the choice to the
// scores.
func TestDefaultOnTheEntryLine(t *testing.T) {
	ref := "kiln_heat_limit (default: 1300)\n\nThe maximal temperature in degrees of a firing, including the cool-down hold. The value cannot exceed the kiln's rating.\n\n" +
		"glaze_warning_time (default: 0h)\n\nThe time after which the potter receives a notice about a glaze that is still drying.\n\n" +
		"notice_recipient (default: potter)\n\nThe recipient of notices about glazes that cannot dry within $glaze_warning_time time units.\n\n" +
		"studio (default: $hostname)\n\nThe name the studio signs its pieces with."
	for _, tc := range []struct{ q, want string }{
		{"What is the default value of kiln_heat_limit?", "kiln_heat_limit (default: 1300)"},
		{"What is the default maximum temperature of a firing?", "kiln_heat_limit (default: 1300)"},
		{"What is the default glaze warning time?", "glaze_warning_time (default: 0h)"},
		{"What is the default value of studio?", "studio (default: $hostname)"},
	} {
		got := answerTo(t, tc.q, prompt(ref))
		require.Regexp(t, `^`+regexp.QuoteMeta(tc.want)+` \[S1\]\n\n`, got, tc.q)
	}
	got := answerTo(t, "What is the default maximum temperature of a firing?", prompt(ref))
	require.Contains(t, got, "The maximal temperature in degrees of a firing, including the cool-down hold. [S1]")

	shared := "bench_piece_limit (default: 40)\n\nThe maximal number of pieces per shelf in the bench kiln.\n\n" +
		"main_piece_limit (default: 90)\n\nThe maximal number of pieces per shelf that the main kiln accepts."
	got = answerTo(t, "What is the maximum number of pieces per shelf by default?", prompt(shared))
	require.NotRegexp(t, `^\w+_piece_limit \(default`, got)
}
