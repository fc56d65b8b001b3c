package loader

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/chunker"
	"github.com/hybridrag/hybridrag/store"
)

// adocSection is a Section as the tests compare it: its heading path, its
// term count and its span of the text.
type adocSection struct {
	Heading string // " > " apart
	Terms   int
	Text    string
}

func adocSections(doc store.Document) []adocSection {
	var out []adocSection
	for _, s := range doc.Sections {
		out = append(out, adocSection{strings.Join(s.Heading, " > "), s.Terms, doc.Text[s.Start:s.End]})
	}
	return out
}

// gitPsuhPage is a manual page in Git's documentation style: a title over
// "=", sections over "-", a verse synopsis, stacked option terms, "+"
// continuations attaching a source listing and an open block with nested
// ":::" entries, linkgit: and <<>> references, an attribute, a comment,
// a conditional and an include.
const gitPsuhPage = "git-psuh(1)\n===========\n\n" +
	"NAME\n----\ngit-psuh - Delight users' typo with a shy horse\n\n" +
	":git-psuh-default: neigh\n:git-psuh: 1\n\n" +
	"SYNOPSIS\n--------\n[verse]\n'git psuh' [-q | --quiet] [--force] [<arg>...]\n'git psuh' --sound=<noise>\n\n" +
	"DESCRIPTION\n-----------\nSays hello to the pony. See linkgit:git-config[1] for the settings\n" +
	"it reads, and <<OPTIONS>> below.\n// A comment the reader never sees.\n\n" +
	"OPTIONS\n-------\n-q::\n--quiet::\n\tBe quiet.\n\n" +
	"--sound=<noise>::\n\tThe noise the pony makes; the default is\n\t`{git-psuh-default}`.\n+\nFor example:\n+\n" +
	"[source,shell]\n----\n$ git psuh --sound=whinny\n----\n+\nThe noise may be one of:\n+\n" +
	"--\nneigh:::\n\tA long sound.\nwhinny:::\n\tA short one.\n--\n\n" +
	"--force::\nifdef::git-psuh[]\n\tPsuh even when the pony sleeps.\nendif::git-psuh[]\n\n" +
	"include::config/psuh.txt[]\n\n" +
	"SEE ALSO\n--------\nlinkgit:git-pony[1], linkgit:git-stable[7]\n"

func TestParseAsciiDocGitPage(t *testing.T) {
	var doc store.Document
	parseAsciiDoc(gitPsuhPage, &doc)
	require.Equal(t, "git-psuh(1)\n\n"+
		"NAME\n\ngit-psuh - Delight users' typo with a shy horse\n\n"+
		"SYNOPSIS\n\n```\ngit psuh [-q | --quiet] [--force] [<arg>...]\ngit psuh --sound=<noise>\n```\n\n"+
		"DESCRIPTION\n\nSays hello to the pony. See git-config(1) for the settings it reads, and OPTIONS below.\n\n"+
		"OPTIONS\n\n-q\n--quiet\nBe quiet.\n\n"+
		"--sound=<noise>\nThe noise the pony makes; the default is neigh.\n\nFor example:\n\n"+
		"```\n$ git psuh --sound=whinny\n```\n\nThe noise may be one of:\n\n"+
		"neigh\nA long sound.\n\nwhinny\nA short one.\n\n"+
		"--force\nPsuh even when the pony sleeps.\n\n"+
		"SEE ALSO\n\ngit-pony(1), git-stable(7)", doc.Text)
	require.Equal(t, "git-psuh(1)", doc.Title)
	sound := "--sound=<noise>\nThe noise the pony makes; the default is neigh.\n\nFor example:\n\n" +
		"```\n$ git psuh --sound=whinny\n```\n\nThe noise may be one of:\n\nneigh\nA long sound.\n\nwhinny\nA short one."
	require.Equal(t, []adocSection{
		{"git-psuh(1)", 0, "git-psuh(1)"},
		{"git-psuh(1) > NAME", 0, "NAME\n\ngit-psuh - Delight users' typo with a shy horse"},
		{"git-psuh(1) > SYNOPSIS", 0, "SYNOPSIS\n\n```\ngit psuh [-q | --quiet] [--force] [<arg>...]\ngit psuh --sound=<noise>\n```"},
		{"git-psuh(1) > DESCRIPTION", 0, "DESCRIPTION\n\nSays hello to the pony. See git-config(1) for the settings it reads, and OPTIONS below."},
		{"git-psuh(1) > OPTIONS", 0, "OPTIONS\n\n-q\n--quiet\nBe quiet.\n\n" + sound + "\n\n--force\nPsuh even when the pony sleeps."},
		{"git-psuh(1) > OPTIONS > -q, --quiet", 1, "-q\n--quiet\nBe quiet."},
		{"git-psuh(1) > OPTIONS > --sound=<noise>", 1, sound},
		{"git-psuh(1) > OPTIONS > --sound=<noise> > neigh", 2, "neigh\nA long sound."},
		{"git-psuh(1) > OPTIONS > --sound=<noise> > whinny", 2, "whinny\nA short one."},
		{"git-psuh(1) > OPTIONS > --force", 1, "--force\nPsuh even when the pony sleeps."},
		{"git-psuh(1) > SEE ALSO", 0, "SEE ALSO\n\ngit-pony(1), git-stable(7)"},
	}, adocSections(doc))
}

