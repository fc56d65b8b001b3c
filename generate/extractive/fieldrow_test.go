package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A function's entry whose description follows a field line ("context:
// body", as HAProxy's Lua reference writes them) is named by its signature,
// however many parameters it lists: the field line is neither the heading
// the description stands under nor the sentence that opens the entry.
func TestFieldLineLeavesTheSignatureHeading(t *testing.T) {
	p := prompt("Core class\n\nkiln.register_firing(name, cones, func[, nb_args])\n\ncontext: body\n\n"+
		"Register a glaze function executed as a firing. All the registered firings can be used with the prefix \"kiln.\".\n\n"+
		"kiln.register_cooling(name, func)\n\ncontext: body\n\nRegister a glaze function executed as a cooling step.",
		"kiln.tcp()\n\ncontext: init, task, firing\n\nThis function returns a new object of a socket class.")
	got := answerTo(t, "Which glaze function registers a new firing?", p)
	require.True(t, strings.HasPrefix(got, "kiln.register_firing(name, cones, func[, nb_args]) [S1]\n\nRegister a glaze function executed as a firing."), got)
	require.NotContains(t, got, "context:")
}
