package chunker

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// sectioned builds a document with explicit Sections, as the HTML loader
// writes them: a heading or term line opens a span, text follows.
type sectioned struct {
	b    strings.Builder
	secs []store.Section
}

// open writes the last element of path on its own line and opens a
// Section; it returns the Section's index for close.
func (d *sectioned) open(terms int, path ...string) int {
	if d.b.Len() > 0 {
		d.b.WriteString("\n\n")
	}
	d.secs = append(d.secs, store.Section{Start: d.b.Len(), Heading: path, Terms: terms})
	d.b.WriteString(path[len(path)-1])
	return len(d.secs) - 1
}

func (d *sectioned) text(s string) {
	d.b.WriteString("\n\n")
	d.b.WriteString(s)
}

func (d *sectioned) close(i int) { d.secs[i].End = d.b.Len() }

// entry writes a whole entry: its term line and body.
func (d *sectioned) entry(body string, path ...string) {
	i := d.open(1, path...)
	d.text(body)
	d.close(i)
}

func (d *sectioned) doc() store.Document {
	return store.Document{ID: "d", Text: d.b.String(), Sections: d.secs}
}

// entrySpan is the text span of one definition-list entry of a test
// document, with its term.
type entrySpan struct {
	term       string
	start, end int
}

func entrySpans(doc store.Document) []entrySpan {
	var out []entrySpan
	for _, s := range doc.Sections {
		if s.Terms > 0 {
			out = append(out, entrySpan{s.Heading[len(s.Heading)-1], s.Start, s.End})
		}
	}
	return out
}

