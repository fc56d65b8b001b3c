package extractive_test

import "testing"

// A question may ask for a default in other words ("unless told
// otherwise", "out of the box"); the default that follows the topical
// sentence answers it as it answers "by default". The same question
// without such words is still declined, and so is a default phrase with
// no default given.
func TestDefaultAskedInOtherWords(t *testing.T) {
	depot := "The depot sets a maximum stacking depth for parcel crates to stop the stacker before crates fall. Previously it was fixed when the depot was built. The default value is 12."
	runSupportCases(t, []supportCase{
		{"unless told otherwise", "How deep can parcel crates stack before the depot stops the stacker, unless told otherwise?",
			prompt(depot), true},
		{"unless I say otherwise", "How many parcel crates can the stacker stack in depth unless I say otherwise?",
			prompt(depot), true},
		{"out of the box", "How deep can parcel crates stack out of the box before the depot stops the stacker?",
			prompt(depot), true},
		{"no default asked for", "How deep can parcel crates stack before the depot stops the stacker?",
			prompt(depot), false},
		{"default asked, none given", "How deep can parcel crates stack before the depot stops the stacker, unless told otherwise?",
			prompt("The depot sets a maximum stacking depth for parcel crates to stop the stacker before crates fall. Previously it was fixed when the depot was built."), false},
	})
}
