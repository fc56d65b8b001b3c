package extractive_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/validate"
)

// What the answer shows first: the heading that names the lead's subject,
// the sentence that states the question's terms together.
func TestAnswerNamesAndOrder(t *testing.T) {
	for _, tt := range []struct {
		name, question string
		sources        []string
		lead           string // prefix of the answer
	}{
		{
			name:     "the heading that names the lead is quoted with it",
			question: "Which setting controls how fast the kiln heats during a glaze firing?",
			sources: []string{
				"Glaze firings crack pots when the kiln heats unevenly across its shelves.",
				"kiln_ramp (integer)\n\nControls how fast the kiln heats during a glaze firing, in degrees per hour.",
			},
			lead: "kiln_ramp (integer) [S2]\n\nControls how fast the kiln heats",
		},
		{
			name:     "not when the question names it already",
			question: "What does kiln_ramp control during a glaze firing?",
			sources: []string{
				"kiln_ramp (integer)\n\nControls how fast the kiln heats during a glaze firing, in degrees per hour.",
			},
			lead: "Controls how fast the kiln heats",
		},
		{
			name:     "not a prose heading",
			question: "How fast does the kiln heat during a glaze firing?",
			sources: []string{
				"Heating Rates\n\nThe kiln heats during a glaze firing at up to 150 degrees per hour.",
			},
			lead: "The kiln heats during a glaze firing",
		},
		{
			name:     "not a shouted section title",
			question: "Which setting controls how fast the kiln heats during a glaze firing?",
			sources: []string{
				"DESCRIPTION\n\nControls how fast the kiln heats during a glaze firing, in degrees per hour.",
			},
			lead: "Controls how fast the kiln heats",
		},
		{
			// A later sentence of the section, quoted for a how-to
			// question: the title is no means either.
			name:     "not a shouted section title over a later sentence",
			question: "How do I fire several glazes in one load?",
			sources: []string{
				"SEPARATE FIRINGS\n\nAs a rule, fire each glaze on its own. It is always easier to fire several glazes in one load than to fix a glaze that ran.",
			},
			lead: "It is always easier to fire several glazes",
		},
		{
			name:     "an upper-case keyword the text spells so is a name",
			question: "Which clause controls how fast the kiln heats during a glaze firing?",
			sources: []string{
				"SLOW RAMP\n\nControls how fast the kiln heats during a glaze firing, in degrees per hour.\n\nWrite SLOW RAMP after the cone number.",
			},
			lead: "SLOW RAMP [S1]\n\nControls how fast the kiln heats",
		},
		{
			name:     "a sibling pointing at its section by the question's frame does not lead",
			question: "Which setting holds the heating rate of the kiln during a glaze firing?",
			sources: []string{
				"kiln_peak (integer)\n\nThe peak temperature of a glaze firing.\n\nThis setting holds the peak temperature of the kiln during a glaze firing.",
				"kiln_ramp (integer)\n\nThe heating rate of the kiln during a glaze firing.",
			},
			lead: "kiln_ramp (integer) [S2]\n\nThe heating rate of the kiln",
		},
		{
			name:     "the sentence stating the question's terms together leads",
			question: "How do I add a glaze to a pot?",
			sources: []string{
				"Adds every glaze listed in the studio book to the kiln log, for each pot fired in this room before or after the step. " +
					"Add a glaze to a pot.",
			},
			lead: "Add a glaze to a pot.",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := prompt(tt.sources...)
			gen, err := extractive.New(extractive.Options{}).Generate(context.Background(), generate.Request{Question: tt.question, Prompt: p})
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(gen.Text, tt.lead), "answer: %q", gen.Text)
			// The validator accepts every sentence the generator wrote,
			// the quoted heading included.
			var srcs []retrieve.Source
			for _, s := range p.Sources {
				srcs = append(srcs, retrieve.Source{Chunk: store.Chunk{Source: s.Label + ".md", Text: s.Text}})
			}
			rep, err := validate.New(validate.Options{}).Validate(context.Background(), gen.Text, srcs)
			require.NoError(t, err)
			for _, s := range rep.Sentences {
				require.True(t, s.Supported, "%q: %v", s.Text, s.Issues)
			}
		})
	}
}

// A title that spells one long option ("The --zero-glaze command-line
// option") names the option its section describes: a which-flag question
// answered deep in the section quotes the title.
func TestTitleSpellingOneOptionNamesIt(t *testing.T) {
	section := "The --zero-glaze command-line option\n\nThe kiln can be started with this option to clear every glaze slot before a firing. " +
		"Without the option, slots created by the loader keep what they held before. Use of this flag slows the first firing."
	got := answerTo(t, "Which flag makes every new glaze slot be cleared before a firing?", prompt(section))
	require.Contains(t, got, "The --zero-glaze command-line option [S1]")
	two := "The --zero-glaze and --keep-glaze options\n\nThe kiln can be started with this option to clear every glaze slot before a firing."
	got = answerTo(t, "Which flag makes every new glaze slot be cleared before a firing?", prompt(two))
	require.NotContains(t, got, "The --zero-glaze and --keep-glaze options [S1]", "a title spelling two options names neither")
}

