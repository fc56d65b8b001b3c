package validate_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/validate"
)

// A scale word the source uses elsewhere ("highest", "maximum" about
// another thing) must not lend itself to a clause as if it named the
// source's subject: the flipped claim stays unsupported.
func TestScaleWordFromAnotherSentence(t *testing.T) {
	src := []retrieve.Source{{Chunk: store.Chunk{Title: "Kestrel HRV-300 installation", Text: "# Kestrel HRV-300 installation\n\n## Mounting\n\n" +
		"Installation requires a qualified electrician. The minimum distance between the unit and the ceiling is 300 millimetres.\n\n" +
		"## Ducts\n\nThe maximum duct length per run is 8 metres.\n\n## Electrical\n\nThe unit draws 65 watts at its highest fan speed."}}}
	cases := map[string]bool{
		"The maximum distance between the unit and the ceiling is 300 millimetres [S1].": false,
		"The minimum distance between the unit and the ceiling is 300 millimetres [S1].": true,
		"The minimum duct length per run is 8 metres [S1].":                              false,
		"At its highest fan speed the unit draws 65 watts [S1].":                         true,
	}
	requireSupported(t, src, cases)
}

// Underscores and asterisks inside identifiers are text, not Markdown
// emphasis: a verbatim quote naming reader__size stays supported.
func TestIdentifierUnderscoresAreText(t *testing.T) {
	src := []retrieve.Source{{Chunk: store.Chunk{Text: "Assembly can refer to the size of this struct as reader__size and the offsets of the two fields as reader_buf and reader_r."}}}
	for _, answer := range []string{
		"Assembly can refer to the size of this struct as reader__size and the offsets of the two fields as reader_buf and reader_r. [S1]",
		"Assembly can refer to the size of this struct as **reader__size** [S1].",
	} {
		rep, err := validate.New(validate.Options{}).Validate(context.Background(), answer, src)
		require.NoError(t, err)
		require.Len(t, rep.Sentences, 1)
		require.True(t, rep.Sentences[0].Supported, "%s: %+v", answer, rep.Sentences[0].Failures)
	}
	rep, err := validate.New(validate.Options{}).Validate(context.Background(), "Assembly can refer to the size of this struct as reader__len [S1].", src)
	require.NoError(t, err)
	require.False(t, rep.Sentences[0].Supported)
}

// A clause with no words of its own ("For Go 1.23,") modifies its sentence:
// its number is bound at sentence level, so the verbatim quote stands,
// while the same number moved into another sentence's claim still fails.
func TestNumberInModifierClause(t *testing.T) {
	src := []retrieve.Source{{Chunk: store.Chunk{Text: "Go 1.22 changed the default of winsymlink. " +
		"For Go 1.23, it defaults to winreadlinkvolume=1. The setting gotypesalias appeared in Go 1.22."}}}
	cases := map[string]bool{
		"For Go 1.23, it defaults to winreadlinkvolume=1 [S1].": true,
		"The setting gotypesalias appeared in Go 1.23 [S1].":    false,
		"For Go 1.22, it defaults to winreadlinkvolume=1 [S1].": false,
		"Go 1.22 changed the default of winsymlink [S1].":       true,
	}
	requireSupported(t, src, cases)
}

// A supported sentence reports the cited source sentence each clause
// matched; an unsupported one reports none.
func TestSupportSpans(t *testing.T) {
	text := "Replace the shaft seal every 1,800 hours. The pump delivers 47 litres per minute. Check the oil level weekly."
	src := []retrieve.Source{{Chunk: store.Chunk{Text: "Intro."}}, {Chunk: store.Chunk{Text: text}}}
	rep, err := validate.New(validate.Options{}).Validate(context.Background(),
		"The pump delivers 47 litres per minute [S2]. The pump delivers 90 litres per minute [S2].", src)
	require.NoError(t, err)
	require.Len(t, rep.Sentences, 2)
	require.True(t, rep.Sentences[0].Supported)
	require.Len(t, rep.Sentences[0].Support, 1)
	sp := rep.Sentences[0].Support[0]
	require.Equal(t, 1, sp.Source)
	require.Equal(t, "The pump delivers 47 litres per minute.", text[sp.Start:sp.End])
	require.False(t, rep.Sentences[1].Supported)
	require.Empty(t, rep.Sentences[1].Support)
}

