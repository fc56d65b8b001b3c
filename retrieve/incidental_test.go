package retrieve

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/store"
)

func TestIncidentalNames(t *testing.T) {
	analyze := testAnalyze
	// common terms occur in many chunks; the others are rare.
	common := map[string]bool{"function": true, "return": true, "us": true, "widget": true, "frobnic": true}
	terms := func(question string) queryTerms {
		return testQueryTerms(question, func(t string) bool { return !common[t] })
	}
	chunk := func(text string, heading ...string) Source {
		return Source{Chunk: store.Chunk{Text: text, Heading: heading}}
	}
	keywordList := chunk("Key words\n\nFROB_COUNT | reserved |\nFROB_INFO | reserved |\nFROB_LIST | non-reserved |\nGAMMA | reserved |", "Appendix: Key Words")
	described := chunk("frob_info() → text\nReturns the name of the frobnicator serving the current session.", "Frobnicator Functions")
	passing := chunk("Many add-ons are built by others, such as Quuxly and Zapp. Widgets are described in Chapter 3.")
	quuxlyPage := chunk("Quuxly can render widgets in colour when the palette option is set.")
	synopsis := chunk("WIDGET REBUILD [ FAST ] name\n\nRebuild the widget. FETCH { FIRST | NEXT } count { ONLY | WITH TIES }\n\nCONCURRENTLY and FAST are options.")
	cases := []struct {
		name, question string
		sources        []Source
		unknown        []string
		want           []string
	}{
		{"identifier only in a list of key words", "What does the FROB_INFO function return?", []Source{keywordList}, nil, []string{"FROB_INFO"}},
		{"identifier described", "What does the FROB_INFO function return?", []Source{keywordList, described}, nil, nil},
		{"a table row speaks only for its own name", "What does the FROB_INFO function return?", []Source{chunk(
			"Key word | Quux | Zapp\nFROB_COUNT | reserved |\nFROB_INFO | reserved |\nFROB_LIST | non-reserved |\nGAMMA | reserved |\nSAMPLE | reserved (can be function or type) |",
			"Appendix: Key Words")}, nil, []string{"FROB_INFO"}},
		{"a table row describing its name", "What does the FROB_INFO function return?", []Source{chunk(
			"Name | Description\nFROB_COUNT | Counts frobnicators.\nFROB_INFO | Returns the name of the frobnicator serving the session.\nGAMMA | Reserved.",
			"Frobnicator Names")}, nil, nil},
		{"a table's header speaks for its rows", "What does the FROB_INFO function return?", []Source{chunk(
			"Function | Return type\nFROB_COUNT | integer\nFROB_INFO | text",
			"Frobnicator Names")}, nil, nil},
		{"slash pair spoken about apart", "How many GRAB/SHOVE calls can one widget queue before the palette overflows?", []Source{
			chunk("Reserved key words: GRAB/SHOVE, LIFT, TURN."), chunk("A widget can queue at most 40 GRAB or SHOVE calls before its palette overflows.")}, nil, nil},
		{"slash pair only in a list", "How many GRAB/SHOVE calls can one widget queue before the palette overflows?", []Source{
			chunk("Reserved key words: GRAB/SHOVE, LIFT, TURN."), chunk("The palette overflows when it is full.")}, nil, []string{"GRAB", "SHOVE"}},
		{"slash pair with a short part is one name", "How do I write a palette trigger in PL/Quuxly?", []Source{
			chunk("Reserved key words: PL/Quuxly, PL/Zapp."), chunk("Quuxly triggers are written as functions of the palette.")}, nil, []string{"PL/Quuxly"}},
		{"identifier in a heading", "What is FROB_INFO for?", []Source{chunk("It reports the frobnicator.", "FROB_INFO")}, nil, nil},
		{"identifier heading a later section of the chunk", "Why does the FROB_INFO function return text?", []Source{keywordList,
			chunk("frob_count()\n\nCounts frobnicators.\n\nFROB_INFO(session)\n\nHistory\n\nVersion | Changes\nv2 | Added.\n\nAdded in: v2\n\nGives its result for any session.", "frob_count()")}, nil, nil},
		{"identifier in a run of short lines", "Why does the FROB_INFO function return text?", []Source{keywordList,
			chunk("Reserved names\n\nFROB_COUNT\nFROB_INFO\nFROB_LIST\nGAMMA", "Appendix: Names")}, nil, []string{"FROB_INFO"}},
		{"product mentioned in passing", "How do I set the palette in Quuxly?", []Source{passing}, nil, []string{"Quuxly"}},
		{"product spoken about", "How do I set the palette in Quuxly?", []Source{passing, quuxlyPage}, nil, nil},
		{"a name its template's entry speaks about", "What does KILN_CXX_FLAGS hold for the glaze compiler?", []Source{
			chunk("Flags the glaze compiler uses for language <LANG> in every build.", "KILN_<LANG>_FLAGS"),
			chunk("Variables: KILN_CXX_FLAGS, KILN_C_FLAGS, KILN_AR, KILN_RANLIB, KILN_LINKER, KILN_MT and many more listed in the index of variables, which names them all.")}, nil, nil},
		{"a name only listed, no template", "What does KILN_CXX_FLAGS hold for the glaze compiler?", []Source{
			chunk("Variables: KILN_CXX_FLAGS, KILN_C_FLAGS, KILN_AR, KILN_RANLIB, KILN_LINKER, KILN_MT and many more listed in the index of variables, which names them all.")}, nil, []string{"KILN_CXX_FLAGS"}},
		{"name in no source is not judged", "How do I set the palette in Quuxly?", []Source{chunk("Widgets have a palette.")}, nil, nil},
		{"a key word in no source is", "How do I get notified of new palettes with PALETTEWATCH?", []Source{chunk("Widgets are notified when a new palette is set.")}, nil, []string{"PALETTEWATCH"}},
		{"unknown names are not judged again", "How do I set the palette in Quuxly?", []Source{passing}, []string{"Quuxly"}, nil},
		{"a common name is not judged", "How does a Widget use the palette?", []Source{passing}, nil, nil},
		{"a call is written with other arguments", "Can a widget sort by frob_rank(score) descending?", []Source{chunk("Sort by frob_rank(x) to order widgets.")}, nil, nil},
		{"nothing else asked", "What is Quuxly?", []Source{passing}, nil, nil},
		{"keyword phrase the sources never write", "What does WIDGET REBUILD CONCURRENTLY do?", []Source{synopsis}, nil, []string{"WIDGET REBUILD CONCURRENTLY"}},
		{"keyword phrase written with options between", "What does WIDGET REBUILD FAST do?", []Source{synopsis}, nil, nil},
		{"every word joined to one neighbour", "What does FETCH FIRST WITH TIES do?", []Source{synopsis}, nil, nil},
		{"punctuation ends a phrase", "What does WIDGET, CONCURRENTLY or FAST do?", []Source{synopsis}, nil, nil},
		{"product phrase the sources never write", "How do I keep palettes between runs of a Quuxly Pipelines job?", []Source{
			chunk("Quuxly keeps palettes between runs of a job when the palette option is set."),
			chunk("Pipelines of widgets keep their palettes between runs.")}, nil, []string{"Quuxly Pipelines"}},
		{"product phrase written in lower case", "How do I turn on Palette Caching for widgets?", []Source{
			chunk("Palette caching is on by default for widgets.")}, nil, nil},
		{"product phrase written with a hyphen", "What does the Palette Cache Policy header do?", []Source{
			chunk("The Palette-Cache-Policy header tells widgets how long to keep a palette.")}, nil, nil},
		{"a capitalised word after a sentence's start is no phrase", "Does the widget cache palettes? Quuxly Pipelines do.", []Source{quuxlyPage,
			chunk("Pipelines of widgets keep their palettes between runs.")}, nil, nil},
		{"lower case around: capitals say nothing", "how do I run WIDGET REBUILD CONCURRENTLY", []Source{synopsis}, nil, nil},
		{"title case says nothing", "How Do I Set The Palette In Quuxly With WIDGET REBUILD CONCURRENTLY?", []Source{passing}, nil, nil},
		{"name defined by a long signature", "Which error does frobmod.frob_load raise for a broken frob?", []Source{keywordList,
			chunk("frobmod.frob_load(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None, **kw)\n\nDeserialize s, a document holding one frob, to an object.", "Basic Usage")}, nil, nil},
		{"qualified name spoken about by its last part", "What happens when frobmod.frob_wait expires?", []Source{
			chunk("Functions: frobmod.frob_wait, frobmod.frob_poll, frobmod.frob_list."),
			chunk("If the deadline of frob_wait() expires, the pending call is cancelled and an error is raised."),
		}, nil, nil},
		{"qualified name only listed, its last part too", "What happens when frobmod.frob_wait expires?", []Source{
			chunk("Functions: frobmod.frob_wait, frobmod.frob_poll, frobmod.frob_list. See also frob_wait in the index of all the other modules of the distribution, which lists more names than anyone reads."),
		}, nil, []string{"frobmod.frob_wait"}},
		{"signature after a kind", "How do I merge two frobmod.FrobCounter objects?", []Source{
			chunk("Functions: frobmod.FrobCounter, frobmod.frob_wait."),
			chunk("class frobmod.FrobCounter([iterable])\nA FrobCounter is a dict subclass for tallying hashable values."),
		}, nil, nil},
		{"two-letter examples are not names", "Which function gives overlapping pairs like AB, BC, CD?", []Source{chunk("Codes of the table: AB, BC and CD.")}, nil, nil},
		{"another name of the question is context", "What is the largest frob_limit a FrobPool accepts on Quuxly?", []Source{
			chunk("If frob_limit is None, the FrobPool picks a default. On Quuxly, frob_limit must be at most 61."),
		}, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q := terms(c.question)
			q.unknown = c.unknown
			require.Equal(t, c.want, incidentalNames(c.question, q, c.sources, analyze))
		})
	}
}

