package loader

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// pumpdManPage is a page written by hand with the man macros, the way
// help2man and most projects write theirs.
const pumpdManPage = `.\" Copyright notice, not text.
.TH PUMPD 8 "2024-03-05" "Pump 2.1" "System Manager's Manual"
.SH NAME
pumpd \- pump control daemon
.SH SYNOPSIS
.B pumpd
[\fB\-d\fR]
[\fB\-\-config\fR=\fIFILE\fR]
.SH DESCRIPTION
\fBpumpd\fR watches the pumps and restarts a stalled one.
It reads \*(lqpumpd.conf\*(rq at start\(emand on SIGHUP.
.SH OPTIONS
.TP
\fB\-d\fR, \fB\-\-debug\fR
Log every decision to standard error.
.TP
.BR \-\-config =\fIFILE\fR
Read the configuration from
.I FILE
instead.
.RS
.TP
.B strict
Refuse unknown keys.
.TP
.B lax
Ignore unknown keys.
.RE
.IP
The default is lax.
.PP
Exit status is 0 on success.
.SS Signals
.IP \(bu 2
SIGHUP reloads the configuration.
.IP \(bu 2
SIGTERM stops the daemon.
.SH EXAMPLES
.nf
    pumpd \-d
    pumpd \-\-config=/etc/pumpd.conf
.fi
`

func loadRoffString(t *testing.T, name, text string) store.Document {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	doc, err := LoadFile(path)
	require.NoError(t, err)
	return doc
}

// sectionText returns the text of the section whose heading path ends
// with last.
func sectionText(t *testing.T, doc store.Document, last string) string {
	t.Helper()
	for _, s := range doc.Sections {
		if len(s.Heading) > 0 && s.Heading[len(s.Heading)-1] == last {
			return doc.Text[s.Start:s.End]
		}
	}
	t.Fatalf("no section %q in %v", last, doc.Sections)
	return ""
}

func TestLoadManPageSource(t *testing.T) {
	doc := loadRoffString(t, "pumpd.8", pumpdManPage)
	require.Equal(t, "pumpd - pump control daemon", doc.Title)
	require.Equal(t, "Pump 2.1", doc.Metadata.Revision)
	require.Equal(t, time.Date(2024, 3, 5, 0, 0, 0, 0, time.UTC), doc.Metadata.Date)
	require.NotContains(t, doc.Text, `\f`)
	require.NotContains(t, doc.Text, ".TP")

	require.Contains(t, doc.Text, "```\npumpd [-d] [--config=FILE]\n```", "the synopsis is code")
	require.Contains(t, doc.Text, "pumpd watches the pumps and restarts a stalled one. It reads “pumpd.conf” at start—and on SIGHUP.")

	// Tagged paragraphs are definition entries, the tag a paragraph of its
	// own, as a heading.
	debug := sectionText(t, doc, "-d, --debug")
	require.Equal(t, "-d, --debug\n\nLog every decision to standard error.", debug)
	config := sectionText(t, doc, "--config=FILE")
	require.Contains(t, config, "--config=FILE\n\nRead the configuration from FILE instead.")
	// A tagged list inside an entry is its list, one item a line; an
	// indented paragraph after it goes on with the entry.
	require.Contains(t, config, "- strict: Refuse unknown keys.\n- lax: Ignore unknown keys.")
	require.Contains(t, config, "The default is lax.")
	require.NotContains(t, config, "Exit status", ".PP ends the entry")

	require.Contains(t, sectionText(t, doc, "Signals"), "- SIGHUP reloads the configuration.\n- SIGTERM stops the daemon.")
	require.Contains(t, doc.Text, "```\npumpd -d\npumpd --config=/etc/pumpd.conf\n```")
	for _, s := range doc.Sections {
		if s.Heading[len(s.Heading)-1] == "-d, --debug" {
			require.Equal(t, []string{"OPTIONS", "-d, --debug"}, s.Heading)
			require.Equal(t, 1, s.Terms)
		}
	}
}

