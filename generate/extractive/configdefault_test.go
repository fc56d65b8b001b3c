package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A default stated on a setting's line of a commented configuration
// sample answers a question naming the setting in words or as code: the
// answer quotes the comment over the line and the line, dedented. A
// default referring to another setting gives way to a literal one; a
// setting the question does not name, or a question asking no default,
// gets no such quote.
func TestConfigurationLineDefault(t *testing.T) {
	reference := "## Configuration file\n\nBrackets indicate that a parameter is optional.\n\n```yaml\nglobal:\n" +
		"  # How often the controller samples the kiln by default.\n" +
		"  [ sample_interval: <duration> | default = 1m ]\n\n" +
		"  # How long until a firing times out.\n" +
		"  [ firing_timeout: <duration> | default = 10h ]\n```"
	job := "## Firing jobs\n\n```yaml\n# How often to sample this job's kiln.\n[ sample_interval: <duration> | default = <global.sample_interval> ]\n```"
	tutorial := "## Getting started\n\nSave this as kiln.yml:\n\n```yaml\nglobal:\n  sample_interval: 15s # sample every 15 seconds\n```"
	want := "```\n# How often the controller samples the kiln by default.\n[ sample_interval: <duration> | default = 1m ]\n```"

	for _, q := range []string{"What is the default sample interval?", "What is the default value of sample_interval?",
		"What is the default sample interval for firing jobs?"} {
		got := answerTo(t, q, prompt(job, tutorial, reference))
		require.Contains(t, got, want, q)
	}
	got := answerTo(t, "What is the default firing timeout?", prompt(job, reference))
	require.Contains(t, got, "[ firing_timeout: <duration> | default = 10h ]")
	require.NotContains(t, got, "sample_interval")

	// A tilde fence is a fence.
	tilde := strings.ReplaceAll(reference, "```", "~~~")
	require.Contains(t, answerTo(t, "What is the default firing timeout?", prompt(tilde)), "```\n# How long until a firing times out.\n[ firing_timeout: <duration> | default = 10h ]\n```")

	// Only a referring default: it is quoted.
	require.Contains(t, answerTo(t, "What is the default sample interval?", prompt(job)), "default = <global.sample_interval> ]")

	// No setting of that name: no configuration line quoted as its
	// default.
	require.NotContains(t, answerTo(t, "What is the default door timeout?", prompt(reference)), "```\n# How long until a firing times out.")
}
