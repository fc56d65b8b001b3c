package retrieve

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestUnknownConstructs(t *testing.T) {
	src := func(texts ...string) []Source {
		out := make([]Source, len(texts))
		for i, text := range texts {
			out[i] = Source{Chunk: store.Chunk{Text: text}}
		}
		return out
	}
	compound := src(
		"The try statement specifies exception handlers. The with statement wraps a block.",
		"Unless the file exists, open() raises an error; use the global statement to rebind a name.",
		"Use {% include \"pump.html\" %} to render a part; a switch turns the pump on.",
	)
	for _, tt := range []struct {
		name, question string
		want           []string
	}{
		{"a statement the sources never name", "How does the unless statement work?", []string{"unless statement"}},
		{"a keyword the sources never name, among others", "Can a defer keyword or a throws clause be used?", []string{"defer keyword", "throws clause"}},
		{"written as a statement", "How does the with statement close files?", nil},
		{"another kind counts", "What does the try keyword catch?", nil},
		{"a function word names nothing", "Which keyword rebinds a global name?", nil},
		{"a participle describes", "Does the memoizing decorator keep a cache?", nil},
		{"a list, not a phrase", "Is it global, statement or expression?", nil},
		{"capitals are names, judged elsewhere", "What does the UNLESS statement do?", nil},
		{"a count is no name", "How many keywords can a package list?", nil},
		{"an adjective without an article describes", "Are unless statements allowed in loops?", nil},
		{"an article after a preposition", "What happens in an unless clause?", []string{"unless clause"}},
		{"a possessive", "How does Python's unless statement work?", []string{"unless statement"}},
		{"a possessive determiner", "Does its unless keyword nest?", []string{"unless keyword"}},
		{"a template tag the sources never write", "What arguments does the {% switch %} tag take?", []string{"{% switch %}"}},
		{"a template tag the sources write", "Can {% include %} pass variables?", nil},
		{"a template tag written with a dash", "Does {%- include %} trim white space?", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, unknownConstructs(tt.question, compound))
		})
	}
}
