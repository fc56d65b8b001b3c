package extractive_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
)

// "What does X return?" is answered by the sentence that says what X
// returns, not by the sentence that names X most often or leads with its
// name, as a definition question would be.
func TestReturnQuestionLeadsWithTheReturn(t *testing.T) {
	for _, tt := range []struct{ name, question, source, want string }{
		{
			"return sentence under the entry",
			"What does kiln.getshelf() return?",
			"kiln.getshelf()\n\nThe kiln.getshelf() call is safe to use from any kiln.getshelf() caller thread, and kiln.getshelf() never blocks.\n\nReturn a string naming the shelf the kiln loads next.",
			"Return a string naming the shelf the kiln loads next.",
		},
		{
			"return value in other words",
			"What is the return value of glaze_mix()?",
			"glaze_mix(a, b)\n\nThe glaze_mix() function blends two glazes, and glaze_mix() may be called with the same glaze twice.\n\nIt returns the weight of the blended glaze in grams.",
			"It returns the weight of the blended glaze in grams.",
		},
		{
			"a listing of calls before the entry",
			"What does kiln.getshelf() return?",
			"Process Parameters\n\nkiln.setshelf(path)\nkiln.fsetshelf(fd)\nkiln.getshelf()\n\nThese kiln functions are described in Kilns and Shelves.\n\n---\n\nkiln.getshelf()\n\nReturn a string representing the current shelf of the kiln.",
			"Return a string representing the current shelf of the kiln.",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			gen, err := extractive.New(extractive.Options{}).Generate(context.Background(), generate.Request{Question: tt.question, Prompt: prompt(strings.Split(tt.source, "\n\n---\n\n")...)})
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(gen.Text, tt.want), gen.Text)
		})
	}
}

// An API reference puts many short entries in one chunk, each named by
// its heading and described without repeating the name. The answer opens
// with the entry the question names, not with a sibling that shares as
// many of its words ("Returns a string …"). (Siblings may still follow
// it: dropping every sentence outside the named entry's section cost key
// facts on every set, see BENCHMARKS.md.)
func TestAnswerLeadsWithTheNamedEntry(t *testing.T) {
	entries := "Kiln\n\nkiln.cones()\n\nAdded in: v0.3.3\n\n- Returns: <Object[]>\n\nReturns an array of objects containing information about each cone in the kiln.\n\n" +
		"kiln.endianness()\n\nAdded in: v0.9.4\n\n- Returns: <string>\n\nReturns a string identifying the endianness of the cone controller for which the kiln firmware was compiled.\n\n" +
		"kiln.arch()\n\nAdded in: v0.5.0\n\n- Returns: <string>\n\nReturns the cone controller architecture for which the kiln firmware was compiled."
	gen, err := extractive.New(extractive.Options{}).Generate(context.Background(),
		generate.Request{Question: "What does kiln.cones() return?", Prompt: prompt(entries)})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(gen.Text, "Returns an array of objects containing information about each cone in the kiln. [S1]"), gen.Text)
}

// An API entry says what its call returns in a row of its own ("-
// Returns: {string | null}"), however short; its parameter rows speak of
// the return value without saying what it is, and another page's remark
// on the call ("causing the method to return null") is not its entry.
// Node.js puts a table of changes between the entry's name and its rows,
// which must not take the entry's heading from them.
func TestReturnQuestionLeadsWithTheEntrysReturnsRow(t *testing.T) {
	remark := "ERR_KILN_SHELF_TRAY\n\nThe tray was used with kiln.getShelf().\n\nWhile the kiln.getShelf() method does allow a tray argument to be passed in, causing the method to return null rather than a label, trays are not supported on gas kilns."
	for _, tt := range []struct{ name, question, entry, want string }{
		{
			"returns row, not a parameter row or a remark elsewhere",
			"What does Kiln.getShelf() return?",
			"kiln.getShelf([tray])\n\nAdded in: v1.0.0\n\n- tray <string> The tray the return value is read from.\n- Returns: {string | null}\n\nReads the label of the shelf the kiln loads next.",
			"Returns: {string | null} [S1]",
		},
		{
			"returns row after a table of changes",
			"What does kiln.getShelf() return?",
			"kiln.setShelf(label)\n\n- Returns: <Promise> Fulfills with undefined upon success.\n\nkiln.getShelf([tray])\n\nHistory\n\nVersion | Changes\nv2.0.0 |\n\nThe tray argument may be a number.\n\nv1.0.0 |\n\nAdded in: v1.0.0\n\n- tray <string> The tray to read.\n- Returns: <Promise> Fulfills with the label of the shelf.\n\nReads the label of the shelf the kiln loads next.",
			"Returns: <Promise> Fulfills with the label of the shelf. [S1]",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			gen, err := extractive.New(extractive.Options{}).Generate(context.Background(), generate.Request{Question: tt.question, Prompt: prompt(tt.entry, remark)})
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(gen.Text, tt.want), gen.Text)
		})
	}
}

// A function list stacks an entry's forms as its heading ("glaze(X)" over
// "glaze(X,Y)"), and a question writes the function as a call
// ("glaze()"): the entry of that function answers, not a sibling's whose
// sentence shares more of the question's words.
func TestCallInAFunctionList(t *testing.T) {
	list := "Core Functions\n\nfire(X)\nfire(X,Y)\n\nThe fire(X,Y) function returns a kiln log formed by removing any and all cones that appear in Y from X; if the second argument is omitted, fire(X) returns X without its cones.\n\n" +
		"glaze(X)\nglaze(X,Y)\n\nThe glaze(X,Y) function returns a value X coated with Y layers of glaze. If the Y argument is omitted or negative, it is taken to be 1."
	gen, err := extractive.New(extractive.Options{}).Generate(context.Background(),
		generate.Request{Question: "What does glaze() return if the second argument is omitted?", Prompt: prompt(list)})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(gen.Text, "The glaze(X,Y) function returns a value X coated with Y layers of glaze. [S1]"), gen.Text)
}

// A Returns row that gives only a type ("- Returns: <string>") is
// followed by the entry's description, which says what the value is.
func TestBareReturnsRowIsDescribed(t *testing.T) {
	entries := "kiln.randomCone(max)\n\n- max <integer>\n- Returns: <integer>\n\nReturns a random cone number below max.\n\n" +
		"kiln.serial([options])\n\n- options <Object>\n- Returns: <string>\n\nGenerates a random serial number for the kiln's firing log."
	gen, err := extractive.New(extractive.Options{}).Generate(context.Background(),
		generate.Request{Question: "What does kiln.serial() return?", Prompt: prompt(entries)})
	require.NoError(t, err)
	require.Equal(t, "Returns: <string> [S1]\nGenerates a random serial number for the kiln's firing log. [S1]", gen.Text)
}
