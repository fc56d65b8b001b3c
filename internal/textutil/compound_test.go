package textutil

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestJoinedCompound(t *testing.T) {
	for word, want := range map[string]string{
		"read-only":    "readonly",
		"Built-in":     "builtin",
		"(read-only),": "readonly",
		"`up-to-date`": "uptodate",
		"UTF-8":        "utf8",
		"e-mail.":      "email",
	} {
		got, ok := JoinedCompound(word)
		require.True(t, ok, word)
		require.Equal(t, want, got, word)
	}
	for _, word := range []string{
		"readonly", "--no-verify", "-r", "well-", "a--b", "1-2", "x-1",
		"end-of-file-marker", "max_conn-x", "CMake", "getHTTP-response", "",
	} {
		_, ok := JoinedCompound(word)
		require.False(t, ok, word)
	}
}

func TestForEachTermWordAddsCompounds(t *testing.T) {
	var got []string
	QuerySide.ForEachTermWord("make a read-only copy with --dry-run", func(_, _ int, whole string, _ []string) {
		got = append(got, whole)
	})
	require.Equal(t, []string{"readonly", "--dry-run"}, got)
}
