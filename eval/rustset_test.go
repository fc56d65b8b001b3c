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

// TestRustBlindSet checks the blind Rust book and Cargo book set (issue
// 13), written without running the pipeline on it: it reads strictly, ids
// and queries are unique, it has the promised mix, every relevant document
// is a page id as `hybridrag index` gives it when the html folder holding
// book/ and cargo/ is the indexed root ("book/ch04-01-what-is-ownership.html",
// "cargo/reference/profiles.html"), never one of the old-edition redirect
// stubs, and, when HYBRIDRAG_RUST_HTML names that folder, every evidence
// string occurs in the text the loader extracts from its page.
func TestRustBlindSet(t *testing.T) {
	f, err := os.Open("../testdata/eval/rust-blind.jsonl")
	require.NoError(t, err)
	qs, warns, err := eval.ReadQuestionsWith(f, eval.ReadOptions{Strict: true})
	require.NoError(t, f.Close())
	require.NoError(t, err)
	require.Empty(t, warns)

	dir := os.Getenv("HYBRIDRAG_RUST_HTML")
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
		require.True(t, strings.HasPrefix(q.ID, "rustb-"), q.ID)
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
		require.True(t, strings.HasPrefix(page, "book/") || strings.HasPrefix(page, "cargo/"), "%s: %s", q.ID, page)
		require.False(t, strings.HasPrefix(page, "book/first-edition/") || strings.HasPrefix(page, "book/2018-edition/") ||
			strings.HasPrefix(page, "book/second-edition/"), "%s: %s is a redirect stub", q.ID, page)
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
	require.GreaterOrEqual(t, len(qs), 80)
	require.GreaterOrEqual(t, answerable, 50)
	require.GreaterOrEqual(t, paraphrased, 22)
	require.GreaterOrEqual(t, unanswerable, 30)
	require.GreaterOrEqual(t, plain, 12, "unanswerable questions that name nothing absent from the docs")
}
