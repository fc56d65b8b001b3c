package postgres

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/store"
)

// maxLevelClauses bounds the tsquery a coordination level expands to
// (C(n, m) conjunctions); levels above it are skipped, and the search
// goes straight to the next level down that fits (at worst the plain OR).
const maxLevelClauses = 64

// SearchKeyword returns the k chunks that best match query by PostgreSQL
// full-text search among those passing f, best first. A plain question's
// words are alternatives, so that a chunk matching any of them is a
// candidate, as with BM25. Chunks rank first by how many of the query's
// distinct words they match (coordination level), then by ts_rank of the
// title, heading path and text against the OR of the words (it grows, with
// diminishing returns, with each occurrence of a query word; ts_rank_cd,
// its cover-density sibling, cost 3.4x as much per candidate here). The
// score is the number of words matched plus ts_rank squashed into [0, 1),
// so it orders the hits. Code words (textutil.CodeWord: identifiers,
// operators, options) and stop words used as keywords ("HAVING", "the
// while statement": textutil.KeywordStopword) are matched by their code
// lexemes.
//
// The search works down from chunks matching all n words (at level m, the
// chunks matching any of the C(n, m) m-word conjunctions, each its own GIN
// scan) and ranks only the first level holding k passing chunks, in one
// statement (levelHits), which keeps a query of common words from ranking
// most of the table. Queries in web-search syntax (quoted phrases,
// -exclusions, an explicit "or") keep their meaning through
// websearch_to_tsquery and rank by ts_rank_cd alone. Scores do not depend
// on the rest of the collection, so a filter never changes them. A query
// with no searchable terms (empty, or only stop words) returns no hits.
// Each hit carries its stored (normalised) vector.
func (s *Store) SearchKeyword(ctx context.Context, query string, k int, f store.Filter) ([]store.Hit, error) {
	if k < 1 {
		return nil, ErrInvalidK
	}
	done, err := s.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	words, plain := plainWords(query)
	if !plain {
		return s.rankedHits(ctx, strings.Join(strings.Fields(query), " "), k, &f)
	}
	terms, err := s.queryTerms(ctx, words)
	if err != nil || len(terms) == 0 {
		return nil, err
	}
	return s.levelHits(ctx, terms, k, &f)
}

// levelHits ranks the chunks passing f by coordination level, then
// ts_rank, and reads back the best k, in one statement: a UNION ALL of
// one branch per level, from all the terms down to the plain OR, under a
// LIMIT of k. Branch m ranks the chunks matching at least m terms (any of
// the C(n, m) m-term conjunctions, each its own GIN scan) but fewer than
// the level above it, so the branches' rows come in score order; the
// executor runs a branch only when the ones above it returned fewer than k
// rows, so a query of common words never ranks most of the table. Each
// candidate's match count and rank are computed once (OFFSET 0 keeps the
// planner from copying them into the level filter and the sort key), the
// count as a sum of @@ tests rather than a subquery per row. The ranking
// carries only serials and scores; full rows with vectors are read for the
// winners alone.
func (s *Store) levelHits(ctx context.Context, terms []string, k int, f *store.Filter) ([]store.Hit, error) {
	or := strings.Join(parenthesised(terms), " | ")
	args := []any{or, terms}
	var count strings.Builder
	for i := range terms {
		if i > 0 {
			count.WriteString(" + ")
		}
		fmt.Fprintf(&count, "(tsv @@ ($2::tsquery[])[%d])::integer", i+1)
	}
	var b strings.Builder
	b.WriteString(`WITH top AS (SELECT serial, score FROM (`)
	above := 0 // the level of the previous branch; 0 before the first
	branch := func(match string, m int) {
		if above > 0 {
			b.WriteString(" UNION ALL ")
		}
		fmt.Fprintf(&b, `(SELECT serial, m + r / (1 + r) AS score FROM (SELECT serial, %s AS m,
				ts_rank(tsv, $1::tsquery)::float8 AS r
			FROM {{s}}.chunks WHERE %s`, count.String(), match)
		args = appendFilter(&b, args, f)
		b.WriteString(` OFFSET 0) AS l`)
		if above > 0 {
			fmt.Fprintf(&b, ` WHERE m < %d`, above)
		}
		fmt.Fprintf(&b, ` ORDER BY score DESC, serial LIMIT %d)`, k)
		above = m
	}
	for m := len(terms); m > 1; m-- {
		if level, ok := atLeast(terms, m); ok {
			args = append(args, level)
			branch(fmt.Sprintf(`tsv @@ ANY($%d::tsquery[])`, len(args)), m)
		}
	}
	branch(`tsv @@ $1::tsquery`, 1)
	fmt.Fprintf(&b, `) AS u LIMIT %d)
		SELECT %s, `+vecOf+`, top.score FROM top JOIN {{s}}.chunks c USING (serial)
		ORDER BY top.score DESC, serial`, k, prefixed("c.", chunkColumns))
	return s.queryHits(ctx, "keyword search", inSchema(b.String(), s.q.schema), args...)
}