// A noun in "-er" is not the verb of a synonym group the stemmer takes it
// back to: the heat "exchanger" neither states "replace" (exchange's
// group) nor lends that word to a flipped claim beside it.
func TestAgentNounIsNoSynonymOfItsVerb(t *testing.T) {
	src := []retrieve.Source{{Chunk: store.Chunk{Text: "# Maintenance\n\nReplace the G4 filters every 6 months. " +
		"Do not wash the G4 filters: cleaning lets dust through to the heat exchanger core. " +
		"The seal sits in the heat exchanger."}}}
	cases := map[string]bool{
		"Do not replace the G4 filters every 6 months [S1].": false,
		"Replace the seal [S1].":                             false,
		"Replace the heat exchanger core [S1].":              false,
		"Change the G4 filters every 6 months [S1].":         true,
		"The seal sits in the heat exchanger [S1].":          true,
		"The seal is in the heat exchangers [S1].":           true,
	}
	requireSupported(t, src, cases)
}

// A negation added to a short claim is compared with the sentence it
// restates, not with any sentence sharing its few terms: "The default
// value is not 1" shares "default" and "value" with the sentence about
// clauses not supplied, which holds a negation of its own.
func TestNegationAddedToShortClaim(t *testing.T) {
	src := []retrieve.Source{{Chunk: store.Chunk{Text: "The default value is 1. " +
		"If this clause is not supplied, default values will be used. " +
		"A transaction never conflicts with itself. " +
		"Two transactions can hold conflicting modes on different tables."}}}
	cases := map[string]bool{
		"The default value is not 1 [S1].":                                         false,
		"A transaction conflicts with itself [S1].":                                false,
		"The default value is 1 [S1].":                                             true,
		"If this clause is not supplied, default values will be used [S1].":        true,
		"A transaction never conflicts with itself [S1].":                          true,
		"Two transactions can hold conflicting modes on different tables [S1].":    true,
		"Two transactions cannot hold conflicting modes on different tables [S1].": false,
	}
	requireSupported(t, src, cases)
}

// A negation reaches to the next semicolon, not past it: a source stating
// one thing and denying another in two halves of a sentence lends its
// cue only to claims restating the denied half, though the other half
// shares a word with it ("filter").
func TestNegationStopsAtSemicolon(t *testing.T) {
	src := []retrieve.Source{{Chunk: store.Chunk{Text: "# Filter alarm\n\n" +
		"The filter alarm is triggered by a timer that counts 180 days of operation; it does not measure the actual pressure drop across the filter. " +
		"It is not true that the kiln pump is safe to open while it runs."}}}
	cases := map[string]bool{
		"The filter alarm does not count 180 days of operation [S1].":                                                                                      false,
		"The filter alarm is triggered by a timer that counts 180 days of operation [S1].":                                                                 true,
		"The filter alarm does not measure the actual pressure drop [S1].":                                                                                 true,
		"The filter alarm measures the actual pressure drop [S1].":                                                                                         false,
		"The kiln pump is safe to open while it runs [S1].":                                                                                                false,
		"The filter alarm is triggered by a timer that counts 180 days of operation; it does not measure the actual pressure drop across the filter [S1].": true,
		"The filter alarm counts 180 days of operation [S1].":                                                                                              true,
	}
	requireSupported(t, src, cases)
}

