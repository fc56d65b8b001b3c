package chunker

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/tokens"
	"github.com/hybridrag/hybridrag/store"
)

// noMerge keeps every section in its own chunk.
var noMerge = Options{MinTokens: 1}

func TestSplitInvariants(t *testing.T) {
	small := Options{TargetTokens: 32, MaxTokens: 40}
	cases := []struct {
		name string
		text string
		opts Options
	}{
		{"tiny", "Hi", Options{}},
		{"surrounding space", " \n\n  Hello there.  \n\t", Options{}},
		{"nested headings", "# A\n\nText a.\n\n## B\n\nText b.\n\n### C\n\n" + sentences(120, "c") + "\n\n## D\n\nText d.", Options{}},
		{"nested headings small", "# A\n\nText a.\n\n## B\n\nText b.\n\n### C\n\n" + sentences(40, "c") + "\n\n## D\n\nText d.", small},
		{"setext", "Title\n=====\n\n" + sentences(30, "x") + "\n\nSub\n---\n\n" + sentences(30, "y"), small},
		{"code fence with hash lines", "# Real\n\n```bash\n# not a heading\n\n# still code\necho hi\n```\n\n" + sentences(20, "z"), small},
		{"lists and tables", "# L\n\n- one item here\n- two items here\n  continued\n1. first\n2. second\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\n" + sentences(20, "t"), small},
		{"crlf", strings.ReplaceAll("# A\n\n"+sentences(20, "a")+"\n\nB\n---\n\n"+sentences(20, "b")+"\n", "\n", "\r\n"), small},
		{"unicode", "# Überschrift\n\nΚαλημέρα κόσμε. Ünïcödé wörds… 😀 emoji here! " + strings.Repeat("日本語のテキストは空白がありません。", 60), small},
		{"cjk without spaces", strings.Repeat("汉字没有空格也没有句号", 300), small},
		{"emoji run", strings.Repeat("👩‍👩‍👧‍👦🏳️‍🌈", 200), small},
		{"huge paragraph without punctuation", strings.Repeat("lorem ipsum dolor sit amet ", 1500), Options{}},
		{"one huge word", strings.Repeat("abcdefgh", 3000), Options{}},
		{"front matter", "---\ntitle: T\n---\n\n# Body\n\nText.", Options{}},
		{"no-break spaces", "\u00a0word\u00a0 and\u2003more\u00a0", Options{}},
		{"only headings", "# A\n## B\n### C", Options{}},
		{"many small sections", strings.Repeat("## S\n\nShort text here.\n\n", 300), Options{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := store.Document{ID: "docs/" + c.name, Text: c.text}
			chunks, err := Split(doc, c.opts)
			require.NoError(t, err)
			requireValidChunks(t, doc, c.opts, chunks)
		})
	}
}

func TestSplitHeadingPaths(t *testing.T) {
	text := "Preamble text.\n\n# Guide\n\nIntro.\n\n## Installation\n\nInstall it.\n\n### Linux\n\nUse apt.\n\n" +
		"### macOS\n\nUse brew.\n\n## Usage\n\nRun it.\n\nSetext title\n============\n\nBody.\n"
	doc := store.Document{ID: "guide.md", Text: text}
	chunks, err := Split(doc, noMerge)
	require.NoError(t, err)
	requireValidChunks(t, doc, noMerge, chunks)
	require.Equal(t, []string{"", "Guide", "Guide > Installation", "Guide > Installation > Linux",
		"Guide > Installation > macOS", "Guide > Usage", "Setext title"}, headings(chunks))
	require.Equal(t, "### Linux\n\nUse apt.", chunks[3].Text)
	require.Equal(t, []string{"Guide", "Installation", "Linux"}, chunks[3].Heading)
	require.Equal(t, "Setext title\n============\n\nBody.", chunks[6].Text)
}

func TestSplitJoinsHeadingOnlySections(t *testing.T) {
	text := "# Guide\n## Install\n\nRun the installer.\n\n## Empty\n"
	doc := store.Document{ID: "d", Text: text}
	chunks, err := Split(doc, noMerge)
	require.NoError(t, err)
	requireValidChunks(t, doc, noMerge, chunks)
	require.Equal(t, []string{"# Guide\n## Install\n\nRun the installer.", "## Empty"}, chunkTexts(chunks))
	require.Equal(t, []string{"Guide > Install", "Guide > Empty"}, headings(chunks))
}

