package validate_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/validate"
)

// Lines a source holds whole and in a row are its own text: a
// configuration sample's comment and setting are supported as quoted,
// whatever a negation further down the same block says, and the support
// is the run quoted. A changed value, or a comment put over another
// setting, is not the source's.
func TestQuotedRunOfLinesIsSupported(t *testing.T) {
	src := "## Global settings\n\nThe kiln reads its settings from kiln.yml.\n\n```yaml\nglobal:\n" +
		"  # How often the controller samples the kiln by default.\n" +
		"  [ sample_interval: <duration> | default = 1m ]\n\n" +
		"  # How long until a firing times out.\n" +
		"  [ firing_timeout: <duration> | default = 10h ]\n\n" +
		"  # Per-firing limit on shelves. 0 means no limit.\n" +
		"  [ shelf_limit: <int> | default = 0 ]\n```\n\n" +
		"The kiln never fires without a door check.\nA sample is never kept when the door is open."
	sources := []retrieve.Source{{Chunk: store.Chunk{Source: "kiln.md", Text: src}}}
	for _, tc := range []struct {
		name, answer string
		supported    bool
		quoted       string // the support's text when supported
	}{
		{"comment and setting", "```\n# How often the controller samples the kiln by default.\n[ sample_interval: <duration> | default = 1m ]\n```\n[S1]", true,
			"# How often the controller samples the kiln by default.\n  [ sample_interval: <duration> | default = 1m ]"},
		{"one setting line of the block", "```\n[ firing_timeout: <duration> | default = 10h ]\n```\n[S1]", true, "[ firing_timeout: <duration> | default = 10h ]"},
		{"the value changed", "```\n# How often the controller samples the kiln by default.\n[ sample_interval: <duration> | default = 5m ]\n```\n[S1]", false, ""},
		{"another setting's comment", "```\n# How long until a firing times out.\n[ sample_interval: <duration> | default = 1m ]\n```\n[S1]", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := validate.New(validate.Options{}).Validate(context.Background(), tc.answer, sources)
			require.NoError(t, err)
			require.Len(t, r.Sentences, 1)
			s := r.Sentences[0]
			if !tc.supported {
				require.False(t, s.Supported, "%+v", s)
				return
			}
			require.True(t, s.Supported, "%+v", s.Failures)
			if tc.quoted != "" {
				require.Len(t, s.Support, 1)
				require.Equal(t, tc.quoted, src[s.Support[0].Start:s.Support[0].End])
			}
		})
	}
}
