package textutil

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestIsHeadingLine(t *testing.T) {
	for _, tt := range []struct {
		name, text, line string
		want             bool
	}{
		{"title over prose", "Kiln Settings\n\nThe kiln heats slowly.", "Kiln Settings", true},
		{"definition term", "--dry-glaze\n\nSkip the glaze firing.", "--dry-glaze", true},
		{"markdown heading", "## Cooling the kiln after a long glaze firing of stoneware pots\n\nWait.", "## Cooling the kiln after a long glaze firing of stoneware pots", true},
		{"trailing spaces", "Kiln Settings  \n\nThe kiln heats slowly.", "Kiln Settings", true},
		{"section number cut off by the splitter", "Intro text.\n\n4.2. Cone Charts\n\nCones bend at set heat.", "Cone Charts", true},
		{"numbered title alone", "Intro text.\n\n7. Firing Schedules\n\nA schedule lists ramps.", "7. Firing Schedules", true},
		{"sentence", "The kiln heats slowly.\n\nMore.", "The kiln heats slowly.", false},
		{"colon lead-in", "Set these values:\n\n- a", "Set these values:", false},
		{"bullet item", "Intro.\n- open the lid\n- add pots", "- open the lid", false},
		{"numbered step among steps", "Steps\n\n1. Open the lid\n2. Load the pots", "1. Open the lid", false},
		{"shares its line with prose", "The kiln heats slowly. Kiln Settings\n\nMore.", "Kiln Settings", false},
		{"long unpunctuated description", "width\n\nMaximum length of wrapped lines in a glaze log file\n\nMore.", "Maximum length of wrapped lines in a glaze log file", false},
		{"signature", "fire_kiln(cone=6, hold=10, vent=None, ramp=120)\n\nFires the kiln.", "fire_kiln(cone=6, hold=10, vent=None, ramp=120)", false},
		{"code fence", "```\nkiln on\n```", "```", false},
		{"change note under a name", "kiln.vent\n\nAdded in: v8.0.0, v6.9.0\n\nOpens the vent.", "Added in: v8.0.0, v6.9.0", false},
		{"a web address on its own line", "See the cookbook for many ways:\n\nhttps://code.example.org/recipes/52560/\n\nThis converts the list into a set.", "https://code.example.org/recipes/52560/", false},
		{"manual page summary under NAME", "kiln-fire(1)\n\nNAME\n\nkiln-fire - Fire the loaded kiln\n\nSYNOPSIS", "kiln-fire - Fire the loaded kiln", false},
		{"reference page summary under its title", "KILNFIRE\n\nKILNFIRE — fire kilns\n\nSynopsis", "KILNFIRE — fire kilns", false},
		{"module page title in the summary form", "kiln.ramp — Heating schedules for kilns\n\nSource code: Lib/kiln/ramp.py", "kiln.ramp — Heating schedules for kilns", false},
		{"module page title as a later heading", "Intro text.\n\nkiln.ramp — Heating schedules for kilns\n\nMore.", "kiln.ramp — Heating schedules for kilns", true},
		{"dashed title under another heading", "Kilns\n\nkiln-fire - Fire the loaded kiln\n\nMore.", "kiln-fire - Fire the loaded kiln", true},
		{"stability note under a name", "--blaze\n\nStability: 1 - Experimental\n\nFires the kiln in blaze mode.", "Stability: 1 - Experimental", false},
		{"a field and its value", "kiln.fire(cone)\n\ncontext: init, task, action\n\nFires the kiln to the cone given.", "context: init, task, action", false},
		{"a field named in two words", "bereq.connect_timeout\n\nReadable from: vcl_pipe, backend\n\nThe time to wait for a kiln.", "Readable from: vcl_pipe, backend", false},
		{"a capitalised field", "kiln-clients\n\nBlocks: options\n\nTags: query\n\nSpecifies the most kilns fired at once.", "Tags: query", false},
		{"a command's forms stacked", "cap\n\nSee the cap module.\n\nfire [ -qs ] [ cone ]\nfire [ -qs ] old new\nfire [ -qs ] {+|-}n\n\nFire the kiln.", "fire [ -qs ] [ cone ]\nfire [ -qs ] old new\nfire [ -qs ] {+|-}n", true},
		{"two commands' lines", "Run these:\n\nfire [ -qs ] cone\nvent [ -a ] now\n\nThen wait.", "fire [ -qs ] cone\nvent [ -a ] now", false},
		{"a term's lower-case description", "KILNDIR\n\nfiring logs and cone charts (var/kiln)\n\nOn some systems this is lib/kiln.", "firing logs and cone charts (var/kiln)", false},
		{"an option's description in a manual page", "-t\n\nsort by cone, hottest first; see --cone\n\n-u", "sort by cone, hottest first; see --cone", false},
		{"an option's description under its spellings", "-n, --cone-sort\n\ncompare according to cone number\n\n-r, --reverse", "compare according to cone number", false},
		{"a lower-case heading under a title of several words", "Kiln Settings\n\nkiln-fire options\n\nMore.", "kiln-fire options", true},
		{"a conjunction between two code blocks", "```\nkiln fire\n```\n\nor\n\n```\nkiln fire --now\n```", "or", false},
		{"a stop word that names a tag", "Built-in tags\n\nfor\n\nLoops over each item in an array.", "for", true},
		{"a caption naming a file", "Listings\n\nFilename: src/main.rs\n\nThe kiln fires here.", "Filename: src/main.rs", true},
		{"a label before a title", "Map Types\n\nrnd: Randomized Plain Text\n\nThe map picks one value at random.", "rnd: Randomized Plain Text", true},
		{"a capitalised label in a title", "Intro text.\n\nStep 1: Load the kiln\n\nPut the pots in.", "Step 1: Load the kiln", true},
		{"a long call signature", "Intro text.\n\nkiln.register_firing(name, cones, func[, nb_args])\n\nRegisters a firing.", "kiln.register_firing(name, cones, func[, nb_args])", true},
		{"a phrase and its aside", "Intro text.\n\nauthor name (respecting .mailmap, see kiln-log(1) or kiln-blame(1))\n\nMore.", "author name (respecting .mailmap, see kiln-log(1) or kiln-blame(1))", false},
		{"a call in a line of prose", "Intro text.\n\nThen the potter calls open the kiln lid for the pots (slowly)\n\nMore.", "Then the potter calls open the kiln lid for the pots (slowly)", false},
		{"deprecation note", "kiln.vent\n\nDeprecated since: v12.0.0\n\nOpens the vent.", "Deprecated since: v12.0.0", false},
		{"stacked signatures of one entry", "Intro text.\n\nround(X)\nround(X,Y)\n\nThe round(X,Y) function returns X rounded to Y digits.", "round(X)\nround(X,Y)", true},
		{"stacked signatures with a kind", "Intro text.\n\nclass range(stop)\nclass range(start, stop[, step])\n\nRather than being a function, range is a type.", "class range(stop)\nclass range(start, stop[, step])", true},
		// Octave's manual names the outputs before each form.
		{"stacked signatures with outputs", "Intro text.\n\n: x = kiln (A)\n: [x, rcond] = kiln (A)\n: […] = firing (…)\n\nFire the kiln of the square matrix A.", ": x = kiln (A)\n: [x, rcond] = kiln (A)\n: […] = firing (…)", true},
		{"assignments are code", "Intro text.\n\nx = kiln.fire(A, cone=6)\ny = kiln.cool(x)\n\nThen the kiln cools.", "x = kiln.fire(A, cone=6)\ny = kiln.cool(x)", false},
		{"stacked signatures with default values", "Intro text.\n\n@kiln.cache(fire)\n@kiln.cache(maxsize=128, typed=False)\n\nDecorator to wrap a firing.", "@kiln.cache(fire)\n@kiln.cache(maxsize=128, typed=False)", false},
		{"lines of code", "Intro text.\n\nx = fire(6)\nvent(x)\n\nThen wait.", "x = fire(6)\nvent(x)", false},
		{"a signature over prose", "Intro text.\n\nround(X)\nRounds X to a whole number of cones\n\nMore.", "round(X)\nRounds X to a whole number of cones", false},
		{"an option whose argument repeats", "Intro text.\n\n-Kf\u00a0<kiln\u00a0id>\u00a0<kiln\u00a0id>\u00a0...\n\nFreezes each kiln listed.", "-Kf\u00a0<kiln\u00a0id>\u00a0<kiln\u00a0id>\u00a0...", true},
		{"a sentence ending in dots", "Intro text.\n\nThe kiln heats <slowly> ...\n\nMore.", "The kiln heats <slowly> ...", false},
		{"an option spelled on lines of its own", "Intro text.\n\n-b\n--branch\n\nShow the kiln's branch.", "-b\n--branch", true},
		{"names stacked on lines of their own", "Intro text.\n\nKILN_PACKAGE_SECTION\nKILN_<COMPONENT>_PACKAGE_SECTION\n\nSets the section.", "KILN_PACKAGE_SECTION\nKILN_<COMPONENT>_PACKAGE_SECTION", true},
		{"plain words stacked are no names", "Intro text.\n\nSection\nComponent section\n\nSets the section.", "Section\nComponent section", false},
		{"an option and its argument over another", "Intro text.\n\n-j jobs\n--jobs=jobs\n\nFire jobs pots at once.", "-j jobs\n--jobs=jobs", true},
		{"list items are no options", "Intro text.\n\n- kilns\n- glazes\n\nMore.", "- kilns\n- glazes", false},
		{"an option over its description", "Intro text.\n\n-t\nRun a test firing only.\n\nMore.", "-t\nRun a test firing only.", false},
		{"cell of a change table", "kiln.vent\n\nHistory\n\nVersion | Changes\nv9.1.0 |\n\nThe vent may stay open.\n\nOpens the vent.", "v9.1.0 |", false},
		{"header of a change table", "kiln.vent\n\nHistory\n\nVersion | Changes\nv9.1.0 |\n\nOpens the vent.", "Version | Changes", false},
		{"title of a change table", "kiln.vent\n\nHistory\n\nVersion | Changes\nv9.1.0 |\n\nOpens the vent.", "History", false},
		{"title over another table", "Glaze Cones\n\nCone | Heat\n6 | 1222\n\nCones bend.", "Glaze Cones", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			i := strings.LastIndex(tt.text, tt.line)
			require.GreaterOrEqual(t, i, 0)
			require.Equal(t, tt.want, IsHeadingLine(tt.text, Span{i, i + len(tt.line)}))
		})
	}
}

