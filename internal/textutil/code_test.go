package textutil

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCodeWord(t *testing.T) {
	for _, tt := range []struct {
		word  string
		whole string
		parts []string
		ok    bool
	}{
		{"max_connections", "max_connections", []string{"max", "connections"}, true},
		{"`max_connections`", "max_connections", []string{"max", "connections"}, true},
		{"camelCase", "camelcase", []string{"camel", "case"}, true},
		{"HTTPServer", "httpserver", []string{"http", "server"}, true},
		{"Arc<T>", "arc<t>", []string{"arc", "t"}, true},
		{"Arc<T>.", "arc<t>", []string{"arc", "t"}, true},
		{"&mut", "&mut", []string{"mut"}, true},
		{"--flag", "--flag", []string{"flag"}, true},
		{"--dry-run,", "--dry-run", []string{"dry", "run"}, true},
		{"-v", "-v", []string{"v"}, true},
		// An option written with its argument is also the option alone.
		{"--error-limit=<yes|no>", "--error-limit=<yes|no>", []string{"error", "limit", "yes", "no", "--error-limit"}, true},
		{"--depth[=<depth>]", "--depth[=<depth>]", []string{"depth", "depth", "--depth"}, true},
		{"-o<file>", "-o<file>", []string{"o", "file", "-o"}, true},
		{"--num-callers=40", "--num-callers=40", []string{"num", "callers", "--num-callers"}, true},
		{"---x=1", "---x=1", []string{"x"}, true},
		{"-=x", "-=x", []string{"x"}, true},
		{"@", "@", nil, true},
		{"`@`", "@", nil, true},
		{"::", "::", nil, true},
		{"!=,", "!=", nil, true},
		{"@,", "@", nil, true},
		{"->", "->", nil, true},
		{"std::sync::Arc", "std::sync::arc", []string{"std", "sync", "arc"}, true},
		{"os.Open", "os.open", []string{"os", "open"}, true},
		// A member's camelCase name is also one term.
		{"buf.toString()", "buf.tostring()", []string{"buf", "to", "string", "tostring"}, true},
		{"fsPromises.readFile", "fspromises.readfile", []string{"fs", "promises", "read", "file", "fspromises", "readfile"}, true},
		{"getElementById", "getelementbyid", []string{"get", "element", "byid"}, true},
		{"user@example.com", "user@example.com", []string{"user", "example", "com"}, true},
		{"f(x)", "f(x)", []string{"f", "x"}, true},
		{"$HOME", "$home", []string{"home"}, true},
		{"pump", "", nil, false},
		{"Pump.", "", nil, false},
		{"well-known", "", nil, false},
		{"3.5", "", nil, false},
		{"U.S.", "", nil, false},
		{"(optional)", "", nil, false},
		{"(see", "", nil, false},
		{"-", "", nil, false},
		{"--", "", nil, false},
		{"...", "", nil, false},
		{"Don't", "", nil, false},
		{"McDonald", "mcdonald", []string{"mc", "donald"}, true}, // a camelCase boundary, whatever the word
		{"getHTTP", "gethttp", []string{"get", "http"}, true},
		{"utf8Decode", "utf8decode", []string{"utf8", "decode"}, true},
		{"isOK", "", nil, false},
		{"mRNA", "", nil, false},
		{"miRNAs", "", nil, false},
		{"IDs", "", nil, false},
		{"-2", "", nil, false},
		{"15.2%.", "", nil, false},
		{"$750", "", nil, false},
		{"p=0.016", "p=0.016", []string{"p"}, true},
		{"smc5/6", "smc5/6", []string{"smc5"}, true},
	} {
		t.Run(tt.word, func(t *testing.T) {
			whole, parts, ok := CodeWord(tt.word)
			require.Equal(t, tt.ok, ok)
			require.Equal(t, tt.whole, whole)
			require.Equal(t, tt.parts, parts)
		})
	}
}

func TestForEachCodeWord(t *testing.T) {
	text := "Set max_connections with --max (see `Arc<T>`)."
	var got []string
	ForEachCodeWord(text, func(start, end int, whole string, parts []string) {
		require.Contains(t, strings.ToLower(text[start:end]), whole[:3])
		got = append(got, whole)
	})
	require.Equal(t, []string{"max_connections", "--max", "arc<t>"}, got)
}

