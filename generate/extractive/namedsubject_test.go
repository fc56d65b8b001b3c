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

// A capitalised name in an amount question is its subject unless most
// sources mention it: then it is the collection's own product, which the
// answering sentence need not repeat.
func TestAmountNamesItsProperSubject(t *testing.T) {
	runSupportCases(t, []supportCase{
		{"figure on a sibling of the named tool", "How many lines can a recipe have before Linty warns that it is too long?",
			prompt("Write the recipe step in one line when it is short.", "Linty checks recipes for style.", "Recipes are stored as text files."), false},
		{"figure on the named tool", "How many lines can a recipe have before Linty warns that it is too long?",
			prompt("Linty warns about any recipe longer than 200 lines.", "Recipes are stored as text files.", "Recipes may hold comments."), true},
		{"product name most sources mention", "How many steps can a Kitchenware recipe have?",
			prompt("A recipe can have at most 64 steps.", "Kitchenware stores recipes as text files.", "Kitchenware recipes may hold comments."), true},
	})
}