func TestOccurrencesAndAround(t *testing.T) {
	require.Equal(t, []int{0, 24}, occurrences("Current_User() equals x current_user", "current_user"))
	require.Empty(t, occurrences("current_users and my_current_user", "current_user"))
	text := "one two three four NAME five six seven"
	at := strings.Index(text, "NAME")
	require.Equal(t, "three four NAME five six", strings.TrimSpace(around(text, at, 4, 2, 2)))
}

func TestRetrieveReportsIncidentalNames(t *testing.T) {
	// Enough other chunks that the names are rare (RareTermDocFraction).
	texts := []string{
		"Reserved words: ZAPPO_MODE, ZAPPO_TIME, ZORRO.",
		"pump impeller replacement takes an hour",
		"zappo_time() returns the pump clock reading",
	}
	for i := range 40 {
		texts = append(texts, fmt.Sprintf("gear train %d needs grease every season", i))
	}
	st, emb := newTestStore(texts...)
	h, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	ctx := context.Background()
	res, err := h.Retrieve(ctx, Query{Text: "How is the ZAPPO_MODE pump impeller replaced?"})
	require.NoError(t, err)
	require.Equal(t, []string{"ZAPPO_MODE"}, res.Analysis.Incidental)

	res, err = h.Retrieve(ctx, Query{Text: "What pump clock reading does ZAPPO_TIME give?"})
	require.NoError(t, err)
	require.Empty(t, res.Analysis.Incidental)

	// Without term statistics nothing is judged.
	plain, err := NewHybrid(keywordFunc(st.SearchKeyword), st, emb, Options{})
	require.NoError(t, err)
	res, err = plain.Retrieve(ctx, Query{Text: "How is the ZAPPO_MODE pump impeller replaced?"})
	require.NoError(t, err)
	require.Empty(t, res.Analysis.Incidental)
}