// journalPage is written as DocBook's stylesheets write pages (systemd's,
// APT's, Git's): a term paragraph over an indented block, lists drawn
// with conditionals for nroff and troff, strings defined per formatter.
const journalPage = `'\" t
.\"     Title: journal.conf
.ie \n(.g .ds Aq \(aq
.el       .ds Aq '
.nh
.ad l
.TH "JOURNAL\&.CONF" "5" "" "journal 252" "journal.conf"
.SH "NAME"
journal.conf \- Journal configuration
.SH "OPTIONS"
.PP
All options are configured in the [Journal] section:
.PP
\fIStorage=\fR
.RS 4
Controls where to store journal data\&. Defaults to
"auto"\&.
.sp
Note that the journal\*(Aqs storage is volatile at first\&.
.RE
.PP
\fISystemMaxUse=\fR, \fIRuntimeMaxUse=\fR
.RS 4
Enforce size limits:
.sp
.RS 4
.ie n \{\
\h'-04'\(bu\h'+03'\c
.\}
.el \{\
.sp -1
.IP \(bu 2.3
.\}
on disk
.RE
.sp
.RS 4
.ie n \{\
\h'-04'\(bu\h'+03'\c
.\}
.el \{\
.sp -1
.IP \(bu 2.3
.\}
in memory
.RE
.RE
.PP
For example:
.sp
.if n \{\
.RS 4
.\}
.nf
[Journal]
Storage=persistent
.fi
.if n \{\
.RE
.\}
.SH "LIMITS"
.TS
allbox tab(:);
lB lB
l l.
T{
Space
T}:T{
Multiplier
T}
.T&
l l.
T{
<= 1MB
T}:T{
1
T}
.TE
.sp 1
`

func TestLoadManPageDocBook(t *testing.T) {
	doc := loadRoffString(t, "journal.conf.5", journalPage)
	require.Equal(t, "journal.conf - Journal configuration", doc.Title)
	storage := sectionText(t, doc, "Storage=")
	require.Equal(t, "Storage=\n\nControls where to store journal data. Defaults to \"auto\".\n\nNote that the journal's storage is volatile at first.", storage)
	limits := sectionText(t, doc, "SystemMaxUse=, RuntimeMaxUse=")
	require.Contains(t, limits, "Enforce size limits:")
	require.Contains(t, limits, "Enforce size limits:\n\n- on disk\n- in memory", "nroff's bullets are a list, as troff's .IP ones")
	require.NotContains(t, limits, "For example", "the entry ends at the next paragraph of its depth")
	require.Contains(t, doc.Text, "For example:\n\n```\n[Journal]\nStorage=persistent\n```")
	require.Contains(t, sectionText(t, doc, "LIMITS"), "Space | Multiplier\n<= 1MB | 1")
}

// podPage is written as pod2man writes Perl's pages: its own macros for
// verbatim text and spacing, strings and translations chosen per
// formatter (BQ stands for a backquote).
var podPage = strings.ReplaceAll(`.de Sp \" Vertical space (when we can't use .PP)
.if t .sp .5v
.if n .sp
..
.de Vb \" Begin verbatim text
.ft CW
.nf
.ne \\$1
..
.de Ve \" End verbatim text
.ft R
.fi
..
.tr \(*W-
.ie n \{\
.    ds -- \(*W-
.    ds CBQ ""
.    ds C' ""
'br\}
.el\{\
.    ds -- \|\(em\|
.    ds CBQ
.    ds C'
'br\}
.de IX
..
.if (\n(rF:(\n(.g==0)) \{\
.    if \nF \{\
.        de IX
.        tm Index:\\$1\t\\n%\t"\\$2"
..
.    \}
.\}
.IX Title "PODTOOL 1"
.TH PODTOOL 1 "2025-04-12" "perl v5.36.0" "Perl Programmers Reference Guide"
.SH "NAME"
podtool \- Convert POD data
.SH "OPTIONS"
.IX Header "OPTIONS"
.IP "\fB\-c\fR \fIstring\fR, \fB\-\-center\fR=\fIstring\fR" 4
.IX Item "-c string, --center=string"
Sets the centered page header\*(--the default is \f(CW\*(CBQSTDIN\*(C'\fR.
.Sp
See below.
.IP "\fB\-h\fR" 4
Print usage.
.PP
Run it like this:
.PP
.Vb 1
\&    podtool \-c x file.pod
.Ve
`, "BQ", "`")

func TestLoadManPagePod(t *testing.T) {
	doc := loadRoffString(t, "podtool.1", podPage)
	require.Equal(t, "podtool - Convert POD data", doc.Title)
	require.NotContains(t, doc.Text, "Index:")
	center := sectionText(t, doc, "-c string, --center=string")
	require.Equal(t, "-c string, --center=string\n\nSets the centered page header--the default is \"STDIN\".\n\nSee below.", center)
	require.Equal(t, "-h\n\nPrint usage.", sectionText(t, doc, "-h"))
	require.Contains(t, doc.Text, "Run it like this:\n\n```\npodtool -c x file.pod\n```")
}