func TestSplitMergesSmallSections(t *testing.T) {
	t.Run("defaults merge a short document into one chunk", func(t *testing.T) {
		doc := store.Document{ID: "d", Text: "# Doc\n\nIntro.\n\n## A\n\nAlpha.\n\n## B\n\nBeta."}
		chunks, err := Split(doc, Options{})
		require.NoError(t, err)
		requireValidChunks(t, doc, Options{}, chunks)
		require.Len(t, chunks, 1)
		require.Equal(t, []string{"Doc"}, chunks[0].Heading, "a merged chunk carries its first section's heading path")
	})
	t.Run("a section reaching MinTokens stands alone", func(t *testing.T) {
		opts := Options{TargetTokens: 200, MaxTokens: 250, MinTokens: 100}
		text := "## A\n\n" + sentences(10, "a") + "\n\n## B\n\nBeta one.\n\n## C\n\nGamma two.\n\n## D\n\nDelta three."
		doc := store.Document{ID: "d", Text: text}
		chunks, err := Split(doc, opts)
		require.NoError(t, err)
		requireValidChunks(t, doc, opts, chunks)
		require.Equal(t, []string{"A", "B"}, headings(chunks))
		require.Contains(t, chunks[1].Text, "## D")
	})
	t.Run("merging stops at the target", func(t *testing.T) {
		var b strings.Builder
		for i := range 9 {
			fmt.Fprintf(&b, "## S%d\n\n%s\n\n", i, sentences(4, "s"))
		}
		doc := store.Document{ID: "d", Text: b.String()}
		one, err := tokens.Count(strings.TrimSpace(doc.Text[:strings.Index(doc.Text, "## S1")]))
		require.NoError(t, err)
		// Three sections (and the breaks between them) fit the target, four do not.
		target := 3*one + 4
		opts := Options{TargetTokens: target, MaxTokens: target + 50, MinTokens: target - 1}
		chunks, err := Split(doc, opts)
		require.NoError(t, err)
		requireValidChunks(t, doc, opts, chunks)
		require.Equal(t, []string{"S0", "S3", "S6"}, headings(chunks))
	})
}

func TestSplitOverlap(t *testing.T) {
	text := "# Pump\n\n" + sentences(400, "pump")
	doc := store.Document{ID: "pump.md", Text: text}
	opts := Options{}
	chunks, err := Split(doc, opts)
	require.NoError(t, err)
	requireValidChunks(t, doc, opts, chunks)
	require.Greater(t, len(chunks), 4)
	for i, c := range chunks {
		require.Equal(t, []string{"Pump"}, c.Heading)
		require.GreaterOrEqual(t, c.Tokens, DefaultTargetTokens/2, "chunk %d is uneven", i)
		if i == 0 {
			continue
		}
		prev := chunks[i-1]
		require.Less(t, c.Start, prev.End, "chunk %d does not overlap its predecessor", i)
		shared, err := tokens.Count(text[c.Start:prev.End])
		require.NoError(t, err)
		require.GreaterOrEqual(t, shared, DefaultOverlapTokens/2, "chunk %d", i)
		// The budget is 150 estimated tokens; the exact count may differ by a token or two.
		require.LessOrEqual(t, shared, DefaultOverlapTokens+DefaultOverlapTokens/overlapSlack+3, "chunk %d", i)
		require.True(t, strings.HasPrefix(c.Text, "Step "), "chunk %d starts mid-sentence: %.30q", i, c.Text)
	}
}

func TestSplitNoOverlap(t *testing.T) {
	doc := store.Document{ID: "d", Text: sentences(300, "pump")}
	opts := Options{OverlapTokens: NoOverlap}
	chunks, err := Split(doc, opts)
	require.NoError(t, err)
	requireValidChunks(t, doc, opts, chunks)
	require.Greater(t, len(chunks), 2)
	for i := 1; i < len(chunks); i++ {
		require.GreaterOrEqual(t, chunks[i].Start, chunks[i-1].End)
	}
}

func TestSplitOverlapStaysInsideSections(t *testing.T) {
	text := "## One\n\n" + sentences(150, "one") + "\n\n## Two\n\n" + sentences(150, "two")
	doc := store.Document{ID: "d", Text: text}
	chunks, err := Split(doc, Options{})
	require.NoError(t, err)
	requireValidChunks(t, doc, Options{}, chunks)
	first := -1
	for i, c := range chunks {
		if c.HeadingPath() == "Two" {
			first = i
			break
		}
	}
	require.Positive(t, first)
	require.True(t, strings.HasPrefix(chunks[first].Text, "## Two"))
	require.GreaterOrEqual(t, chunks[first].Start, chunks[first-1].End)
}

