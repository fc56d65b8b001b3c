package extractive_test

import (
	"testing"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// docPrompt builds a prompt whose sources come from the named documents,
// given as document, text pairs.
func docPrompt(pairs ...string) *generate.Prompt {
	p := &generate.Prompt{}
	for i := 0; i+1 < len(pairs); i += 2 {
		p.Sources = append(p.Sources, generate.ContextSource{
			Label:  "S" + string(rune('1'+i/2)),
			Text:   pairs[i+1],
			Source: retrieve.Source{Chunk: store.Chunk{Source: pairs[i]}, Relevance: 0.9 - 0.05*float64(i/2)},
		})
	}
	return p
}

// A name written as code that nearly every retrieved page mentions is the
// collection's own product ("Kiln.io"), which the sentence stating the
// figure need not repeat; a name only some pages mention is the subject
// the figure must be about. A figure of time counts no listeners.
func TestCollectionNameAndTimeFigures(t *testing.T) {
	product := []string{
		"queue.html", "A queue holds the pieces of one firing. By default, a maximum of 12 listeners can be attached to any single queue.",
		"firing.html", "Kiln.io fires in batches. A batch is closed when the door is shut.",
		"install.html", "Install Kiln.io with the package manager of your system.",
		"glaze.html", "Glazes are mixed by hand; Kiln.io only records their names.",
	}
	inCode := []string{
		"queue.html", "A queue holds the pieces of one firing. By default, a maximum of 12 listeners can be attached to any single queue.",
		"firing.html", "```\nkiln.io fire --batch 3\n```\n\nA batch is closed when the door is shut.",
		"install.html", "```\nkiln.io setup\n```\n\nThe installer asks for the spool folder.",
		"glaze.html", "Glazes are mixed by hand; Kiln.io only records their names.",
	}
	runSupportCases(t, []supportCase{
		{
			"pages count by their whole text, code included",
			"How many listeners can be attached to one queue in Kiln.io by default?",
			docPrompt(inCode...),
			true,
		},
		{
			"the product name need not be repeated",
			"How many listeners can be attached to one queue in Kiln.io by default?",
			docPrompt(product...),
			true,
		},
		{
			"a name few pages mention must be named",
			"How many listeners can the glaze.mixer attach by default?",
			docPrompt(product...),
			false,
		},
		{
			"seconds do not count listeners",
			"How many listeners can be attached to one queue?",
			prompt("A queue with a listener attached is closed by the controller about 10 seconds later."),
			false,
		},
		{
			"seconds answer how many seconds",
			"How many seconds does the controller wait before closing a queue with a listener attached?",
			prompt("A queue with a listener attached is closed by the controller about 10 seconds later."),
			true,
		},
	})
}

// An API reference states an option's default after its description on
// the same line; the two are read as one sentence.
func TestOptionDefaultTrailer(t *testing.T) {
	runSupportCases(t, []supportCase{
		{
			"the default after the description",
			"How many times does the uploader retry a failed part by default?",
			prompt("- retries <integer> The number of times the uploader retries a failed part. Default: 3.\n- quiet <boolean> Suppress progress output. Default: false."),
			true,
		},
		{
			"a description without its default",
			"How many times does the uploader retry a failed part by default?",
			prompt("- retries <integer> The number of times the uploader retries a failed part.\n- quiet <boolean> Suppress progress output."),
			false,
		},
	})
}
