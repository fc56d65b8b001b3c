package retrieve

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/store"
)

// A question that names a tool's subcommand or option ("with git stash
// export", "the cargo publish --dry-run option") asks about that command.
// Every word of it may occur in the documents ("stash", "export") while
// the command does not: unknownNames judges single words and lets it
// through, and the answer then describes some other command. Documents
// that have the command write it: in a synopsis or example line ("$ git
// stash list"), in running text, or as the name of its page
// ("git-stash.html", "git-stash(1)").

// commandMarkers are the words before a tool's name that put the phrase
// after it in the place of a command ("use git replay to …", "with cargo
// vendor", "run pg_ctl promote"); commandNouns the words after a phrase
// that say it is one ("the git config get subcommand").
var (
	commandMarkers = map[string]bool{
		"use": true, "using": true, "with": true, "run": true, "running": true, "via": true,
		"invoke": true, "invoking": true, "call": true, "calling": true, "try": true, "through": true,
	}
	commandNouns = map[string]bool{
		"subcommand": true, "subcommands": true, "command": true, "commands": true, "option": true,
		"options": true, "flag": true, "flags": true, "switch": true,
	}
)

// stopSubcommands are stop words that tools also take as subcommands
// ("git config get", "docker compose up", "nvm use").
var stopSubcommands = map[string]bool{"get": true, "use": true, "up": true, "down": true, "off": true}

// maxCommandWords bounds the words after a tool's name taken as its
// subcommand and options.
const maxCommandWords = 3

// commandToken matches a word as commands are written: letters, digits,
// '_' and inner '-', with one or two leading dashes for an option.
// optionToken matches an option in any case: "-R" is not "-r" (ab has the
// second only), so options keep their case where words are lowered.
var (
	commandToken = regexp.MustCompile(`^-{0,2}[\p{Ll}\p{N}_][\p{Ll}\p{N}_]*(?:-[\p{Ll}\p{N}_]+)*$`)
	optionToken  = regexp.MustCompile(`^--?[\p{L}\p{N}_][\p{L}\p{N}_]*(?:-[\p{L}\p{N}_]+)*$`)
)

// optionKey is how options are compared: a short option ("-R") exactly, a
// long one ("--Dry-Run") in lower case, as manuals write them.
func optionKey(o string) string {
	if strings.HasPrefix(o, "--") {
		return strings.ToLower(o)
	}
	return o
}

// scriptTool matches a script run as a tool ("manage.py", "setup.py",
// "x.py"): a command token with a file extension.
var scriptTool = regexp.MustCompile(`^[\p{Ll}\p{N}_][\p{Ll}\p{N}_]*(?:-[\p{Ll}\p{N}_]+)*\.(?:py|js|mjs|sh|pl|rb|php)$`)

// interpreters run a script named after them ("python manage.py migrate"):
// the script is the tool.
var interpreters = map[string]bool{"python": true, "python3": true, "py": true, "node": true, "sh": true, "bash": true,
	"perl": true, "ruby": true, "php": true}

// unknownSubcommands returns the question's command phrases (a tool the
// sources document as a command, then its subcommand words and options)
// that no source writes: some word of the phrase is never written after
// the one before it (a hyphen joining them counts: "git-stash"), and an
// option is in no source that writes the command before it. A phrase
// counts as one only in a command's place (commandMarkers before it,
// commandNouns after it, quoted whole, or the whole subject of "What does
// … do?"), so prose ("How does git store
// a blob?") is not judged. A tool the sources do not document as a
// command (commandNames) is not judged either: nothing is known of how
// they would write it.
func unknownSubcommands(question string, sources []Source) []string {
	phrases := commandPhrases(question)
	if len(phrases) == 0 {
		return nil
	}
	tools := commandNames(sources)
	var out []string
	for _, p := range phrases {
		subs, ok := tools[p[0]]
		if !ok {
			continue
		}
		if len(subs) < minSubcommands {
			p = optionsOnly(p)
		}
		if scriptTool.MatchString(p[0]) {
			// A project's script stands for another tool too (Django's
			// manage.py runs what the docs write as "django-admin
			// clearsessions"), so only a subcommand no source writes at
			// all is judged unknown: "manage.py resetdb".
			if len(p) > 1 && !strings.HasPrefix(p[1], "-") && !wordWritten(p[1], sources) {
				out = append(out, strings.Join(p[:2], " "))
			}
			continue
		}
		if len(p) > 1 && !commandWritten(p, sources) {
			out = append(out, strings.Join(p, " "))
		}
	}
	return out
}

// optionsOnly returns the tool and the options right after it: the
// phrase cut before its first plain word.
func optionsOnly(p []string) []string {
	for i := 1; i < len(p); i++ {
		if !strings.HasPrefix(p[i], "-") {
			return p[:i]
		}
	}
	return p
}

