package cite

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestStripMarkers(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"before stop", "Drain the tank [S1]. Refill it [S2].", "Drain the tank. Refill it."},
		{"after stop", "Drain the tank. [S1] Refill it. [S2][S3]", "Drain the tank. Refill it."},
		{"mid sentence", "Pumps [S1] run hot.", "Pumps run hot."},
		{"no space", "Pumps[S1]run hot.", "Pumps run hot."},
		{"glued to stop", "Hot.[S1] Cold.", "Hot. Cold."},
		{"line start", "[S1] Pumps run.\n[S2] Valves close.", "Pumps run.\nValves close."},
		{"list item", "- [S1] open the valve\n- close it [S2]\n", "- open the valve\n- close it\n"},
		{"before comma", "Pumps [S1], valves [S2] and fans.", "Pumps, valves and fans."},
		{"separated markers", "Pumps run hot [S1], [S2]; [S3].", "Pumps run hot."},
		{"spaced markers", "Pumps run hot [S1] [S2] today.", "Pumps run hot today."},
		{"wide spacing", "Pumps [S1]    run.", "Pumps run."},
		{"empty parens", "Pumps run hot ([S1]).", "Pumps run hot."},
		{"empty parens two", "Pumps run hot ([S1], [S2]) today.", "Pumps run hot today."},
		{"parens kept", "Pumps (PX-400 [S1]) run.", "Pumps (PX-400) run."},
		{"invalid markers too", "Pumps [S9] run [SOURCE: Wikipedia].", "Pumps run."},
		{"range", "Pumps run [S1-S3].", "Pumps run."},
		{"before newline", "Pumps run [S1]\nValves close.", "Pumps run\nValves close."},
		{"only marker", "[S1]", ""},
		{"no markers", "Plain [text] stays.", "Plain [text] stays."},
		{"unicode", "Température 40 °C [S1]… ok", "Température 40 °C… ok"},
	}
	sources := testSources()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ex := Extract(c.in, sources)
			require.Equal(t, c.want, StripMarkers(c.in, ex))
		})
	}
}

func TestStripMarkersIgnoresStaleSpans(t *testing.T) {
	ex := Extract("Pumps [S1] run.", testSources())
	require.Equal(t, "Other text.", StripMarkers("Other text.", ex))
	ex.Citations = append(ex.Citations, Citation{Marker: "[S2]", Start: -4, End: 99, Source: 1})
	require.Equal(t, "Pumps run.", StripMarkers("Pumps [S1] run.", ex))
}