// sshdPage is written with the mdoc macros, as OpenSSH and the BSDs write
// their pages.
const sshdPage = `.\" $OpenBSD: sshd_config.5,v 1.347 $
.Dd $Mdocdate: January 18 2023 $
.Dt SSHD_CONFIG 5
.Os
.Sh NAME
.Nm sshd_config
.Nd OpenSSH daemon configuration file
.Sh SYNOPSIS
.Nm sshd
.Op Fl 46
.Op Fl f Ar config_file
.Sh DESCRIPTION
.Xr sshd 8
reads configuration data from
.Pa /etc/ssh/sshd_config
(or the file specified with
.Fl f
on the command line).
Lines starting with
.Ql #
are comments.
.Bl -tag -width Ds
.It Cm AddressFamily
Specifies which address family should be used by
.Xr sshd 8 .
Valid arguments are
.Cm any
(the default),
.Cm inet
(use IPv4 only), or
.Cm inet6
(use IPv6 only).
.It Cm Ciphers
Specifies the ciphers allowed.
The supported ciphers are:
.Pp
.Bl -item -compact -offset indent
.It
aes128-ctr
.It
chacha20-poly1305@openssh.com
.El
.Pp
The default is
.Dq aes128-ctr .
.It Cm LogLevel
Gives the verbosity level:
.Bl -tag -width Ds
.It Cm QUIET
Nothing.
.It Cm INFO
The default.
.El
.It Xo
.Cm Match
.Ar criteria
.Xc
Introduces a conditional block.
.El
.Sh TIME FORMATS
.Bl -column "XXX" "Meaning" -offset indent
.It Sy Suffix Ta Sy Meaning
.It s | S Ta seconds
.El
.Bd -literal -offset indent
600	600 seconds (10 minutes)
.Ed
.Sh SEE ALSO
.Xr ssh 1 ,
.Xr sshd 8
`

func TestLoadManPageMdoc(t *testing.T) {
	doc := loadRoffString(t, "sshd_config.5", sshdPage)
	require.Equal(t, "sshd_config - OpenSSH daemon configuration file", doc.Title)
	require.Equal(t, time.Date(2023, 1, 18, 0, 0, 0, 0, time.UTC), doc.Metadata.Date)
	require.Contains(t, doc.Text, "```\nsshd [-46] [-f config_file]\n```")
	require.Contains(t, doc.Text, "sshd(8) reads configuration data from /etc/ssh/sshd_config (or the file specified with -f on the command line). Lines starting with ‘#’ are comments.")
	require.Equal(t, "AddressFamily\n\nSpecifies which address family should be used by sshd(8). Valid arguments are any (the default), inet (use IPv4 only), or inet6 (use IPv6 only).",
		sectionText(t, doc, "AddressFamily"))
	ciphers := sectionText(t, doc, "Ciphers")
	require.Contains(t, ciphers, "- aes128-ctr\n- chacha20-poly1305@openssh.com")
	require.Contains(t, ciphers, "The default is “aes128-ctr”.")
	require.Contains(t, sectionText(t, doc, "LogLevel"), "Gives the verbosity level:\n\n- QUIET: Nothing.\n- INFO: The default.")
	require.Equal(t, "Match criteria\n\nIntroduces a conditional block.", sectionText(t, doc, "Match criteria"))
	formats := sectionText(t, doc, "TIME FORMATS")
	require.Contains(t, formats, "Suffix | Meaning\ns | S | seconds")
	require.Contains(t, formats, "```\n600     600 seconds (10 minutes)\n```")
	require.Contains(t, sectionText(t, doc, "SEE ALSO"), "ssh(1), sshd(8)")
}

