package textutil

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

func sentenceTexts(text string) []string {
	var out []string
	for _, s := range Sentences(text) {
		out = append(out, text[s.Start:s.End])
	}
	return out
}

func TestSentences(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string
	}{
		{"simple", "The pump starts. It stops!  Why?", []string{"The pump starts.", "It stops!", "Why?"}},
		{"abbreviation", "Use a torque wrench, e.g. the TW-3. Then tighten.", []string{"Use a torque wrench, e.g. the TW-3.", "Then tighten."}},
		{"abbreviation before a number", "See Fig. 3 and No. 12 of the table. Then tighten.", []string{"See Fig. 3 and No. 12 of the table.", "Then tighten."}},
		{"abbreviation-like word ending a sentence", "The argument must be yes or no. The default is no.", []string{"The argument must be yes or no.", "The default is no."}},
		{"unit ending a sentence", "Defaults to 100 ms. Set it to 0 to wait for ever.", []string{"Defaults to 100 ms.", "Set it to 0 to wait for ever."}},
		{"decimal", "Set it to 3.5 bar. Done.", []string{"Set it to 3.5 bar.", "Done."}},
		{"initial", "Written by J. Smith in 2020. Revised later.", []string{"Written by J. Smith in 2020.", "Revised later."}},
		{"citation after stop", "Drain the tank. [S1] Refill it. [S2][S3]", []string{"Drain the tank. [S1]", "Refill it. [S2][S3]"}},
		{"citation before stop", "Drain the tank [S1]. Refill it [S2].", []string{"Drain the tank [S1].", "Refill it [S2]."}},
		{"quote", `He said "stop." Then left.`, []string{`He said "stop."`, "Then left."}},
		{"property box rows", "Kiln Directive\n\nDescription: | Sets the kiln's heat\nDefault: | Kiln 600\nOverride: | None",
			[]string{"Kiln Directive", "Description: | Sets the kiln's heat", "Default: | Kiln 600", "Override: | None"}},
		{"table rows", "%Z | Time zone name. | UTC, GMT | (6)\n%j | Day of the year as a zero-padded number. | 001, …, 366 |\n%U | Week number.",
			[]string{"%Z | Time zone name.", "| UTC, GMT | (6)", "%j | Day of the year as a zero-padded number.", "| 001, …, 366 |", "%U | Week number."}},
		{"bar inside prose is no row", "Pipe the output\nInto grep | less to page it.", []string{"Pipe the output\nInto grep | less to page it."}},
		{"quoted terminator", "If the path is empty then '.' will be returned. Next.", []string{"If the path is empty then '.' will be returned.", "Next."}},
		{"quoted run of terminators", "It normalizes the path, resolving '..' and '.' segments. Next.", []string{"It normalizes the path, resolving '..' and '.' segments.", "Next."}},
		{"quoted ellipsis", "The shell prints \"...\" while it waits for more input. Next.", []string{"The shell prints \"...\" while it waits for more input.", "Next."}},
		{"quoted question mark", "Write \"?\" where a value goes. Then bind it.", []string{"Write \"?\" where a value goes.", "Then bind it."}},
		{"blank line", "Heading\n\nBody text here", []string{"Heading", "Body text here"}},
		{"list", "Steps:\n- open valve\n- close valve", []string{"Steps:", "- open valve", "- close valve"}},
		{"numbered", "Steps:\n1. open\n2. close", []string{"Steps:", "1. open", "2. close"}},
		{"numbered capital", "Steps:\n1. Open the valve.\n2. Close it.", []string{"Steps:", "1. Open the valve.", "2. Close it."}},
		{"glued citation", "Drain the tank.[S1] Refill it.[S2]", []string{"Drain the tank.[S1]", "Refill it.[S2]"}},
		{"markdown image is no terminator", "See ![the diagram](https://x.example/d.png) first. Then go.", []string{"See ![the diagram](https://x.example/d.png) first.", "Then go."}},
		{"link after a stop is no marker", "Done. [the manual](https://x.example/m) says so.", []string{"Done.", "[the manual](https://x.example/m) says so."}},
		{"exclamation with a glued marker", "It works![S1] Next.", []string{"It works![S1]", "Next."}},
		{"soft wrap", "This line wraps\nonto the next one.", []string{"This line wraps\nonto the next one."}},
		{"empty", "   ", nil},
		{"lowercase continuation", "See sec. 4 for details. Next.", []string{"See sec. 4 for details.", "Next."}},
		{"url-like", "Visit example.com today. Ok.", []string{"Visit example.com today.", "Ok."}},
		// Rust's macros end in '!': "println! output" goes on.
		{"macro name", "If we call println! in a test and it passes, we won't see the println! output. Next!", []string{
			"If we call println! in a test and it passes, we won't see the println! output.", "Next!"}},
		{"exclamation then a capital", "It stops! Then restart it.", []string{"It stops!", "Then restart it."}},
		// Dots opening a bracket stand for what is left out.
		{"ellipsis in brackets", "Packages searched with find_package(... QUIET) will also be listed. Next.", []string{
			"Packages searched with find_package(... QUIET) will also be listed.", "Next."}},
		{"ellipsis closing its bracket", "Register methods with RegisterHttpMethod method [method [...]] Allow options.", []string{
			"Register methods with RegisterHttpMethod method [method [...]]", "Allow options."}},
		// An operator standing alone goes on: "the ? operator can …".
		{"operator mark", "The ? operator can only be used in functions that return Result. Does it work? Yes, with ? in main too.", []string{
			"The ? operator can only be used in functions that return Result.", "Does it work?", "Yes, with ? in main too."}},
		{"quoted exclamation inside a sentence", `Its subject is "fixup!" followed by the old subject. Next.`, []string{
			`Its subject is "fixup!" followed by the old subject.`, "Next."}},
		{"quoted question then a capital", `He asked "why?" Nobody knew.`, []string{`He asked "why?"`, "Nobody knew."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, sentenceTexts(c.in))
		})
	}
}

