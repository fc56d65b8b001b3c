package postgres

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

func TestPlainWords(t *testing.T) {
	cases := []struct {
		in    string
		words []string
		plain bool
	}{
		{"How often is the filter replaced?", []string{"How", "often", "is", "the", "filter", "replaced?"}, true},
		{"  spaced\tout  ", []string{"spaced", "out"}, true},
		{"", nil, true},
		{`"carbon filter" cartridge`, []string{`"carbon`, `filter"`, "cartridge"}, false},
		{"filter -carbon", []string{"filter", "-carbon"}, false},
		{"filter OR cartridge", []string{"filter", "OR", "cartridge"}, false},
		{"what does --verbose print", []string{"what", "does", "--verbose", "print"}, true},
	}
	for _, c := range cases {
		words, plain := plainWords(c.in)
		require.Equal(t, c.plain, plain, c.in)
		if c.words == nil {
			require.Empty(t, words)
		} else {
			require.Equal(t, c.words, words, c.in)
		}
	}
}

// TestAtLeast checks the coordination-level tsquery: every m-term
// conjunction once, and levels too large to expand are refused.
func TestAtLeast(t *testing.T) {
	q, ok := atLeast([]string{"'a'", "'b'", "'c'"}, 2)
	require.True(t, ok)
	require.Equal(t, []string{"('a') & ('b')", "('a') & ('c')", "('b') & ('c')"}, q)
	q, ok = atLeast([]string{"'a'", "'b'"}, 2)
	require.True(t, ok)
	require.Equal(t, []string{"('a') & ('b')"}, q)
	terms := make([]string, 12)
	for i := range terms {
		terms[i] = "'x'"
	}
	_, ok = atLeast(terms, 6)
	require.False(t, ok, "C(12,6) = 924 conjunctions")
	_, ok = atLeast(terms, 12)
	require.True(t, ok)
	require.Equal(t, 924, binomial(12, 6))
}

// TestIndexApply checks the in-process index's bookkeeping: rows removed
// from the middle of the slab are replaced by the last row, and counts
// follow.
func TestIndexApply(t *testing.T) {
	ix := newVindex()
	row := func(serial int64, tenant, doc string, x float32) pendingRow {
		return pendingRow{serial: serial, key: docKey{tenant, "", doc}, vec: []float32{x, 1}}
	}
	ix.apply(1, []docKey{{"a", "", "d1"}, {"b", "", "d2"}}, []pendingRow{row(1, "a", "d1", 1), row(2, "a", "d1", 2), row(3, "b", "d2", 3)})
	require.Equal(t, counts{2, 3}, ix.countsFor("", ""))
	require.Equal(t, counts{1, 2}, ix.countsFor("a", ""))
	ix.apply(2, []docKey{{"a", "", "d1"}}, []pendingRow{row(4, "a", "d1", 4)})
	require.Equal(t, int64(2), ix.version)
	require.Equal(t, counts{2, 2}, ix.countsFor("", ""))
	require.Len(t, ix.rows, 2)
	for i, r := range ix.rows {
		require.Equal(t, int32(i), ix.bySerial[r.serial])
		require.Equal(t, []float32{float32(r.serial), 1}, ix.vector(int32(i)), "row %d holds serial %d's vector", i, r.serial)
	}
	require.Equal(t, []float32{3, 1}, ix.vector(ix.bySerial[3]))
	require.Equal(t, []float32{4, 1}, ix.vector(ix.bySerial[4]))
	ix.apply(3, []docKey{{"b", "", "d2"}, {"a", "", "d1"}}, nil)
	require.Equal(t, counts{}, ix.countsFor("", ""))
	require.Empty(t, ix.rows)
	require.Empty(t, ix.slab)
}

// TestCodeLexemes checks the extra tsvector lexemes of code words: the
// whole token as written (lower-cased, unstemmed) and its parts analysed
// like words; prose adds none.
func TestCodeLexemes(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"How often is the filter replaced?", nil},
		{"Set max_connections to 100.", []string{"max_connections", "max", "connect"}},
		{"maxConnections and MaxConnections", []string{"maxconnections", "max", "connect"}},
		{"Use `Arc<T>` with &mut self", []string{"arc<t>", "arc", "&mut", "mut"}},
		{"pass --dry-run or -v", []string{"--dry-run", "dri", "run", "-v", "v"}},
		{"the @ in patterns, and std::sync", []string{"@", "std::sync", "std", "sync"}},
		{"os.Open(name)", []string{"os.open(name)", "os", "open", "name"}},
		{"it's well-known", nil},
		{"edit ZPlotLists.txt", []string{"zplotlists.txt", "z", "plot", "list", "txt", "zplot", "zplotlist"}},
		// Stop words used as keywords, which the english configuration drops.
		{"The HAVING clause, then (while) statements; LINK_WHAT_YOU_USE", []string{"having", "while", "link_what_you_use", "link", "use"}},
		{"having fun while the tests run", nil},
	}
	for _, c := range cases {
		require.Equal(t, c.want, codeLexemes(c.text), c.text)
	}
}

// TestQuestionSide checks that a question's words are read as the other
// stores read them (textutil.QuerySide): a name with a single leading
// capital is one term, not also its initial and the rest, while the same
// word in a document gets both readings; every other code word is split
// alike on both sides.
func TestQuestionSide(t *testing.T) {
	cases := []struct {
		text      string
		question  []string
		documents []string
	}{
		{"ZPlot", []string{"zplot"}, []string{"zplot", "z", "plot"}},
		{"QuillDriver", []string{"quilldriv", "quilldriver", "quill", "driver"}, []string{"quilldriv", "quilldriver", "quill", "driver"}},
		{"wax_seal", []string{"wax", "seal", "wax_seal"}, []string{"wax", "seal", "wax_seal"}},
		{"--fold-twice", []string{"fold", "twice", "--fold-twice"}, []string{"fold", "twice", "--fold-twice"}},
	}
	for _, c := range cases {
		require.Equal(t, c.question, analyze(c.text, textutil.QuerySide), c.text)
		require.Equal(t, c.documents, analyze(c.text, textutil.DocumentSide), c.text)
		var code []string
		forEachWord(c.text, textutil.QuerySide, func(_, lexemes []string) { code = append(code, lexemes...) })
		for _, l := range code {
			require.Contains(t, c.documents, l, "a question's code lexeme is one its document spelling has")
		}
	}
}

func TestTSQueryLexeme(t *testing.T) {
	require.Equal(t, `'max_connections'`, tsqueryLexeme("max_connections"))
	require.Equal(t, `'it\'s'`, tsqueryLexeme("it's"))
	require.Equal(t, `'a\\b'`, tsqueryLexeme(`a\b`))
}

// A question's hyphenated word is also read joined, stemmed as the
// server stems the joined spelling ("readonly" → readon), so that it finds
// chunks writing it so; a document's is not (see codeTokenizer in the
// embedded store for why).
func TestCompoundLexemes(t *testing.T) {
	require.Equal(t, []string{"make", "read", "readon"}, analyze("make read-only", textutil.QuerySide))
	require.Equal(t, []string{"make", "read"}, analyze("make read-only", textutil.DocumentSide))
	require.Equal(t, analyze("readonly", textutil.DocumentSide), []string{"readon"})
	require.Nil(t, codeLexemes("a read-only copy"))
}
