package loader

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// pumpctlPage is a manual page as a terminal formatter lays it out and a
// web page wraps it in one <pre>: header and footer lines, unindented
// section headings, a subsection heading, text justified and hyphenated
// across lines, tagged entries (one with two tags, one with its text
// after a gap, one whose tag fills the tag column, one with tagged values
// inside), a numbered list with hanging text, an example command, and
// references.
const pumpctlPage = `<html><head><title>Pump manual - pumpctl(8)</title></head><body><pre>
PUMPCTL(8)                                                          PUMPCTL(8)

<b>NAME</b>
       pumpctl - pump control program

<b>SYNOPSIS</b>
       <b>pumpctl</b> [<b>-v</b>] [<b>-c</b> <i>config_dir</i>]
               [<b>-d</b> <i>pump_id</i>] [<i>command ...</i>]

<b>DESCRIPTION</b>
       The  <a href="pumpctl.8.html"><b>pumpctl</b>(8)</a>  command  starts,  stops  and  drains  the  pumps  of  the
       station.  Use of the command is restricted to the operator; see the
       command-line options below. Every change is logged with its mes-
       sage file.

   <b>Options</b>
       -c config_dir
              The  pump.cf  configuration  file is in the named directory in-
              stead of the default configuration directory.

       -d pump_id
              Drain one pump with the named ID.

              To drain every pump at once, run:

                  pumpctl -d ALL \
                      --force

              The scenario is as follows:

              1)     The pump closes its inlet valve, so that no more wa-
                     ter enters.

              2)     The pump opens its drain valve.

       -e pump_id

       -f pump_id
              Request a forced stop of the named pump.

       -m mode
              Select the pump mode:

              eco    The pump runs at half speed.

              boost  The pump runs at full speed as long as the station
                     has power.

       -v     Enable verbose logging. Multiple -v options make the program
              more verbose.

       SIGHUP On a hangup signal the pump re-reads its configuration
              files.

<b>SEE ALSO</b>
       pump.cf(5), pump configuration
       tank(8), tank control

Pump 2.1                          2024-01-07                        PUMPCTL(8)
</pre></body></html>`

func TestLoadHTMLManualPage(t *testing.T) {
	doc := store.Document{ID: "pumpctl.8.html"}
	require.NoError(t, parseHTML([]byte(pumpctlPage), &doc))
	want := "NAME\n\npumpctl - pump control program\n\n" +
		"SYNOPSIS\n\n```\npumpctl [-v] [-c config_dir]\n        [-d pump_id] [command ...]\n```\n\n" +
		"DESCRIPTION\n\nThe pumpctl(8) command starts, stops and drains the pumps of the station. " +
		"Use of the command is restricted to the operator; see the command-line options below. " +
		"Every change is logged with its message file.\n\n" +
		"Options\n\n" +
		"-c config_dir\nThe pump.cf configuration file is in the named directory instead of the default configuration directory.\n\n" +
		"-d pump_id\nDrain one pump with the named ID.\n\nTo drain every pump at once, run:\n\n" +
		"```\npumpctl -d ALL \\\n    --force\n```\n\n" +
		"The scenario is as follows:\n\n" +
		"1) The pump closes its inlet valve, so that no more water enters.\n\n" +
		"2) The pump opens its drain valve.\n\n" +
		"-e pump_id\n-f pump_id\nRequest a forced stop of the named pump.\n\n" +
		"-m mode\nSelect the pump mode:\n\n" +
		"- eco: The pump runs at half speed.\n" +
		"- boost: The pump runs at full speed as long as the station has power.\n\n" +
		"-v\nEnable verbose logging. Multiple -v options make the program more verbose.\n\n" +
		"SIGHUP\nOn a hangup signal the pump re-reads its configuration files.\n\n" +
		"SEE ALSO\n\n- pump.cf(5), pump configuration\n- tank(8), tank control"
	require.Equal(t, want, doc.Text)

	var paths []string
	for _, s := range doc.Sections {
		paths = append(paths, strings.Join(s.Heading, " > "))
	}
	require.Equal(t, []string{
		"NAME", "SYNOPSIS", "DESCRIPTION", "DESCRIPTION > Options",
		"DESCRIPTION > Options > -c config_dir", "DESCRIPTION > Options > -d pump_id",
		"DESCRIPTION > Options > -e pump_id, -f pump_id", "DESCRIPTION > Options > -m mode",
		"DESCRIPTION > Options > -v", "DESCRIPTION > Options > SIGHUP", "SEE ALSO",
	}, paths)
	require.Equal(t, "Pump manual - pumpctl(8)", doc.Title)
}

