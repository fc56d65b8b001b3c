package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// A question asking when (a date, a year, since which version) is answered
// only by a sentence stating a point in time of that kind, other than the
// one the question names; "When does …" asks for a condition, and "Which
// date format …" for a format.
func TestPointInTimeAsked(t *testing.T) {
	runSupportCases(t, []supportCase{
		{
			"a year answers which year",
			"In which year was the lighthouse beacon protocol first published?",
			prompt("The lighthouse beacon protocol was first published in 1998 by the coastal authority."),
			true,
		},
		{
			"release talk without a date",
			"On which date was version 3.2.0 of the lighthouse beacon firmware released?",
			prompt("Version 3.2.0 of the lighthouse beacon firmware was released after a long beta, and later releases fixed its timer."),
			false,
		},
		{
			"a version answers since which version",
			"Since which version does the lighthouse beacon firmware support fog mode?",
			prompt("Fog mode is supported by the lighthouse beacon firmware since version 4.1."),
			true,
		},
		{
			"which versions of a platform, none given",
			"Which versions of Windows does the lighthouse beacon console support?",
			prompt("The lighthouse beacon console supports Windows and reads its logs in UTF-8."),
			false,
		},
		{
			"which versions of a platform, a version given",
			"Which versions of Perl does the lighthouse beacon console need?",
			prompt("The lighthouse beacon console needs Perl 5.8 or later."),
			true,
		},
		{
			"which version of a protocol, numbered",
			"Which version of the beacon protocol does the lighthouse console speak?",
			prompt("The lighthouse console speaks beacon protocol version 2 unless told otherwise."),
			true,
		},
		{
			"a version does not answer which date",
			"On which date did the lighthouse beacon firmware gain fog mode?",
			prompt("The lighthouse beacon firmware gained fog mode in 4.1."),
			false,
		},
		{
			"a month and day answer which date",
			"On which date did the lighthouse beacon firmware gain fog mode?",
			prompt("The lighthouse beacon firmware gained fog mode on March 3 with the spring update."),
			true,
		},
		{
			"when was it added, answered by a version",
			"When was the fog mode option added to the lighthouse beacon firmware?",
			prompt("The fog mode option was added to the lighthouse beacon firmware in release 4.1 and later."),
			true,
		},
		{
			"when does asks for a condition",
			"When does the lighthouse beacon firmware switch to fog mode?",
			prompt("The lighthouse beacon firmware switches to fog mode when visibility drops below the set range."),
			true,
		},
		{
			"which date format asks for a format",
			"Which date format does the lighthouse beacon log use for its entries?",
			prompt("The lighthouse beacon log writes each entry with an ISO 8601 date format and the beacon name."),
			true,
		},
	})
}

// A question asking why is answered by a reason, even when an amount clause
// says what it is about ("… to decide how many kilns to start").
func TestWhyQuestionAsksNoAmount(t *testing.T) {
	runSupportCases(t, []supportCase{
		{
			"a reason answers why",
			"Why should I not count the kiln shelves to decide how many kilns to start, and what should I use instead?",
			prompt("Counting the kiln shelves should not be used to decide how many kilns to start; use the kiln planner instead, which knows the load."),
			true,
		},
	})
}

// Release notes give the version in their title, and a reference entry in
// the change note under its name: either answers "when was it added".
func TestPointInTimeFromTitleOrNote(t *testing.T) {
	notes := generate.ContextSource{Label: "S1", Text: "The new --fog option makes the lighthouse beacon dim its lamp when visibility drops.",
		Source: retrieve.Source{Relevance: 0.9, Chunk: store.Chunk{Title: "Beacon 4.1 release notes", Heading: []string{"Beacon 4.1 release notes", "Minor features"}}}}
	runSupportCases(t, []supportCase{
		{"version in the release notes' title", "When was the --fog option of the lighthouse beacon added?",
			&generate.Prompt{Sources: []generate.ContextSource{notes}}, true},
		{"version in the entry's change note", "When was the --fog option of the lighthouse beacon added?",
			prompt("# --fog\n\nNew in Beacon 4.1.\n\nThe --fog option makes the lighthouse beacon dim its lamp when visibility drops."), true},
		{"no version anywhere", "When was the --fog option of the lighthouse beacon added?",
			prompt("# --fog\n\nThe --fog option makes the lighthouse beacon dim its lamp when visibility drops."), false},
		{"a product's name before the word version", "In which Beacon release was the --fog option of the lighthouse beacon added?",
			&generate.Prompt{Sources: []generate.ContextSource{notes}}, true},
	})
}