func TestLoadManPageOddities(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}

	// A page that only sources another stands for it: a redirect.
	_, err := LoadFile(write("journald.conf.d.5", ".so man5/journald.conf.5\n"))
	var re *RedirectError
	require.ErrorAs(t, err, &re)
	require.ErrorIs(t, err, ErrRedirect)
	require.Equal(t, "man5/journald.conf.5", re.Target)

	// A file named like a page that holds none (a rotated log) is
	// unsupported, and a folder passes over it.
	_, err = LoadFile(write("app.log.1", "2024-01-01 started\n2024-01-02 stopped\n"))
	require.ErrorIs(t, err, ErrUnsupported)

	// Latin-1, as older pages are written, is read as groff reads it.
	doc, err := LoadFile(write("cafe.1", ".TH CAFE 1\n.SH NAME\ncaf\xe9 \\- brew\n"))
	require.NoError(t, err)
	require.Equal(t, "café - brew", doc.Title)

	// A macro that calls itself, an unclosed block and an unknown escape
	// end; .ig hides its lines.
	doc, err = LoadFile(write("loop.1", ".de XX\n.XX\nloop\n..\n.TH LOOP 1\n.SH NAME\nloop \\- ends\n.SH BODY\n.XX\n.ig\nhidden\n..\n.if n \\{\\\nshown \\q\n"))
	require.NoError(t, err)
	require.Contains(t, doc.Text, "loop loop")
	require.Contains(t, doc.Text, "shown q")
	require.NotContains(t, doc.Text, "hidden")

	// Compressed, as installed, and in a folder with the others.
	gz := filepath.Join(dir, "pumpd.8.gz")
	f, err := os.Create(gz)
	require.NoError(t, err)
	zw := gzip.NewWriter(f)
	_, err = zw.Write([]byte(pumpdManPage))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	require.NoError(t, f.Close())
	var titles []string
	require.NoError(t, LoadDir(dir, func(d store.Document) error {
		titles = append(titles, d.Title)
		return nil
	}))
	require.ElementsMatch(t, []string{"café - brew", "loop - ends", "pumpd - pump control daemon"}, titles)
	require.True(t, Supported("ls.1"))
	require.True(t, Supported("printf.3pm.gz"))
	require.False(t, Supported("archive.1.tar"))
}

func TestRoffEscapes(t *testing.T) {
	r := roffReader{strs: map[string]string{"Q": "quoted \\*Q"}, budget: roffWorkBase}
	for in, want := range map[string]string{
		`\fBbold\fR \fIit\fP \f(CWcw\fR \f[B]b\f[]`:  "bold it cw b",
		`a\-b \(em \[em] \(aq\(dq \e \&. \|x\^y \0z`: `a-b — — '" \ . xy  z`,
		`\s-1SMALL\s0 \s+2big\s0 \s'+1'n\s0`:         "SMALL big n",
		`\h'+03'x\h'-04'y \v'1'z \w'abc'w`:           " xy z w",
		`\[u00E9]t\[char233] \N'65' \C'em'`:          "été A —",
		`\*Q`:                                        "quoted quoted quoted quoted quoted quoted quoted quoted ",
		`text \" a comment`:                          "text ",
		`cut\(`:                                      "cut",
		"\\(\xc3\xa9x":                               "x",
	} {
		got := r.plain(in)
		require.Equal(t, want, got, in)
	}
	_, join := r.roffText(`continued\c`)
	require.True(t, join)
	require.Equal(t, []string{"a", "b c", `d"e`, `f\ g`, ""}, roffArgs(`a "b c" "d""e" f\ g ""`))
}

// FuzzParseRoff checks that any page source yields valid UTF-8 text and
// sections inside it at rune boundaries and in order.
func FuzzParseRoff(f *testing.F) {
	for _, p := range []string{pumpdManPage, journalPage, podPage, sshdPage,
		".de A\n.A\n..\n.A\n", ".if n \\{\\\n.if t \\{\\\nx\n", ".TS\ntab(:);\nl l.\nT{\na\n", ".Bl -tag\n.It Xo\n.Cm x\n",
		".TP\n.TP\n.SH\n.RS\n.RE\n.RE\n.IP 1.\nx\\c\n", "\\(\xc3\xa9\\[u12\\N'9999999999'\\*[\\h'"} {
		f.Add([]byte(p))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc := store.Document{ID: "f.1", Source: "f.1"}
		text := strings.ToValidUTF8(string(raw), "")
		parseRoff(text, &doc)
		require.True(t, utf8.ValidString(doc.Text))
		require.True(t, utf8.ValidString(doc.Title))
		requireWellFormedSections(t, doc)
	})
}

func TestManRedirect(t *testing.T) {
	require.Equal(t, "man5/x.5", manRedirect(".\\\" alias\n.so man5/x.5\n"))
	require.Empty(t, manRedirect(".so man5/x.5\n.so man5/y.5\n"), "two sources: a page of its own")
	require.Empty(t, manRedirect(".TH X 1\n.so man5/x.5\n"))
	require.Empty(t, manRedirect("xso man5/x.5\n"), "a text line is no request")
}
