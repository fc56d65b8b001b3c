package retrieve

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// A name no chunk writes is documented when a source writes the template
// it fills: "KILN_CXX_FLAGS" under "KILN_<LANG>_FLAGS".
func TestTemplatedMembers(t *testing.T) {
	entry := Source{Chunk: store.Chunk{Heading: []string{"KILN_<LANG>_FLAGS"}, Text: "Flags for language <LANG>."}}
	other := Source{Chunk: store.Chunk{Text: "The glaze compiler reads its flags."}}
	require.Equal(t, []string{"KILN_FROB"}, templatedMembers([]string{"KILN_CXX_FLAGS", "KILN_FROB"}, []Source{other, entry}))
	require.Nil(t, templatedMembers([]string{"KILN_CXX_FLAGS"}, []Source{entry}))
	require.Equal(t, []string{"KILN_CXX_FLAGS"}, templatedMembers([]string{"KILN_CXX_FLAGS"}, []Source{other}))
}
