package retrieve

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

func TestIsName(t *testing.T) {
	cases := []struct {
		word  string
		start bool
		want  bool
	}{
		{"pg_stat_io", false, true},
		{"uuidv7", false, true},
		{"E7", false, true},
		{"WaitGroup.Go", false, true},
		{"PgBouncer", true, true},
		{"SHARD", true, true},
		{"Patroni", false, true},
		{"Redis-compatible", false, true},
		{"--dry-run", true, true},
		{"--no_sync", false, true},
		{"--", false, false},
		{"<=>", false, true},
		{"...", false, false},
		{"---", false, false},
		{"Patroni", true, false}, // a sentence's first word is capitalised anyway
		{"recompute", false, false},
		{"time-ordered", false, false},
		{"I", false, false},
		{"15", false, false},
		{"3.14", false, false},
		{"and/or", false, false}, // function words joined by a slash
		{"read/write", false, true},
		{"I/O", false, false},      // initials
		{"1280x720", false, false}, // a size
		{"4x4", false, false},
		{"x264", false, true},
		{"R/W", false, false},
		{"64-bit", false, false}, // a measure
		{"3-way", false, false},
		{"x86-64", false, true},
	}
	for _, c := range cases {
		t.Run(c.word, func(t *testing.T) {
			require.Equal(t, c.want, isName(c.word, c.start, true))
		})
	}
}

func TestUnknownNames(t *testing.T) {
	// analyze keeps a code word whole and adds its parts, as the embedded
	// store's analyzer does.
	analyze := func(w string) []string {
		parts := textutil.ContentTerms(w)
		if len(parts) > 1 || strings.HasPrefix(w, "--") || strings.HasPrefix(w, ".") || len(parts) == 0 && w != "" {
			return append([]string{strings.ToLower(w)}, parts...)
		}
		return parts
	}
	df := map[string]int{}
	known := func(terms ...string) {
		for _, t := range terms {
			df[t] = 3
		}
	}
	absent := func(terms ...string) {
		for _, t := range terms {
			df[t] = 0
		}
	}
	known("view", "report", "backend", "pg", "stat", "io", "wait", "group", "go", "godebug", "1", "postgresql", "configur", "failov", "pump")
	absent("pg_stat_io", "waitgroup.go", "patroni", "recomput", "godebug=asyncpreemptoff=1", "asyncpreemptoff")
	known("--dry-run", "dry", "run", "no", "sync", "format", "custom", "skip", "lock")
	absent("--no-sync", "--format=custom", "--skip-lock")
	known("->>", "spaceship", "oper", "return", "chain", "true", "profil", "x", "y")
	absent("vector")
	known(".report")
	absent(".pump", ".x")
	known("flv", "export")
	absent(".flv", ".psd", "psd", ".export")
	absent("<=>", "?.")
	cases := []struct {
		name, question string
		want           []string
	}{
		{"snake_case identifier", "How does the pg_stat_io view report per backend?", []string{"pg_stat_io"}},
		{"dotted name", "How do I use the WaitGroup.Go method?", []string{"WaitGroup.Go"}},
		{"proper name inside a sentence, possessive", "Does Patroni's failover configure PostgreSQL?", []string{"Patroni"}},
		{"part of a settings form", "What does GODEBUG=asyncpreemptoff=1 do?", []string{"GODEBUG=asyncpreemptoff=1"}},
		{"long option no chunk holds, its words known", "What does pg_dump --no-sync do?", []string{"--no-sync"}},
		{"long option in quotes", "Is `--skip-lock` safe?", []string{"--skip-lock"}},
		{"long option the chunks hold", "What does --dry-run print?", nil},
		{"long option with a value: manuals write a placeholder", "What does --format=custom write?", nil},
		{"setting key no chunk holds", "What does vectorize = true do in a profile?", []string{"vectorize"}},
		{"setting key the chunks hold", "What does view = true do?", nil},
		{"an equation is no setting", "Is x = y true?", nil},
		{"operator no chunk holds", "What does the <=> spaceship operator return?", []string{"<=>"}},
		{"operator that trimming would lose", "How does the ?. chaining operator work?", []string{"?."}},
		{"operator the chunks hold", "What does ->> return?", nil},
		{"prose punctuation is no operator", "Is it fast -- or slow... really?", nil},
		{"ordinary word", "How do I recompute a view?", nil},
		{"ordinary word called as a function", "How do I recompute() a view?", []string{"recompute"}},
		{"function called with arguments", "What does view.recompute(x) return?", []string{"view.recompute(x"}},
		{"ordinary word in back quotes", "Is `recompute` a view option?", []string{"recompute"}},
		{"ordinary word in single quotes", "What does the 'recompute' option of a view do?", []string{"recompute"}},
		{"ordinary word in typographic quotes", "What does the “recompute” option do?", []string{"recompute"}},
		{"called function the chunks hold", "What does report() return?", nil},
		{"quoted word the chunks hold", "What does 'report' print?", nil},
		{"an aside in parentheses is no call", "How do I recompute (refresh) a view?", nil},
		{"a quoted phrase is no name", "What does 'recompute the view' mean?", nil},
		{"dot command no chunk holds, its word known", "How do I save a view with the .pump command?", []string{".pump"}},
		{"dot command at a sentence's end", "Which view does .pump?", []string{".pump"}},
		{"dot command the chunks hold", "What does .report print?", nil},
		{"a one-letter extension is no command", "Is a .x file a view?", nil},
		{"an extension whose format the chunks name", "How do I copy a view into an .flv without loss?", nil},
		{"an extension before 'file'", "How do I report the .flv file?", nil},
		{"an extension whose format no chunk names", "How do I report .psd files?", []string{".psd"}},
		{"a dot command whose word the chunks hold", "How do I report with the .export command?", []string{".export"}},
		{"capitalised first word", "Patroni failover?", nil},
		{"known names", "Does PostgreSQL report pg_stat?", nil},
		{"term without statistics", "Does Zebra pump?", nil},
		{"title case: capitals say nothing", "How Do I Recompute A View In Patroni?", nil},
		{"capitals throughout: only code forms count", "HOW DO I RECOMPUTE THE PG_STAT_IO VIEW?", []string{"PG_STAT_IO"}},
		{"a name in the asker's setting before the question", "Our Patroni cluster fails over often. How do I recompute a view?", nil},
		{"a name in the question after a statement", "I recompute views often. Does Patroni failover configure PostgreSQL?", []string{"Patroni"}},
		{"code in the setting still counts", "Our pg_stat_io view is empty. How do I recompute a view?", []string{"pg_stat_io"}},
		{"an earlier question is a question", "Does Patroni failover? How do I recompute a view?", []string{"Patroni"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, unknownNames(c.question, analyze, df))
		})
	}
}