func TestSentenceSpansAreExact(t *testing.T) {
	text := "Ünïcode text… works. Über alles!\n\n- Item one\n- Item two. [S1]"
	for _, s := range Sentences(text) {
		require.True(t, s.Start >= 0 && s.End <= len(text) && s.Start < s.End)
	}
}

func TestWordsAndTerms(t *testing.T) {
	require.Equal(t, []string{"don't", "x-ray", "the", "3.5", "bar", "valves"}, Words("Don't X-ray the 3.5 bar, valves."))
	require.Equal(t, []string{"x-rai", "3.5", "bar", "valv"}, ContentTerms("Don't X-ray the 3.5 bar, valves."))
	require.Equal(t, []string{"1,000", "unit"}, ContentTerms("1,000 units"))
	require.Empty(t, ContentTerms("the and of"))
}

func TestSentencesKeepFencedCodeWhole(t *testing.T) {
	text := "Run it like this:\n```go\nc.x = 1.\n\nf()\n```\nIt prints 1. Done.\n\n~~~\nunclosed. block\n\nstill code"
	var got []string
	for _, sp := range Sentences(text) {
		got = append(got, text[sp.Start:sp.End])
	}
	require.Equal(t, []string{
		"Run it like this:",
		"```go\nc.x = 1.\n\nf()\n```",
		"It prints 1.",
		"Done.",
		"~~~\nunclosed. block\n\nstill code",
	}, got)
}

// A code block's citation markers, after its closing fence or on the line
// below it, belong to the block; anything else after the fence does not.
// A text that begins inside a code block (a chunk cut there) holds the
// block's closing fence without its opening one: that fence closes, and
// the prose after it is sentences, not code running to the end.
func TestSentencesCloseOfABlockOpenedBefore(t *testing.T) {
	require.Equal(t, []string{
		"x := 1\nfmt.Println(x)",
		"```",
		"The pump runs at night.",
		"It stops at dawn.",
	}, sentenceTexts("x := 1\nfmt.Println(x)\n```\n\nThe pump runs at night. It stops at dawn."))
	// Blocks after it pair up as usual.
	require.Equal(t, []string{
		"x := 1",
		"```",
		"The pump runs at night.",
		"```\ny := 2\n```",
		"It stops at dawn.",
	}, sentenceTexts("x := 1\n```\n\nThe pump runs at night.\n\n```\ny := 2\n```\n\nIt stops at dawn."))
	// An opening fence stays one: after a blank line, with a language, or
	// closed later in the text.
	require.Equal(t, []string{"Intro.", "```\ncode. more\n\nstill code"},
		sentenceTexts("Intro.\n\n```\ncode. more\n\nstill code"))
	require.Equal(t, []string{"Run:", "```sh\n\nmake all. make test"},
		sentenceTexts("Run:\n```sh\n\nmake all. make test"))
	require.Equal(t, []string{"Run:", "```\n\nmake all.\n```", "Done."},
		sentenceTexts("Run:\n```\n\nmake all.\n```\nDone."))
}