// pumpGuide is a user guide: a document title with author and revision
// lines and header attributes, nested sections, a table with a cell over
// two lines, an admonition paragraph and block, an ordered list with an
// attached listing, a checklist, a block title, an image, a quote, and
// inline links, keys and a footnote.
const pumpGuide = `= PumpCtl User Guide
Jane Doe <jane@example.com>
v2.1, 2024-06-03: Spring release
:toc:
:product: PumpCtl
:url-home: https://pump.example.com

Welcome to *{product}*, the _friendly_ pump controller.
See {url-home}[the home page] or https://pump.example.com/faq.

== Installing

=== Requirements

[cols="1,2",options="header"]
|===
|Part |Minimum
|CPU |2 cores
|Memory
|4 GB, or 8 GB with the
web console
|===

NOTE: Run the installer as root.

. Download the archive.
. Unpack it:
+
----
tar xf pumpctl.tar.gz
----
. Run kbd:[Ctrl+R] to reload.footnote:[Or restart the console.]

=== Upgrading

[TIP]
====
Back up the tank settings first.

* [x] settings saved
* [ ] pumps drained
** valves closed
====

.Upgrade paths
|===
|From |To

|1.x |2.x
|===

== Troubleshooting

image::pump.png[A pump with its valves open]

[quote, Jane Doe, Pump Lore]
____
A pump that hums is a pump that works.
____
`

func TestParseAsciiDocUserGuide(t *testing.T) {
	var doc store.Document
	parseAsciiDoc(pumpGuide, &doc)
	intro := "PumpCtl User Guide\n\nJane Doe <jane@example.com>\nv2.1, 2024-06-03: Spring release\n\n" +
		"Welcome to PumpCtl, the friendly pump controller. See the home page or https://pump.example.com/faq."
	requirements := "Requirements\n\nPart | Minimum\nCPU | 2 cores\nMemory | 4 GB, or 8 GB with the web console\n\n" +
		"NOTE: Run the installer as root.\n\n1. Download the archive.\n2. Unpack it:\n\n```\ntar xf pumpctl.tar.gz\n```\n\n" +
		"3. Run Ctrl+R to reload. (Or restart the console.)"
	upgrading := "Upgrading\n\nTIP: Back up the tank settings first.\n\n- [x] settings saved\n- [ ] pumps drained\n- valves closed\n\n" +
		"Upgrade paths\n\nFrom | To\n1.x | 2.x"
	troubleshooting := "Troubleshooting\n\nA pump with its valves open\n\nA pump that hums is a pump that works.\n\n— Jane Doe, Pump Lore"
	require.Equal(t, intro+"\n\nInstalling\n\n"+requirements+"\n\n"+upgrading+"\n\n"+troubleshooting, doc.Text)
	require.Equal(t, []adocSection{
		{"PumpCtl User Guide", 0, intro},
		{"PumpCtl User Guide > Installing", 0, "Installing"},
		{"PumpCtl User Guide > Installing > Requirements", 0, requirements},
		{"PumpCtl User Guide > Installing > Upgrading", 0, upgrading},
		{"PumpCtl User Guide > Troubleshooting", 0, troubleshooting},
	}, adocSections(doc))
	require.Equal(t, "PumpCtl User Guide", doc.Title)
	require.Equal(t, "2.1", doc.Metadata.Revision)
	require.Equal(t, time.Date(2024, 6, 3, 0, 0, 0, 0, time.UTC), doc.Metadata.Date)
}

