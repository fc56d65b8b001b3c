package retrieve

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// documentAnalysis stands in for a store's Analyze: words, then the
// document reading of code words.
func documentAnalysis(text string) []string {
	var out []string
	for _, w := range strings.Fields(text) {
		out = append(out, textutil.ContentTerms(w)...)
		if whole, parts, ok := textutil.CodeWord(w); ok {
			out = append(out, whole)
			out = append(out, parts...)
		}
	}
	return out
}

// A question's word keeps every term of the question's reading, and loses
// only what the document reading adds to a leading-initial name.
func TestQuestionReading(t *testing.T) {
	read := questionReading(documentAnalysis)
	for _, tt := range []struct {
		word string
		want []string
	}{
		{"ZPlot", []string{"zplot", "zplot"}},
		{"ZPlotBuilder", []string{"zplotbuild", "zplotbuilder", "builder", "zplot"}},
		{"getWidgetById", documentAnalysis("getWidgetById")},
		{"wax_seal", documentAnalysis("wax_seal")},
		{"plot", []string{"plot"}},
	} {
		require.Equal(t, tt.want, read(tt.word), tt.word)
	}
}
