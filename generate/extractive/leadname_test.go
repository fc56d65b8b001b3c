package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A question asking which command does something is answered by the
// sentence that leads with a command named by the question's words, over
// sentences covering as many of its words without naming one; a name
// followed by a comma is a fragment, no subject.
func TestWhichCommandLeadsWithItsName(t *testing.T) {
	p := prompt("Tablespaces\n\nTo do so, a user with the CREATE privilege on a given tablespace must pass the tablespace name as a parameter to the relevant command.",
		"CREATE TABLESPACE registers a new cluster-wide tablespace.")
	got := answerTo(t, "Which command creates a new tablespace?", p)
	require.True(t, strings.HasPrefix(got, "CREATE TABLESPACE registers"), got)

	p = prompt("ALTER DATABASE\n\nOnly the database owner or a superuser can change these settings. The third form changes the owner of the database.",
		"ALTER DATABASE changes the attributes of a database.",
		"OWNER TO, and other relation and type ownership changes, do not require the CREATE privilege.")
	got = answerTo(t, "Which command changes the owner of a database?", p)
	require.True(t, strings.HasPrefix(got, "ALTER DATABASE changes the attributes"), got)

	// Not a question for a name: the scores decide as before.
	got = answerTo(t, "How is a new tablespace created?", prompt("CREATE TABLESPACE registers a new cluster-wide tablespace."))
	require.True(t, strings.HasPrefix(got, "CREATE TABLESPACE"), got)
}

// A definition question naming its subject in capitals is answered by the
// sentence that opens a section with the name as written, over notes of a
// better-ranked source that lead with the same stems in other words ("The
// tables are locked …") or use the name further on.
func TestDefinitionOpensWithTheNameAsWritten(t *testing.T) {
	p := prompt("Notes\n\nThe tables are locked one-by-one in the order specified in the LOCK TABLE command. LOCK TABLE is useless outside a transaction block: the lock would remain held only to the completion of the statement.",
		"Description\n\nLOCK TABLE obtains a table-level lock, waiting if necessary for any conflicting locks to be released.")
	got := answerTo(t, "What does LOCK TABLE do?", p)
	require.True(t, strings.HasPrefix(got, "LOCK TABLE obtains a table-level lock"), got)
}

// "Which program …?" is answered by the sentence that introduces a program
// by name ("The kilnq utility program is used to …"), whose name holds
// none of the question's words.
func TestWhichKindIntroducedByName(t *testing.T) {
	wrong := "This means that when used to query the status of legacy versions of kilnd, which do not know how to request this, this program will do a slightly wrong thing."
	intro := "The kilnq utility program is used to monitor the running kiln daemon kilnd and determine its performance."
	got := answerTo(t, "Which program queries a running kilnd for its shelves and status?", prompt(wrong, intro))
	require.True(t, strings.HasPrefix(got, "The kilnq utility program is used to monitor"), got)
}
