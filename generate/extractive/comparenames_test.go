package extractive

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The two things a question compares are found as whole tokens, and told
// apart by case only when nothing else tells them apart.
func TestComparedPatterns(t *testing.T) {
	for _, tc := range []struct {
		question, text string
		want           [2]bool
	}{
		{"What is the difference between fetch and pull?", "git pull runs git fetch, then merges.", [2]bool{true, true}},
		{"How does date_bin differ from date_trunc?", "date_trunc truncates to a unit.", [2]bool{false, true}},
		{"What is the difference between the -> and ->> operators?", "The ->> operator returns SQL text.", [2]bool{false, true}},
		{"What is the difference between git clean -x and git clean -X?", "Only git clean -X keeps untracked files.", [2]bool{false, true}},
		{"What is the difference between JSON and jsonb?", "json and JSONB store the same values.", [2]bool{true, true}},
	} {
		res := comparedPatterns(tc.question)
		require.Len(t, res, 2, tc.question)
		require.Equal(t, tc.want, [2]bool{res[0].MatchString(tc.text), res[1].MatchString(tc.text)}, tc.question)
	}
	require.Nil(t, comparedPatterns("What does git fetch do?"))
}