func TestRetrieveReportsUnknownNames(t *testing.T) {
	st, emb := newTestStore(
		"pump housing and pump base",
		"pump impeller replacement",
		"configure the pump controller",
	)
	h, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	ctx := context.Background()

	res, err := h.Retrieve(ctx, Query{Text: "How do I configure the Zebra controller for the pump?"})
	require.NoError(t, err)
	require.Equal(t, []string{"Zebra"}, res.Analysis.Unknown)

	res, err = h.Retrieve(ctx, Query{Text: "How do I configure the zebra controller for the pump?"})
	require.NoError(t, err)
	require.Empty(t, res.Analysis.Unknown, "an ordinary word the documents lack is no name")
	require.Equal(t, []string{"zebra"}, res.Analysis.Missing)

	res, err = h.Retrieve(ctx, Query{Text: "Where is the Pump impeller?"})
	require.NoError(t, err)
	require.Empty(t, res.Analysis.Unknown, "a name the documents contain")

	// Without term statistics nothing is known to be absent.
	plain, err := NewHybrid(keywordFunc(st.SearchKeyword), st, emb, Options{})
	require.NoError(t, err)
	res, err = plain.Retrieve(ctx, Query{Text: "How do I configure the Zebra controller for the pump?"})
	require.NoError(t, err)
	require.Empty(t, res.Analysis.Unknown)
}

