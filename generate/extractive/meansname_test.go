package extractive

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A program named as "the dinfo command" is a means; "the following
// command" or "a shell command" names none.
func TestCommandNamedAsMeans(t *testing.T) {
	require.True(t, namesMeans("This information is provided by the dinfo command.", "How do I show the racks?"))
	require.False(t, namesMeans("This information is provided by the dinfo command.", "How do I use the dinfo command?"), "the question names it")
	require.False(t, namesMeans("Run the following command to see the racks.", "How do I show the racks?"))
	require.False(t, namesMeans("Any shell command can show the racks.", "How do I show the racks?"))
}

// "a utility called kilnnext" names a means; a name the question writes
// ("named rack.conf") or a word ("called the …") does not.
func TestCalledNamedAsMeans(t *testing.T) {
	require.True(t, namesMeans("A utility called kilnnext provides retry times.", "How do I see retry times?"))
	require.False(t, namesMeans("The file is traditionally named rack.conf.", "How do I edit rack.conf?"))
	require.False(t, namesMeans("It is called the retry log.", "How do I see retry times?"))
}

// An introduction of a thing of the asked kind counts only when it says
// more of the question than the kind and its own verb: "The shelfinfo
// module provides information about certificates" says of "Which module
// provides the crosstab function?" only that it is a module that provides.
func TestKindIntroductionSaysMore(t *testing.T) {
	qterms := []string{"modul", "provid", "crosstab", "function"}
	kind := map[string]bool{"modul": true}
	other := &candidate{terms: map[string]bool{"shelfinfo": true, "modul": true, "provid": true, "inform": true}}
	asked := &candidate{terms: map[string]bool{"tablefunc": true, "modul": true, "provid": true, "crosstab": true}}
	require.False(t, saysMore(other, qterms, kind, "provides"))
	require.True(t, saysMore(asked, qterms, kind, "provides"))
}
