package postgres

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/english"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/store"
)

// englishStopWords is PostgreSQL's english.stop, the stop list of the
// 'english' text search configuration the tsvector column uses.
var englishStopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`i me my myself we our ours ourselves you your yours yourself yourselves
		he him his himself she her hers herself it its itself they them their theirs themselves what which
		who whom this that these those am is are was were be been being have has had having do does did
		doing a an the and but if or because as until while of at by for with about against between into
		through during before after above below to from up down in out on off over under again further
		then once here there when where why how all any both each few more most other some such no nor not
		only own same so than too very s t can will just don should now`) {
		m[w] = true
	}
	return m
}()

// Analyze returns the terms PostgreSQL's 'english' configuration produces
// for text, as closely as this process can tell without a round trip:
// words (runs of letters and digits) lower-cased, PostgreSQL's English stop
// words removed, and the Snowball English stemmer (the stemmer of
// PostgreSQL's english_stem dictionary) applied; in order, with repeats.
// It differs from the server only for tokens its parser treats specially
// (URLs, e-mail addresses, decimal numbers), which it splits into words.
// Each white-space-delimited word that reads as code (textutil.CodeWord:
// "max_connections", "Arc<T>", "--flag", "@") is followed by its code
// lexemes, the ones the store adds to the chunk's tsvector (codeLexemes).
func (s *Store) Analyze(text string) []string {
	return analyze(text, textutil.DocumentSide)
}

// analyze is Analyze with code words read for side: TermStats reads a
// question as SearchKeyword does (textutil.QuerySide).
func analyze(text string, side textutil.Side) []string {
	var out []string
	forEachWord(text, side, func(base, code []string) {
		out = append(out, base...)
		for _, t := range code {
			if !slices.Contains(base, t) {
				out = append(out, t)
			}
		}
	})
	return out
}

// maxLexemeBytes bounds a code lexeme; PostgreSQL refuses lexemes of 2 KiB
// and more, and no identifier worth finding is that long.
const maxLexemeBytes = 256

// forEachWord calls fn for every white-space-delimited word of text with
// its terms as the 'english' configuration reads them (base, as Analyze
// splits words) and, when the word reads as code, its code lexemes: the
// whole word lower-cased, unstemmed, then its parts analysed like words,
// without repeats. "max_connections" gives base [max connect] and code
// [max_connections max connect]; "maxConnections" gives [maxconnect] and
// [maxconnections max connect]; "@" gives none and [@]. The parts are
// code lexemes even when base has them: the server's parser keeps some
// code words whole ("os.open"), so base is not always what it stored. In
// a question, a hyphenated prose word's code lexeme is its joined form,
// stemmed ("read-only" gives [readon]; textutil.JoinedCompound), as the
// embedded store reads it; documents get none.
// Code words are read for side (textutil.Side): documents and questions
// differ only in the parts of names such as "CMake".
func forEachWord(text string, side textutil.Side, fn func(base, code []string)) {
	eachWord(text, side, true, fn)
}

// eachWord is forEachWord, with base left nil unless withBase; without
// it, only code words reach fn, and prose costs no stemming.
func eachWord(text string, side textutil.Side, withBase bool, fn func(base, code []string)) {
	fields := strings.Fields(text)
	for i, w := range fields {
		var next string
		if i+1 < len(fields) {
			next = fields[i+1]
		}
		keywords := keywordLexemes(w, next)
		if !withBase && keywords == nil && !textutil.MaybeCode(w) {
			continue
		}
		var base []string
		if withBase {
			base = analyzeWords(w, nil)
		}
		var code []string
		add := func(t string) {
			if t != "" && len(t) <= maxLexemeBytes && !slices.Contains(code, t) {
				code = append(code, t)
			}
		}
		for _, t := range keywords {
			add(t)
		}
		if whole, parts, ok := side.CodeWord(w); ok {
			add(whole)
			for _, p := range parts {
				for _, t := range analyzeWords(p, nil) {
					add(t)
				}
			}
		} else if side == textutil.QuerySide {
			// Documents get no joined lexeme: indexing skips the stemming.
			if joined, ok := compoundLexeme(w); ok {
				code = []string{joined}
			}
		}
		if withBase || code != nil {
			fn(base, code)
		}
	}
}

// keywordLexemes returns the stop words that word, a white-space-delimited
// word followed by next, uses as keywords (textutil.KeywordStopword:
// "HAVING", the while of "while statement"), lower-cased: the 'english'
// configuration drops them, so the store adds them as code lexemes, as the
// embedded store's analyzer keeps them.
func keywordLexemes(word, next string) []string {
	var out []string
	textutil.EachKeywordStopword(word, func(w string) {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	})
	core := strings.TrimFunc(word, notLetter)
	if core == strings.ToLower(core) && textutil.KeywordStopword(core, strings.TrimFunc(next, notLetter)) && !slices.Contains(out, core) {
		out = append(out, core)
	}
	return out
}

func notLetter(r rune) bool { return !unicode.IsLetter(r) }