// An action named in several sentences ("replace") may not lead a clause
// whose object is stated with another action: the manual replaces the
// filters and cleans the core, so it never says to replace the core. A
// subject the source is about still may ("The unit", named throughout).
func TestActionDoesNotLeadFromAnotherSentence(t *testing.T) {
	src := []retrieve.Source{{Chunk: store.Chunk{Text: "# Maintenance\n\n## Filter replacement\n\n" +
		"Replace the G4 filters every 6 months. To replace the filters, open the front cover of the unit.\n\n" +
		"## Heat exchanger core\n\nClean the heat exchanger core once a year. The unit runs quietly at fan speed 2."}}}
	cases := map[string]bool{
		"Replace the heat exchanger core [S1].":                false,
		"Replace the heat exchanger core every 6 months [S1].": false,
		"You should replace the heat exchanger core [S1].":     false,
		"Clean the heat exchanger core once a year [S1].":      true,
		"Replace the G4 filters every 6 months [S1].":          true,
		"The unit runs quietly at fan speed 2 [S1].":           true,
	}
	requireSupported(t, src, cases)
}

// A full stop the sentence splitter passed over, because the next
// sentence opens in lower case (a command or identifier), still ends a
// negation's reach: the claim is compared with the sentence it restates.
func TestNegationStopsAtInnerFullStop(t *testing.T) {
	src := []retrieve.Source{{Chunk: store.Chunk{Text: "# Counters\n\n" +
		"The unit counts operating hours. mains power loss does not reset the counter.\n\n" +
		"These settings can be role-specific, database-specific, or both. role-pattern selects the roles. " +
		"If omitted, all settings are listed, including those not role-specific or database-specific."}}}
	cases := map[string]bool{
		"The unit does not count operating hours [S1].":                         false,
		"The unit counts operating hours [S1].":                                 true,
		"Mains power loss does not reset the counter [S1].":                     true,
		"These settings can be role-specific, database-specific, or both [S1].": true,
	}
	requireSupported(t, src, cases)
}

// A quantity stays with what its own part of the source sentence states
// it about: the unit's 5 years are not the control panel's, the extract
// air's 24 °C not the outdoor air's; and two quantities a claim joins
// must be stated together ("Speed 2 is 60 m3/h" joins speed 1's flow to
// speed 2's name).
func TestQuantityStaysWithItsSubject(t *testing.T) {
	src := []retrieve.Source{{Chunk: store.Chunk{Text: "# Kestrel HX-200\n\n" +
		"The HX-200 carries a warranty of 5 years on the unit and 2 years on the control panel. " +
		"The bypass opens when the extract air is warmer than 24 °C and the outdoor air is at least 2 °C cooler than the extract air. " +
		"Speed 1 (60 m3/h) is intended for an empty home. Speed 2 (150 m3/h) is the normal setting for daily use."}}}
	cases := map[string]bool{
		"The HX-200 carries a warranty of 5 years on the control panel [S1].": false,
		"The HX-200 carries a warranty of 5 years on the unit [S1].":          true,
		"The control panel has a warranty of 2 years [S1].":                   true,
		"The bypass opens when the outdoor air is warmer than 24 °C [S1].":    false,
		"The bypass opens when the extract air is warmer than 24 °C [S1].":    true,
		"Speed 2 is 60 m3/h [S1].":                                            false,
		"Speed 2 is 150 m3/h [S1].":                                           true,
		"Speed 1 is 60 m3/h [S1].":                                            true,
	}
	requireSupported(t, src, cases)
}

// A comma inside round brackets splits no clause: "Speed 4 (boost, 250
// m3/h) runs for 30 minutes" states its three quantities together, so a
// faithful reordering keeps them, and a swapped one is still caught.
func TestAsideInBracketsIsOneClause(t *testing.T) {
	src := []retrieve.Source{{Chunk: store.Chunk{Text: "# Fan speeds\n\n" +
		"The control panel offers four fan speeds. Speed 3 (210 m3/h) is used for cooking. " +
		"Speed 4 (boost, 250 m3/h) runs for 30 minutes and then returns to the previous speed."}}}
	cases := map[string]bool{
		"Speed 4 runs at 250 m3/h for 30 minutes [S1].":       true,
		"Speed 4 runs for 30 minutes at 250 m3/h [S1].":       true,
		"Speed 4 runs for 60 minutes [S1].":                   false,
		"Speed 3 runs at 250 m3/h [S1].":                      false,
		"Speed 4 (boost, 210 m3/h) runs for 30 minutes [S1].": false,
	}
	requireSupported(t, src, cases)
}

