package extractive_test

import "testing"

// A sentence, or the heading it stands under, that names a thing by a
// camelCase identifier holds the words the identifier is made of: a
// question about "the retry delay" is answered under "uploadRetryDelay".
// The parts are the identifier's own words only: a sentence naming
// another identifier ("uploadChunkSize") holds none of the asked words.
func TestIdentifierPartsAreWords(t *testing.T) {
	const q = "Why does the tape uploader keep a retry delay?"
	runSupportCases(t, []supportCase{
		{"camelCase heading", q, weakPrompt("## uploadRetryDelay\n\nThe tape uploader waits between attempts so that a busy archive can recover."), true},
		{"camelCase in the sentence", q, weakPrompt("The tape uploader honours uploadRetryDelay between attempts so that a busy archive can recover."), true},
		{"another identifier", q, weakPrompt("## uploadChunkSize\n\nThe tape uploader sends blocks so that a busy archive can recover."), false},
	})
}

// A phrasal verb written as two parts of an identifier ("setUpShelf",
// "tearDownShelf") is the noun a question writes in one ("setup",
// "teardown"); other adjacent parts are not joined into a word, so
// "VirtualKilnAlias" does not name "kilnalias".
func TestIdentifierPhrasalVerbIsOneWord(t *testing.T) {
	runSupportCases(t, []supportCase{
		{"phrasal verb", "Does a skipped shelf still get its setup and teardown?",
			weakPrompt("Skipped shelves will not have setUpShelf() or tearDownShelf() run."), true},
		{"other parts", "What does kilnalias map for a shelf?",
			weakPrompt("The VirtualKilnAlias directive maps a shelf for the tower."), false},
	})
}