// commandPhrases returns the question's phrases in a command's place: a
// word in lower case, as commands are typed ("Python" is the language,
// "python" the program), and up to maxCommandWords command tokens after it,
// ending before a word that is no command token, a stopword (the "to" of
// "use git replay to move"), a command noun, or punctuation.
func commandPhrases(question string) [][]string {
	fields := strings.Fields(question)
	var out [][]string
	for i := 0; i+1 < len(fields); i++ {
		marked := i > 0 && commandMarkers[strings.ToLower(trimWord(fields[i-1]))] &&
			!strings.ContainsAny(fields[i-1], ",;:")
		first := strings.TrimLeft(fields[i], "`'\"“‘")
		quoted := first != fields[i]
		phrase := []string{first}
		script := scriptTool.MatchString(first)
		if !script && !commandToken.MatchString(first) || strings.HasPrefix(first, "-") || textutil.IsStopword(first) {
			continue
		}
		closed := !script && strings.ContainsAny(first, ",;:.?!)`'\"”’")
		j := i + 1
		// A stop word ends the phrase ("use git replay to move"), unless it
		// is one that tools take as a subcommand (stopSubcommands) and a
		// command noun follows it: "the git config get subcommand".
		stop, stopAt := -1, 0
		for ; !closed && j < len(fields) && len(phrase) <= maxCommandWords; j++ {
			w := strings.TrimRight(fields[j], ",;:.?!)")
			closed = w != fields[j] || strings.ContainsAny(w, "`'\"”’")
			w = strings.Trim(w, "`'\"“”‘’")
			lw := strings.ToLower(w)
			if optionToken.MatchString(w) {
				phrase = append(phrase, optionKey(w))
				continue
			}
			if w != lw || !commandToken.MatchString(w) || commandNouns[lw] || len(w) < 2 {
				break
			}
			if stop < 0 && textutil.IsStopword(lw) {
				stop, stopAt = len(phrase), j
			}
			phrase = append(phrase, w)
		}
		noun := j < len(fields) && commandNouns[strings.ToLower(trimWord(fields[j]))]
		if stop >= 0 && !(noun && stop == len(phrase)-1 && stopSubcommands[phrase[stop]]) {
			phrase, j, noun = phrase[:stop], stopAt, false // the stop word is no noun
		}
		if len(phrase) < 2 {
			continue
		}
		if marked || quoted || noun || askedWhole(fields, i, j) {
			out = append(out, phrase)
			i = j - 1
		}
	}
	return append(out, optionsOfTools(fields)...)
}

// ofTool are the words that join an option named before its tool to the
// tool: "the -j option of htpasswd", "the --dry-run flag to cargo
// publish".
var ofTool = map[string]bool{"of": true, "to": true, "for": true, "in": true}

// optionsOfTools returns the phrases (tool, option) of options named
// before their tool: "the -j option of htpasswd", "the -R flag for ab",
// "htpasswd's -j option". Only a single tool word is taken: "the --quiet
// option of brew boil" asks about brew boil's option, which any of the
// tool's pages may list, and a shorter phrase judges less.
func optionsOfTools(fields []string) [][]string {
	var out [][]string
	for i := 0; i+1 < len(fields); i++ {
		opt := strings.Trim(fields[i], "`'\"“”‘’")
		if !optionToken.MatchString(opt) || !commandNouns[strings.ToLower(trimWord(fields[i+1]))] {
			continue
		}
		if i > 0 {
			if tool, ok := strings.CutSuffix(strings.Trim(fields[i-1], "`'\"“‘"), "'s"); ok && commandToken.MatchString(tool) && !strings.HasPrefix(tool, "-") {
				out = append(out, []string{tool, optionKey(opt)})
				continue
			}
		}
		if i+3 < len(fields) && ofTool[strings.ToLower(fields[i+2])] && !strings.ContainsAny(fields[i+1], ",;:") {
			tool := strings.Trim(strings.TrimRight(fields[i+3], ",;:.?!)"), "`'\"“”‘’")
			if commandToken.MatchString(tool) && !strings.HasPrefix(tool, "-") && !textutil.IsStopword(tool) {
				out = append(out, []string{tool, optionKey(opt)})
			}
		}
	}
	return out
}

// askedWhole reports whether the phrase fields[i:j] is the whole subject
// of "What does git backfill do?": "what does" before it, and one verb
// ending the question after it, or "do" going on ("What does rustup
// toolchain link do with a local build?": "do" is no command's word).
func askedWhole(fields []string, i, j int) bool {
	if i < 2 || !strings.EqualFold(fields[i-2], "what") || !strings.EqualFold(fields[i-1], "does") && !strings.EqualFold(fields[i-1], "do") || j >= len(fields) {
		return false
	}
	return j == len(fields)-1 && strings.HasSuffix(fields[j], "?") || strings.EqualFold(fields[j], "do")
}

