package eval_test

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/internal/evaluate"
	"github.com/hybridrag/hybridrag/store/loader"
)

// TestPy311BlindSet checks the blind Python 3.11 documentation set
// (issue 13), written without running the pipeline on it: it reads
// strictly, ids and queries are unique, it has the promised mix, every
// relevant document is a page id as `hybridrag index` gives it when the
// html folder is the indexed root ("library/functions.html"), and, when
// HYBRIDRAG_PY311_HTML names that folder (Debian's python3.11-doc,
// /usr/share/doc/python3.11/html), every evidence string occurs in the text
// the loader extracts from its page.
func TestPy311BlindSet(t *testing.T) {
	f, err := os.Open("../testdata/eval/py311-blind.jsonl")
	require.NoError(t, err)
	qs, warns, err := eval.ReadQuestionsWith(f, eval.ReadOptions{Strict: true})
	require.NoError(t, f.Close())
	require.NoError(t, err)
	require.Empty(t, warns)

	dir := os.Getenv("HYBRIDRAG_PY311_HTML")
	texts := map[string]string{}
	pageText := func(page string) string {
		if text, ok := texts[page]; ok {
			return text
		}
		doc, err := loader.LoadFile(filepath.Join(dir, filepath.FromSlash(page)))
		require.NoError(t, err, page)
		texts[page] = doc.Text
		return doc.Text
	}

	queries := map[string]bool{}
	var answerable, paraphrased, unanswerable, plain int
	for _, q := range qs {
		require.False(t, queries[q.Query], "query %q twice", q.Query)
		queries[q.Query] = true
		require.True(t, strings.HasPrefix(q.ID, "py311b-"), q.ID)
		if q.Unanswerable {
			unanswerable++
			require.Contains(t, q.Tags, "unanswerable", q.ID)
			if slices.Contains(q.Tags, "plain") {
				plain++
			}
			require.Empty(t, q.ExpectedFacts, q.ID)
			continue
		}
		answerable++
		require.NotEmpty(t, q.Evidence, q.ID)
		require.NotEmpty(t, q.ExpectedFacts, q.ID)
		require.NotEmpty(t, q.ExpectedAnswer, q.ID)
		require.Len(t, q.RelevantDocuments, 1, q.ID)
		page := q.RelevantDocuments[0]
		require.True(t, strings.HasSuffix(page, ".html") && path.Clean(page) == page &&
			!path.IsAbs(page) && !strings.HasPrefix(page, "../"), "%s: %s is not a page id under the html folder", q.ID, page)
		if slices.Contains(q.Tags, "paraphrased") {
			paraphrased++
		}
		if dir == "" {
			continue
		}
		text := pageText(page)
		for _, ev := range q.Evidence {
			require.True(t, evaluate.ContainsEvidence(text, ev), "%s: %q not in %s", q.ID, ev, page)
		}
	}
	require.GreaterOrEqual(t, len(qs), 100)
	require.GreaterOrEqual(t, answerable, 66)
	require.GreaterOrEqual(t, paraphrased, 30)
	require.GreaterOrEqual(t, unanswerable, 34)
	require.GreaterOrEqual(t, plain, 14, "unanswerable questions that name nothing absent from the docs")
}
