package textutil

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestOmittedInQuestion(t *testing.T) {
	for q, want := range map[string]bool{
		"If I run kiln --list without specifying a type, which kind is listed?":      true,
		"If write_glaze_file is called without VERSION, which version does it use?":  true,
		"What happens if I pass --fast without --cone?":                              true,
		"If I set only VERSION but not SOVERSION, what SOVERSION is used?":           true,
		"Does a WITHOUT ROWID table need a primary key?":                             false,
		"How do I fire the kiln without a shelf?":                                    false,
		"If I point it at a repository without naming a branch, which code is used?": false,
	} {
		require.Equal(t, want, OmittedInQuestion.MatchString(q), q)
	}
}
