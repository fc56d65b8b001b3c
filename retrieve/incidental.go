package retrieve

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Context of a name's occurrence (see incidentalNames): incidentalBefore
// words before it and incidentalAfter words after it. What follows a name
// describes it ("checkpoint_timeout (integer) Maximum time between … The
// default is five minutes"; "the sync/atomic package … behave as though
// executed in some sequentially consistent order"); what precedes it is
// usually the previous row or sentence. Fitted on the tune half of the
// PostgreSQL 15 manual set and its own class cases (tune and those cases
// alike for 50–60 words after, 0–20 before; 40 after refused an answerable
// Go documentation question, 80 let a name in a list of key words pass).
const (
	incidentalBefore = 10
	incidentalAfter  = 60
)

// incidentalShare is the share of the weight of the question's other terms
// (IDF) that the context of some occurrence of a name must hold. Common
// words ("function", "use") occur near any name in a list; the words that
// say what the question asks about the name are rarer and weigh more.
// (Same outcomes on the tune half for 0.15–0.4.)
const incidentalShare = 0.3

// incidentalNames returns the question's names and keyword phrases that the
// collection contains but that the sources do not speak about as the
// question does, after its constructs no source names (unknownConstructs). Unknown (names no chunk contains) are left to
// unknownNames. Two forms are judged:
//
//   - A name (isName: an identifier, a word in capitals, a capitalised word
//     inside a sentence) that is rare in the collection (a term of it in at
//     most RareTermDocFraction of the chunks), that some source holds, and
//     that no source holds in its title or headings, as the term of a
//     definition (defines), or near other content terms of the question
//     (the terms of its words that are not names, and that some chunk
//     contains): incidentalBefore words before it to
//     incidentalAfter words after it must hold incidentalShare of their
//     weight. "What does the FROB_INFO function return?" against a
//     manual that lists FROB_INFO only in its table of key words, or "How
//     do I enable raster support in PostGIS?" against one that names
//     PostGIS once among other projects: the name occurs, but only where
//     nothing is said about it. A name in no source (but a key word in
//     capitals, as "LISTEN"), a call or expression ("lower(column)", see
//     codeForm), a name in plain letters in the sentences that set the
//     asker's scene (statementFields, as unknownNames reads them: "DVB
//     subtitles in my recording come out … What can fix their timing?"),
//     and a question whose other terms are all names, or that has none,
//     are not judged.
//   - A phrase of two or more words in capitals (WHEN NOT MATCHED BY
//     SOURCE, VACUUM FULL CONCURRENTLY) one of whose words no source writes
//     next to either of its neighbours in the phrase (punctuation between
//     them ignored, so that "FOR UPDATE … SKIP LOCKED" and "EXPLAIN
//     (BUFFERS)" join): a syntax variant the documents never write, put
//     together from words they use elsewhere. Requiring only one joined
//     neighbour per word lets "FETCH FIRST WITH TIES" through, whose
//     synopsis reads "FETCH { FIRST | NEXT } … { ONLY | WITH TIES }".
//     A run of capitalised words inside a sentence ("GitHub Actions",
//     "Encrypted Client Hello") is judged the same way: another
//     product's name, or a later version's feature, put together from
//     words the documents use apart.
//
// Capitals count only when the question's case tells names (caseTells).
// terms are the question's analysed content terms; analyse maps one word
// to its analysed terms.
func incidentalNames(question string, q queryTerms, sources []Source, analyse func(string) []string) []string {
	unknown := q.unknown
	fields := slashedWords(strings.Fields(question))
	byCase := caseTells(fields)
	var (
		names []string
		runs  [][]string
		run   []string
		// Analysed terms of the words that are not names: a name's parts
		// ("log" of log_line_prefix) stay context when the question also
		// uses them as words ("what does it log?").
		plain = map[string]bool{}
	)
	endRun := func() {
		if len(run) >= 2 {
			runs = append(runs, run)
		}
		run = nil
	}
	// A second kind of run: capitalised words inside a sentence ("GitHub
	// Actions", "Visual Studio Code"), a product's name when the
	// question's case tells names.
	var title []string
	endTitle := func() {
		if len(title) >= 2 {
			runs = append(runs, title)
		}
		title = nil
	}
	start := true
	setting := statementFields(fields)
	for i, field := range fields {
		word := trimWord(field)
		name := word != "" && isName(word, start, byCase) && !(setting[i] && onlyLetters(word))
		ends := strings.ContainsAny(field[len(field)-1:], ",;.?!:)\"'")
		if byCase && isKeyword(word) {
			run = append(run, word)
			if ends {
				endRun()
			}
		} else {
			endRun()
		}
		if byCase && !start && titleWord(word) && !strings.ContainsAny(field[:1], "(\"'“‘") {
			title = append(title, word)
			if ends {
				endTitle()
			}
		} else {
			endTitle()
		}
		start = strings.ContainsAny(field[len(field)-1:], ".?!:")
		if !name {
			for _, t := range analyse(word) {
				plain[t] = true
			}
		}
		if !name || codeForm(word) || slices.Contains(unknown, word) || slices.Contains(names, word) ||
			utf8.RuneCountInString(word) <= 2 {
			// Two letters ("AB, BC, CD" as examples, "IO") are too short
			// to tell a name's use from a passing mention.
			continue
		}
		names = append(names, word)
	}
	endRun()
	endTitle()

	out := unknownConstructs(question, sources)
	out = append(out, unknownSettingKeys(question, unknown, sources)...)
	out = append(out, unknownSubcommands(question, sources)...)
	if len(runs) > 0 {
		pairs := adjacentPairs(sources, runs)
		for _, r := range runs {
			if !joined(r, pairs) {
				out = append(out, strings.Join(r, " "))
			}
		}
	}
	// The question's terms of its other words, by weight. A term no chunk
	// contains ("rerun", a paraphrase) can be near nothing: counting it
	// would make the name's every occurrence look incidental.
	weight := map[string]float64{}
	for i, t := range q.terms {
		if !q.absent[t] {
			weight[t] = q.weights[i]
		}
	}
	plainTotal := 0.0
	for t, w := range weight {
		if plain[t] {
			plainTotal += w
		}
	}
	if plainTotal <= 0 {
		return out
	}
	rare := map[string]bool{}
	for i, t := range q.terms {
		rare[t] = q.rare[i]
	}
	for _, n := range names {
		// A name common in the collection ("PostgreSQL" in its own
		// manual) is what everything is about, not what one question is.
		if !slices.ContainsFunc(analyse(n), func(t string) bool { return rare[t] }) {
			continue
		}
		ctx := nameContext(n, names, plain, weight, analyse)
		if !spokenAbout(n, ctx, sources, analyse) && !spokenAboutMember(n, ctx, sources, analyse) &&
			!spokenAboutSynonym(n, ctx, sources, analyse) {
			out = append(out, n)
		}
	}
	return out
}

