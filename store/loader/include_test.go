package loader

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// A folder of AsciiDoc and reStructuredText sources whose pages include
// shared parts: LoadDirWith follows the includes to files inside the
// folder, honouring tags, line ranges and level offsets, and never to a
// file outside it, by a path or by a symbolic link.
func TestLoadDirFollowsIncludes(t *testing.T) {
	outside := t.TempDir()
	writeFile(t, outside, "secret.txt", []byte("The vault code is 1234."))
	root := t.TempDir()
	writeFile(t, root, "git-pump.adoc", []byte("= git-pump(1)\n\n== OPTIONS\n\ninclude::pump-options.txt[]\n\n"+
		"include::config/pump.txt[tag=speed]\n\ninclude::../"+filepath.Base(outside)+"/secret.txt[]\n\n"+
		"include::link.txt[]\n\ninclude::{build}/gen.txt[]\n\ninclude::guide.adoc[leveloffset=+1]\n"))
	writeFile(t, root, "pump-options.txt", []byte("--force::\n\tStart even when the inlet is closed.\n"))
	writeFile(t, root, "config/pump.txt", []byte("// tag::speed[]\npump.speed::\n\tThe speed in rpm. Defaults to 3000.\n// end::speed[]\npump.hidden::\n\tNot shown.\n"))
	writeFile(t, root, "guide.adoc", []byte("== Draining\n\nOpen the drain valve.\n"))
	require.NoError(t, os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(root, "link.txt")))

	writeFile(t, root, "library/pump.rst", []byte("Pump\n====\n\n.. include:: ../includes/note.rst\n\n"+
		".. include:: ../includes/example.py\n   :literal:\n   :start-after: # start\n"))
	writeFile(t, root, "includes/note.rst", []byte(".. note::\n\n   Pumps are not available on |os|.\n\n.. |os| replace:: WebAssembly\n"))
	writeFile(t, root, "includes/example.py", []byte("import pump\n# start\npump.start()\n"))

	docs := map[string]store.Document{}
	parts := map[string]string{}
	require.NoError(t, LoadDirWith(root, DirOptions{OnLoadError: func(p string, err error) error {
		if errors.Is(err, ErrUnsupported) {
			return nil // example.py, included as code
		}
		var ie *IncludedError
		require.ErrorAs(t, err, &ie)
		require.ErrorIs(t, err, ErrPageSource)
		parts[filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))] = filepath.Base(ie.By)
		return nil
	}}, func(d store.Document) error {
		docs[d.ID] = d
		return nil
	}))
	// The parts are read within the pages that include them, not alone;
	// link.txt is named by an include too, which its link kept it out of.
	require.Equal(t, map[string]string{"pump-options.txt": "git-pump.adoc", "config/pump.txt": "git-pump.adoc",
		"guide.adoc": "git-pump.adoc", "includes/note.rst": "pump.rst", "link.txt": "git-pump.adoc"}, parts)
	require.Len(t, docs, 2)
	page := docs["git-pump.adoc"].Text
	require.Contains(t, page, "--force\nStart even when the inlet is closed.")
	require.Contains(t, page, "pump.speed\nThe speed in rpm. Defaults to 3000.")
	require.NotContains(t, page, "Not shown")
	require.NotContains(t, page, "1234", "a file outside the folder is never included")
	require.Contains(t, page, "Open the drain valve.")
	var paths []string
	for _, s := range docs["git-pump.adoc"].Sections {
		paths = append(paths, strings.Join(s.Heading, " > "))
	}
	require.Contains(t, paths, "git-pump(1) > OPTIONS > pump.speed")
	require.Contains(t, paths, "git-pump(1) > OPTIONS > Draining", "leveloffset=+1 makes the included level-2 title level 3")

	rst := docs["library/pump.rst"].Text
	require.Equal(t, "Pump\n\nNote\n\nPumps are not available on WebAssembly.\n\n```\npump.start()\n```", rst)

	// LoadFile, which also reads uploads, follows no include.
	alone, err := LoadFile(filepath.Join(root, "git-pump.adoc"))
	require.NoError(t, err)
	require.NotContains(t, alone.Text, "--force")
	require.NotContains(t, alone.Text, "1234")

	// A file given as the root follows includes inside its own folder.
	var single store.Document
	require.NoError(t, LoadDirWith(filepath.Join(root, "git-pump.adoc"), DirOptions{}, func(d store.Document) error {
		single = d
		return nil
	}))
	require.Equal(t, page, single.Text)
}

// A file that includes itself stops at maxIncludeDepth.
func TestIncludeDepthIsBounded(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "loop.adoc", []byte("Loop line.\n\ninclude::loop.adoc[]\n"))
	var doc store.Document
	require.NoError(t, LoadDirWith(root, DirOptions{}, func(d store.Document) error {
		doc = d
		return nil
	}))
	require.Equal(t, maxIncludeDepth+1, strings.Count(doc.Text, "Loop line."))
}

func TestSelectLines(t *testing.T) {
	lines := []string{"a", "// tag::x[]", "b", "// tag::y[]", "c", "// end::y[]", "// end::x[]", "d"}
	require.Equal(t, []string{"b", "c"}, selectLines(lines, "", []string{"x"}))
	require.Equal(t, []string{"c"}, selectLines(lines, "", []string{"y"}))
	require.Equal(t, []string{"a", "b", "d"}, selectLines(lines, "1;3;8", nil))
	require.Equal(t, []string{"c", "// end::y[]", "// end::x[]", "d"}, selectLines(lines, "5..-1", nil))
	require.Equal(t, lines, selectLines(lines, "", nil))
	require.Empty(t, selectLines(lines, "x..y", nil))
}
