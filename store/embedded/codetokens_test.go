package embedded

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestAnalyzeKeepsCodeTokens(t *testing.T) {
	s, _ := newTestStore(t)
	for _, tt := range []struct {
		text string
		want []string // terms that must be present
	}{
		{"Set max_connections in postgresql.conf", []string{"max_connect", "max", "connect"}},
		{"Wrap it in an Arc<T> first.", []string{"arc<t>", "arc"}},
		{"Borrow with &mut self", []string{"&mut", "mut"}},
		{"Run with --dry-run.", []string{"--dry-run", "dry", "run"}},
		{"The `@` sign in patterns", []string{"@", "sign", "pattern"}},
		{"Paths use :: between segments", []string{"::", "segment"}},
		{"Call getHTTPResponse twice", []string{"gethttprespons", "get", "http", "respons"}},
	} {
		got := map[string]bool{}
		for _, term := range s.Analyze(tt.text) {
			got[term] = true
		}
		for _, w := range tt.want {
			require.True(t, got[w], "%q lacks %q: %v", tt.text, w, s.Analyze(tt.text))
		}
	}
	// Prose is analysed exactly as bleve's "en" analyzer does; only a
	// question's hyphenated words also give their joined form.
	require.Equal(t, []string{"pump", "seal", "well", "known", "leak", "3.5", "bar"}, s.Analyze("The pump's seal (a well-known leak) at 3.5 bar."))
}

// Stop words used as keywords are terms: in capitals, or before the kind of
// construct they name; elsewhere they are dropped as before.
func TestAnalyzeKeepsKeywordStopWords(t *testing.T) {
	s, _ := newTestStore(t)
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"What does the HAVING clause do?", []string{"having", "claus"}},
		{"ON CONFLICT DO NOTHING", []string{"on", "conflict", "do", "noth"}},
		{"The while statement repeats", []string{"while", "statement", "repeat"}},
		{"a for loop", []string{"for", "loop"}},
		{"while the with statement wraps", []string{"with", "statement", "wrap"}},
		{"having fun with it", []string{"fun"}},
		{"the -> and ->> operators", []string{"->", "->>", "oper"}},
	} {
		require.Equal(t, tt.want, s.Analyze(tt.text), tt.text)
	}
}

func TestSearchKeywordFindsKeywordStopWords(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	put(t, s,
		docSpec{id: "having", texts: []string{"The HAVING clause eliminates groups that do not satisfy the condition."}},
		docSpec{id: "where", texts: []string{"The WHERE clause eliminates rows that do not satisfy the condition."}},
		docSpec{id: "while", texts: []string{"The while statement is used for repeated execution."}},
		docSpec{id: "if", texts: []string{"The if statement is used for conditional execution."}},
	)
	for _, tt := range []struct{ query, want string }{
		{"What does the HAVING clause do?", "having"},
		{"What does the WHERE clause do?", "where"},
		{"What does the while statement do?", "while"},
		{"What does the if statement do?", "if"},
	} {
		hits, err := s.SearchKeyword(ctx, tt.query, 2, store.Filter{})
		require.NoError(t, err)
		require.Len(t, hits, 2, tt.query)
		require.Equal(t, tt.want, hits[0].Chunk.DocumentID, tt.query)
		require.Greater(t, hits[0].Score, hits[1].Score, tt.query)
	}
}

func TestSearchKeywordFindsCodeTokens(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	put(t, s,
		docSpec{id: "conn", texts: []string{"The max_connections setting bounds concurrent sessions."}},
		docSpec{id: "prose", texts: []string{"The maximum number of connections depends on memory."}},
		docSpec{id: "arc", texts: []string{"Share ownership across threads with Arc<T> and a Mutex."}},
		docSpec{id: "rc", texts: []string{"Share ownership in one thread with Rc and RefCell."}},
		docSpec{id: "at", texts: []string{"In patterns, @ binds a name to the matched value."}},
		docSpec{id: "bind", texts: []string{"Patterns bind names to matched values in match arms."}},
		docSpec{id: "flag", texts: []string{"Pass --force to overwrite existing files."}},
		docSpec{id: "force", texts: []string{"A force of ten newtons moves the files cabinet."}},
	)
	for _, tt := range []struct{ query, want string }{
		{"what does max_connections do", "conn"},
		{"how to use Arc<T> across threads", "arc"},
		{"what does @ do in patterns", "at"},
		{"what does --force do", "flag"},
	} {
		hits, err := s.SearchKeyword(ctx, tt.query, 3, store.Filter{})
		require.NoError(t, err)
		require.NotEmpty(t, hits, tt.query)
		require.Equal(t, tt.want, hits[0].Chunk.DocumentID, tt.query)
	}
}

// A question's "CMake" is the term cmake alone, not also "c" and "make",
// so pages that merely say "make" do not match it; a document's "CPython"
// is still split, so a question about Python finds it.
func TestQuestionKeepsInitialNames(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	put(t, s,
		docSpec{id: "tool", texts: []string{"QMake reads project files and writes build rules."}},
		docSpec{id: "make", texts: []string{"Run make to build, then make install to copy project files."}},
		docSpec{id: "impl", texts: []string{"In CPython the garbage collector frees cycles."}},
	)
	ts, err := s.TermStats(ctx, "How does QMake read project files?", store.Filter{})
	require.NoError(t, err)
	require.Contains(t, ts.Terms, "qmake")
	require.NotContains(t, ts.Terms, "make")
	require.NotContains(t, ts.Terms, "q")

	hits, err := s.SearchKeyword(ctx, "What does QMake write?", 3, store.Filter{})
	require.NoError(t, err)
	require.Len(t, hits, 1, "only the page that names QMake")
	require.Equal(t, "tool", hits[0].Chunk.DocumentID)

	hits, err = s.SearchKeyword(ctx, "When does python free cycles?", 3, store.Filter{})
	require.NoError(t, err)
	require.NotEmpty(t, hits)
	require.Equal(t, "impl", hits[0].Chunk.DocumentID)
}

// A question's hyphenated word finds the joined spelling: manuals write
// "readonly" where questions write "read-only", and word segmentation
// alone splits one and not the other ("only" is even a stop word, leaving
// "read"). A chunk writing the hyphen still matches the parts.
func TestSearchKeywordJoinsHyphenatedWords(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	put(t, s,
		docSpec{id: "readonly", texts: []string{"Mark each name as readonly; its value cannot be changed."}},
		docSpec{id: "read", texts: []string{"The read builtin takes one line from standard input."}},
		docSpec{id: "startup", texts: []string{"Startup files are read when the shell starts."}},
		docSpec{id: "history", texts: []string{"The history list is read from the history file."}},
		docSpec{id: "builtin", texts: []string{"A built-in command runs inside the shell process."}},
		docSpec{id: "external", texts: []string{"An external command is a program the shell starts."}},
	)
	for _, tt := range []struct{ query, want string }{
		{"How do I make a variable read-only?", "readonly"},
		{"What is a built-in command?", "builtin"},
	} {
		hits, err := s.SearchKeyword(ctx, tt.query, 3, store.Filter{})
		require.NoError(t, err)
		require.NotEmpty(t, hits, tt.query)
		require.Equal(t, tt.want, hits[0].Chunk.DocumentID, tt.query)
	}
}