// nameCtx is what a source must write near a name to speak about it as the
// question does (see nameContext): near holds terms by share of weight;
// parts, the name's own parts the question also writes as words, add
// their share when found beside the name rather than in it.
type nameCtx struct {
	near, parts map[string]float64
}

// nameContext returns the terms near which a source speaks about name, by
// share of weight: the terms of the question's other words, and of its
// other names ("What is the largest max_workers a ProcessPoolExecutor
// accepts on Windows?": a source that writes max_workers beside
// ProcessPoolExecutor speaks about it as the question does). A part of
// the name the question also writes as a word of its own ("Which port
// does a request go to if I give neither port nor defaultPort?") counts
// when a source writes it beside the name ("Port of remote server.
// Default: defaultPort"); the other terms' weight stays the measure, so
// it never makes a name that spoke about them incidental.
func nameContext(name string, names []string, plain map[string]bool, weight map[string]float64, analyse func(string) []string) nameCtx {
	own := map[string]bool{}
	for _, t := range analyse(name) {
		own[t] = true
	}
	near, total := map[string]float64{}, 0.0
	add := func(t string) {
		if w, ok := weight[t]; ok && !own[t] && near[t] == 0 {
			near[t] = w
			total += w
		}
	}
	for t := range plain {
		add(t)
	}
	for _, m := range names {
		if m != name {
			for _, t := range analyse(m) {
				add(t)
			}
		}
	}
	for t := range near {
		near[t] /= total
	}
	parts := map[string]float64{}
	for t := range plain {
		if w, ok := weight[t]; ok && own[t] && total > 0 {
			parts[t] = w / total
		}
	}
	return nameCtx{near: near, parts: parts}
}

