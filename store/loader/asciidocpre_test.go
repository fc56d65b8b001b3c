package loader

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// Conditionals keep or drop their lines by the attributes defined so far,
// as Asciidoctor's preprocessor does.
func TestAsciiDocConditionals(t *testing.T) {
	cases := []struct{ name, in, text string }{
		{"ifdef", ":pump: 1\n\nifdef::pump[]\nKept.\nendif::pump[]\nifdef::valve[]\nDropped.\nendif::valve[]", "Kept."},
		{"ifndef", ":pump: 1\n\nifndef::valve[]\nKept.\nendif::[]\nifndef::pump[]\nDropped.\nendif::[]", "Kept."},
		{"any and all", ":a: 1\n\nifdef::a,b[]\nAny.\nendif::[]\nifdef::a+b[]\nAll.\nendif::[]\n" +
			"ifndef::a,b[]\nNone.\nendif::[]\nifndef::a+b[]\nNot all.\nendif::[]", "Any. Not all."},
		{"defined later", "ifdef::pump[]\nDropped.\nendif::[]\n:pump: 1\n\nifdef::pump[]\nKept.\nendif::[]", "Kept."},
		{"unset", ":pump: 1\n:pump!:\n\nifdef::pump[]\nDropped.\nendif::[]\nifndef::pump[]\nKept.\nendif::[]", "Kept."},
		{"nested", ":a: 1\n\nifdef::b[]\nifdef::a[]\nDropped.\nendif::a[]\nStill dropped.\nendif::b[]\nKept.", "Kept."},
		{"entries in a dropped part do not count", "ifdef::b[]\n:a: 1\nendif::[]\nifdef::a[]\nDropped.\nendif::[]\nKept.", "Kept."},
		{"one line", ":pump: 1\n\nifdef::pump[Kept.]\nifdef::valve[Dropped.]", "Kept."},
		{"conversion attributes", "ifdef::backend-html5[]\nKept.\nendif::[]\nifdef::env-github[]\nDropped.\nendif::[]", "Kept."},
		{"doctype", ":doctype: book\n\nifdef::doctype-book[]\nKept.\nendif::[]\nifdef::doctype-article[]\nDropped.\nendif::[]", "Kept."},
		{"ifeval", ":levels: 3\n:backend: html5\n\nifeval::[{levels} >= 2]\nKept.\nendif::[]\nifeval::[{levels} < 2]\nDropped.\nendif::[]\n" +
			"ifeval::[\"{backend}\" == \"html5\"]\nAlso kept.\nendif::[]", "Kept. Also kept."},
		{"an expression it cannot read keeps its lines", "ifeval::[{nowhere} == 1 && true]\nKept.\nendif::[]", "Kept."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var doc store.Document
			parseAsciiDoc("= Pumps\n\n"+c.in+"\n", &doc)
			require.Equal(t, "Pumps\n\n"+c.text, doc.Text)
		})
	}
}

// Git's pages share option lists whose parts name the page they belong
// to: git-log.txt sets ":git-log: 1" and includes rev-list-options.txt,
// whose "ifdef::git-rev-list[]" parts are git-rev-list's only.
func TestAsciiDocConditionalsAcrossIncludes(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "git-log.adoc", []byte("= git-log(1)\n:git-log: 1\n:partials: shared\n\n== OPTIONS\n\ninclude::{partials}/rev-list-options.txt[]\n"))
	writeFile(t, root, "git-rev-list.adoc", []byte("= git-rev-list(1)\n:git-rev-list: 1\n\n== OPTIONS\n\ninclude::shared/rev-list-options.txt[]\n"))
	writeFile(t, root, "shared/rev-list-options.txt", []byte("--all::\n\tEvery ref.\n\n"+
		"ifdef::git-rev-list[]\n--count::\n\tPrint a number only.\nendif::git-rev-list[]\n"+
		"ifndef::git-rev-list[]\n--follow::\n\tFollow renames.\nendif::git-rev-list[]\n"))
	docs := map[string]string{}
	require.NoError(t, LoadDirWith(root, DirOptions{OnLoadError: func(string, error) error { return nil }}, func(d store.Document) error {
		docs[d.ID] = d.Text
		return nil
	}))
	require.Equal(t, "git-log(1)\n\nOPTIONS\n\n--all\nEvery ref.\n\n--follow\nFollow renames.", docs["git-log.adoc"],
		"an include target naming an attribute is followed once it is defined")
	require.Equal(t, "git-rev-list(1)\n\nOPTIONS\n\n--all\nEvery ref.\n\n--count\nPrint a number only.", docs["git-rev-list.adoc"])
}