func TestSentencesCodeBlockCitations(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"marker after the fence",
			"Back up first: [S2]\n```sh\nvault snapshot save now.snap\n``` [S2]\n\nRestore takes minutes. [S3]",
			[]string{"Back up first: [S2]", "```sh\nvault snapshot save now.snap\n``` [S2]", "Restore takes minutes. [S3]"}},
		{"markers on the next line",
			"```\nmake -j4 all\n```\n[S1][S4]\nIt builds. [S1]",
			[]string{"```\nmake -j4 all\n```\n[S1][S4]", "It builds. [S1]"}},
		{"markers closing the answer",
			"```\nmake -j4 all\n``` [S1]",
			[]string{"```\nmake -j4 all\n``` [S1]"}},
		{"prose after the fence is not a marker",
			"```\nmake\n``` and then [S1]\nmore\n```\nAfter. [S2]",
			[]string{"```\nmake\n``` and then [S1]\nmore\n```", "After. [S2]"}},
		{"a link after the fence is not a marker",
			"```\nmake\n```\n[docs](https://example.org) say so.",
			[]string{"```\nmake\n```", "[docs](https://example.org) say so."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, sentenceTexts(tc.text))
		})
	}
}

// A default stated after a description on its line stays with it; on a
// line of its own, or when the line runs on, it is a sentence of its own.
func TestSentencesKeepTrailingDefault(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"option with its default",
			"- retries <integer> How often the uploader tries again. Default: 3.\n- quiet <boolean> No output.",
			[]string{"- retries <integer> How often the uploader tries again. Default: 3.", "- quiet <boolean> No output."}},
		{"defaults with a code value",
			"Sets the spool folder. Defaults: /var/spool/kiln. It must exist.",
			[]string{"Sets the spool folder. Defaults: /var/spool/kiln.", "It must exist."}},
		{"default on its own line",
			"Sets the spool folder.\nDefault: /var/spool/kiln.",
			[]string{"Sets the spool folder.", "Default: /var/spool/kiln."}},
		{"a long line after it is prose",
			"Sets the spool folder. Default: the folder that the installer created when it first ran on this machine, unless the administrator moved it.",
			[]string{"Sets the spool folder.", "Default: the folder that the installer created when it first ran on this machine, unless the administrator moved it."}},
		{"a word that only starts like it",
			"Sets the spool folder. Defaulting is rare.",
			[]string{"Sets the spool folder.", "Defaulting is rare."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, sentenceTexts(tc.text))
		})
	}
}

// A line ending in a default is one sentence, however many it holds, so
// that the default stays with the description it ends.
func TestSentencesKeepLineEndingInDefault(t *testing.T) {
	text := "- depth <integer> How deep the scan goes. Deeper scans are slower. Defaults to 8.\nA new line. Default settings are fine."
	require.Equal(t, []string{"- depth <integer> How deep the scan goes. Deeper scans are slower. Defaults to 8.", "A new line.", "Default settings are fine."}, sentenceTexts(text))
}

// A list item ending in "(default)" keeps the mark: alone it is no
// sentence, and the item loses what says it is the default.
func TestSentencesKeepDefaultMark(t *testing.T) {
	text := "- slowest: The pace of the slowest runner. (default)\n- fastest: The pace of the fastest runner. (the default in races)\n\nThe default is set per race. (Default) values differ."
	require.Equal(t, []string{"- slowest: The pace of the slowest runner. (default)", "- fastest: The pace of the fastest runner.",
		"(the default in races)", "The default is set per race.", "(Default) values differ."}, sentenceTexts(text))
}

// IsLabelRow is the byte-level form of the pattern the extractive
// generator used for property box rows; the two agree on single lines.
func TestIsLabelRow(t *testing.T) {
	re := regexp.MustCompile(`^[A-Z][\w -]{0,30}:?\s*\|\s*\S`)
	for _, l := range []string{
		"Default: | KeepAliveTimeout 5", "Type | integer", "Context: | server config", "Description:| x",
		"Into grep | less", "default: | lower", "Default: |", "Default: |   ", "Default:: | x", "Status: Core",
		"A23456789012345678901234567890 | long label", "A234567890123456789012345678901 | too long",
		"A23456789012345678901234567890     | spaces after", "Max_Size-2: | 10", "Key (unit): | 3", "| x", "",
		"Default:\t|\tx", "Ünicode | x",
	} {
		require.Equal(t, re.MatchString(l), IsLabelRow(l), "%q", l)
	}
}

// An elided repeatable list item in prose ("[, ...]") does not end the
// sentence it stands in; elision before a capital, or at the end, does.
func TestListElisionInSentence(t *testing.T) {
	text := "SELECT DISTINCT ON ( expression [, ...] ) keeps only the first row of each set of rows. Note that the first row is unpredictable."
	spans := Sentences(text)
	require.Len(t, spans, 2, "%q", spans)
	require.Equal(t, "SELECT DISTINCT ON ( expression [, ...] ) keeps only the first row of each set of rows.", text[spans[0].Start:spans[0].End])

	text = "Name the values a, b, ... Then run it."
	require.Len(t, Sentences(text), 2)
}