// promptPrefix matches a shell prompt before a command in a code line:
// only a line after a prompt is surely a command ("$ cargo build"), not
// source code ("async fn main", "let x = 5").
var promptPrefix = regexp.MustCompile(`^\s*[$%]\s+`)

// manPage matches a manual-page reference ("ctest(1)", "git-stash(1)"),
// manPageFile a page named by one ("ctest.1.html").
var (
	manPage     = regexp.MustCompile(`\b([\p{Ll}\p{N}_]+)(?:-([\p{Ll}\p{N}_-]+))?\(\d\w*\)`)
	manPageFile = regexp.MustCompile(`^([\p{Ll}\p{N}_]+)(?:-([\p{Ll}\p{N}_-]+))?\.\d\w*$`)
)

// minSubcommands is how many different words the sources must write
// after a tool for it to count as one with subcommands (git stash, git
// tag, git worktree), whose plain words are judged; for other tools
// ("pg_dump mydb", "pg_dump dbname") only options are: the word after them
// is an argument, or prose ("Does running pg_dump block …").
const minSubcommands = 3

// commandNames returns the words the sources write as commands, each with
// the words they write after it: the first word after a shell prompt in a
// code line, followed by another, the tool of a manual-page reference
// ("ctest(1)", "git-stash(1)"), or of a page named like one
// ("ctest.1.html", "git-stash.html").
func commandNames(sources []Source) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	add := func(tool, sub string) {
		if out[tool] == nil {
			out[tool] = map[string]bool{}
		}
		if sub != "" && !strings.HasPrefix(sub, "-") {
			out[tool][sub] = true
		}
	}
	for i := range sources {
		c := &sources[i].Chunk
		base := path.Base(c.DocumentID)
		name := strings.TrimSuffix(base, path.Ext(base))
		if m := manPageFile.FindStringSubmatch(name); m != nil {
			add(m[1], m[2])
		} else if tool, sub, ok := strings.Cut(name, "-"); ok && commandToken.MatchString(tool) {
			add(tool, sub)
		}
		if tool, _, ok := strings.Cut(c.Title, " - "); ok && tool == name && commandToken.MatchString(tool) {
			// A page titled like a manual page's NAME line, after its own
			// file ("htpasswd - Manage user files …" on htpasswd.html).
			add(tool, "")
		}
		for _, m := range manPage.FindAllStringSubmatch(c.Text, -1) {
			add(m[1], m[2])
		}
		inCode := false
		for _, line := range strings.Split(c.Text, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "```") {
				inCode = !inCode
				continue
			}
			if !inCode {
				continue
			}
			prompt := promptPrefix.FindString(line)
			f := strings.Fields(line[len(prompt):])
			if prompt != "" && len(f) >= 3 && interpreters[f[0]] && scriptTool.MatchString(f[1]) {
				f = f[1:] // "$ python manage.py migrate": manage.py runs migrate
			}
			if prompt != "" && len(f) >= 2 && (commandToken.MatchString(f[0]) || scriptTool.MatchString(f[0])) && !strings.HasPrefix(f[0], "-") {
				sub := f[1]
				if !commandToken.MatchString(sub) {
					sub = ""
				}
				add(f[0], sub)
			}
		}
	}
	return out
}

// clauseBreak are the characters between two words of source text that
// keep them from being read as one command: a sentence or clause ends, or a
// line does.
const clauseBreak = ".,;:!?\n"

// sourceToken matches a word of source text as commandWritten reads it.
var sourceToken = regexp.MustCompile(`-{0,2}[\p{L}\p{N}_]+(?:-[\p{L}\p{N}_]+)*`)