func TestCountWords(t *testing.T) {
	for _, s := range []string{"Kiln Settings", "don't fire 1,000 pots", "fire_kiln(cone=6, hold=10)", "e.g. 3.5 cones", "–– , ,", "naïve café crème"} {
		require.Equal(t, len(Words(s)), countWords(s), s)
	}
}

func TestIsQuestionLine(t *testing.T) {
	for _, tt := range []struct {
		name, text, line string
		want             bool
	}{
		{"faq title", "Intro.\n\nWhy does the kiln crack glazed pots?\n\nGlaze shrinks faster than clay.", "Why does the kiln crack glazed pots?", true},
		{"quoted", "Intro.\n\n“Why does the kiln crack pots?”\n\nGlaze shrinks.", "“Why does the kiln crack pots?”", true},
		{"inline rhetorical question", "The kiln cracked. Why does it crack? Glaze shrinks.", "Why does it crack?", false},
		{"statement", "Intro.\n\nThe kiln cracks glazed pots.\n\nMore.", "The kiln cracks glazed pots.", false},
		{"long", "Intro.\n\nWhy does the kiln in the back room of the studio crack every glazed pot that we fire in it at cone six or higher?\n\nMore.",
			"Why does the kiln in the back room of the studio crack every glazed pot that we fire in it at cone six or higher?", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			i := strings.LastIndex(tt.text, tt.line)
			require.Equal(t, tt.want, IsQuestionLine(tt.text, Span{i, i + len(tt.line)}))
		})
	}
}