// A negation does not reach past "but", and a sentence with semicolons is
// ranked by what its restated parts say beyond a claim: neither lends its
// cue to a flipped claim about another sentence or the other half.
func TestNegationStopsAtContrast(t *testing.T) {
	src := []retrieve.Source{{Chunk: store.Chunk{Text: "# Threads\n\n" +
		"Asynchronous system APIs are used by Node.js whenever possible, but where they do not exist, the threadpool is used. " +
		"This function will kill the worker. In a worker, process.kill() exists, but it is not this function; it is kill()."}}}
	cases := map[string]bool{
		"Asynchronous system APIs are not used by Node.js whenever possible [S1].":  false,
		"Asynchronous system APIs are used by Node.js whenever possible [S1].":      true,
		"Where asynchronous system APIs do not exist, the threadpool is used [S1].": true,
		"This function will not kill the worker [S1].":                              false,
		"This function will kill the worker [S1].":                                  true,
	}
	requireSupported(t, src, cases)
}

// A clause that says how it follows the one before ("and then …",
// "starting from …", "because …") must be supported near that clause's
// sentence: words the source states together in another section do not
// state the relation.
func TestRelationClauseNeedsNearbySupport(t *testing.T) {
	src := []retrieve.Source{{Chunk: store.Chunk{Text: "# Vireo HX-200\n\n## Fan speeds\n\n" +
		"Speed 4 (boost, 250 m3/h) runs for 30 minutes and then returns to the previous speed.\n\n" +
		"## Filter replacement\n\nReplace the G4 filters every 6 months. The filter alarm counts 180 days of operation. " +
		"To replace the filters: 1. Switch the unit off at the control panel. 2. Open the front cover. " +
		"3. Insert new filters. 4. Close the cover and reset the filter alarm by holding the MENU button for 5 seconds.\n\n" +
		"## Warranty\n\nThe warranty lasts 5 years, starting from the date of installation."}}}
	cases := map[string]bool{
		"Speed 4 runs for 30 minutes and then switches the unit off [S1].":                                                  false,
		"Replace the G4 filters every 6 months, starting from the date of installation [S1].":                               false,
		"Speed 4 runs for 30 minutes and then returns to the previous speed [S1].":                                          true,
		"Switch the unit off at the control panel, then open the front cover [S1].":                                         true,
		"Replace the G4 filters every 6 months, then reset the filter alarm by holding the MENU button for 5 seconds [S1].": true,
	}
	requireSupported(t, src, cases)
}

// requireSupported validates each one-sentence answer of cases against src
// and requires the verdict it maps to.
func requireSupported(t *testing.T, src []retrieve.Source, cases map[string]bool) {
	t.Helper()
	for answer, want := range cases {
		rep, err := validate.New(validate.Options{}).Validate(context.Background(), answer, src)
		require.NoError(t, err)
		require.Len(t, rep.Sentences, 1, answer)
		require.Equal(t, want, rep.Sentences[0].Supported, "%s: %+v", answer, rep.Sentences[0].Failures)
	}
}

// A part whose terms a claim holds only because the whole sentence shares
// them (pg_dump, database) lends the claim no negation, while a quote of
// every part still matches every cue.
func TestNegationOfASharedSubjectPart(t *testing.T) {
	src := []retrieve.Source{{Chunk: store.Chunk{Text: "# pg_dump\n\n" +
		"Dumps created by pg_dump are internally consistent, meaning, the dump represents a snapshot of the database at the time pg_dump began running. " +
		"pg_dump does not block other operations on the database while it is working.\n\n" +
		"We want to have a default vhost for port 80, but no other default vhosts."}}}
	requireSupported(t, src, map[string]bool{
		"Dumps created by pg_dump are internally consistent, meaning, the dump represents a snapshot of the database at the time pg_dump began running [S1].":     true,
		"Dumps created by pg_dump are not internally consistent, meaning, the dump represents a snapshot of the database at the time pg_dump began running [S1].": false,
		"pg_dump does not block other operations on the database while it is working [S1].":                                                                       true,
		"We want to have a default vhost for port 80, but no other default vhosts [S1].":                                                                          true,
	})
}
