package extractive_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A sentence naming the thing asked for only as "this trait" is quoted
// with the sentence before it, which gives the name.
func TestThisKindQuotedWithItsName(t *testing.T) {
	p := prompt("Kilns implement one, two or all three of these Fire traits:\n\n"+
		"- FireOnce applies to kilns that can be fired once. Every kiln implements at least this trait because every kiln can be fired.\n"+
		"- FireMut applies to kilns that change their shelves while firing.",
		"Every trait of a kiln is a type we can refer to by the name of the trait.")
	got := answerTo(t, "Which kiln trait does every kiln implement?", p)
	require.Contains(t, got, "FireOnce applies to kilns that can be fired once.", got)
	require.Contains(t, got, "Every kiln implements at least this trait", got)
}