// Each construct on its own; the attribute "product" is defined above
// every input.
func TestParseAsciiDocConstructs(t *testing.T) {
	cases := []struct {
		name, in, text string
		sections       []adocSection
	}{{
		name: "an ellipsis in text, not in a synopsis or code",
		in:   "Begins with \"squash! ...\" or `a...b`.\n\n[verse]\ngit add [<pathspec>...]\n",
		text: "Begins with \"squash! …\" or a...b.\n\n```\ngit add [<pathspec>...]\n```",
	}, {
		name: "section titles",
		in: "== Atx\n\n### Markdown style\n\n== Symmetric ==\n\nSetext two\n~~~~~~~~~~\n\nSetext three\n^^^^^^^^^^^^\n\n" +
			"Setext four\n+++++++++\n\nToo short\n~~~~~~\n\n[discrete]\n=== Discrete\n\nRun:\n----\nmake\n----\n\n======= Seven marks are text",
		text: "Atx\n\nMarkdown style\n\nSymmetric\n\nSetext two\n\nSetext three\n\nSetext four\n\nToo short ~~~~~~\n\n" +
			"Discrete\n\nRun:\n\n```\nmake\n```\n\n======= Seven marks are text",
		sections: []adocSection{
			{"Atx", 0, "Atx"},
			{"Atx > Markdown style", 0, "Markdown style"},
			{"Symmetric", 0, "Symmetric"},
			{"Symmetric > Setext two", 0, "Setext two"},
			{"Symmetric > Setext two > Setext three", 0, "Setext three"},
			{"Symmetric > Setext two > Setext three > Setext four", 0, "Setext four\n\nToo short ~~~~~~"},
			{"Symmetric > Discrete", 0, "Discrete\n\nRun:\n\n```\nmake\n```\n\n======= Seven marks are text"},
		},
	}, {
		name: "labeled lists",
		in: "Colors;; red and blue\nSizes;;\n  large or small\n\n// a new list\nclean::\n\n   Start cleaning.\n\n" +
			"{empty}:: No term here.\n\nouter::\nOuter text.\ninner:::\nInner text.\nnext::\nNext text.\n\nAfter the list.",
		text: "Colors\nred and blue\n\nSizes\nlarge or small\n\nclean\nStart cleaning.\n\nNo term here.\n\n" +
			"outer\nOuter text.\n\ninner\nInner text.\n\nnext\nNext text.\n\nAfter the list.",
		sections: []adocSection{
			{"Colors", 1, "Colors\nred and blue"},
			{"Sizes", 1, "Sizes\nlarge or small"},
			{"clean", 1, "clean\nStart cleaning."},
			{"outer", 1, "outer\nOuter text.\n\ninner\nInner text."},
			{"outer > inner", 2, "inner\nInner text."},
			{"next", 1, "next\nNext text."},
		},
	}, {
		name: "unordered, ordered and check lists",
		in: "* one\n** one a\n* two\n\nText.\n\n- dash\n\nText.\n\n. first\n.. first a\n. second\n\nText.\n\n" +
			"3. three\n4. four\n\nText.\n\n* [*] done\n* [ ] todo",
		text: "- one\n- one a\n- two\n\nText.\n\n- dash\n\nText.\n\n1. first\n1. first a\n2. second\n\nText.\n\n" +
			"3. three\n4. four\n\nText.\n\n- [x] done\n- [ ] todo",
	}, {
		name: "callouts under a listing",
		in:   "----\nx = 1 // <1>\n----\n<1> The value.\n<.> Auto numbered.",
		text: "```\nx = 1 // <1>\n```\n\n<1> The value.\n<2> Auto numbered.",
	}, {
		name: "literal, listing and verse blocks",
		in: "....\nliteral  text\n....\n\n  indented\n    deeper\n\n```go\nfmt.Println()\n```\n\n" +
			"[source]\nsource paragraph\n\n[verse]\n'line' one\n  line two\n\n[normal]\n  not code",
		text: "```\nliteral  text\n```\n\n```\nindented\n  deeper\n```\n\n```\nfmt.Println()\n```\n\n" +
			"```\nsource paragraph\n```\n\n```\nline one\n  line two\n```\n\nnot code",
	}, {
		name: "compound blocks and admonitions",
		in: "****\nA sidebar.\n****\n\n====\nAn example.\n====\n\n[quote, Jane Doe]\n____\nA quote.\n____\n\n--\nOpen.\n--\n\n" +
			"[WARNING]\n====\n* hot\n====\n\n[CAUTION]\nSharp edges.\n\n> Markdown quote\n> on two lines",
		text: "A sidebar.\n\nAn example.\n\nA quote.\n\n— Jane Doe\n\nOpen.\n\nWARNING:\n\n- hot\n\nCAUTION: Sharp edges.\n\nMarkdown quote on two lines",
	}, {
		name: "what is dropped",
		in: "++++\n<p>raw</p>\n++++\n\n////\nA comment block.\n////\n// A comment line.\n\n'''\n\n<<<\n\ntoc::[]\n\nvideo::abc[youtube]\n\n" +
			"include::other.adoc[]\nifdef::backend-html5[]\n[[anchor]]\n[#id.role]\nKept.\nendif::[]\nifeval::[1 > 0]\nifdef::env-github[Inline text.]",
		text: "Kept.",
	}, {
		name: "hard line breaks",
		in:   "Hard +\nbreak.\n\n[%hardbreaks]\nOne\nTwo",
		text: "Hard\nbreak.\n\nOne\nTwo",
	}, {
		name: "table with a spanning cell and an escaped separator",
		in:   "|===\n|a |b |c\n\n2+|wide |c2\n|a3 |b3\\|x |c3\n|===",
		text: "a | b | c\nwide | c2\na3 | b3|x | c3",
	}, {
		name: "table of one cell a line, with a cell over two rows",
		in:   "[cols=\"3*\"]\n|===\n|1\n|2\n|3\n.2+|tall\n|b\n|c\n|b2\n|c2\n|===",
		text: "1 | 2 | 3\ntall | b | c\nb2 | c2",
	}, {
		name: "CSV and DSV tables",
		in:   ",===\nname,\"city, country\"\nAda,\"London, UK\"\n,===\n\n:===\nkey:value\na\\:b:c\n:===",
		text: "name | city, country\nAda | London, UK\n\nkey | value\na:b | c",
	}, {
		name: "quotes and passthroughs",
		in:   "*bold* _em_ `mono` +pass *x*+ pass:[*y*] **un**constrained __em__phasis #mark# [.big]#role#",
		text: "bold em mono pass *x* *y* unconstrained emphasis mark role",
	}, {
		name: "escapes, attributes and Git's quotes",
		in: "\\*not bold* \\{product} {product} {unknown} x{plus}y{empty}z\n'git add' ``quoted'' \"`curved`\" '`single`'\n" +
			"`+{product}+` `{product}` C++ and C++ `git diff`'s output",
		text: "*not bold* {product} PumpCtl {unknown} x+yz git add \"quoted\" \"curved\" ‘single’ {product} PumpCtl C++ and C++ git diff's output",
	}, {
		name: "links",
		in: "link:https://a.example[A link] link:b.html[] https://c.example[C,window=_blank] https://d.example[\"D, with comma\"] " +
			"<https://e.example> https://f.example/bare mailto:x@example.com[mail]",
		text: "A link b.html C D, with comma https://e.example https://f.example/bare mail",
	}, {
		name: "cross references",
		in:   "<<install,Installing>> <<install>> xref:guide.adoc#setup[] xref:other.adoc[] xref:f.adoc#x[Text]",
		text: "Installing install setup other Text",
	}, {
		name: "other macros",
		in: "linkgit:git-config[1] kbd:[Ctrl+C] btn:[OK] menu:File[Save] image:x.png[Alt text] icon:heart[] " +
			"the end.footnote:[A note.] anchor:x[][[y]]z ((term)) (((hidden)))\n\\https://not.linked[x] \\--dashes",
		text: "git-config(1) Ctrl+C OK File > Save Alt text the end. (A note.) z term https://not.linked[x] --dashes",
	}, {
		name: "escaped directive",
		in:   "\\include::x.adoc[]",
		text: "include::x.adoc[]",
	}, {
		name: "unclosed listing",
		in:   "----\nunclosed listing",
		text: "```\nunclosed listing\n```",
	}, {
		name: "unclosed example",
		in:   "====\nunclosed example",
		text: "unclosed example",
	}, {
		name: "unclosed table",
		in:   "|===\n|a |b",
		text: "a | b",
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var doc store.Document
			parseAsciiDoc(":product: PumpCtl\n\n"+tc.in, &doc)
			require.Equal(t, tc.text, doc.Text)
			require.Equal(t, tc.sections, adocSections(doc))
			require.Empty(t, doc.Title)
		})
	}
}