// BenchmarkIncidentalNames measures what judging a question's names and
// keyword phrases adds to each retrieval: 15 sources of about 3,000
// characters (the PostgreSQL manual's chunks at defaults), a rare name that
// occurs in some of them, and a keyword phrase.
func BenchmarkIncidentalNames(b *testing.B) {
	words := strings.Fields("the server writes each page of the table to disk when a checkpoint runs and the planner reads statistics of every column before it chooses a plan for the query")
	var sources []Source
	for i := range 15 {
		var sb strings.Builder
		for j := 0; sb.Len() < 3000; j++ {
			sb.WriteString(words[(i*7+j)%len(words)])
			switch {
			case j%97 == 50 && i%3 == 0:
				sb.WriteString(" FROB_INFO |")
			case j%13 == 12:
				sb.WriteString(".\n")
			default:
				sb.WriteString(" ")
			}
		}
		sources = append(sources, Source{Chunk: store.Chunk{Text: sb.String(), Heading: []string{"Chapter", "Section"}}})
	}
	w := newWordTerms(textutil.ContentTerms)
	question := "How does FROB_INFO change the plan when VACUUM FULL CONCURRENTLY runs?"
	var q queryTerms
	for _, t := range textutil.ContentTerms(question) {
		q.terms, q.weights, q.rare = append(q.terms, t), append(q.weights, 2), append(q.rare, true)
	}
	for b.Loop() {
		if len(incidentalNames(question, q, sources, w.termsOf)) == 0 {
			b.Fatal("nothing incidental")
		}
	}
}