func TestSplitPrefersParagraphBreaks(t *testing.T) {
	var paras []string
	for i := range 60 {
		paras = append(paras, sentences(5, fmt.Sprint("p", i)))
	}
	text := strings.Join(paras, "\n\n")
	doc := store.Document{ID: "d", Text: text}
	opts := Options{OverlapTokens: NoOverlap}
	chunks, err := Split(doc, opts)
	require.NoError(t, err)
	requireValidChunks(t, doc, opts, chunks)
	require.Greater(t, len(chunks), 2)
	for i, c := range chunks {
		require.True(t, c.End == len(text) || strings.HasPrefix(text[c.End:], "\n\n"), "chunk %d ends inside a paragraph", i)
	}
}

// Hard-wrapped prose in one block too long for a chunk (HAProxy's manual
// is one <pre>) is cut at lines; a chunk ends where a sentence does, not
// at a line break inside one, which would leave a fragment ("…, which
// means that") for a generator to quote.
func TestSplitWrappedProseAtSentenceEnds(t *testing.T) {
	var b strings.Builder
	b.WriteString("```\n")
	for i := range 120 {
		fmt.Fprintf(&b, "              Rule %d of the balancer is static by default, which means that\n", i)
		for range i % 4 {
			b.WriteString("              changing a server's weight on the fly will have no effect,\n")
		}
		b.WriteString("              but this can be changed using the hash type.\n")
	}
	b.WriteString("```\n")
	text := b.String()
	doc := store.Document{ID: "d", Text: text}
	opts := Options{OverlapTokens: NoOverlap}
	chunks, err := Split(doc, opts)
	require.NoError(t, err)
	requireValidChunks(t, doc, opts, chunks)
	require.Greater(t, len(chunks), 2)
	for i, c := range chunks[:len(chunks)-1] {
		require.True(t, strings.HasSuffix(strings.TrimSpace(text[c.Start:c.End]), "hash type."), "chunk %d ends in mid-sentence: %q", i, text[max(c.Start, c.End-60):c.End])
	}
}

func TestSplitLongSentenceAtTokenBoundaries(t *testing.T) {
	text := strings.Repeat("lorem ipsum dolor sit amet ", 1500)
	doc := store.Document{ID: "d", Text: text}
	chunks, err := Split(doc, Options{})
	require.NoError(t, err)
	requireValidChunks(t, doc, Options{}, chunks)
	require.Greater(t, len(chunks), 5)
	for i := 1; i < len(chunks); i++ {
		require.Less(t, chunks[i].Start, chunks[i-1].End, "pieces of one long sentence still overlap")
		// Cuts prefer word boundaries.
		require.Equal(t, byte(' '), text[chunks[i].Start-1])
	}
}

func TestSplitExplicitSections(t *testing.T) {
	// Text as the HTML loader writes it: headings on their own lines, no
	// Markdown, structure in Sections.
	text := "Guide\n\nIntro text.\n\nInstall\n\n# not a heading in HTML\n\nRun it.\n\nLinux\n\nUse apt."
	install := strings.Index(text, "Install")
	linux := strings.Index(text, "Linux")
	doc := store.Document{ID: "d", Text: text, Sections: []store.Section{
		{Start: 0, End: install, Heading: []string{"Guide"}},
		{Start: install, End: linux, Heading: []string{"Guide", "Install"}},
		{Start: linux, End: len(text), Heading: []string{"Guide", "Install", "Linux"}},
	}}
	chunks, err := Split(doc, noMerge)
	require.NoError(t, err)
	requireValidChunks(t, doc, noMerge, chunks)
	require.Equal(t, []string{"Guide", "Guide > Install", "Guide > Install > Linux"}, headings(chunks))
	require.Equal(t, "Install\n\n# not a heading in HTML\n\nRun it.", chunks[1].Text)

	t.Run("heading-only section joins the next", func(t *testing.T) {
		doc := doc
		doc.Text = "Guide\nInstall\nRun it."
		doc.Sections = []store.Section{
			{Start: 0, End: 6, Heading: []string{"Guide"}},
			{Start: 6, End: len(doc.Text), Heading: []string{"Guide", "Install"}},
		}
		chunks, err := Split(doc, noMerge)
		require.NoError(t, err)
		require.Len(t, chunks, 1)
		require.Equal(t, []string{"Guide", "Install"}, chunks[0].Heading)
	})
}