// The title, revision and date come from the header only: its title line,
// its :revnumber: and :revdate: (ahead of a revision line), or attributes
// at the top of a document without a title.
func TestParseAsciiDocHeader(t *testing.T) {
	date := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	cases := []struct {
		name, in, title, rev string
		date                 time.Time
	}{
		{"attributes", "= Guide\n:revnumber: 3.0\n:revdate: June 3, 2024\n\nText.", "Guide", "3.0", date(2024, 6, 3)},
		{"attributes win over the revision line", "= Guide\nAda\nv1.0, 2020-01-02\n:revnumber: 3.0\n\nText.", "Guide", "3.0", date(2020, 1, 2)},
		{"revision line without a date", "= Guide\nAda\nv4.2\n\nText.", "Guide", "4.2", time.Time{}},
		{"no title", ":revnumber: 5\n:revdate: 2023-05-01\n\n== Section", "", "5", date(2023, 5, 1)},
		{"body attributes are not the header's", "= Guide\n\nText.\n\n:revnumber: 9\n:revdate: 2023-05-01", "Guide", "", time.Time{}},
		{"title over an underline", "Guide\n=====\n:revdate: 2022-02-02\n", "Guide", "", date(2022, 2, 2)},
		{"an unreadable date", "= {product} Guide\n:revdate: someday\n", "{product} Guide", "", time.Time{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var doc store.Document
			parseAsciiDoc(tc.in, &doc)
			require.Equal(t, tc.title, doc.Title)
			require.Equal(t, tc.rev, doc.Metadata.Revision)
			require.Equal(t, tc.date, doc.Metadata.Date)
		})
	}

	// A section right under the title is no author line.
	var doc store.Document
	parseAsciiDoc("= Guide\n== First\nText.", &doc)
	require.Equal(t, "Guide\n\nFirst\n\nText.", doc.Text)
	require.Equal(t, []adocSection{{"Guide", 0, "Guide"}, {"Guide > First", 0, "First\n\nText."}}, adocSections(doc))
}