// An entry's name is quoted once, over the first of its sentences the
// answer quotes, even when a later one leads.
func TestEntryNamedOnce(t *testing.T) {
	entry := "OPTIONS\n\n--glaze-log NAME\n\nWrite the firing log to NAME.\n\n--read-only\n\nOpen the kiln log read-only, without write access. " +
		"Note that if the previous firing left behind a hot kiln log, write permission is required to recover the kiln log, and the kiln log cannot be opened read-only after a hot firing."
	got := answerTo(t, "Which option opens the kiln log read-only even after a hot firing?", prompt(entry))
	require.Equal(t, 1, strings.Count(got, "--read-only [S1]"), "answer: %q", got)
}

// A manual page's title line names the program its sentences call "this
// program": the answer quotes it before the sentence. A title the text
// does not print is metadata, never quoted.
func TestProgramNamedByItsPageTitle(t *testing.T) {
	page := func(text string) *generate.Prompt {
		return &generate.Prompt{Sources: []generate.ContextSource{{Label: "S1", Text: text,
			Source: retrieve.Source{Relevance: 0.9, Chunk: store.Chunk{Title: "kilnctl – Kiln control utility", Heading: []string{"kilnctl – Kiln control utility", "Synopsis"}}}}}}
	}
	body := "Synopsis\n\nkilnctl [options] action\n\nDescription\n\nThis program controls a running kiln daemon using a socket."
	got := answerTo(t, "Which program controls a running kiln daemon?", page("kilnctl – Kiln control utility\n\n"+body))
	require.True(t, strings.HasPrefix(got, "kilnctl – Kiln control utility [S1]\n\nThis program controls"), "answer: %q", got)
	got = answerTo(t, "Which program controls a running kiln daemon?", page(body))
	require.NotContains(t, got, "Kiln control utility", "a title the text does not print is not quoted")
	// Any question: the page's pointing sentence names nothing itself
	// (pageName).
	got = answerTo(t, "What controls a running kiln daemon?", page("kilnctl – Kiln control utility\n\n"+body))
	require.True(t, strings.HasPrefix(got, "kilnctl – Kiln control utility [S1]\n\nThis program controls"), "answer: %q", got)
	own := "Synopsis\n\nkilnctl [options] action\n\nDescription\n\nThe kiln daemon is controlled through a socket by any client."
	got = answerTo(t, "What controls a running kiln daemon?", page("kilnctl – Kiln control utility\n\n"+own))
	require.NotContains(t, got, "Kiln control utility", "a sentence with its own subject is not about the title")
}

// A function's or option's manual page is titled by its name, and its
// description points back at it ("It will be used to set …"): the title
// line is quoted before the first sentence from the page, whatever the
// question, unless the answer or the question spells the name.
func TestPageTitleNamesAPointingDescription(t *testing.T) {
	page := &generate.Prompt{Sources: []generate.ContextSource{{Label: "S1",
		Text:   "NAME\n\nKILNOPT_RAMP - kiln heating rate\n\nDESCRIPTION\n\nPass a long as parameter. It will be used to set how fast the kiln heats during a glaze firing, in degrees per hour.",
		Source: retrieve.Source{Relevance: 0.9, Chunk: store.Chunk{Title: "KILNOPT_RAMP - kiln heating rate", Heading: []string{"NAME"}}}}}}
	got := answerTo(t, "How do I set how fast the kiln heats during a glaze firing?", page)
	require.True(t, strings.HasPrefix(got, "KILNOPT_RAMP - kiln heating rate [S1]\n\n"), "answer: %q", got)
	require.Contains(t, got, "It will be used to set how fast the kiln heats")

	got = answerTo(t, "How do I set KILNOPT_RAMP for a glaze firing?", page)
	require.False(t, strings.HasPrefix(got, "KILNOPT_RAMP"), "the question names it: %q", got)
}

// A name in capitals heads a sentence that writes the word, not the name:
// the name line is quoted ("BEEP" over "Beep on error in the line
// editor."); a sentence writing the name in capitals is named already.
// (Another source spells the option, so the heading is a name, not a
// shouted section title: markCapsTitles.)
func TestCapitalsNameLineOverTheWord(t *testing.T) {
	entry := func(text string) *generate.Prompt {
		return prompt("Options\n\nBEEP (+B) `<D>`\n\n"+text+"\n\nCOMBINING_CHARS\n\nAssume that the terminal displays combining characters correctly.",
			"Shell options such as BEEP are turned off with unsetopt.")
	}
	got := answerTo(t, "How do I stop the shell from beeping on errors in the line editor?", entry("Beep on error in the line editor."))
	require.True(t, strings.HasPrefix(got, "BEEP (+B) `<D>` [S1]\n\nBeep on error in the line editor."), got)

	got = answerTo(t, "How do I stop the shell from beeping on errors in the line editor?", entry("BEEP makes the shell beep on error in the line editor."))
	require.True(t, strings.HasPrefix(got, "BEEP makes the shell beep"), got)
}