// A question about what is to come ("In which release will it be
// removed?") is answered only by a sentence that states the version: the
// release notes' title gives the version they describe, and "a future
// release" gives none.
func TestFuturePointNeedsTheSentence(t *testing.T) {
	notes := generate.ContextSource{Label: "S1", Text: "The --haze option of the lighthouse beacon is deprecated and will be removed in a future release.",
		Source: retrieve.Source{Relevance: 0.9, Chunk: store.Chunk{Title: "Beacon 4.1 release notes", Heading: []string{"Beacon 4.1 release notes", "Deprecations"}}}}
	runSupportCases(t, []supportCase{
		{"a future release, the title's version", "In which future Beacon release will the --haze option of the lighthouse beacon be removed?",
			&generate.Prompt{Sources: []generate.ContextSource{notes}}, false},
		{"the version stated", "In which future Beacon release will the --haze option of the lighthouse beacon be removed?",
			prompt("The --haze option of the lighthouse beacon is deprecated and will be removed in Beacon 5.0."), true},
		// What went before, or a version far from what is to come, says
		// nothing of when it will go.
		{"a removal that happened", "In which Beacon release will the lighthouse beacon 11 2012 lamp driver be removed?",
			prompt("The lighthouse beacon 10 2010 lamp driver has been removed. The lighthouse beacon 11 2012 lamp driver is deprecated and will be removed in a future release."), false},
		{"a version far from the future", "In which Beacon release will the --haze option of the lighthouse beacon be removed?",
			prompt("The --haze option of the lighthouse beacon will still work with lamps that were built for the older Beacon 3.2 and Beacon 3.4 towers."), false},
	})
}

// A sentence whose point in time is the change note before it is answered
// with the note first: the answer says when.
func TestPointInTimeNoteIsQuoted(t *testing.T) {
	got := answerTo(t, "In which Beacon version was the fog mode of the lighthouse beacon introduced?",
		prompt("# Fog mode\n\nNew in version 4.1.\n\nFog mode makes the lighthouse beacon dim its lamp when visibility drops."))
	require.True(t, strings.HasPrefix(got, "New in version 4.1."), got)
}

// A title naming the product's generation ("The lamp interface to Beacon
// Version 2") dates none of the sentences under it: "From which version
// …?" is answered by the sentence that states one, not by a sentence of
// that document sharing the question's other words.
func TestGenerationTitleIsNoRelease(t *testing.T) {
	old := generate.ContextSource{Label: "S1", Text: "If something goes wrong the beacon can reject the value and return another value to indicate the type of error.",
		Source: retrieve.Source{Relevance: 0.9, Chunk: store.Chunk{Title: "The lamp interface to Beacon Version 2", Heading: []string{"The lamp interface to Beacon Version 2", "Error codes"}}}}
	strict := generate.ContextSource{Label: "S2", Text: "For those users, the beacon supports a strict mode that rejects values of the wrong type, as of version 4.1.0, enabled separately for each tower.",
		Source: retrieve.Source{Relevance: 0.8, Chunk: store.Chunk{Title: "Strict lamps"}}}
	q := "From which version can I make a beacon reject values of the wrong type?"
	runSupportCases(t, []supportCase{
		{"only the generation's title", q, &generate.Prompt{Sources: []generate.ContextSource{old}}, false},
	})
	got := answerTo(t, q, &generate.Prompt{Sources: []generate.ContextSource{old, strict}})
	require.Contains(t, got, "4.1.0", "the sentence stating the version is quoted")
}

// A numbered heading ("3.1.2. Lamp codes") is a place in the manual, not
// a release: the sentences under it state no version.
func TestSectionNumberIsNoRelease(t *testing.T) {
	numbered := generate.ContextSource{Label: "S1", Text: "If something goes wrong the beacon can reject the value and return another value to indicate the type of error.",
		Source: retrieve.Source{Relevance: 0.9, Chunk: store.Chunk{Title: "Beacon lamps", Heading: []string{"Beacon lamps", "3. The lamp interface", "3.1.2. Lamp codes"}}}}
	runSupportCases(t, []supportCase{
		{"a numbered heading", "From which version can I make a beacon reject values of the wrong type?",
			&generate.Prompt{Sources: []generate.ContextSource{numbered}}, false},
	})
}

// A question asking since when for something it names as code ("beamx()",
// "BEAM_MODE", "beam.flash") is answered by a sentence about that thing: a
// release note under a title that gives a version, sharing the question's
// other words, says when something else came.
func TestPointInTimeOfTheNamedThing(t *testing.T) {
	release := generate.ContextSource{Label: "S1", Text: "Enhance recursive beacon schedules instead of flat ones, since this helps write tower plans faster.",
		Source: retrieve.Source{Relevance: 0.9, Chunk: store.Chunk{Title: "Beacon release 4.1.0", Heading: []string{"Beacon release 4.1.0"}}}}
	reference := generate.ContextSource{Label: "S2", Text: "The beamx() function and the BEAM_MODE setting light tower X with the beam() pattern.",
		Source: retrieve.Source{Relevance: 0.8, Chunk: store.Chunk{Title: "Beacon functions"}}}
	for _, q := range []string{
		"Since which version can I write beamx() instead of beam()?",
		"Since which version can I write BEAM_MODE instead of the mode flag?",
	} {
		runSupportCases(t, []supportCase{
			{"a release note on another thing", q, &generate.Prompt{Sources: []generate.ContextSource{release, reference}}, false},
		})
	}
	entry := generate.ContextSource{Label: "S2", Text: "\"beamx()\" is an alias for \"beam()\" beginning with version 4.1.",
		Source: retrieve.Source{Relevance: 0.8, Chunk: store.Chunk{Title: "Beacon functions"}}}
	got := answerTo(t, "Since which version can I write beamx() instead of beam()?", &generate.Prompt{Sources: []generate.ContextSource{release, entry}})
	require.True(t, strings.HasPrefix(got, "\"beamx()\" is an alias"), got)
}
