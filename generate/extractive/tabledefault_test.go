package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// A default given in a table's Default column answers a question for the
// default of the name the row's first cell holds: the header and the row
// are quoted as written, each fenced. A row with an empty Default cell, or
// a question naming no row, is answered as before.
func TestDefaultColumnRowAnswers(t *testing.T) {
	table := "## Flags\n\n| Flag | Description | Default |\n| --- | --- | --- |\n" +
		"| `--kiln.listen-address` | Address to listen on for the UI. Also the API's. | `0.0.0.0:9090` |\n" +
		"| `--kiln.path` | Base path for firing logs. | `data/` |\n" +
		"| `--kiln.retention` | How long to keep firing logs. |  |"
	got := answerTo(t, "What is the default value of --kiln.listen-address?", prompt(table))
	require.Equal(t, "```\n| Flag | Description | Default |\n```\n[S1]\n\n```\n| `--kiln.listen-address` | Address to listen on for the UI. Also the API's. | `0.0.0.0:9090` |\n```\n[S1]", got)

	got = answerTo(t, "What is the default value of --kiln.retention?", prompt(table))
	require.False(t, strings.HasPrefix(got, "```"), got)
	got = answerTo(t, "What does --kiln.path do?", prompt(table))
	require.False(t, strings.HasPrefix(got, "```"), got)
}

// A chunk cut from inside a long table carries the header as its last
// heading (the chunker); its rows answer with that header, even when the
// chunk starts with the tail of a row cut between chunks.
func TestDefaultColumnHeaderFromTheHeading(t *testing.T) {
	p := prompt("|  |\n| `--kiln.timeout` | Maximum time a firing may take. Use with server mode only. | `2m` |\n| `--kiln.path` | Base path. |  |")
	p.Sources[0].Source.Chunk = store.Chunk{Heading: []string{"kiln", "Flags", "| Flag | Description | Default |"}}
	got := answerTo(t, "What is the default value of --kiln.timeout?", p)
	require.Equal(t, "```\n| Flag | Description | Default |\n```\n[S1]\n\n```\n| `--kiln.timeout` | Maximum time a firing may take. Use with server mode only. | `2m` |\n```\n[S1]", got)
}

// A question naming the thing in words whose letters spell a row's name
// ("the default image pull policy", a Helm chart's "image.pullPolicy")
// is answered by that row; words that spell no row's name are not.
func TestDefaultColumnRowNamedInWords(t *testing.T) {
	table := "## Parameters\n\n| Parameter | Description | Default |\n| --- | --- | --- |\n" +
		"| `replicaCount` | Number of kiln replicas to deploy. | `1` |\n" +
		"| `image.pullPolicy` | Kiln image pull policy. | `IfNotPresent` |"
	got := answerTo(t, "What is the default image pull policy?", prompt(table))
	require.Equal(t, "```\n| Parameter | Description | Default |\n```\n[S1]\n\n```\n| `image.pullPolicy` | Kiln image pull policy. | `IfNotPresent` |\n```\n[S1]", got)
	got = answerTo(t, "What is the default pull timeout?", prompt(table))
	require.False(t, strings.HasPrefix(got, "```"), got)
}

// A Default column may carry a qualifier ("Built-In Default", as CMake's
// install() destinations table has): its rows answer as a plain
// "Default" column's do.
func TestQualifiedDefaultColumn(t *testing.T) {
	table := "Kiln Type | Studio Variable | Built-In Default\nGAS | ${KILN_GAS_DIR} | gas\nELECTRIC | ${KILN_ELECTRIC_DIR} | electric"
	got := answerTo(t, "What is the built-in default directory for ELECTRIC kilns when none is given?", prompt(table))
	require.Equal(t, "```\nKiln Type | Studio Variable | Built-In Default\n```\n[S1]\n\n```\nELECTRIC | ${KILN_ELECTRIC_DIR} | electric\n```\n[S1]", got)
}