func TestSplitPages(t *testing.T) {
	p1 := "Page one text. " + sentences(3, "one")
	p2 := "# Markdown heading on page two\n\nPage two text."
	text := p1 + "\n" + p2
	doc := store.Document{ID: "d.pdf", Text: text, Sections: []store.Section{
		{Start: 0, End: len(p1), Page: 1},
		{Start: len(p1) + 1, End: len(text), Page: 2},
	}}
	chunks, err := Split(doc, noMerge)
	require.NoError(t, err)
	requireValidChunks(t, doc, noMerge, chunks)
	require.Len(t, chunks, 2)
	require.Equal(t, []int{1, 2}, []int{chunks[0].Page, chunks[1].Page})
	require.Equal(t, "Markdown heading on page two", chunks[1].HeadingPath(), "page-only sections keep Markdown headings")

	merged, err := Split(doc, Options{})
	require.NoError(t, err)
	require.Len(t, merged, 1)
	require.Equal(t, 1, merged[0].Page, "a merged chunk carries its first section's page")
}

func TestSplitErrors(t *testing.T) {
	ok := "Some text."
	cases := []struct {
		name    string
		doc     store.Document
		opts    Options
		want    error
		section bool
	}{
		{"empty", store.Document{ID: "d"}, Options{}, ErrEmptyDocument, false},
		{"white space", store.Document{ID: "d", Text: " \n\t\u00a0\r\n"}, Options{}, ErrEmptyDocument, false},
		{"invalid utf-8", store.Document{ID: "d", Text: "ok \xff\xfe bytes"}, Options{}, ErrInvalidUTF8, false},
		{"section outside text", store.Document{ID: "d", Text: ok, Sections: []store.Section{{Start: 0, End: 99}}}, Options{}, ErrInvalidSection, true},
		{"section inverted", store.Document{ID: "d", Text: ok, Sections: []store.Section{{Start: 5, End: 2}}}, Options{}, ErrInvalidSection, true},
		{"section inside rune", store.Document{ID: "d", Text: "über", Sections: []store.Section{{Start: 1, End: 4}}}, Options{}, ErrInvalidSection, true},
		{"negative page", store.Document{ID: "d", Text: ok, Sections: []store.Section{{Start: 0, End: 4, Page: -1}}}, Options{}, ErrInvalidSection, true},
		{"target above max", store.Document{ID: "d", Text: ok}, Options{TargetTokens: 900, MaxTokens: 800}, ErrInvalidOptions, false},
		{"max too small", store.Document{ID: "d", Text: ok}, Options{MaxTokens: 8}, ErrInvalidOptions, false},
		{"min above target", store.Document{ID: "d", Text: ok}, Options{MinTokens: 900}, ErrInvalidOptions, false},
		{"overlap above half target", store.Document{ID: "d", Text: ok}, Options{OverlapTokens: 500}, ErrInvalidOptions, false},
		{"negative size", store.Document{ID: "d", Text: ok}, Options{TargetTokens: -1}, ErrInvalidOptions, false},
		{"negative window", store.Document{ID: "d", Text: ok}, Options{MaxWindow: -time.Second}, ErrInvalidOptions, false},
		{"time span ends before it starts", store.Document{ID: "d", Text: ok, Sections: []store.Section{{Start: 0, End: len(ok), Time: &store.TimeSpan{Start: time.Minute, End: time.Second}}}}, Options{}, ErrInvalidSection, true},
		{"negative time", store.Document{ID: "d", Text: ok, Sections: []store.Section{{Start: 0, End: len(ok), Time: &store.TimeSpan{Start: -time.Second}}}}, Options{}, ErrInvalidSection, true},
		{"min window above max", store.Document{ID: "d", Text: ok}, Options{MaxWindow: time.Minute, MinWindow: 2 * time.Minute}, ErrInvalidOptions, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			chunks, err := Split(c.doc, c.opts)
			require.ErrorIs(t, err, c.want)
			require.Nil(t, chunks)
			require.True(t, strings.HasPrefix(err.Error(), "chunker: "), err.Error())
			var se *SectionError
			require.Equal(t, c.section, errors.As(err, &se))
		})
	}
}

