package retrieve

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// unknownSettingKeys returns the keys of the question's "key = value"
// settings (settingKey) that no source writes. A key is an identifier: a
// manual that has the setting writes it letter for letter, and retrieval
// for the question brings that page. unknownNames judges keys by their
// analysed terms, which a stem shared with an ordinary word hides
// ("vectorize" is analysed as "vector"; "strict-additive" as "strict" and
// "addit"), so the words themselves are looked for in the sources. Keys
// unknownNames already reports (unknown) are left to it.
func unknownSettingKeys(question string, unknown []string, sources []Source) []string {
	fields := strings.Fields(question)
	var out []string
	for i, field := range fields {
		word := trimWord(field)
		// Two letters ("x = y") are rather an equation's.
		if utf8.RuneCountInString(word) <= 2 || !settingKey(word, fields, i) || slices.Contains(unknown, word) || slices.Contains(out, word) {
			continue
		}
		if !slices.ContainsFunc(sources, func(s Source) bool { return len(occurrences(s.Chunk.Text, word)) > 0 }) {
			out = append(out, word)
		}
	}
	return out
}