func TestMaybeCodeCoversCodeWord(t *testing.T) {
	words := []string{"pump", "Pump.", "pumps,", "(see", "\"quoted\"", "don't", "e.g.", "camelCase", "`x`", "a_b", "Arc<T>", "@", "::", "--flag", "HTTPServer", "Éclair", "naïveBayes", "...", "3.5", "f(x)", "it's."}
	for _, w := range words {
		if _, _, ok := CodeWord(w); ok {
			require.True(t, MaybeCode(w), w)
		}
	}
	for _, w := range []string{"pump", "Pump.", "pumps,", "(see", "\"quoted\"", "don't", "Hello!"} {
		require.False(t, MaybeCode(w), w)
	}
}

// A question's name with a single leading capital ("CMake") is one term
// besides its whole form; documents split it both ways (CodeWord) so that
// their "CPython" still answers a question about Python and their
// "CMakeLists" one about CMake. Every other split is the same.
func TestQueryCodeWord(t *testing.T) {
	for _, tt := range []struct {
		word     string
		whole    string
		parts    []string
		ok       bool
		docParts []string // CodeWord's parts
	}{
		{"CMake", "cmake", nil, true, []string{"c", "make"}},
		{"QMake's", "qmake's", []string{"qmake", "s"}, true, []string{"q", "make", "s", "qmake"}},
		{"XCode,", "xcode", nil, true, []string{"x", "code"}},
		{"ZPlotBuilder", "zplotbuilder", []string{"zplot", "builder"}, true, []string{"z", "plot", "builder", "zplot"}},
		{"cmake", "", nil, false, nil},
		{"makefile", "", nil, false, nil},
		{"CMakeLists.txt", "cmakelists.txt", []string{"cmake", "lists", "txt", "cmakelists"}, true, []string{"c", "make", "lists", "txt", "cmake", "cmakelists"}},
		{"HTTPServer", "httpserver", []string{"http", "server"}, true, []string{"http", "server"}},
		{"IOError", "ioerror", []string{"io", "error"}, true, []string{"io", "error"}},
		{"camelCase", "camelcase", []string{"camel", "case"}, true, []string{"camel", "case"}},
		{"snake_case", "snake_case", []string{"snake", "case"}, true, []string{"snake", "case"}},
		{"--build-dir", "--build-dir", []string{"build", "dir"}, true, []string{"build", "dir"}},
	} {
		t.Run(tt.word, func(t *testing.T) {
			whole, parts, ok := QueryCodeWord(tt.word)
			require.Equal(t, tt.ok, ok)
			require.Equal(t, tt.whole, whole)
			require.Equal(t, tt.parts, parts)
			_, docParts, _ := CodeWord(tt.word)
			require.Equal(t, tt.docParts, docParts)
		})
	}
}

// The two sides agree on which words are code and on their whole form,
// and every part a question's word gives is a term its document spelling
// gives too, so a question never searches for a part no document was
// indexed with.
func TestSidesAgree(t *testing.T) {
	words := []string{
		"QuillDriver", "BRamble", "KVStore", "VTableLookup", "parseJSONBlob", "ZMqSocket",
		"getWidgetById", "XMLHttpRequest", "PostgreSQL", "wax_seal_count", "--dry-fold",
		"gizmo::Sprocket", "Box<Quill>", "&mut", "@", "YCombinatorX", "NPlusOne.", "`TFrame`",
		"plain", "Title", "U.S.", "mRNA",
	}
	for _, w := range words {
		t.Run(w, func(t *testing.T) {
			dWhole, dParts, dOK := DocumentSide.CodeWord(w)
			qWhole, qParts, qOK := QuerySide.CodeWord(w)
			require.Equal(t, dOK, qOK)
			require.Equal(t, dWhole, qWhole)
			for _, p := range qParts {
				require.Contains(t, append([]string{dWhole}, dParts...), p)
			}
		})
	}
}

func TestDocumentOnlyParts(t *testing.T) {
	for _, tt := range []struct {
		word string
		want []string
	}{
		{"ZPlot", []string{"z", "plot"}},
		{"ZPlotBuilder,", []string{"z", "plot"}},
		{"VTable's", []string{"v", "table"}},
		{"getWidgetById", nil},
		{"wax_seal", nil},
		{"XMLScrollRequest", nil},
		{"plain", nil},
		{"@", nil},
	} {
		require.Equal(t, tt.want, DocumentOnlyParts(tt.word), tt.word)
	}
}

func TestAllCapitals(t *testing.T) {
	for w, want := range map[string]bool{"SIGTERM": true, "IO": true, "I": false, "Sigterm": false, "SIG_TERM": false, "": false, "ÉTÉ": true} {
		if got := AllCapitals(w); got != want {
			t.Errorf("AllCapitals(%q) = %v, want %v", w, got, want)
		}
	}
}