// commandWritten reports whether the sources write the command phrase p:
// each word after another (or joined to it by a hyphen) somewhere, plain
// words compared by stem ("stores" for "store"), options exactly; an
// option needs a source that writes it as one of the command before it
// (writesCommand).
func commandWritten(p []string, sources []Source) bool {
	type pair struct{ a, b string }
	need := map[pair]bool{}
	// Stemming dominates the cost, and sources repeat their words.
	stems := map[string]string{}
	key := func(w string) string {
		if strings.HasPrefix(w, "-") {
			return w
		}
		st, ok := stems[w]
		if !ok {
			st = textutil.Stem(w)
			stems[w] = st
		}
		return st
	}
	// Hyphenated words are read in parts on both sides ("cat-file" after
	// "git" in the question, "git-cat-file(1)" in a source).
	var parts []string
	for _, w := range p {
		if strings.HasPrefix(w, "-") {
			parts = append(parts, w)
			continue
		}
		parts = append(parts, strings.Split(w, "-")...)
	}
	p = parts
	var opts []int
	for i := 1; i < len(p); i++ {
		if strings.HasPrefix(p[i], "-") {
			opts = append(opts, i)
			continue
		}
		need[pair{key(p[i-1]), key(p[i])}] = true
	}
	found := map[pair]bool{}
	optFound := make([]bool, len(p))
	for i := range sources {
		c := &sources[i].Chunk
		spans := sourceToken.FindAllStringIndex(c.Text, -1)
		toks := make([]string, len(spans))
		var prev string
		has := map[string]bool{}
		for k, sp := range spans {
			t := c.Text[sp[0]:sp[1]]
			toks[k] = t
			if k > 0 && strings.ContainsAny(c.Text[spans[k-1][1]:sp[0]], clauseBreak) {
				// "… the config. Get the value …" writes no "config get".
				prev = ""
			}
			if strings.HasPrefix(t, "-") {
				t = optionKey(t)
				has[t] = true
			} else {
				t = strings.ToLower(t)
			}
			parts := strings.Split(strings.TrimLeft(t, "-"), "-")
			if strings.HasPrefix(t, "-") {
				parts = []string{t}
			}
			for _, part := range parts {
				k := key(part)
				if prev != "" && need[pair{prev, k}] {
					found[pair{prev, k}] = true
				}
				prev = k
			}
		}
		for _, o := range opts {
			if has[p[o]] && writesCommand(c, toks, p[:o], p[o]) {
				optFound[o] = true
			}
		}
	}
	for k := range need {
		if !found[k] {
			return false
		}
	}
	for _, i := range opts {
		if !optFound[i] {
			return false
		}
	}
	return true
}

// wordWritten reports whether some source writes w, compared by stem.
func wordWritten(w string, sources []Source) bool {
	st := textutil.Stem(strings.ToLower(w))
	for i := range sources {
		for _, t := range sourceToken.FindAllString(strings.ToLower(sources[i].Chunk.Text), -1) {
			if t == w || textutil.Stem(t) == st {
				return true
			}
		}
	}
	return false
}

// optionReach is how many words apart an option and its command may be
// written in running text ("passing the --output-on-failure option to
// ctest(1)").
const optionReach = 8

// writesCommand reports whether a chunk (toks, its words as sourceToken
// reads them, in their case) writes option opt as one of command cmd (its words before
// the option): the chunk is on the command's page (named after it:
// "git-tag.html", "ctest.1.html", or titled so: "git-tag(1)"), holds a
// usage line of the command (usesCommand), or its text writes the
// command's last word within optionReach words of the option. A chunk that merely names both (release notes naming every
// tool) does not.
func writesCommand(c *store.Chunk, toks []string, cmd []string, opt string) bool {
	var words []string
	for _, w := range cmd {
		if !strings.HasPrefix(w, "-") {
			words = append(words, w)
		}
	}
	page := strings.Join(words, "-")
	base := path.Base(c.DocumentID)
	name := strings.TrimSuffix(base, path.Ext(base))
	if m := manPageFile.FindStringSubmatch(name); m != nil {
		name = strings.TrimSuffix(m[0], path.Ext(m[0]))
	}
	if name == page {
		return true
	}
	for _, h := range append([]string{c.Title}, c.Heading...) {
		if rest, ok := strings.CutPrefix(strings.ToLower(h), page); ok && (rest == "" || strings.HasPrefix(rest, "(")) {
			return true
		}
	}
	if usesCommand(c.Text, words) {
		return true
	}
	last := words[len(words)-1]
	for i, t := range toks {
		if !strings.HasPrefix(t, "-") || optionKey(t) != opt {
			continue
		}
		for j := max(0, i-optionReach); j < len(toks) && j <= i+optionReach; j++ {
			if w := strings.ToLower(toks[j]); w == last || strings.HasSuffix(w, "-"+last) {
				return true
			}
		}
	}
	return false
}

// usageLine matches a help text's usage line and captures what follows
// "Usage:" ("Usage:  docker stop [OPTIONS] CONTAINER", argparse's "usage:
// prog [-h]").
var usageLine = regexp.MustCompile(`(?im)^[ \t]*usage:[ \t]+([^\n]+)`)

// usesCommand reports whether text holds a usage line that starts with
// the command's words ("Usage:  docker stop …" for docker): the options
// listed after it are the command's, however far below they are
// ("docker stop" on stop.md, whose "-t, --time int" is twenty words on).
func usesCommand(text string, words []string) bool {
	if !strings.Contains(text, "sage:") {
		return false
	}
	for _, m := range usageLine.FindAllStringSubmatch(text, -1) {
		f := strings.Fields(strings.ToLower(m[1]))
		if len(f) >= len(words) && slices.Equal(f[:len(words)], words) {
			return true
		}
	}
	return false
}
