package extractive_test

import "testing"

// An amount or extent question that writes its subject as code is
// answered only by a sentence about that subject (namedsubject.go); units
// written in capitals and hyphenated words are no names.
func TestAmountNamesItsSubject(t *testing.T) {
	runSupportCases(t, []supportCase{
		{"figure on a sibling", "How long does REINDEX take on a 20 GB archive?",
			prompt("A full scan of a 2 GB archive takes around 40 seconds on a laptop."), false},
		{"figure on the named thing", "How long does REINDEX take on a 20 GB archive?",
			prompt("REINDEX of a 20 GB archive takes around 40 seconds on a laptop."), true},
		{"name in the heading", "How many retries does fetch_remote() make?",
			prompt("# fetch_remote()\n\nIt makes 3 retries before it reports the remote as gone."), true},
		{"unit is no name", "How many seconds does a 2 GB archive scan take?",
			prompt("A scan of a 2 GB archive takes 40 seconds."), true},
		{"hyphenated word is no option", "How much slower does single-threaded archive code get?",
			prompt("Archive code got at least 30% slower when run single threaded."), true},
	})
}
