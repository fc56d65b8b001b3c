package textutil

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestOmittedInQuestion(t *testing.T) {
	for q, want := range map[string]bool{
		"If I run kiln --list without specifying a type, which kind is listed?":           true,
		"If write_glaze_file is called without VERSION, which version does it use?":       true,
		"What happens if I pass --fast without --cone?":                                   true,
		"If I set only VERSION but not SOVERSION, what SOVERSION is used?":                true,
		"Does a WITHOUT ROWID table need a primary key?":                                  false,
		"How do I fire the kiln without a shelf?":                                         false,
		"If I point it at a repository without naming a branch, which code is used?":      false,
		"Which index file does git use if GIT_INDEX_FILE is not set?":                     true,
		"What editor is started when core.editor isn't set?":                              true,
		"If $KILN_HOME is unset, where are schedules kept?":                               true,
		"What happens if --cone is not given?":                                            true,
		"What happens if the KILN_TEMP variable is not set by the installer?":             true,
		"If it is not set, what happens?":                                                 false,
		"If the kiln is not set up, what happens?":                                        false,
		"What glaze does the kiln use when neither the schedule nor the recipe sets one?": true,
		"Which cone applies if neither the kiln nor the shelf config gives any?":          true,
		"Does the kiln fire when neither the door nor the lid is closed?":                 false,
	} {
		require.Equal(t, want, OmittedInQuestion.MatchString(q), q)
	}
}
