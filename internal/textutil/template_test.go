package textutil

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWithTemplates(t *testing.T) {
	for _, c := range []struct{ text, name, want string }{
		{"KILN_<LANG>_FLAGS\n\nFlags for <LANG>.", "KILN_CXX_FLAGS", "KILN_CXX_FLAGS\n\nFlags for <LANG>."},
		{"See KILN_<LANG>_FLAGS_<CONFIG> too.", "KILN_C_FLAGS_RELEASE", "See KILN_C_FLAGS_RELEASE too."},
		{"Set <PackageName>_ROOT first.", "Glaze_ROOT", "Set Glaze_ROOT first."},
		{"KILN_INSTALL_<dir> where <dir> is LIBDIR", "kiln_install_libdir", "kiln_install_libdir where <dir> is LIBDIR"},
		// A placeholder is one part: "KILN_FIND_ROOT" is no <PackageName>_ROOT member of one part.
		{"Set <PackageName>_ROOT first.", "KILN_FIND_ROOT", "Set <PackageName>_ROOT first."},
		{"KILN_<LANG>_FLAGS", "KILN_CXX_LAUNCHER", "KILN_<LANG>_FLAGS"},
		{"git checkout <commit>", "KILN_CXX_FLAGS", "git checkout <commit>"},
		{"No template here.", "KILN_CXX_FLAGS", "No template here."},
	} {
		require.Equal(t, c.want, WithTemplates(c.text, c.name), "%q for %s", c.text, c.name)
	}
}