func TestUnknownCommands(t *testing.T) {
	// As the embedded store's code tokens: the word and the whole command.
	analyze := func(w string) []string {
		if strings.HasPrefix(w, `\`) {
			return []string{strings.TrimPrefix(strings.ToLower(w), `\`), strings.ToLower(w)}
		}
		return textutil.ContentTerms(w)
	}
	df := map[string]int{"bind": 4, `\bind`: 0, "watch": 9, `\watch`: 2, "psql": 40, "paramet": 30, "meta": 5, "command": 50}
	cases := []struct {
		name, question string
		want           []string
	}{
		{"command no chunk holds", `How do I use psql's \bind meta-command to pass parameters?`, []string{`\bind`}},
		{"command the chunks hold", `How does psql's \watch command work?`, nil},
		{"not a command: no letters", `What does \\ do in psql?`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, unknownNames(c.question, analyze, df))
		})
	}
	require.Equal(t, map[string][]string{
		`\dt`: {`\dt[+]`, `\dt[S+]`, `\dt+`},
		`\x`:  {`\x[+]`, `\x[S+]`, `\x+`},
	}, commandForms(`Does \dt list tables, and what does \x do? Not "\\" or \1.`))
	require.Nil(t, commandForms("no commands here, C:/x or a\\b"))
}

func TestUnknownKindNames(t *testing.T) {
	analyze := textutil.ContentTerms
	df := map[string]int{}
	for _, w := range []string{"autocolorgrade", "afireqsrc", "inspection", "handful", "resetdb", "colordetect", "sharpener", "zstd", "nth", "kbps", "libaribcaption", "liberation"} {
		for _, t := range analyze(w) {
			df[t] = 0
		}
	}
	for _, w := range []string{"default", "strength", "filter", "sample", "rate", "audio", "source", "tool", "report", "frames", "command", "run", "scale", "print", "compress", "responses", "httpd", "element", "encode"} {
		for _, t := range analyze(w) {
			df[t] = 5
		}
	}
	cases := []struct {
		name, question string
		want           []string
	}{
		{"a word before its kind", "What is the default strength of the autocolorgrade filter?", []string{"autocolorgrade"}},
		{"a word, one more word, its kind", "What is the default sample rate of the afireqsrc audio source?", []string{"afireqsrc"}},
		{"a command after its program", "Which options does the manage.py resetdb command accept?", []string{"resetdb"}},
		{"a kind the chunks name", "What does the scale filter print?", nil},
		{"a kind users describe by its use", "How do I make the colordetect tool report frames?", nil},
		{"an English word describes", "Which option of the inspection filter reports frames?", nil},
		{"an English word ending in -er", "What does the sharpener filter print?", nil},
		{"not after 'the'", "How do I run a handful command?", nil},
		{"the kind in the next sentence", "What does the colordetect print? A filter?", nil},
		{"the kind past a comma", "What does the colordetect, a filter, print?", nil},
		{"in the asker's setting", "I tried the colordetect filter. What does the scale filter print?", nil},
		{"a word without a vowel", "How do I compress responses with zstd?", []string{"zstd"}},
		{"a word without a vowel the chunks hold", "How do I run httpd?", nil},
		{"a unit after a figure", "How do I encode at 128 kbps?", nil},
		{"the one English word without a vowel", "How do I print the nth element?", nil},
		{"a library's name", "How do I encode with libaribcaption?", []string{"libaribcaption"}},
		{"an English word that starts so", "How do I print the liberation element?", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, unknownNames(c.question, analyze, df))
		})
	}
}

// A dot file's or folder's name that the keyword analysis splits at its
// hyphens is known when the documents hold each of its words: they write
// it inside paths ("/.well-known/*") that keep no term of it whole.
func TestUnknownDotFolderWords(t *testing.T) {
	analyze := func(w string) []string {
		var out []string
		if strings.HasPrefix(w, ".") {
			out = append(out, strings.ToLower(w))
		}
		return append(out, textutil.ContentTerms(strings.ReplaceAll(w, "-", " "))...)
	}
	df := map[string]int{".well-known": 0, "well": 9, "known": 4, ".well-hidden": 0, "hidden": 0, "folder": 5, "allow": 7}
	require.Nil(t, unknownNames("How do I allow the .well-known folder?", analyze, df))
	require.Equal(t, []string{".well-hidden"}, unknownNames("How do I allow the .well-hidden folder?", analyze, df))
}