// Text that only looks like a manual page is code: a guide quoting a
// page's source, or a short formatted snippet without the page's header.
func TestLoadHTMLManualPageLookalikes(t *testing.T) {
	requireHTMLTexts(t, []htmlTextCase{
		{"a page's source in a guide",
			"<body><p>Write the page:</p><pre>pumpctl(8)\n==========\n\nNAME\n----\npumpctl - pump control\n\nSYNOPSIS\n--------\n'pumpctl [&lt;arg&gt;...]'\n</pre></body>",
			"Write the page:\n\n```\npumpctl(8)\n==========\n\nNAME\n----\npumpctl - pump control\n\nSYNOPSIS\n--------\n'pumpctl [<arg>...]'\n```"},
		{"a short snippet without a header",
			"<body><pre>NAME\n    pump - the pump module\n\nDESCRIPTION\n    Pumps water.\n</pre></body>",
			"```\nNAME\n    pump - the pump module\n\nDESCRIPTION\n    Pumps water.\n```"},
	})
}

// "man pumpctl > pumpctl.txt" keeps the terminal's bold (a character,
// a backspace, the character again) and groff's Unicode hyphen at line
// breaks; such a text file is read by its layout too, its title the
// text under NAME. A tag and its text on one line ("-S     sort …") is an
// entry of its own, not a second tag of the next one.
func TestLoadTextManualPage(t *testing.T) {
	bold := func(s string) string {
		var b strings.Builder
		for _, r := range s {
			b.WriteString(string(r) + "\b" + string(r))
		}
		return b.String()
	}
	page := "PUMPCTL(8)                    System Manager's Manual                   PUMPCTL(8)\n\n" +
		bold("NAME") + "\n       pumpctl - pump control program\n\n" +
		bold("SYNOPSIS") + "\n       pumpctl [OPTION]...\n\n" +
		bold("DESCRIPTION") + "\n       Start and stop the pumps, keeping their time‐\n       stamps in the log.\n\n" +
		"       " + bold("-S") + "     sort pumps by size, largest first\n\n" +
		"       " + bold("--sort") + "=WORD\n              sort by WORD instead of name\n"
	doc := store.Document{ID: "pumpctl.txt"}
	setText(page, false, &doc, nil)
	require.Equal(t, "NAME\n\npumpctl - pump control program\n\nSYNOPSIS\n\n```\npumpctl [OPTION]...\n```\n\n"+
		"DESCRIPTION\n\nStart and stop the pumps, keeping their timestamps in the log.\n\n"+
		"-S\nsort pumps by size, largest first\n\n--sort=WORD\nsort by WORD instead of name", doc.Text)
	require.Equal(t, "pumpctl - pump control program", doc.Title)
	require.Len(t, doc.Sections, 5)
	require.Equal(t, []string{"DESCRIPTION", "-S"}, doc.Sections[3].Heading)

	// Any other text file is left as it is.
	doc = store.Document{ID: "notes.txt"}
	setText("NAME\nDESCRIPTION\n  not a page", false, &doc, nil)
	require.Equal(t, "NAME\nDESCRIPTION\n  not a page", doc.Text)
	require.Empty(t, doc.Sections)
}
