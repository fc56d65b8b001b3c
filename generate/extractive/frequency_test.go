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

// Asked how many times something happens, "time" in a phrase that counts
// nothing ("at a time", "at the same time", "compile time") is no answer;
// a count of times is.
func TestTimesNotInIdioms(t *testing.T) {
	q := "How many times does the kiln retry a firing automatically if the power drops?"
	runSupportCases(t, []supportCase{
		{"at a time", q, prompt("When the power drops, the kiln now reloads 20 firing programs at a time instead of 5."), false},
		{"at the same time", q, prompt("When the power drops, the kiln stops 3 firing zones at the same time."), false},
		{"a count of times", q, prompt("When the power drops, the kiln retries the firing automatically 3 times."), true},
		{"each time, with its number", q, prompt("When the power drops, the kiln retries the firing automatically up to 2 times, waiting a minute each time."), true},
	})
}
