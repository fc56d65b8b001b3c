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

// The name may stand earlier in the figure's section: a section says what
// it is about once, and its later sentences give the figures.
func TestAmountNamesItsSubjectInItsSection(t *testing.T) {
	section := "# Limiting archived batches\n\nThe batch_limit parameter to archive() limits the number of batches that can be archived from REMOTE data. " +
		"It protects the archive against exhaustion by forged uploads. Pass it as a keyword argument. When batch_limit is None, archive() takes at most 4000 batches."
	runSupportCases(t, []supportCase{
		{"name earlier in the section", "If batch_limit isn't given, how many batches at most can archive() take from REMOTE data?",
			prompt(section), true},
		{"name only in another section", "If batch_limit isn't given, how many batches at most can archive() take from REMOTE data?",
			prompt("# Remote sources\n\nREMOTE data is read over the network.\n\n# Limits\n\nThe batch_limit parameter caps archived batches. When batch_limit is None, archive() takes at most 4000 batches."), false},
	})
}

// A property box names its module in any of its rows: the module row
// follows the default row it is about.
func TestAmountNamesItsSubjectInItsBox(t *testing.T) {
	box := func(module string) string {
		return "Description: | Maximum caption length\nSyntax: | CaptionMaxLength characters\nDefault: | CaptionMaxLength 80 characters\nContext: | server config\nModule: | " + module
	}
	runSupportCases(t, []supportCase{
		{"module in a later row", "How many characters can a caption have at most with mod_caption?",
			prompt(box("mod_caption"), "mod_caption writes captions under pictures."), true},
		{"another module's box", "How many characters can a caption have at most with mod_caption?",
			prompt(box("mod_legend"), "mod_caption writes captions under pictures."), false},
	})
}
