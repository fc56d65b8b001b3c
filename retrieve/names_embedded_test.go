package retrieve_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
)

// TestNameRulesWithCodeTokens runs the name rules over the embedded
// store's own analysis (code tokens kept whole and Porter-stemmed), as the
// PostgreSQL manual set does.
func TestNameRulesWithCodeTokens(t *testing.T) {
	st, emb := openExpansionStore(t)
	putChunks(t, st, emb, "psql", []string{
		"Meta-Commands\n\n\\watch [ seconds ]\n\nRepeatedly execute the current query buffer until interrupted. Wait the specified number of seconds (default 2) between executions.",
		"\\dv[S+] [ pattern ]\n\nLists views. If + is appended, each view is listed with its size and description.",
		"Parameters can be bound to a prepared statement with EXECUTE; bind values are sent separately.",
	}, [][]string{{"psql"}, {"psql"}, {"psql"}})
	putChunks(t, st, emb, "auto_explain", []string{
		"Note\n\nauto_explain.log_min_duration (integer)\n\nauto_explain.log_min_duration is the minimum statement execution time, in milliseconds, that will cause the statement's plan to be logged. Setting this to -1 (the default) disables logging of plans.",
	}, [][]string{{"Note"}})
	putChunks(t, st, emb, "pg_dump", []string{
		"Options\n\n--no-sync\n\nBy default, pg_dump waits for all files to be written safely to disk. This option causes pg_dump to return without waiting.\n\n--format=format\n\nSelects the format of the output: plain, custom, directory or tar.",
	}, [][]string{{"pg_dump"}})
	// An API reference documents a class's members under the class's
	// heading by an instance's name.
	putChunks(t, st, emb, "child_process", []string{
		"subprocess.kill([signal])\n\nThe subprocess.kill() method sends a signal to the child process. If no argument is given, the process will be sent the 'SIGTERM' signal.",
		"Class: ChildProcess\n\nInstances of the ChildProcess class are EventEmitters that represent spawned child processes. Their output can be piped: subprocess.stdout.pipe(process.stdout).",
	}, [][]string{{"Child process", "Class: ChildProcess", "subprocess.kill([signal])"}, {"Child process", "Class: ChildProcess"}})
	// A chunker merges short entries; only the first keeps its heading.
	putChunks(t, st, emb, "net", []string{
		"socket.pause()\n\nPauses the reading of data.\n\nsocket.setKeepAlive([enable][, initialDelay])\n\nEnable/disable keep-alive functionality on the socket. Call socket.setNoDelay() first.",
	}, [][]string{{"Net", "Class: net.Socket", "socket.pause()"}})
	putChunks(t, st, emb, "fs", []string{
		"fsPromises.readFile(path[, options])\n\nAsynchronously reads the entire contents of a file. Returns a Promise that fulfills with the contents.",
	}, [][]string{{"File system", "Promises API", "fsPromises.readFile(path[, options])"}})
	putChunks(t, st, emb, "frobjson", []string{
		"frobjson.loads(s, *, cls=None, object_hook=None, **kw)\n\nDeserialize s to a Python object. If the data is not a valid frob document, a FrobDecodeError is raised.",
	}, [][]string{{"frobjson", "Basic Usage"}})
	putChunks(t, st, emb, "frame", []string{
		"frame.open(options)\n\n- palette <string> Palette of the frame. Default: defaultPalette if set, else grey.\n- border <number> Border width in pixels. Default: 1.",
		"Themes ship with many settings: defaultPalette, defaultFont, defaultBorder and more, all listed in the appendix of this guide.",
	}, [][]string{{"frame", "frame.open(options)"}, {"Themes"}})
	for i := range 30 {
		putChunks(t, st, emb, "filler"+string(rune('a'+i%26))+string(rune('a'+i/26)), []string{"The server reads its configuration file at start and on reload."}, [][]string{{"Configuration"}})
	}
	cases := []struct {
		name, q             string
		unknown, incidental []string
	}{
		{"backslash command no chunk holds", `How do I use psql's \bind meta-command to pass parameters?`, []string{`\bind`}, nil},
		{"backslash command the chunks hold", `How long does \watch wait by default?`, nil, nil},
		{"backslash command held only with its modifiers", `What does \dv list?`, nil, nil},
		{"long option the chunks hold", "What does pg_dump --no-sync skip?", nil, nil},
		{"operator no chunk holds", "What does the <=> operator of pg_dump return?", []string{"<=>"}, nil},
		{"long option no chunk holds, its words all occur", "Does pg_dump --sync-format wait for the disk?", []string{"--sync-format"}, nil},
		{"long option with a value", "What does pg_dump --format=custom select?", nil, nil},
		{"dotted setting defined under a generic heading", "What does auto_explain log if auto_explain.log_min_duration is left at its default?", nil, nil},
		{"a part of the name asked as a word", "Which palette applies without palette or defaultPalette?", nil, nil},
		{"the name's parts only in the name", "Which colour does a dialog get without defaultPalette?", nil, []string{"defaultPalette"}},
		{"call written only in a signature with arguments", "Which exception does frobjson.loads() raise for a broken document?", nil, nil},
		{"call no signature has", "Which exception does frobjson.loadz() raise for a broken document?", []string{"frobjson.loadz"}, nil},
		{"member written under its class by an instance's name", "What signal does ChildProcess.kill() send by default?", nil, nil},
		{"member written under its module by a variable's name", "What does fs.promises.readFile return?", nil, nil},
		{"member only an example of the class writes", "What does ChildProcess.pipe() return?", []string{"ChildProcess.pipe"}, nil},
		{"member of the module no entry has", "What does fs.promises.readFileAtomic return?", []string{"fs.promises.readFileAtomic"}, nil},
		{"member entry merged into a sibling's chunk", "What does net.Socket.setKeepAlive() enable?", nil, nil},
		{"member only a merged entry's sentence names", "What does net.Socket.setNoDelay() disable?", []string{"net.Socket.setNoDelay"}, nil},
		{"member under no heading of its class", "What signal does Worker.kill() send by default?", []string{"Worker.kill"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := retrieveKeyword(t, st, retrieve.Options{}, c.q)
			require.Equal(t, c.unknown, res.Analysis.Unknown)
			require.Equal(t, c.incidental, res.Analysis.Incidental)
		})
	}
}
