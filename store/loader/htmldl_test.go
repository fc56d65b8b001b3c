package loader

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Definition-list entries become Sections nested in their heading's, in
// the shapes documentation generators write them.
func TestLoadHTMLDefinitionLists(t *testing.T) {
	type sec struct {
		Heading string
		Terms   int
		Text    string
	}
	long := "configure(" + strings.Repeat("option_name=None, ", 12) + "last=True)"
	cases := []struct {
		name string
		html string
		want []sec
	}{{
		name: "sphinx functions, a class and its nested method",
		html: `<h1>Widgets</h1><p>Functions for widgets.</p>
<dl class="py function"><dt class="sig" id="spin"><span class="sig-name">spin</span>(<em>speed</em>)<a class="headerlink" href="#spin" title="Permalink">¶</a></dt>
<dd><p>Spin the widget at <em>speed</em>.</p></dd></dl>
<dl class="py class"><dt id="Gear"><em class="property">class </em>Gear(teeth)<a class="headerlink" href="#Gear">¶</a></dt>
<dd><p>A gear with teeth.</p>
<dl class="py method"><dt id="Gear.turn">turn(n)<a class="headerlink" href="#Gear.turn">¶</a></dt><dd><p>Turn n times.</p></dd></dl>
</dd></dl><p>After the list.</p>`,
		want: []sec{
			{"Widgets", 0, "Widgets\n\nFunctions for widgets.\n\nspin(speed)\n\nSpin the widget at speed.\n\nclass Gear(teeth)\n\nA gear with teeth.\n\nturn(n)\n\nTurn n times.\n\nAfter the list."},
			{"Widgets > spin(speed)", 1, "spin(speed)\n\nSpin the widget at speed."},
			{"Widgets > class Gear(teeth)", 1, "class Gear(teeth)\n\nA gear with teeth.\n\nturn(n)\n\nTurn n times."},
			{"Widgets > class Gear(teeth) > turn(n)", 2, "turn(n)\n\nTurn n times."},
		},
	}, {
		name: "docbook variablelist with a note inside an entry",
		html: `<div class="sect1"><h2>Settings</h2><p>Pump settings.</p><div class="variablelist"><dl class="variablelist">
<dt id="GUC-PUMP-SPEED"><span class="term"><code class="varname">pump_speed</code> (<code class="type">integer</code>)</span> <a href="#GUC-PUMP-SPEED" class="id_link">#</a></dt>
<dd><p>Sets the speed.</p><div class="note"><h3 class="title">Note</h3><p>Not on Windows.</p></div></dd>
<dt id="GUC-PUMP-MODE"><span class="term"><code class="varname">pump_mode</code> (<code class="type">enum</code>)</span><br><span class="term"><code>pump_style</code></span></dt>
<dd><p>Sets the mode.</p></dd></dl></div><p>Closing words.</p></div>
<h2>Next</h2><p>More.</p>`,
		want: []sec{
			{"Settings", 0, "Settings\n\nPump settings.\n\npump_speed (integer)\n\nSets the speed."},
			{"Settings > pump_speed (integer)", 1, "pump_speed (integer)\n\nSets the speed.\n\nNote\n\nNot on Windows."},
			{"Settings > pump_speed (integer) > Note", 0, "Note\n\nNot on Windows."},
			{"Settings", 0, "pump_mode (enum)\npump_style\n\nSets the mode.\n\nClosing words."},
			{"Settings > pump_mode (enum), pump_style", 1, "pump_mode (enum)\npump_style\n\nSets the mode."},
			{"Next", 0, "Next\n\nMore."},
		},
	}, {
		name: "asciidoc options with one dt per spelling",
		html: `<h2>OPTIONS</h2><div class="dlist"><dl>
<dt class="hdlist1">
-a
</dt>
<dt class="hdlist1">
--all
</dt>
<dd>
<p>
    Stage all modified files.
</p>
</dd>
<dt class="hdlist1">--dry-run</dt>
<dd><p>Show what would be done.</p></dd>
</dl></div>`,
		want: []sec{
			{"OPTIONS", 0, "OPTIONS\n\n-a\n--all\n\nStage all modified files.\n\n--dry-run\n\nShow what would be done."},
			{"OPTIONS > -a, --all", 1, "-a\n--all\n\nStage all modified files."},
			{"OPTIONS > --dry-run", 1, "--dry-run\n\nShow what would be done."},
		},
	}, {
		name: "groups wrapped in div, before any heading",
		html: `<dl><div><dt>Color</dt><dd>Red</dd></div><div><dt>Size</dt><dd>Large</dd></div></dl>`,
		want: []sec{
			{"Color", 1, "Color\n\nRed"},
			{"Size", 1, "Size\n\nLarge"},
		},
	}, {
		// man2html's markup (Slurm's slurm.conf(5)): empty <DT><DD> pairs
		// between entries, each description bare text after its term.
		name: "a bare description stands apart from its term",
		html: `<h2>PARAMETERS</h2><DL COMPACT><DT><DD><P><dt><B>KillWait</B></dt><dd>The interval, in seconds. The default value is 30 seconds.` +
			`<DT><DD><P><dt><B>MaxJobCount</B></dt><dd>The maximum number of jobs.</DL>`,
		want: []sec{
			{"PARAMETERS", 0, "PARAMETERS\n\nKillWait\n\nThe interval, in seconds. The default value is 30 seconds.\n\nMaxJobCount\n\nThe maximum number of jobs."},
			{"PARAMETERS > KillWait", 1, "KillWait\n\nThe interval, in seconds. The default value is 30 seconds."},
			{"PARAMETERS > MaxJobCount", 1, "MaxJobCount\n\nThe maximum number of jobs."},
		},
	}, {
		name: "empty and hidden terms open no entry",
		html: `<h1>Glossary</h1><dl><dt> </dt><dd>No term here.</dd><dt hidden>Secret</dt><dt>Shown</dt><dd>Described.</dd></dl>`,
		want: []sec{
			{"Glossary", 0, "Glossary\n\nNo term here.\nShown\n\nDescribed."},
			{"Glossary > Shown", 1, "Shown\n\nDescribed."},
		},
	}, {
		// Texinfo's option tables (FFmpeg's filters): the values an
		// option takes, then the description goes on with its default.
		name: "a value list inside an entry is the entry's list",
		html: `<h2>kiln</h2><dl compact="compact"><dt><samp>ramp</samp></dt>
<dd><p>The firing ramp to follow. It accepts one of the following values:</p>
<dl compact="compact"><dt><samp>0, slow</samp></dt><dd><p>Rise 60 degrees an hour.</p></dd>
<dt><samp>1, fast</samp></dt><dt><samp>quick</samp></dt><dd><p>Rise 150 degrees an hour.</p></dd></dl>
<p>The default value is <code>slow</code>.</p></dd>
<dt><samp>hold</samp></dt><dd><p>Minutes at peak.</p></dd></dl>`,
		want: []sec{
			{"kiln", 0, "kiln\n\nramp\n\nThe firing ramp to follow. It accepts one of the following values:\n\n" +
				"- 0, slow: Rise 60 degrees an hour.\n- 1, fast, quick: Rise 150 degrees an hour.\n\nThe default value is slow.\n\nhold\n\nMinutes at peak."},
			{"kiln > ramp", 1, "ramp\n\nThe firing ramp to follow. It accepts one of the following values:\n\n" +
				"- 0, slow: Rise 60 degrees an hour.\n- 1, fast, quick: Rise 150 degrees an hour.\n\nThe default value is slow."},
			{"kiln > hold", 1, "hold\n\nMinutes at peak."},
		},
	}, {
		// Descriptions of several paragraphs are entries' descriptions,
		// not values: the nested list keeps its entries.
		name: "a nested list of long entries keeps its entries",
		html: `<h2>kiln</h2><dl><dt>shelves</dt>
<dd><p>The shelves of the kiln.</p>
<dl><dt>top</dt><dd><p>The top shelf.</p><p>It runs hottest.</p></dd></dl></dd></dl>`,
		want: []sec{
			{"kiln", 0, "kiln\n\nshelves\n\nThe shelves of the kiln.\n\ntop\n\nThe top shelf.\n\nIt runs hottest."},
			{"kiln > shelves", 1, "shelves\n\nThe shelves of the kiln.\n\ntop\n\nThe top shelf.\n\nIt runs hottest."},
			{"kiln > shelves > top", 2, "top\n\nThe top shelf.\n\nIt runs hottest."},
		},
	}, {
		// An empty term would make an item "- : …": such a list keeps
		// the entries' reading.
		name: "a nested list with an empty term keeps its entries",
		html: `<h2>kiln</h2><dl><dt>shelves</dt>
<dd><p>The shelves of the kiln.</p>
<dl><dt> </dt><dd><p>No term here.</p></dd><dt>top</dt><dd><p>The top shelf.</p></dd></dl></dd></dl>`,
		want: []sec{
			{"kiln", 0, "kiln\n\nshelves\n\nThe shelves of the kiln.\n\nNo term here.\n\ntop\n\nThe top shelf."},
			{"kiln > shelves", 1, "shelves\n\nThe shelves of the kiln.\n\nNo term here.\n\ntop\n\nThe top shelf."},
			{"kiln > shelves > top", 2, "top\n\nThe top shelf."},
		},
	}, {
		name: "a long signature is shortened in the heading path",
		html: `<h1>API</h1><dl><dt>` + long + `</dt><dd>Configures it.</dd></dl>`,
		want: []sec{
			{"API", 0, "API\n\n" + long + "\n\nConfigures it."},
			{"API > " + shortTerm(long), 1, long + "\n\nConfigures it."},
		},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := writeFile(t, t.TempDir(), "page.html", []byte("<html><body>"+tc.html+"</body></html>"))
			doc, err := LoadFile(path)
			require.NoError(t, err)
			var got []sec
			for _, s := range doc.Sections {
				got = append(got, sec{strings.Join(s.Heading, " > "), s.Terms, strings.TrimSpace(doc.Text[s.Start:s.End])})
				if s.Terms > 0 {
					require.Equal(t, strings.TrimSpace(doc.Text[s.Start:s.End]), doc.Text[s.Start:s.End], "an entry starts at its term")
				}
			}
			require.Equal(t, tc.want, got)
		})
	}
}

func TestShortTerm(t *testing.T) {
	cases := []struct{ in, want string }{
		{"--dry-run", "--dry-run"},
		{strings.Repeat("a", maxTermBytes), strings.Repeat("a", maxTermBytes)},
		{strings.Repeat("word ", 40), strings.TrimSpace(strings.Repeat("word ", 24)) + "…"},
		{strings.Repeat("é", 100), strings.Repeat("é", maxTermBytes/2) + "…"},
	}
	for _, tc := range cases {
		got := shortTerm(tc.in)
		require.Equal(t, tc.want, got)
		require.LessOrEqual(t, len(got), maxTermBytes+len("…"))
	}
}
