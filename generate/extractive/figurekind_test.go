package extractive_test

import "testing"

// The figure must be of the kind the question asks for (figurekind.go):
// each declined case is on topic and holds a figure of another kind; each
// answered case states the asked figure in its own words.
func TestFigureOfTheAskedKind(t *testing.T) {
	runSupportCases(t, []supportCase{
		{"share asked, count given", "What percentage of the irrigation valves are made of brass?",
			prompt("The irrigation kit ships valves in 2 sizes: valves made of brass and valves made of plastic."), false},
		{"share asked, share given", "What percentage of the irrigation valves are made of brass?",
			prompt("About 40 % of the irrigation valves are made of brass."), true},
		{"share asked, share in words", "What fraction of the irrigation valves are made of brass?",
			prompt("Half of the irrigation valves are made of brass, the rest of plastic."), true},

		{"duration asked, count of another thing", "How long may a sprinkler zone run before the controller stops it?",
			prompt("A sprinkler zone controller offers three groups of settings: one to run the zone, one to stop it and one to report."), false},
		{"duration asked, a figure with no unit", "How long does the garden controller take to show a new schedule on its screen?",
			prompt("Give the schedule a name of a word or two, because it will appear on the controller screen."), false},
		{"duration asked, duration in digits", "How long may a sprinkler zone run before the controller stops it?",
			prompt("The controller stops a sprinkler zone that has run for 90 minutes."), true},
		{"duration asked, unit glued on", "How long may a sprinkler zone run before the controller stops it?",
			prompt("A sprinkler zone may run at most 90min (the default) before the controller stops it."), true},
		{"duration asked in a unit, the unit without a value", "How long does a sprinkler zone pause between runs, in milliseconds?",
			prompt("sprinklerctl pause(ms)\n\nInsert an ms millisecond pause between the runs of a sprinkler zone."), false},
		{"duration asked in a unit, a count of times", "How long does a sprinkler zone pause between runs, in milliseconds?",
			prompt("A sprinkler zone only pauses between runs when the valve has been opened 10 times and 25% of the water is used."), false},
		{"duration asked in a unit, a value", "How long does a sprinkler zone pause between runs, in milliseconds?",
			prompt("A sprinkler zone pauses 250 milliseconds between runs."), true},
		{"length asked, in metres", "How long may the hose to a sprinkler zone be?",
			prompt("The hose to a sprinkler zone may be at most 25 m long."), true},
		{"length asked, length given", "How long can a sprinkler zone name be?",
			prompt("A sprinkler zone name can be at most 32 characters long."), true},
		{"maximum length of a name, a count of zones", "What is the maximum length of a sprinkler zone name?",
			prompt("--active-zones=<n>\n\nMaximum number of sprinkler zones to keep active at once. Default is 5."), false},
		{"maximum length of a name, a length", "What is the maximum length of a sprinkler zone name?",
			prompt("The maximum length of a sprinkler zone name is 32 characters."), true},

		{"count of a sibling", "What is the largest number of sprinkler zones one garden controller can drive?",
			prompt("We limit the sprinkler zones per garden controller, since a controller switching 40 valves at once would draw too much current."), false},
		{"count of the asked thing", "What is the largest number of sprinkler zones one garden controller can drive?",
			prompt("One garden controller can drive up to 16 sprinkler zones."), true},
		{"count with no word after it", "What is the largest number of sprinkler zones one garden controller can drive?",
			prompt("The limit of sprinkler zones a garden controller can drive is 16."), true},

		{"a manual page's section", "How many kiln profiles can point at the same firing?",
			prompt("The only other kind of kiln record is a profile, which can point at a firing; refer to kiln-profile(1) for details."), false},
		{"a version and an ordinal", "How many kiln profiles can point at the same firing?",
			prompt("It describes such a firing as v1.2-0-gdeadbee, the 0th firing since kiln profile v1.2 that points at it."), false},
		{"a count beside a manual page's section", "How many kiln profiles can point at the same firing?",
			prompt("Up to 12 kiln profiles can point at the same firing; refer to kiln-profile(1) for details."), true},

		{"no bound, asked what is", "How many sprinkler schedules are stored on the garden server in total?",
			prompt("There is no limit to the number of sprinkler schedules versions you can upload to the garden server."), false},
		{"no bound, asked what may be", "How many sprinkler schedules can the garden server store?",
			prompt("There is no limit to the number of sprinkler schedules the garden server can store."), true},

		{"figure in a listing only", "How many sprinkler zones does the garden controller report?",
			prompt("```\n$ sprinklerctl status\n  Reporting garden controller\n  Found 6 sprinkler zones, 1.2KiB log\n```"), false},
		{"figure in prose under a listing", "How many sprinkler zones does the garden controller report?",
			prompt("```\n$ sprinklerctl status\n```\n\nThe garden controller reports 6 sprinkler zones."), true},
	})
}

// A question asking for a share in any form is answered only by a share;
// a count whose sentence says it counts something else ("the number of
// pages") gives no number of what is asked.
func TestShareAndSiblingCount(t *testing.T) {
	runSupportCases(t, []supportCase{
		{"share in percent, none stated", "What is the water saving of the drip kit in percent?",
			prompt("The drip kit runs on 24 V and waters at most 12 beds at full pressure."), false},
		{"share in percent, stated", "What is the water saving of the drip kit in percent?",
			prompt("The drip kit saves about 30 % of the water a sprinkler uses."), true},
		{"count of a sibling named by number of", "What is the maximum number of drip lines allowed on one valve?",
			prompt("The maximum number of outlets is MAX_OUTLETS_PER_VALVE, which defaults to 500."), false},
		{"count of the asked thing named by number of", "What is the maximum number of drip lines allowed on one valve?",
			prompt("The maximum number of drip lines on one valve is 8."), true},
	})
}

// A measure is answered in units, whatever they are; only a count of
// things is refused a figure before another noun.
func TestMeasureInAnyUnit(t *testing.T) {
	runSupportCases(t, []supportCase{
		{"measure in an unlisted unit", "How much water primes the drip pump?",
			prompt("Prime the drip pump with 2 litres of water before the first start."), true},
		{"count before another noun", "How many drip pumps can one controller drive?",
			prompt("One controller can drive drip pumps from 3 vendors."), false},
	})
}