// compoundLexeme returns the lexeme of a hyphenated prose word written
// joined ("readon" for "read-only": textutil.JoinedCompound, stemmed), so
// that a question's "read-only" finds a chunk's "readonly", as in the
// embedded store.
func compoundLexeme(word string) (string, bool) {
	joined, ok := textutil.JoinedCompound(word)
	if !ok {
		return "", false
	}
	if l := analyzeWords(joined, nil); len(l) == 1 && len(l[0]) <= maxLexemeBytes {
		return l[0], true
	}
	return "", false
}

// analyzeWords appends the stemmed, non-stop words of text to out.
func analyzeWords(text string, out []string) []string {
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		w = strings.ToLower(w)
		if englishStopWords[w] {
			continue
		}
		env := snowballstem.NewEnv(w)
		english.Stem(env)
		out = append(out, env.Current())
	}
	return out
}

// codeLexemes returns the distinct code lexemes of text's words (see
// forEachWord), which Put stores beside the chunk and the tsvector column
// adds to to_tsvector('english', ...): the english parser drops operators
// and symbols and splits or joins identifiers one way only.
func codeLexemes(text string) []string {
	var out []string
	var seen map[string]bool
	eachWord(text, textutil.DocumentSide, false, func(_, code []string) {
		for _, t := range code {
			if seen == nil {
				seen = map[string]bool{}
			}
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	})
	return out
}

// tsqueryLexeme is t as a quoted tsquery lexeme, matched as is (no
// parsing, stemming or stop words).
func tsqueryLexeme(t string) string {
	return "'" + lexemeEscaper.Replace(t) + "'"
}

var lexemeEscaper = strings.NewReplacer(`\`, `\\`, `'`, `\'`)

// TermStats analyses query as Analyze does, reading its code words as a
// question's (textutil.QuerySide, as SearchKeyword does), and reports, for each distinct
// term, how many chunks of f's tenant and project ("" meaning any; other
// filter fields are ignored) contain it, counted by the server over the
// tsvector column; counts are cached per index version and scope.
func (s *Store) TermStats(ctx context.Context, query string, f store.Filter) (store.TermStats, error) {
	done, err := s.enter(ctx)
	if err != nil {
		return store.TermStats{}, err
	}
	defer done()
	var terms []string
	seen := map[string]bool{}
	for _, t := range analyze(query, textutil.QuerySide) {
		if !seen[t] {
			seen[t] = true
			terms = append(terms, t)
		}
	}
	scope := store.Filter{TenantID: f.TenantID, ProjectID: f.ProjectID}
	st, err := s.statsFor(ctx, scope)
	if err != nil {
		return store.TermStats{}, err
	}
	ts := store.TermStats{Docs: st.Chunks, Terms: terms, DocFreq: make([]int, len(terms))}
	var missing []string
	var at []int
	key := func(t string) termKey { return termKey{scope.TenantID, scope.ProjectID, t} }
	for i, t := range terms {
		if df, ok := s.dfCache.get(st.IndexVersion, key(t)); ok {
			ts.DocFreq[i] = df
			continue
		}
		missing = append(missing, t)
		at = append(at, i)
	}
	if len(missing) == 0 {
		return ts, nil
	}
	lexemes := make([]string, len(missing))
	for i, t := range missing {
		lexemes[i] = tsqueryLexeme(t)
	}
	rows, err := s.pool.Query(ctx, s.q.termDocFreq, lexemes, scope.TenantID, scope.ProjectID)
	if err != nil {
		return store.TermStats{}, fmt.Errorf("postgres: term statistics: %w", err)
	}
	defer rows.Close()
	for j := 0; rows.Next(); j++ {
		var df int64
		if err := rows.Scan(&df); err != nil {
			return store.TermStats{}, fmt.Errorf("postgres: term statistics: %w", err)
		}
		ts.DocFreq[at[j]] = int(df)
		s.dfCache.put(st.IndexVersion, key(missing[j]), int(df))
	}
	if err := rows.Err(); err != nil {
		return store.TermStats{}, fmt.Errorf("postgres: term statistics: %w", err)
	}
	return ts, nil
}

// statsFor is Stats without entering (the caller has).
func (s *Store) statsFor(ctx context.Context, f store.Filter) (store.Stats, error) {
	if s.pgv != nil {
		return s.sqlStats(ctx, f)
	}
	if err := s.sync(ctx); err != nil {
		return store.Stats{}, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	c := s.ix.countsFor(f.TenantID, f.ProjectID)
	return store.Stats{Documents: c.docs, Chunks: c.chunks, Dimension: s.ix.dim, IndexVersion: s.ix.version}, nil
}

// maxCachedTerms bounds the document frequency cache.
const maxCachedTerms = 1 << 14

// termKey is a term within a tenant and project scope.
type termKey struct{ tenant, project, term string }

// termCache holds document frequencies valid at one index version.
type termCache struct {
	mu      sync.Mutex
	version int64
	df      map[termKey]int
}

func (c *termCache) get(version int64, term termKey) (int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version != version {
		return 0, false
	}
	df, ok := c.df[term]
	return df, ok
}

func (c *termCache) put(version int64, term termKey, df int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version != version || c.df == nil || len(c.df) >= maxCachedTerms {
		c.version, c.df = version, map[termKey]int{}
	}
	c.df[term] = df
}
