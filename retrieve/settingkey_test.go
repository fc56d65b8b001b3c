package retrieve

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestUnknownSettingKeys(t *testing.T) {
	sources := []Source{
		{Chunk: store.Chunk{Text: "[profile.release]\nopt-level = 3\nlto = true\n\nVectors are stored on the heap."}},
		{Chunk: store.Chunk{Text: "Set strict_mode = on to reject additive features."}},
	}
	for _, tt := range []struct {
		name, question string
		unknown        []string
		want           []string
	}{
		{"a key whose stem an ordinary word shares", "What does vectorize = true do in a profile?", nil, []string{"vectorize"}},
		{"a hyphenated key put together from known words", "What does strict-additive = true enforce?", nil, []string{"strict-additive"}},
		{"a key the sources write", "What does opt-level = 3 change?", nil, nil},
		{"a key written in another case", "Is LTO = true slower to build?", nil, nil},
		{"a snake_case key the sources write", "When is strict_mode = on needed?", nil, nil},
		{"a key already judged unknown", "What does vectorize = true do?", []string{"vectorize"}, nil},
		{"an equation is no setting", "Is x = y true?", nil, nil},
		{"no setting at all", "How are vectors stored?", nil, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, unknownSettingKeys(tt.question, tt.unknown, sources))
		})
	}
}
