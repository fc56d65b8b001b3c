package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A question asking where leads with the sentence that names a place (a
// path, a directory) over one sharing as many of its words that names
// none; asked otherwise, the same sentences keep their order.
func TestWhereAsksForAPlace(t *testing.T) {
	text := "HOST defaults to BUILD for a source build of the kiln controller. " +
		"By default the installation directory of a source build is set to /usr/local/kiln."
	got := answerTo(t, "Where does a source build of the kiln controller install by default?", prompt(text))
	require.True(t, strings.HasPrefix(got, "By default the installation directory"), got)
}
