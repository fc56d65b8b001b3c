package extractive_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
)

// The generator never fails or panics on any question or source text, and
// every answer is the decline or quotes a source with its citation.
func FuzzGenerate(f *testing.F) {
	for _, s := range []struct{ q, text string }{
		{"What is the default scrape interval?", "```yaml\nglobal:\n  # How often to scrape.\n  [ scrape_interval: <duration> | default = 1m ]\n```"},
		{"What is the default maximum size of a message?", "message_size_limit (default: 10240000)\n\nThe maximal size in bytes of a message."},
		{"How do I export a container?", "# export\n\n```\nUsage:  docker export [OPTIONS] CONTAINER\n```\n\nExport a container's filesystem as a tar archive."},
		{"What is the maximum number of samples a query can load?", "| Flag | Description | Default |\n| --- | --- | --- |\n| `--query.max-samples` | Maximum number of samples a single query can load. | `50000000` |"},
		{"What does nbthread set?", "nbthread <number>\n\nIt makes HAProxy run on <number> threads. \"nbthread\" also works in foreground."},
		{"How do I delete all messages?", "-d queue_id\nDelete one message. Specify \"-d ALL\" to remove all messages."},
		{"Which command flushes the queue?", "SYNOPSIS\n\nTo flush the queue:\n\n```\npostqueue -f\n```"},
		{"What is the maximum number of clients by default?", "tcp-clients\n\nGrammar: tcp-clients <integer>;\n\nSpecifies the maximum number of clients. The default is 150."},
		{"Which module cannot be loaded as a shared object?", "Modules load through the Dynamic Shared Object (DSO) mechanism.\n\nmod_so\n\nIt is the only module which cannot be put into a DSO itself. A Write-Ahead Log (WAL) (X) (AB)"},
		{"Which port does the kiln use?", "kiln://host[:port]/shelf\n\nPort of the kiln. Default: defaultPort if set, else 7070. localhost:7071"},
	} {
		f.Add(s.q, s.text)
	}
	g := extractive.New(extractive.Options{})
	f.Fuzz(func(t *testing.T, question, text string) {
		p := &generate.Prompt{Sources: []generate.ContextSource{{Label: "S1", Text: text}, {Label: "S2", Text: "A second source about " + question}}}
		gen, err := g.Generate(context.Background(), generate.Request{Question: question, Prompt: p})
		require.NoError(t, err)
		if gen.Text != generate.NotInDocs {
			require.True(t, strings.Contains(gen.Text, "[S1]") || strings.Contains(gen.Text, "[S2]"), "%q", gen.Text)
		}
	})
}
