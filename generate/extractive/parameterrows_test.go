package extractive_test

import "testing"

// An API entry lists its parameters, one row each, before its description.
// A default on one parameter's row ("- exclusive <boolean> Default:
// false") is that parameter's: it does not answer for the row before it,
// and the row before it does not name the parameter it belongs to. Nor is
// a parameter row what the entry is about: the description after the rows
// is.
func TestParameterRowsKeepTheirDefaults(t *testing.T) {
	entry := func(backlog string) string {
		return "kiln.fire([shelf[, heat[, backlog]]][, callback])\n\n" +
			"- backlog <number> Common parameter of kiln.fire() functions." + backlog + "\n" +
			"- exclusive <boolean> Default: false\n" +
			"- shelf <number> The shelf to fire.\n" +
			"- callback <Function>\n\n" +
			"Start firing the kiln on the given shelf and heat."
	}
	runSupportCases(t, []supportCase{
		{"next row's default", "What is the default backlog of kiln.fire()?", prompt(entry("")), false},
		{"own row's default", "What is the default backlog of kiln.fire()?", prompt(entry(" Default: 511")), true},
	})
}