func TestOptionsResolved(t *testing.T) {
	cases := []struct {
		in, want Options
	}{
		{Options{}, Options{TargetTokens: 800, MaxTokens: 1000, MinTokens: 700, OverlapTokens: 120}},
		{Options{MaxTokens: 500}, Options{TargetTokens: 500, MaxTokens: 500, MinTokens: 500, OverlapTokens: 120}},
		{Options{TargetTokens: 2000}, Options{TargetTokens: 2000, MaxTokens: 2000, MinTokens: 700, OverlapTokens: 120}},
		{Options{TargetTokens: 100}, Options{TargetTokens: 100, MaxTokens: 1000, MinTokens: 100, OverlapTokens: 25}},
		{Options{OverlapTokens: NoOverlap}, Options{TargetTokens: 800, MaxTokens: 1000, MinTokens: 700, OverlapTokens: 0}},
		{Options{MaxWindow: 30 * time.Second}, Options{TargetTokens: 800, MaxTokens: 1000, MinTokens: 700, OverlapTokens: 120,
			MaxWindow: 30 * time.Second, MinWindow: 30 * time.Second}},
		{Options{MinWindow: 3 * time.Minute}, Options{TargetTokens: 800, MaxTokens: 1000, MinTokens: 700, OverlapTokens: 120,
			MaxWindow: 3 * time.Minute, MinWindow: 3 * time.Minute}},
	}
	for _, c := range cases {
		if c.want.MaxWindow == 0 {
			c.want.MaxWindow, c.want.MinWindow = DefaultMaxWindow, DefaultMinWindow
		}
		ch, err := New(c.in)
		require.NoError(t, err)
		require.Equal(t, c.want, ch.Options())
	}
}

func TestSplitDeterministicStableIDs(t *testing.T) {
	text := "# A\n\n" + sentences(200, "a") + "\n\n# B\n\n" + sentences(200, "b")
	doc := store.Document{ID: "d", Text: text}
	first, err := Split(doc, Options{})
	require.NoError(t, err)
	again, err := Split(doc, Options{})
	require.NoError(t, err)
	require.Equal(t, first, again)

	ids := map[string]bool{}
	for _, c := range first {
		require.False(t, ids[c.ID], "duplicate id")
		ids[c.ID] = true
	}

	// Editing the end of the document keeps the ids of the chunks before it.
	edited := doc
	edited.Text = text + " One more sentence at the end."
	after, err := Split(edited, Options{})
	require.NoError(t, err)
	require.Equal(t, len(first), len(after))
	for i := 0; i < len(first)-1; i++ {
		require.Equal(t, first[i].ID, after[i].ID)
	}
	require.NotEqual(t, first[len(first)-1].ID, after[len(after)-1].ID)
}

func TestSplitCopiesDocumentFields(t *testing.T) {
	doc := store.Document{
		ID: "docs/a.md", Source: "./docs/a.md", Title: "A", TenantID: "t", ProjectID: "p",
		Text:     "# A\n\nText.",
		Metadata: store.Metadata{SourceType: "manual", Tags: []string{"x"}, Extra: map[string]string{"k": "v"}},
	}
	chunks, err := Split(doc, Options{})
	require.NoError(t, err)
	require.Len(t, chunks, 1)
	c := chunks[0]
	require.Equal(t, []string{doc.ID, doc.Source, doc.Title, doc.TenantID, doc.ProjectID, store.Hash(doc.Text)},
		[]string{c.DocumentID, c.Source, c.Title, c.TenantID, c.ProjectID, c.DocHash})
	require.Equal(t, doc.Metadata, c.Metadata)
	c.Metadata.Tags[0] = "changed"
	c.Metadata.Extra["k"] = "changed"
	require.Equal(t, "x", doc.Metadata.Tags[0], "chunks must not share the document's slices")
	require.Equal(t, "v", doc.Metadata.Extra["k"])

	doc.Hash = "given"
	chunks, err = Split(doc, Options{})
	require.NoError(t, err)
	require.Equal(t, "given", chunks[0].DocHash)
}

func TestSplitConcurrent(t *testing.T) {
	doc := store.Document{ID: "d", Text: "# A\n\n" + sentences(150, "a") + "\n\n## B\n\nShort."}
	c, err := New(Options{})
	require.NoError(t, err)
	want, err := c.Split(doc)
	require.NoError(t, err)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := c.Split(doc)
			if err == nil && len(got) != len(want) {
				err = fmt.Errorf("got %d chunks, want %d", len(got), len(want))
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}

func TestSplitLongCodeBlockAtLineBreaks(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Code\n\n```go\n")
	for i := range 200 {
		fmt.Fprintf(&b, "x%d := compute(%d, \"step\") // advance the pump state\n", i, i)
	}
	b.WriteString("```\n")
	doc := store.Document{ID: "d", Text: b.String()}
	opts := Options{TargetTokens: 100, MaxTokens: 120, OverlapTokens: NoOverlap}
	chunks, err := Split(doc, opts)
	require.NoError(t, err)
	requireValidChunks(t, doc, opts, chunks)
	require.Greater(t, len(chunks), 10)
	for i, c := range chunks {
		require.True(t, c.Start == 0 || doc.Text[c.Start-1] == '\n', "chunk %d starts inside a line", i)
		require.True(t, doc.Text[c.End] == '\n', "chunk %d ends inside a line", i)
		require.Equal(t, []string{"Code"}, c.Heading)
	}
}