func TestIndexFold(t *testing.T) {
	for _, c := range []struct {
		s, sub string
		want   int
	}{
		{"abc Frob_Info x", "frob_info", 4},
		{"FROB_INFO", "frob_info", 0},
		{"frob frob_inf frob_info", "FROB_INFO", 14},
		{"fr", "frob", -1},
		{"", "a", -1},
		{"x", "", 0},
		{"_x_X", "_X", 0},
		{"Éclair", "éclair", 0}, // same first byte, folded by EqualFold
		{"xÉclair", "éclair", 1},
	} {
		require.Equal(t, c.want, indexFold(c.s, c.sub), "%q in %q", c.sub, c.s)
	}
}

func TestPrecedingWord(t *testing.T) {
	text := "FOR UPDATE [ NOWAIT | SKIP LOCKED ] and EXPLAIN (BUFFERS)"
	require.Equal(t, "SKIP", precedingWord(text, strings.Index(text, "LOCKED")))
	require.Equal(t, "NOWAIT", precedingWord(text, strings.Index(text, "SKIP")))
	require.Equal(t, "EXPLAIN", precedingWord(text, strings.Index(text, "BUFFERS")))
	require.Equal(t, "", precedingWord(text, 0))

	// A possessive joins its owner to the next word, as the question's
	// "Let's Encrypt" is read as the run "Let Encrypt"; a lone "s" is a word.
	text = "certificates from Let's Encrypt, Certbot’s Renew and the s Flag"
	require.Equal(t, "Let", precedingWord(text, strings.Index(text, "Encrypt")))
	require.Equal(t, "Certbot", precedingWord(text, strings.Index(text, "Renew")))
	require.Equal(t, "s", precedingWord(text, strings.Index(text, "Flag")))
}

func TestIncidentalNamesContext(t *testing.T) {
	analyze := testAnalyze
	terms := func(question string, absent ...string) queryTerms {
		q := testQueryTerms(question, func(string) bool { return true })
		for _, a := range absent {
			if q.absent == nil {
				q.absent = map[string]bool{}
			}
			q.absent[a] = true
		}
		return q
	}
	chunk := func(text string) Source { return Source{Chunk: store.Chunk{Text: text, Heading: []string{"Note"}}} }
	// Mid-line, so that only the words around the names tell.
	prefix := chunk("Other settings come first. Set frob_line_prefix (string): this string is printed at the start of each log line.")
	interval := chunk("Commands: FROB_INFO [ seconds ] runs the buffer again after the given seconds (default 2).")
	definition := chunk("Commands\n\nFROB_INFO [ seconds ]\nRuns the buffer again after the given seconds (default 2).")
	list := chunk(`Meta-commands: \frob, \zap and \quux are listed in the table.`)
	cases := []struct {
		name, question string
		absent         []string
		sources        []Source
		want           []string
	}{
		// "log" is a part of the name and a word of the question: it
		// stays context, and the definition speaks of it.
		{"a name's part asked as a word", "What is the default frob_line_prefix and what does it log?", nil, []Source{prefix}, nil},
		{"a name's part only inside the name", "What is the default frob_line_prefix value for colour?", nil, []Source{prefix}, []string{"frob_line_prefix"}},
		// Words no chunk contains can be near no name.
		{"paraphrase words count for nothing", "How often does FROB_INFO rerun, recompute and reissue by default?", []string{"rerun", "recomput", "reissu"}, []Source{interval}, nil},
		{"words chunks hold but not near it", "How often does FROB_INFO rerun, recompute and reissue by default?", nil, []Source{interval}, []string{"FROB_INFO"}},
		{"backslash command only listed", `What does \frob print about the palette?`, nil, []Source{list}, []string{`\frob`}},
		{"definition under a generic heading", "What is FROB_INFO's colour?", nil, []Source{definition}, nil},
		{"the same words mid-line", "What is FROB_INFO's colour?", nil, []Source{interval}, []string{"FROB_INFO"}},
		{"backslash command described", `What does \frob print about the palette?`, nil, []Source{list, chunk(`\frob [ palette ] prints the palette in use.`)}, nil},
		// The asker's setting names what they work with, in plain letters;
		// the documents may mention it in passing. Code there still counts.
		{"a product in the asker's setting", "My FROBINFO buffer reruns too often. What sets its colour?", nil, []Source{chunk("Names such as FROBINFO and GAMMA are listed in the appendix."), chunk("The colour is set by the palette option.")}, nil},
		{"the same product in the question", "What sets the colour of the FROBINFO buffer?", nil, []Source{chunk("Names such as FROBINFO and GAMMA are listed in the appendix."), chunk("The colour is set by the palette option.")}, []string{"FROBINFO"}},
		{"code in the asker's setting", "My FROB_INFO buffer reruns too often. What sets its colour?", nil, []Source{chunk("Names such as FROB_INFO and GAMMA are listed in the appendix."), chunk("The colour is set by the palette option.")}, []string{"FROB_INFO"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, incidentalNames(c.question, terms(c.question, c.absent...), c.sources, analyze))
		})
	}
}