// codeForm reports whether a word holds a symbol other than those that
// join the parts of a name ('_', '.', '-', '/'): a call or an expression
// ("lower(column)", "a->b"), whose arguments and spacing the documents
// write their own way, as unknownNames also assumes of such forms.
func codeForm(w string) bool {
	if command(w) {
		return false // a backslash command is a name ("\watch")
	}
	return strings.IndexFunc(w, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("_.-/", r)
	}) >= 0
}

// isKeyword reports whether a word is written as a keyword of a command
// syntax: two or more letters, all capitals.
func isKeyword(w string) bool {
	if utf8.RuneCountInString(w) < 2 {
		return false
	}
	for _, r := range w {
		if !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// titleWord reports whether w is a capitalised word of letters with some
// in lower case ("Actions", "GitHub"), three letters or more.
func titleWord(w string) bool {
	first, _ := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(first) || utf8.RuneCountInString(w) < 3 {
		return false
	}
	lower := false
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
		lower = lower || unicode.IsLower(r)
	}
	return lower
}

// joined reports whether every word of a keyword phrase stands next to one
// of its phrase neighbours somewhere in the sources (pairs, lower case).
func joined(run []string, pairs map[[2]string]bool) bool {
	for i := range run {
		w := strings.ToLower(run[i])
		left := i > 0 && pairs[[2]string{strings.ToLower(run[i-1]), w}]
		right := i+1 < len(run) && pairs[[2]string{w, strings.ToLower(run[i+1])}]
		if !left && !right {
			return false
		}
	}
	return true
}

// adjacentPairs returns the pairs of consecutive words of the runs that
// some source writes next to each other, in lower case, words being runs of
// letters, digits and '_' (so that brackets, ellipses and commas between
// them do not count).
func adjacentPairs(sources []Source, runs [][]string) map[[2]string]bool {
	found := map[[2]string]bool{}
	for _, r := range runs {
		for i := 1; i < len(r); i++ {
			p := [2]string{strings.ToLower(r[i-1]), strings.ToLower(r[i])}
			if found[p] {
				continue
			}
		search:
			for j := range sources {
				text := sources[j].Chunk.Text
				for _, at := range occurrences(text, p[1]) {
					if strings.EqualFold(precedingWord(text, at), p[0]) {
						found[p] = true
						break search
					}
				}
			}
		}
	}
	return found
}

// precedingWord returns the run of letters, digits and '_' that ends
// closest before byte offset at, skipping anything else between, and a
// possessive "'s" as the question's words lose theirs (trimWord): "Let's
// Encrypt" writes "Let" before "Encrypt".
func precedingWord(text string, at int) string {
	end := at
	for end > 0 {
		r, size := utf8.DecodeLastRuneInString(text[:end])
		if isWordRune(r) {
			break
		}
		end -= size
	}
	start := end
	for start > 0 {
		r, size := utf8.DecodeLastRuneInString(text[:start])
		if !isWordRune(r) {
			break
		}
		start -= size
	}
	if end-start == 1 && (text[start] == 's' || text[start] == 'S') {
		if r, size := utf8.DecodeLastRuneInString(text[:start]); r == '\'' || r == '’' {
			return precedingWord(text, start-size)
		}
	}
	return text[start:end]
}

// spokenAbout reports whether some source speaks about name: holds it in
// its title or headings, defines it (defines), or holds it near terms of context weighing
// incidentalShare (the chunk's headings count as near every word, since
// they say what its sentences are about). A name no source holds counts
// as spoken about: nothing is known of how the collection uses it.
func spokenAbout(name string, ctx nameCtx, sources []Source, analyse func(string) []string) bool {
	// share adds the weight of the terms of text in context not yet in
	// seen.
	share := func(text string, context map[string]float64, seen map[string]bool) float64 {
		sum := 0.0
		for _, t := range analyse(text) {
			if w, ok := context[t]; ok && !seen[t] {
				seen[t] = true
				sum += w
			}
		}
		return sum
	}
	occurs := false
	for i := range sources {
		c := &sources[i].Chunk
		heading := textutil.WithTemplates(c.Title+"\n"+strings.Join(c.Heading, "\n"), name)
		if len(occurrences(heading, name)) > 0 {
			return true
		}
		text := textutil.WithTemplates(c.Text, name)
		occ := occurrences(text, name)
		if len(occ) == 0 {
			continue
		}
		occurs = true
		headingTerms := map[string]bool{}
		headingShare := share(heading, ctx.near, headingTerms) + share(heading, ctx.parts, headingTerms)
		for _, at := range occ {
			if defines(text, at, len(name)) || headsSection(text, at) {
				return true
			}
			seen := maps.Clone(headingTerms)
			window, ok := tableWindow(text, at)
			if !ok {
				window = around(text, at, len(name), incidentalBefore, incidentalAfter)
			}
			sum := headingShare + share(window, ctx.near, seen)
			if len(ctx.parts) > 0 {
				// The name's own occurrences hold its parts: they must
				// come from beside it.
				sum += share(withoutName(window, name), ctx.parts, seen)
			}
			if sum >= incidentalShare {
				return true
			}
		}
	}
	// A name in no source says only that retrieval missed where the
	// collection uses it, or that it is written another way there
	// ("ALDH1" in a claim, "ALDH1A1" in the abstract): only a name seen can
	// be seen to be incidental. A key word in capitals is the exception:
	// "LISTEN" in a manual that writes "listen" once, on another page, is
	// a command of another product, which retrieval rightly did not find.
	return !occurs && !isKeyword(name)
}

// headsSection reports whether the occurrence at offset at opens a heading
// line set apart by blank lines inside the chunk ("crypto.timingSafeEqual(a,
// b)" over its section): a chunk that merged several small sections keeps
// only the first one's heading in Chunk.Heading, and the later ones' stay
// in its text, where the name is what the section is about.
func headsSection(text string, at int) bool {
	start := strings.LastIndexByte(text[:at], '\n') + 1
	if strings.TrimLeft(text[start:at], " #") != "" {
		return false
	}
	end := strings.IndexByte(text[at:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += at
	}
	apart := (start < 2 || text[start-2] == '\n') && (end+1 >= len(text) || text[end+1] == '\n')
	return apart && textutil.IsHeadingLine(text, textutil.Span{Start: start, End: end})
}

// spokenAboutMember reports, for a qualified name ("asyncio.wait_for",
// "collections.Counter"), whether some source speaks about its last part:
// API references give the qualified form once, in a signature, and then
// write the short one ("wait_for() raises TimeoutError").
func spokenAboutMember(name string, ctx nameCtx, sources []Source, analyse func(string) []string) bool {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 || i == len(name)-1 || !dotted(strings.ToLower(name)) {
		return false
	}
	return spokenAbout(name[i+1:], ctx, sources, analyse)
}

// defines reports whether the occurrence of a name at byte offset at of
// length size is the term of a definition: it starts a line that holds
// little else (a type, a synopsis: "log_line_prefix (string)", "\watch
// [ seconds ]", "pg_backend_pid () → integer"), and the next line that is
// not empty is prose, with a sentence end. A definition speaks about its
// term whatever words the question uses; its heading is often generic
// ("Note", "Parameters") and a literal question has few other words. A
// table of key words or an index ("FROB_INFO | reserved |", "log_line_prefix
// configuration parameter, What to Log") puts names at line starts too,
// but lists more of them on the lines that follow.
func defines(text string, at, size int) bool {
	if glossed(text, at, size) {
		return true
	}
	lineStart := strings.LastIndexByte(text[:at], '\n') + 1
	if !signaturePrefix(text[lineStart:at]) {
		return false
	}
	rest := text[at+size:]
	end := strings.IndexByte(rest, '\n')
	if end < 0 {
		return false
	}
	if line := strings.TrimSpace(rest[:end]); len(strings.Fields(line)) > definitionTermWords &&
		!(strings.HasPrefix(line, "(") && strings.HasSuffix(line, ")")) {
		// A signature's arguments ("json.loads(s, *, cls=None, …)") are
		// the term's own, however many.
		return false
	}
	rest = strings.TrimLeft(rest[end:], " \t\r\n")
	if end = strings.IndexByte(rest, '\n'); end >= 0 {
		rest = rest[:end]
	}
	line := strings.TrimSpace(rest)
	return len(strings.Fields(line)) >= definitionWords &&
		(strings.HasSuffix(line, ".") || strings.Contains(line, ". "))
}

// glossed reports whether the occurrence of a name at byte offset at of
// length size opens a line or a list item and a colon or a dash after it
// (quotes and a gloss in brackets between) leads into prose about it, on
// the same line: "- ECONNRESET (Connection reset by peer): A connection was
// forcibly closed by a peer.", "- 'MaxListenersExceededWarning' - Indicates
// that too many listeners …". A glossary speaks about each of its terms as
// a definition does.
func glossed(text string, at, size int) bool {
	lineStart := strings.LastIndexByte(text[:at], '\n') + 1
	if prefix := strings.TrimRight(text[lineStart:at], "'\"`‘“"); strings.TrimSpace(prefix) != "" && !listItem.MatchString(prefix) {
		return false
	}
	rest := text[at+size:]
	if end := strings.IndexByte(rest, '\n'); end >= 0 {
		rest = rest[:end]
	}
	rest = strings.TrimSpace(strings.TrimLeft(rest, "'\"`’”"))
	if strings.HasPrefix(rest, "(") {
		end := strings.IndexByte(rest, ')')
		if end < 0 {
			return false
		}
		rest = strings.TrimSpace(rest[end+1:])
	}
	var ok bool
	if rest, ok = strings.CutPrefix(rest, ":"); !ok {
		for _, dash := range []string{"- ", "– ", "— "} {
			if rest, ok = strings.CutPrefix(rest, dash); ok {
				break
			}
		}
	}
	if !ok {
		return false
	}
	line := strings.TrimSpace(rest)
	return len(strings.Fields(line)) >= definitionWords &&
		(strings.HasSuffix(line, ".") || strings.Contains(line, ". "))
}

// listItem matches the start of a list item up to its text: "- ", "* ",
// "3. ", "b) ".
var listItem = regexp.MustCompile(`^\s*(?:[-*+•]|\d{1,3}[.)]|[a-z][.)])\s+$`)

// signaturePrefix reports whether the text before a name on its line may
// start a definition: nothing, or at most two lower-case words, as API
// references put a kind before a signature ("class collections.Counter(…)",
// "coroutine asyncio.wait_for(aw, timeout)", "async def …").
//
// A qualifier written onto the name ("class storage.fallback.FallbackStorage")
// is the name's own.
func signaturePrefix(prefix string) bool {
	words := strings.Fields(prefix)
	if n := len(words); n > 0 && !strings.HasSuffix(prefix, " ") && qualifier.MatchString(words[n-1]) {
		words = words[:n-1]
	}
	if len(words) > 2 {
		return false
	}
	for _, w := range words {
		if strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLower(r) }) >= 0 {
			return false
		}
	}
	return true
}

