package textutil

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestUnfenceJSON(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1}`:                      `{"a":1}`,
		"  {\"a\":1}\n":                `{"a":1}`,
		"```json\n{\"a\":1}\n```":      `{"a":1}`,
		"```JSON\n{\"a\":1}\n```":      `{"a":1}`,
		"```\n{\"a\":1}\n```":          `{"a":1}`,
		"```yaml\na: 1\n```":           "```yaml\na: 1\n```",
		"```{\"a\":1}```":              "```{\"a\":1}```",
		"``````":                       "``````",
		"Here: ```json\n{}\n```":       "Here: ```json\n{}\n```",
		"```json\n{\"a\":1}\n``` more": "```json\n{\"a\":1}\n``` more",
	} {
		require.Equal(t, want, UnfenceJSON(in), in)
	}
}
