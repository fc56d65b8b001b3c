package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A hyphenated word of the question that the sources write joined or
// spaced ("readonly", "read only") is held by those sentences; when the
// sources hyphenate it too, only theirs hold it ("keepalive probe" is
// another setting's than "Keep-Alive connections").
func TestHyphenatedWordWrittenJoined(t *testing.T) {
	declare := "declare\n\n- -a: Each name is an indexed array variable.\n\n- -n: Give each name the nameref attribute, making it a name reference to another variable.\n\n- -r: Make names readonly. These names cannot then be assigned values by subsequent assignment statements or unset."
	got := answerTo(t, "How do I make a variable read-only?", prompt(declare))
	require.Contains(t, got, "-r: Make names readonly.")
	require.Less(t, strings.Index(got, "readonly"), max(strings.Index(got, "nameref"), len(got)), got)

	spaced := "Pump settings\n\nThe log is kept read only while the pump runs. Each variable of the pump may be made read only with the lock command."
	got = answerTo(t, "How do I make a pump variable read-only?", prompt(spaced))
	require.Contains(t, got, "Each variable of the pump may be made read only with the lock command.")

	probe := "pump.keepAliveProbe\n\nA keepalive probe is sent on an idle connection of the pump every 2 seconds."
	timeout := "pump.keepAliveTimeout\n\nAn idle Keep-Alive connection of the pump is closed after 5 seconds."
	got = answerTo(t, "How long is an idle keep-alive connection of the pump kept?", prompt(probe, timeout))
	require.True(t, strings.HasPrefix(got, "pump.keepAliveTimeout"), got)
}