// rankedHits ranks the chunks matching the web-search query q that pass f
// by ts_rank_cd and reads back the best k in the same statement.
func (s *Store) rankedHits(ctx context.Context, q string, k int, f *store.Filter) ([]store.Hit, error) {
	var b strings.Builder
	args := []any{q}
	b.WriteString(`WITH top AS (SELECT serial, ts_rank_cd(tsv, q)::float8 AS score
			FROM {{s}}.chunks, websearch_to_tsquery('english'::regconfig, $1) AS q WHERE tsv @@ q`)
	args = appendFilter(&b, args, f)
	args = append(args, k)
	fmt.Fprintf(&b, ` ORDER BY score DESC, serial LIMIT $%d)
		SELECT %s, `+vecOf+`, top.score FROM top JOIN {{s}}.chunks c USING (serial)
		ORDER BY top.score DESC, serial`, len(args), prefixed("c.", chunkColumns))
	return s.queryHits(ctx, "keyword search", inSchema(b.String(), s.q.schema), args...)
}

// queryTerms turns each word into tsquery text, in query order without
// repeats: a word that reads as code (textutil.QuerySide.CodeWord, the
// reading of a question's code words every store and the hashing embedder
// share) becomes its code lexemes (forEachWord: the whole token and its
// parts), each matched as
// is, so that "max_connections", "Arc<T>", "--flag" or "@" find the chunks
// whose code lexemes hold them; any other word is read the way
// websearch_to_tsquery('english') reads it, stop words dropped. A
// hyphenated prose word is read so and also as its joined lexeme
// (compoundLexeme), a term of its own.
func (s *Store) queryTerms(ctx context.Context, words []string) ([]string, error) {
	// read[i] is word i's tsquery texts, nil for the server to read it.
	read := make([][]string, len(words))
	// joined[i] is the joined lexeme of a hyphenated word, searched beside
	// the server's reading of it ("read-only" also finds "readonly").
	joined := make([]string, len(words))
	var server []string
	for i, w := range words {
		if j, ok := compoundLexeme(w); ok {
			joined[i] = tsqueryLexeme(j)
			server = append(server, w)
			continue
		}
		var next string
		if i+1 < len(words) {
			next = words[i+1]
		}
		forEachWord(w, textutil.QuerySide, func(_, code []string) {
			for _, t := range code {
				read[i] = append(read[i], tsqueryLexeme(t))
			}
		})
		// A keyword stop word before a construct's kind ("the while
		// statement") shows only with the next word.
		for _, t := range keywordLexemes(w, next) {
			if l := tsqueryLexeme(t); !slices.Contains(read[i], l) {
				read[i] = append(read[i], l)
			}
		}
		if read[i] != nil {
			continue
		}
		if t, ok := localWordQuery(w); ok {
			read[i] = []string{""}
			if t != "" {
				read[i][0] = tsqueryLexeme(t)
			}
			continue
		}
		server = append(server, w)
	}
	var byServer []string
	if len(server) > 0 {
		if err := s.pool.QueryRow(ctx, s.q.wordQueries, server).Scan(&byServer); err != nil {
			return nil, fmt.Errorf("postgres: keyword search: %w", err)
		}
		if len(byServer) != len(server) {
			return nil, fmt.Errorf("postgres: keyword search: %d readings of %d words", len(byServer), len(server))
		}
	}
	var terms []string
	for i, r := range read {
		if r == nil {
			r, byServer = byServer[:1], byServer[1:]
		}
		if joined[i] != "" {
			r = append(r, joined[i])
		}
		for _, t := range r {
			if t != "" && !slices.Contains(terms, t) {
				terms = append(terms, t)
			}
		}
	}
	return terms, nil
}

