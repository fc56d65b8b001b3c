package loader

import (
	"os"
	"path/filepath"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// pumpRST is a module page as Sphinx projects write them: a title with an
// overline, bibliographic fields, a module, object descriptions (one
// signature over two lines, a class with a method), version notes, an
// admonition, a literal block after "::", a code block with a caption, an
// option list, a definition list, a field list, a substitution, and
// inline markup of every kind a reader should not see.
const pumpRST = `:Date: 2024-06-03
:Version: 2.1

.. _pump-module:

=====================================
:mod:` + "`pump`" + ` --- Water pump control
=====================================

.. module:: pump
   :synopsis: Control the station's pumps.

.. |max| replace:: 4 pumps

**Source code:** :source:` + "`Lib/pump.py`" + `

The :mod:` + "`pump`" + ` module drives up to |max| at once. See
` + "`the station guide <https://example.org/guide>`_" + ` and :pep:` + "`8`" + `.

.. note::
   Pumps are *never* started while the inlet is closed.

Functions
---------

.. function:: start(pump_id, *, speed=1.0, \
                    timeout=None)

   Start the pump named *pump_id*. Call :func:` + "`~pump.stop`" + ` to
   stop it again::

      start("p1", speed=0.5)

   .. versionchanged:: 3.2
      The *timeout* parameter was added.

.. class:: Station(name)

   A station of pumps.

   .. method:: drain(all=False)

      Drain the station's pumps.

.. code-block:: ini
   :caption: pump.cf

   [pump]
   speed = 0.5

Options
-------

-v, --verbose  Log every command.
--dry-run
   Print the commands without running them.

Terms
~~~~~

inlet
   The valve water enters by.

:param pump_id: the pump's ID
:returns: nothing

.. This comment is not text.
`

func TestLoadRST(t *testing.T) {
	doc := store.Document{ID: "pump.rst"}
	parseRST(pumpRST, &doc)
	want := "pump — Water pump control\n\n" +
		"Source code: Lib/pump.py\n\n" +
		"The pump module drives up to 4 pumps at once. See the station guide and PEP 8.\n\n" +
		"Note\n\nPumps are never started while the inlet is closed.\n\n" +
		"Functions\n\n" +
		"pump.start(pump_id, *, speed=1.0, timeout=None)\n\n" +
		"Start the pump named pump_id. Call stop() to stop it again:\n\n" +
		"```\nstart(\"p1\", speed=0.5)\n```\n\n" +
		"Changed in version 3.2: The timeout parameter was added.\n\n" +
		"class pump.Station(name)\n\nA station of pumps.\n\n" +
		"drain(all=False)\n\nDrain the station's pumps.\n\n" +
		"pump.cf\n\n```\n[pump]\nspeed = 0.5\n```\n\n" +
		"Options\n\n" +
		"-v, --verbose\n\nLog every command.\n\n" +
		"--dry-run\n\nPrint the commands without running them.\n\n" +
		"Terms\n\n" +
		"inlet\n\nThe valve water enters by.\n\n" +
		"param pump_id: the pump's ID\nreturns: nothing"
	require.Equal(t, want, doc.Text)

	require.Equal(t, []string{
		"pump — Water pump control",
		"pump — Water pump control > Functions",
		"pump — Water pump control > Functions > pump.start(pump_id, *, speed=1.0, timeout=None)",
		"pump — Water pump control > Functions > class pump.Station(name)",
		"pump — Water pump control > Functions > class pump.Station(name) > drain(all=False)",
		"pump — Water pump control > Options",
		"pump — Water pump control > Options > -v, --verbose",
		"pump — Water pump control > Options > --dry-run",
		"pump — Water pump control > Options > Terms",
		"pump — Water pump control > Options > Terms > inlet",
	}, headingPaths(doc))
	require.Equal(t, "pump — Water pump control", doc.Title)
	require.Equal(t, "2.1", doc.Metadata.Revision)
	require.Equal(t, time.Date(2024, 6, 3, 0, 0, 0, 0, time.UTC), doc.Metadata.Date)
	requireWellFormedSections(t, doc)
}

func TestLoadRSTBlocks(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"underlined titles take levels in the order met",
			"A\n===\n\nB\n---\n\nx\n\nC\n===\n\ny",
			"A\n\nB\n\nx\n\nC\n\ny"},
		{"a transition is no text", "one\n\n----\n\ntwo", "one\n\ntwo"},
		{"bullet list with a nested list",
			"Intro:\n\n* first item\n  goes on\n* second\n\n  - inner\n\nAfter.",
			"Intro:\n\n- first item goes on\n- second\n- inner\n\nAfter."},
		{"enumerated list, auto-numbered",
			"#. one\n#. two\n\n3) three",
			"1. one\n2. two\n3. three"},
		{"a paragraph starting like an enumerator", "A. Smith wrote\nthis.", "A. Smith wrote this."},
		{"a lone :: introduces the block and disappears",
			"Run it:\n\n::\n\n   $ pump start\n\nDone.",
			"Run it:\n\n```\n$ pump start\n```\n\nDone."},
		{"text :: keeps the text without the marker",
			"Like this ::\n\n   code\n", "Like this\n\n```\ncode\n```"},
		{"doctest block", ">>> 1 + 1\n2\n\nText.", "```\n>>> 1 + 1\n2\n```\n\nText."},
		{"line block keeps its lines", "| Line one\n| Line two", "Line one\nLine two"},
		{"simple table with a header",
			"=====  =======\nName   Default\n=====  =======\nspeed  1.0\nlimit  none,\n       ever\n=====  =======\n\nAfter.",
			"Name | Default\nspeed | 1.0\nlimit | none, ever\n\nAfter."},
		{"tables with characters of more than one byte",
			"+------+-----+\n| Größe| Wert|\n+------+-----+\n\n=====  ====\nNäme   Wert\n=====  ====\n\nAfter.",
			"Größe | Wert\n\nNäme | Wert\n\nAfter."},
		{"grid table",
			"+------+---------+\n| Name | Default |\n+======+=========+\n| speed| 1.0     |\n|      | (max 2) |\n+------+---------+",
			"Name | Default\nspeed | 1.0 (max 2)"},
		{"csv table with a header",
			".. csv-table:: Limits\n   :header: \"Name\", \"Value\"\n\n   \"speed\", \"1.0, at most\"\n   limit, 4",
			"Limits\n\nName | Value\nspeed | 1.0, at most\nlimit | 4"},
		{"list table",
			".. list-table::\n   :header-rows: 1\n\n   * - Name\n     - Value\n   * - speed\n     - 1.0",
			"Name | Value\nspeed | 1.0"},
		{"glossary terms share a definition",
			".. glossary::\n\n   pump\n   pumps\n      A machine.\n\n   inlet\n      A valve.",
			"pump\npumps\n\nA machine.\n\ninlet\n\nA valve."},
		{"comments, targets, substitution definitions and hidden directives are no text",
			".. a comment\n   over two lines\n\n.. _target:\n\n.. |x| image:: x.png\n\n.. toctree::\n   :maxdepth: 2\n\n   intro\n\n.. index:: pump\n\nText.",
			"Text."},
		{"footnote", "See [#]_.\n\n.. [#] The pump manual.", "See.\n\n[] The pump manual."},
		{"a marker directive with no content writes nothing",
			".. setting:: SPEED\n\n``SPEED``\n---------\n\nThe speed.",
			"SPEED\n\nThe speed."},
		{"deprecated-removed", ".. deprecated-removed:: 3.8 3.10\n   Use :func:`start`.",
			"Deprecated since version 3.8, will be removed in version 3.10: Use start()."},
		{"version note without text", ".. versionadded:: 3.11", "New in version 3.11."},
		{"an admonition's text right under it, with a literal block",
			".. note::\n   This gives::\n\n      >>> p.parent\n\n   Resolve first.",
			"Note\n\nThis gives:\n\n```\n>>> p.parent\n```\n\nResolve first."},
		{"a version note introducing a literal block",
			".. deprecated:: 3.11\n   Replace calls by::\n\n      files(pkg)",
			"Deprecated since version 3.11: Replace calls by:\n\n```\nfiles(pkg)\n```"},
		{"a version note holding an admonition",
			".. versionchanged:: 3.7.1\n\n   .. note::\n\n      Signatures changed.",
			"Changed in version 3.7.1:\n\nNote\n\nSignatures changed."},
		{"unknown directive without arguments keeps its content", ".. only:: html\n\n   Shown.", "Shown."},
		{"audit event", ".. audit-event:: os.chdir path os.chdir", "Raises an auditing event os.chdir with arguments path."},
		{"a C function", ".. c:function:: int pump_start(int id)\n\n   Start a pump.", "int pump_start(int id)\n\nStart a pump."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := store.Document{ID: "x.rst"}
			parseRST(tc.in, &doc)
			require.Equal(t, tc.want, doc.Text)
			requireWellFormedSections(t, doc)
		})
	}
}