func TestIsVersionNote(t *testing.T) {
	for _, s := range []string{"New in version 3.13.", "Changed in version 3.2: the kiln vents.", "Deprecated since version 3.9.",
		"Added in: v8.0.0, v6.9.0", "Deprecated since: v12.0.0", "Removed in: v15.0.0", "Added in 1.4.",
		"New in Kilnware 3.1.", "Changed in Kilnware 3.2: the vent closes."} {
		require.True(t, IsVersionNote(s), s)
	}
	for _, s := range []string{"Added in the last release, the vent opens.", "New kilns heat in 10 minutes.", "Added in: REPLACEME",
		"New in Kilnware, the vent opens in 3 seconds."} {
		require.False(t, IsVersionNote(s), s)
	}
}

func TestIsStatusNote(t *testing.T) {
	for _, s := range []string{"Stability: 1 - Experimental", "Stability: 1.1 - Active development", "Stability: 0 - Deprecated. Use kiln.vent() instead.", "Stability: 2 - Stable"} {
		require.True(t, IsStatusNote(s), s)
	}
	for _, s := range []string{"Stability: the kiln holds its heat.", "Stability of the kiln matters.", "Stability: 1"} {
		require.False(t, IsStatusNote(s), s)
	}
}

func TestChangeTable(t *testing.T) {
	text := "kiln.vent([signal])\n\nHistory\n\nVersion | Changes\nv9.1.0, v8.4.0 |\n\nThe signal may be a number. Strings still work.\n\nv1.0.0 |\n\nAdded in: v1.0.0\n\nOpens the vent.\n\nGlaze Cones\n\nCone | Heat\n6 | 1222"
	span := func(line string) Span {
		i := strings.Index(text, line)
		require.GreaterOrEqual(t, i, 0)
		return Span{i, i + len(line)}
	}
	for _, line := range []string{"History", "Version | Changes", "v9.1.0, v8.4.0 |", "v1.0.0 |"} {
		require.True(t, IsChangeTableLine(text, span(line)), line)
	}
	for _, line := range []string{"kiln.vent([signal])", "Opens the vent.", "Glaze Cones", "Cone | Heat", "The signal may be a number."} {
		require.False(t, IsChangeTableLine(text, span(line)), line)
	}
	require.True(t, InChangeTable(text, span("The signal may be a number.").Start))
	require.True(t, InChangeTable(text, span("Strings still work.").Start))
	require.False(t, InChangeTable(text, span("Opens the vent.").Start))
	require.False(t, InChangeTable(text, span("Glaze Cones").Start))
}

func TestOptionSpellings(t *testing.T) {
	for _, tt := range []struct {
		line string
		want []string
	}{
		{"-t", []string{"-t"}},
		{"-j jobs --jobs=jobs", []string{"-j", "--jobs"}},
		{"-f, --force", []string{"-f", "--force"}},
		{"--depth <depth>", []string{"--depth"}},
		{"- a list item", nil},
		{"-", nil},
		{"-- ", nil},
		{"Run syntax tests only.", nil},
	} {
		require.Equal(t, tt.want, OptionSpellings(tt.line), tt.line)
	}
}