// qualifier matches a module or class path written onto a name:
// "storage.fallback.", "os.path.".
var qualifier = regexp.MustCompile(`^(?:[A-Za-z_]\w*\.)+$`)

// A definition term's line holds at most definitionTermWords words after
// the name (a type or a synopsis), and the prose after it at least
// definitionWords.
const (
	definitionTermWords = 6
	definitionWords     = 4
)

// withoutName returns text with name's whole-word occurrences
// (occurrences) blanked.
func withoutName(text, name string) string {
	occ := occurrences(text, name)
	if len(occ) == 0 {
		return text
	}
	b := []byte(text)
	for _, at := range occ {
		for k := at; k < at+len(name); k++ {
			b[k] = ' '
		}
	}
	return string(b)
}

// occurrences returns the byte offsets at which name occurs in text as a
// whole word, ignoring case: not preceded or followed by a letter, digit
// or '_' ("current_user" in "current_user()", not in "current_users").
func occurrences(text, name string) []int {
	if name == "" || len(text) < len(name) {
		return nil
	}
	var out []int
	for i := 0; ; {
		j := indexFold(text[i:], name)
		if j < 0 {
			break
		}
		at := i + j
		before, _ := utf8.DecodeLastRuneInString(text[:at])
		after, _ := utf8.DecodeRuneInString(text[at+len(name):])
		if !isWordRune(before) && !isWordRune(after) {
			out = append(out, at)
		}
		i = at + len(name)
	}
	return out
}