func TestRSTInline(t *testing.T) {
	r := rstReader{subs: map[string]string{"ver": "3.11"}}
	for _, tc := range []struct{ in, want string }{
		{":func:`len`", "len()"},
		{":meth:`~str.join`", "join()"},
		{":py:func:`!print`", "print()"},
		{":func:`open(file) <open>`", "open(file)"},
		{":class:`collections.Counter`", "collections.Counter"},
		{":ref:`the syntax <re-syntax>`", "the syntax"},
		{":ref:`re-syntax`", "re syntax"},
		{":rfc:`2616` and :pep:`8`", "RFC 2616 and PEP 8"},
		{":samp:`print({x})`", "print(x)"},
		{":menuselection:`File --> Open`", "File ‣ Open"},
		{"``*args`` and ``**kwargs``", "*args and **kwargs"},
		{"*emphasis*, **strong** and a*b*c", "emphasis, strong and a*b*c"},
		{"`Python <https://python.org>`_ and `docs`_ and pep8_ and anon__.", "Python and docs and pep8 and anon."},
		{"Python |ver| and |unknown|", "Python 3.11 and unknown"},
		{"a footnote [1]_ and a citation [CIT2002]_", "a footnote and a citation"},
		{`escaped \*star\* and back\ slash`, "escaped *star* and backslash"},
		{"snake_case_name stays", "snake_case_name stays"},
		{"``x`` --- y", "x — y"},
	} {
		require.Equal(t, tc.want, r.inline(tc.in), tc.in)
	}
}