// localWordQuery reads a word the way websearch_to_tsquery('english')
// does when that is certain: an ASCII letters-and-digits core between
// sentence punctuation. With a digit the parser calls it a numword or a
// number, which the configuration only lower-cases; letters alone are an
// asciiword, dropped when a stop word and stemmed otherwise. "" means a
// stop word. Any other word is left to the server (ok false).
func localWordQuery(w string) (string, bool) {
	core := strings.Trim(w, `.,;:!?"'()[]{}`)
	if core == "" {
		return "", false
	}
	digit := false
	for i := 0; i < len(core); i++ {
		c := core[i]
		switch {
		case '0' <= c && c <= '9':
			digit = true
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		default:
			return "", false
		}
	}
	if digit {
		return strings.ToLower(core), true
	}
	if t := analyzeWords(core, nil); len(t) == 1 {
		return t[0], true
	}
	return "", true // a stop word
}

// atLeast lists the m-term conjunctions of terms as tsquery text: a chunk
// matches at least m terms when it matches one of them. Each is a pure AND,
// so its GIN scan is driven by its rarest term, where a single tsquery
// OR-ing them would make GIN test every chunk matching any term. ok is
// false when there are more than maxLevelClauses conjunctions.
func atLeast(terms []string, m int) ([]string, bool) {
	if binomial(len(terms), m) > maxLevelClauses {
		return nil, false
	}
	p := parenthesised(terms)
	var clauses []string
	pick := make([]string, 0, m)
	var walk func(from int)
	walk = func(from int) {
		if len(pick) == m {
			clauses = append(clauses, strings.Join(pick, " & "))
			return
		}
		for i := from; i <= len(p)-(m-len(pick)); i++ {
			pick = append(pick, p[i])
			walk(i + 1)
			pick = pick[:len(pick)-1]
		}
	}
	walk(0)
	return clauses, true
}

func binomial(n, m int) int {
	r := 1
	for i := 1; i <= m; i++ {
		r = r * (n - m + i) / i
		if r > 1<<20 {
			return r
		}
	}
	return r
}

func parenthesised(terms []string) []string {
	out := make([]string, len(terms))
	for i, t := range terms {
		out[i] = "(" + t + ")"
	}
	return out
}

// prefixed qualifies each column of a comma-separated list.
func prefixed(p, columns string) string {
	cols := strings.Split(columns, ",")
	for i, c := range cols {
		cols[i] = p + strings.TrimSpace(c)
	}
	return strings.Join(cols, ", ")
}

// queryHits runs a search whose rows are chunkColumns, the vector (vecOf) and
// the score, and returns them as hits in row order.
func (s *Store) queryHits(ctx context.Context, what, sql string, args ...any) ([]store.Hit, error) {
	rows, err := s.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("postgres: %s: %w", what, err)
	}
	defer rows.Close()
	var hits []store.Hit
	for rows.Next() {
		var h store.Hit
		var err error
		if _, h.Chunk, err = scanChunk(rows, vecScanner{&h.Vector}, &h.Score); err != nil {
			return nil, fmt.Errorf("postgres: %s: %w", what, err)
		}
		hits = append(hits, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: %s: %w", what, err)
	}
	return hits, nil
}

// plainWords splits a question into words and reports whether it is plain:
// web-search syntax (a double quote, a word starting with a single '-', or
// the word "or") makes it not.
func plainWords(q string) ([]string, bool) {
	words := strings.Fields(q)
	for _, w := range words {
		// "-word" excludes; "--flag" is a command-line option.
		if strings.ContainsRune(w, '"') || strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") || strings.EqualFold(w, "or") {
			return words, false
		}
	}
	return words, true
}