func TestDefines(t *testing.T) {
	cases := []struct {
		name, text, term string
		want             bool
	}{
		{"setting with its type", "Other text.\n\nfrob_prefix (string)\n\nThis string is printed at the start of each line.", "frob_prefix", true},
		{"command synopsis", "\\frob [ seconds ]\nRuns the buffer again every few seconds.", `\frob`, true},
		{"function row", "frob_pid () → integer\nReturns the process ID of the server.", "frob_pid", true},
		{"mid-line", "Set frob_prefix (string)\nThis string is printed at the start of each line.", "frob_prefix", false},
		{"table of key words", "FROB_INFO | reserved |\nFROB_LIST | non-reserved |\nGAMMA | reserved |", "FROB_INFO", false},
		{"index entry", "frob_prefix configuration parameter, What to Log\nfrob_waits configuration parameter, What to Log\n", "frob_prefix", false},
		{"term line too long", "frob_prefix is set by the administrator in the file for each database cluster\nThis string is printed at the start of each line.", "frob_prefix", false},
		{"last line", "Other text.\nfrob_prefix (string)", "frob_prefix", false},
		{"class with its module path", "Other text.\n\nclass storage.fallback.FrobStorage\n\nThis class first uses the cookie and falls back to the session.", "FrobStorage", true},
		{"a path of words is no qualifier", "Use the storage. FrobStorage\n\nThis class first uses the cookie and falls back to the session.", "FrobStorage", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			at := strings.Index(c.text, c.term)
			require.GreaterOrEqual(t, at, 0)
			require.Equal(t, c.want, defines(c.text, at, len(c.term)))
		})
	}
}

// testAnalyze keeps a code word whole and adds its parts, and keeps a
// backslash command with and without its backslash, as the embedded
// store's analyzer does.
func testAnalyze(w string) []string {
	if strings.HasPrefix(w, `\`) && !strings.ContainsRune(w, ' ') {
		return []string{strings.TrimPrefix(strings.ToLower(w), `\`), strings.ToLower(w)}
	}
	parts := textutil.ContentTerms(w)
	if len(parts) > 1 {
		return append([]string{strings.ToLower(w)}, parts...)
	}
	return parts
}

// testQueryTerms analyses question as a query would: rare terms weigh 3,
// the others 0.5.
func testQueryTerms(question string, rare func(term string) bool) queryTerms {
	var q queryTerms
	seen := map[string]bool{}
	forEachWord(question, func(w string) {
		for _, t := range testAnalyze(trimWord(w)) {
			if seen[t] || textutil.IsStopword(t) {
				continue
			}
			seen[t] = true
			q.terms = append(q.terms, t)
			if rare(t) {
				q.weights, q.rare = append(q.weights, 3), append(q.rare, true)
			} else {
				q.weights, q.rare = append(q.weights, 0.5), append(q.rare, false)
			}
		}
	})
	return dropScaffold(q, question, testAnalyze)
}

func TestGlossedName(t *testing.T) {
	text := "Common system errors\n\n- EACCES (Permission denied): An attempt was made to access a file in a way forbidden.\n" +
		"- 'MaxWarning' - Indicates that too many listeners have been added.\n" +
		"EPIPE: A write on a pipe with no process to read the data.\n" +
		"- EEXIST, ENOENT and EPERM\n" +
		"- ENOTDIR (Not a directory): see below\n" +
		"See EISDIR: it is raised when a directory is opened for writing.\n"
	for _, c := range []struct {
		name string
		want bool
	}{
		{"EACCES", true},     // list item, gloss in brackets, colon
		{"MaxWarning", true}, // quoted, dash
		{"EPIPE", true},      // line start, colon
		{"ENOENT", false},    // in a list of names
		{"EEXIST", false},    // comma, no prose
		{"ENOTDIR", false},   // too few words after the colon
		{"EISDIR", false},    // inside a sentence
	} {
		at := strings.Index(text, c.name)
		require.Equal(t, c.want, glossed(text, at, len(c.name)), c.name)
		require.Equal(t, c.want, defines(text, at, len(c.name)), c.name)
	}
}
