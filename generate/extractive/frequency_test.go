package extractive_test

import "testing"

// A question asking how often or how many times something happens is
// answered by a sentence saying so in words ("once", "twice", "three
// times"), not only by a figure or a unit of time; "once" opening a clause
// and "How many times faster" (a ratio) are no frequency.
func TestFrequencyInWords(t *testing.T) {
	runSupportCases(t, []supportCase{
		{
			"once answers how many times",
			"How many times does the kiln firing script run for one batch of pottery?",
			prompt("The kiln firing script runs once for each batch of pottery, after the last piece is loaded."),
			true,
		},
		{
			"once opening a clause is no count",
			"How many times does the kiln firing script run for one batch of pottery?",
			prompt("Once the last piece of pottery in the batch is loaded, the kiln firing script runs and heats the chamber."),
			false,
		},
		{
			"at once means together",
			"How many times does the kiln firing script run for one batch of pottery?",
			prompt("The kiln firing script heats all pieces of the pottery batch at once."),
			false,
		},
		{
			"twice answers how often",
			"How often does the kiln firing script check the pottery temperature?",
			prompt("The kiln firing script checks the pottery temperature twice during every firing."),
			true,
		},
		{
			"a ratio is not a frequency",
			"How many times faster does the kiln fire pottery on the turbo setting?",
			prompt("The kiln fires pottery once on the turbo setting, then cools it."),
			false,
		},
	})
}