// Definition-list entries are units the chunker respects: chunks are cut
// between them, short ones are merged, a long one's chunks carry its term.
func TestSplitDefinitionListEntries(t *testing.T) {
	cases := []struct {
		name  string
		build func(d *sectioned)
		check func(t *testing.T, doc store.Document, chunks []store.Chunk)
	}{{
		name: "short entries of a long section are merged and cut between entries",
		build: func(d *sectioned) {
			h := d.open(0, "Options")
			d.text(sentences(4, "options"))
			for i := range 40 {
				d.entry(sentences(4+i%3, fmt.Sprintf("flag %d", i)), "Options", fmt.Sprintf("--flag-%d", i))
			}
			d.close(h)
		},
		check: func(t *testing.T, doc store.Document, chunks []store.Chunk) {
			require.Greater(t, len(chunks), 2)
			for i, c := range chunks {
				if i > 0 {
					require.GreaterOrEqual(t, c.Start, chunks[i-1].End, "entries are unrelated: chunks do not overlap")
				}
				require.Equal(t, []string{"Options"}, c.Heading, "merged entries are named by their section")
				require.GreaterOrEqual(t, c.Tokens, entryTargetTokens/2, "short entries are merged into sizeable chunks")
			}
		},
	}, {
		name: "a long entry's chunks carry its term",
		build: func(d *sectioned) {
			h := d.open(0, "Settings")
			d.text(sentences(3, "settings"))
			d.entry(sentences(8, "cache size"), "Settings", "cache_size (integer)")
			d.entry(sentences(220, "write ahead"), "Settings", "wal_mode (enum)")
			d.entry(sentences(8, "log level"), "Settings", "log_level (enum)")
			d.close(h)
		},
		check: func(t *testing.T, doc store.Document, chunks []store.Chunk) {
			long := entrySpans(doc)[1]
			n := 0
			for _, c := range chunks {
				if c.Start >= long.start && c.End <= long.end {
					require.Equal(t, []string{"Settings", "wal_mode (enum)"}, c.Heading)
					n++
				}
			}
			require.Greater(t, n, 1, "the long entry is split")
		},
	}, {
		name: "a section with entries that fits one chunk stays whole",
		build: func(d *sectioned) {
			h := d.open(0, "Flags")
			d.text(sentences(3, "flags"))
			for i := range 5 {
				d.entry(sentences(9, fmt.Sprintf("flag %d", i)), "Flags", fmt.Sprintf("-%c", 'a'+i))
			}
			d.close(h)
			h = d.open(0, "Examples")
			d.text(sentences(60, "examples"))
			d.close(h)
		},
		check: func(t *testing.T, doc store.Document, chunks []store.Chunk) {
			require.Greater(t, chunks[0].Tokens, DefaultTargetTokens, "above the target, within the maximum")
			require.Equal(t, []string{"Flags"}, chunks[0].Heading)
			require.Equal(t, doc.Sections[0].End, chunks[0].End)
		},
	}, {
		name: "a short section before a long list of entries stays apart from it",
		build: func(d *sectioned) {
			h := d.open(0, "Synopsis")
			d.text(sentences(5, "synopsis"))
			d.close(h)
			h = d.open(0, "Parameters")
			for i := range 30 {
				d.entry(sentences(6, fmt.Sprintf("parameter %d", i)), "Parameters", fmt.Sprintf("PARAM%d", i))
			}
			d.close(h)
		},
		check: func(t *testing.T, doc store.Document, chunks []store.Chunk) {
			require.Equal(t, []string{"Synopsis"}, chunks[0].Heading)
			require.Equal(t, doc.Sections[0].End, chunks[0].End)
			for _, c := range chunks[1:] {
				require.Equal(t, []string{"Parameters"}, c.Heading)
			}
		},
	}, {
		name: "nested entries move with their outer entry, and a heading inside an entry names only it",
		build: func(d *sectioned) {
			h := d.open(0, "API")
			for i := range 12 {
				d.entry(sentences(12, fmt.Sprintf("function %d", i)), "API", fmt.Sprintf("func%d()", i))
				if i == 5 {
					c := d.open(1, "API", "class Gear")
					d.text(sentences(3, "gear"))
					for _, m := range []string{"turn()", "stop()"} {
						d.entry(sentences(4, m), "API", "class Gear", m)
						d.secs[len(d.secs)-1].Terms = 2
					}
					n := d.open(0, "API", "class Gear", "Note")
					d.text(sentences(2, "gear note"))
					d.close(n)
					d.close(c)
				}
			}
			d.close(h)
		},
		check: func(t *testing.T, doc store.Document, chunks []store.Chunk) {
			gear := entrySpans(doc)[6]
			require.Equal(t, "class Gear", gear.term)
			for _, c := range chunks {
				require.False(t, c.Start > gear.start && c.Start < gear.end, "a chunk starts inside the class entry")
				if c.Start == gear.start && c.End == gear.end {
					require.Equal(t, []string{"API", "class Gear"}, c.Heading)
				} else {
					require.Equal(t, []string{"API"}, c.Heading)
				}
			}
		},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var d sectioned
			tc.build(&d)
			doc := d.doc()
			chunks, err := Split(doc, Options{})
			require.NoError(t, err)
			requireValidChunks(t, doc, Options{}, chunks)
			for i, c := range chunks {
				for _, e := range entrySpans(doc) {
					if c.Start > e.start && c.Start < e.end && e.end-e.start < 3000 {
						t.Fatalf("chunk %d starts inside the short entry %q", i, e.term)
					}
				}
			}
			tc.check(t, doc, chunks)
		})
	}
}

// The heading of a chunk merged from units keeps the first unit's
// headings and drops entry terms the others do not share.
func TestGroupHeading(t *testing.T) {
	sec := func(outer int, h ...string) unit { return unit{sec: section{heading: h, outer: outer}} }
	cases := []struct {
		name string
		us   []unit
		want []string
	}{
		{"one entry keeps its term", []unit{sec(1, "H", "-a")}, []string{"H", "-a"}},
		{"entries share their section", []unit{sec(1, "H", "-a"), sec(1, "H", "-b")}, []string{"H"}},
		{"nested entries share their outer term", []unit{sec(1, "H", "class C"), sec(1, "H", "class C", "m()")}, []string{"H", "class C"}},
		{"a heading inside an entry", []unit{sec(1, "H", "-a", "Note"), sec(1, "H", "-b")}, []string{"H"}},
		{"an entry before another section", []unit{sec(1, "H", "-z"), sec(1, "Next")}, []string{"H"}},
		{"sections keep the first heading", []unit{sec(2, "A", "B"), sec(2, "A", "C")}, []string{"A", "B"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, groupHeading(tc.us))
		})
	}
}