// Attribute references expanding to references add a bounded amount of
// text, and delimiters nested past the limit are read as absent.
func TestParseAsciiDocBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString(":a0: " + strings.Repeat("x", 40) + "\n")
	for i := 1; i < 30; i++ {
		fmt.Fprintf(&b, ":a%d: %s\n", i, strings.Repeat(fmt.Sprintf("{a%d}", i-1), 10))
	}
	b.WriteString("\n{a1}\n\n" + strings.Repeat("{a29} ", 10000))
	in := b.String()
	var doc store.Document
	parseAsciiDoc(in, &doc)
	require.Less(t, len(doc.Text), 2*len(in)+64<<10)
	require.True(t, strings.HasPrefix(doc.Text, strings.Repeat("x", 400)+"\n\n{a"), "a short value expands, a long one stays a reference")

	b.Reset()
	for n := 4; n < 4+2*adocMaxDepth; n++ {
		b.WriteString(strings.Repeat("=", n) + "\nlevel " + fmt.Sprint(n) + "\n\n")
	}
	doc = store.Document{}
	parseAsciiDoc(b.String(), &doc)
	require.True(t, strings.HasPrefix(doc.Text, "level 4\n\nlevel 5\n\n"))
	require.Contains(t, doc.Text, fmt.Sprintf("level %d", 3+2*adocMaxDepth))
}

// FuzzAsciiDoc checks that any text yields valid UTF-8, sections inside it
// at rune boundaries and in order (entries nested), and a document the
// chunker accepts.
func FuzzAsciiDoc(f *testing.F) {
	f.Add(gitPsuhPage)
	f.Add(pumpGuide)
	f.Add("= T\n\n== A\n\nterm::\n+\n====\n=== Inside\n\n* x\n+\n--\ninner:::\n..\n--\n====\nnext::\n")
	f.Add("|===\n.2+|a 2+|b\n3*|c\n|d\\|e\n|===\n,===\n\"a,b\",c\n")
	f.Add("`+x+` *a _b_ #c#* pass:[\\]] <<a,b>> link:x[y] {a} \\{b} footnote:[x] '`q`' ``r''\n")
	f.Add(":a: {b}\n:b: x \\\ny\n:!a:\n\nTitle\n~~~~~\n. a\n.. b\n<1> c\n* [x] d\n")
	f.Fuzz(func(t *testing.T, text string) {
		text = strings.ToValidUTF8(text, "\uFFFD") // the caller rejects invalid text
		doc := store.Document{ID: "f.adoc", Source: "f.adoc"}
		parseAsciiDoc(text, &doc)
		require.True(t, utf8.ValidString(doc.Text))
		require.True(t, utf8.ValidString(doc.Title))
		requireWellFormedSections(t, doc)
		_, err := chunker.Split(doc, chunker.Options{MinTokens: 1})
		if err != nil {
			require.True(t, errors.Is(err, chunker.ErrEmptyDocument), err.Error())
		}
	})
}