// indexFold is strings.Index ignoring ASCII case. It looks for the first
// byte in either case and compares the rest at those places only: chunks
// are searched for every name of every question, and lower-casing them
// whole cost more than the rest of the check.
func indexFold(s, substr string) int {
	if substr == "" {
		return 0
	}
	lo, up := substr[0], substr[0]
	if 'A' <= lo && lo <= 'Z' {
		lo += 'a' - 'A'
	}
	if 'a' <= up && up <= 'z' {
		up -= 'a' - 'A'
	}
	nextLo, nextUp := -2, -2 // -2: not searched yet
	for i := 0; i+len(substr) <= len(s); {
		if nextLo != -1 && nextLo < i {
			if nextLo = strings.IndexByte(s[i:], lo); nextLo >= 0 {
				nextLo += i
			}
		}
		if nextUp != -1 && nextUp < i {
			if nextUp = strings.IndexByte(s[i:], up); nextUp >= 0 {
				nextUp += i
			}
		}
		at := nextLo
		if at < 0 || nextUp >= 0 && nextUp < at {
			at = nextUp
		}
		if at < 0 || at+len(substr) > len(s) {
			return -1
		}
		if strings.EqualFold(s[at:at+len(substr)], substr) {
			return at
		}
		i = at + 1
	}
	return -1
}