// A .rst file goes through LoadFile, and a file that is not UTF-8 is an
// *EncodingError, as for text.
func TestLoadFileRST(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "guide.rest")
	require.NoError(t, os.WriteFile(path, []byte("\xef\xbb\xbfGuide\n=====\n\nHello *world*.\n"), 0o644))
	require.True(t, Supported(path))
	doc, err := LoadFile(path)
	require.NoError(t, err)
	require.Equal(t, "Guide", doc.Title)
	require.Equal(t, "Guide\n\nHello world.", doc.Text)

	bad := filepath.Join(dir, "bad.rst")
	require.NoError(t, os.WriteFile(bad, []byte("caf\xe9\n"), 0o644))
	_, err = LoadFile(bad)
	var ee *EncodingError
	require.ErrorAs(t, err, &ee)
}

func FuzzParseRST(f *testing.F) {
	f.Add(pumpRST)
	f.Add("A\n=\n\n* x\n  * y\n\n#. z\n\n::\n\n  code\n")
	f.Add("+--+--+\n| a| b|\n+--+\n|x\n")
	f.Add("===  ===\na    b\n===  ===\n    c\n=== ===\n")
	f.Add(".. list-table::\n\n   * - a\n     - b\n   *\n")
	f.Add(".. function:: f(a, \\\n\n.. csv-table::\n   :header: \"a\n\n   \"x\n")
	f.Add(":x:`a <b>` ``c`` |d|_ [1]_ e_ \\")
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return
		}
		doc := store.Document{ID: "f.rst", Source: "f.rst"}
		parseRST(text, &doc)
		require.True(t, utf8.ValidString(doc.Text))
		requireWellFormedSections(t, doc)
	})
}

// A :ref: reads as the title of the section its label marks, in the same
// file or, when a folder is loaded, in another file of it.
func TestRSTRefTitles(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "re.rst", []byte("Regular expressions\n===================\n\n.. _re-syntax:\n\n.. _Syntax:\n\n"+
		"Regular Expression Syntax\n-------------------------\n\nSee :ref:`re-syntax` and :ref:`syntax`.\n"))
	writeFile(t, root, "howto.rst", []byte("HOWTO\n=====\n\nRead :ref:`re-syntax` first, then :ref:`no-such-label`.\n"))
	docs := map[string]string{}
	require.NoError(t, LoadDirWith(root, DirOptions{}, func(d store.Document) error {
		docs[d.ID] = d.Text
		return nil
	}))
	require.Contains(t, docs["re.rst"], "See Regular Expression Syntax and Regular Expression Syntax.")
	require.Contains(t, docs["howto.rst"], "Read Regular Expression Syntax first, then no such label.")

	// Alone, a file knows only its own labels.
	alone, err := LoadFile(filepath.Join(root, "howto.rst"))
	require.NoError(t, err)
	require.Contains(t, alone.Text, "Read re syntax first")
}

// A :doc: reads as the title of the document it names: relative to the
// naming document's folder (in text it includes, too), or, starting with
// "/", to the Sphinx source folder, which may sit below the loaded one.
func TestRSTDocTitles(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "Doc/howto/logging.rst", []byte(".. _logging-howto:\n\n*************\nLogging HOWTO\n*************\n\nText.\n"))
	writeFile(t, root, "Doc/library/logging.rst", []byte(":mod:`logging` --- Logging facility\n====================================\n\n"+
		"See :doc:`/howto/logging`, :doc:`../howto/logging`, :doc:`the tutorial <../howto/logging>` and :doc:`config`.\n\n"+
		".. include:: ../includes/see-also.rst\n"))
	writeFile(t, root, "Doc/library/config.rst", []byte("Configuration\n=============\n\nText.\n"))
	writeFile(t, root, "Doc/includes/see-also.rst", []byte("Also read :doc:`config` and :doc:`/missing/page`.\n"))
	docs := map[string]string{}
	require.NoError(t, LoadDirWith(root, DirOptions{}, func(d store.Document) error {
		docs[d.ID] = d.Text
		return nil
	}))
	require.Contains(t, docs["Doc/library/logging.rst"],
		"See Logging HOWTO, Logging HOWTO, the tutorial and Configuration.")
	require.Contains(t, docs["Doc/library/logging.rst"], "Also read Configuration and /missing/page.",
		"included text resolves from the including document's folder")

	// Alone, a file knows no other document's title.
	alone, err := LoadFile(filepath.Join(root, "Doc/library/logging.rst"))
	require.NoError(t, err)
	require.Contains(t, alone.Text, "See /howto/logging, ../howto/logging, the tutorial and config.")
}