func isWordRune(r rune) bool {
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_')
}

// around returns the text from back white-space words before the
// occurrence at byte offset at of length size to fwd words after it.
func around(text string, at, size, back, fwd int) string {
	lo := at
	for words := 0; lo > 0 && words <= back; {
		lo--
		if asciiSpace(text[lo]) && lo > 0 && !asciiSpace(text[lo-1]) {
			words++
		}
	}
	hi := at + size
	for words := 0; hi < len(text) && words <= fwd; hi++ {
		if asciiSpace(text[hi]) && hi+1 < len(text) && !asciiSpace(text[hi+1]) {
			words++
		}
	}
	return text[lo:hi]
}

// tableWindow returns, when the occurrence at offset at is in a table row
// (textutil.IsTableRow: cells apart by '|', as the loaders write them),
// the row and the table's first row, its header: what the table says about the
// name. A window of words would run on into the next rows, whose cells
// speak about other names (a key-words table's "TABLESAMPLE | reserved
// (can be function or type)" two rows below SYSTEM_USER).
func tableWindow(text string, at int) (string, bool) {
	start := strings.LastIndexByte(text[:at], '\n') + 1
	end := strings.IndexByte(text[at:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += at
	}
	row := text[start:end]
	if !textutil.IsTableRow(row) {
		return "", false
	}
	head := start
	for head > 0 {
		prev := strings.LastIndexByte(text[:head-1], '\n') + 1
		if !textutil.IsTableRow(text[prev : head-1]) {
			break
		}
		head = prev
	}
	if head == start {
		return row, true
	}
	headEnd := strings.IndexByte(text[head:], '\n') + head
	return text[head:headEnd] + "\n" + row, true
}

// asciiSpace reports ASCII white space; bytes of multi-byte runes never are.
func asciiSpace(c byte) bool { return c == ' ' || '\t' <= c && c <= '\r' }

// slashedWords splits the words joined by a slash ("GET/POST", "read/write")
// into words of their own: the pair names either, and sources write them
// apart ("via GET or POST"), so judged whole the pair was incidental
// wherever the sources spoke of one of them. A pair with a part of fewer
// than three letters or of anything but letters is one name: "PL/Java",
// "TCP/IP", "HTTP/2" and "a/b.txt" stay whole.
func slashedWords(fields []string) []string {
	var out []string
	for _, f := range fields {
		w := trimWord(f)
		parts := strings.Split(w, "/")
		if len(parts) < 2 || slices.ContainsFunc(parts, func(p string) bool {
			return utf8.RuneCountInString(p) < 3 || strings.ContainsFunc(p, func(r rune) bool { return !unicode.IsLetter(r) })
		}) {
			out = append(out, f)
			continue
		}
		// The parts keep the field's punctuation around them, which ends a
		// sentence or a run of keywords.
		k := strings.Index(f, w)
		parts[0] = f[:k] + parts[0]
		parts[len(parts)-1] += f[k+len(w):]
		out = append(out, parts...)
	}
	return out
}
