package retrieve

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/store"
	"github.com/viterin/vek/vek32"
)

// Calibration maps the raw evidence of a source to Source.Relevance (see
// Relevance). The zero value means the defaults, which were fitted for the
// offline hashing embedder (retrieve/embed.Hash). A real embedding model
// has its own cosine range (unrelated texts often score 0.5 or more with
// modern models): set Options.CosineFromCollection to derive CosineFloor
// and CosineCeiling from the collection (see CollectionCosine; hybridrag's
// default retriever does so for every embedder but the hashing one), or
// fit them, and check Exponent, on labelled questions of your own.
type Calibration struct {
	// CosineFloor and CosineCeiling are the cosine similarities mapped to
	// 0 and 1; cosines between are mapped linearly. 0 means the default
	// (DefaultCosineFloor is itself 0). The floor must be below the ceiling.
	CosineFloor   float64
	CosineCeiling float64
	// CoverageWeight in [0, 1] is the weight of lexical coverage against
	// the mapped cosine; 0 means the default, a negative value exactly 0.
	CoverageWeight float64
	// PassageWeight in [0, 1] weighs passage coverage (the best window of
	// PassageSentences consecutive sentences) against coverage by the whole
	// chunk; 0 means the default, a negative value exactly 0.
	PassageWeight float64
	// Exponent > 0 shapes the blend into Relevance; 0 means the default.
	// It moves where a given blend falls against the gate's thresholds
	// without changing the order of sources.
	Exponent float64
}

// Defaults of Calibration, fitted with the offline hashing embedder (384
// dimensions). Coverage and cosine blend at 0.7 : 0.3, as fitted on BEIR
// SciFact train (answerable probes: a claim against the whole corpus;
// unanswerable probes: the same claim with its relevant abstracts removed).
// Passage coverage and the exponent were then set on labelled manual-style
// questions (the quickstart manual's eval set and one over the Go
// distribution's own documentation; see BENCHMARKS.md): with exponent 1.2
// and half passage, half chunk coverage, Ask with the offline defaults (the
// default gate: probe 0.3, min_score 0.2, 2 sources; extractive generator)
// refuses 85% of the quickstart set's unanswerable questions and 12% of its
// answerable ones, against 92% and 33% at the SciFact-fitted exponent 1.4. On SciFact train the same
// defaults pass 92% of answerable probes and refuse 19% of the near-miss
// unanswerable ones. BenchmarkSciFactGate (scifact_test.go) reproduces the
// SciFact figures.
const (
	DefaultCosineFloor    = 0.0
	DefaultCosineCeiling  = 0.6
	DefaultCoverageWeight = 0.7
	DefaultExponent       = 1.2
	DefaultPassageWeight  = 0.5
)

// RareTermDocFraction bounds the terms QueryAnalysis.Missing reports: a
// query term counts as rare when it occurs in at most this fraction of the
// chunks of the query's tenant and project. Without collection statistics
// every term counts.
const RareTermDocFraction = 0.05

func (c Calibration) resolve() (Calibration, error) {
	for _, f := range []struct {
		name string
		v    float64
	}{
		{"CosineFloor", c.CosineFloor}, {"CosineCeiling", c.CosineCeiling},
		{"CoverageWeight", c.CoverageWeight}, {"Exponent", c.Exponent}, {"PassageWeight", c.PassageWeight},
	} {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) {
			return c, fmt.Errorf("%w: Calibration.%s is %v", ErrInvalidOptions, f.name, f.v)
		}
	}
	if c.CosineFloor == 0 {
		c.CosineFloor = DefaultCosineFloor
	}
	if c.CosineCeiling == 0 {
		c.CosineCeiling = DefaultCosineCeiling
	}
	if c.CosineFloor >= c.CosineCeiling {
		return c, fmt.Errorf("%w: Calibration.CosineFloor %v not below CosineCeiling %v", ErrInvalidOptions, c.CosineFloor, c.CosineCeiling)
	}
	switch {
	case c.CoverageWeight < 0:
		c.CoverageWeight = 0
	case c.CoverageWeight == 0:
		c.CoverageWeight = DefaultCoverageWeight
	case c.CoverageWeight > 1:
		return c, fmt.Errorf("%w: Calibration.CoverageWeight %v above 1", ErrInvalidOptions, c.CoverageWeight)
	}
	switch {
	case c.PassageWeight < 0:
		c.PassageWeight = 0
	case c.PassageWeight == 0:
		c.PassageWeight = DefaultPassageWeight
	case c.PassageWeight > 1:
		return c, fmt.Errorf("%w: Calibration.PassageWeight %v above 1", ErrInvalidOptions, c.PassageWeight)
	}
	switch {
	case c.Exponent < 0:
		return c, fmt.Errorf("%w: Calibration.Exponent %v is negative", ErrInvalidOptions, c.Exponent)
	case c.Exponent == 0:
		c.Exponent = DefaultExponent
	}
	return c, nil
}

// dropScaffold removes the terms of question's scaffold words
// (textutil.IsScaffold, analysed like the question) from q: answers rarely
// repeat "how often" or "what does it mean", so such words would count as
// absent evidence in every chunk. Only the words the question writes
// count: "generally" and "generator" stem alike, and "Which generator …?"
// must keep its subject. A question made only of them keeps them.
func dropScaffold(q queryTerms, question string, analyse func(string) []string) queryTerms {
	scaffold := map[string]bool{}
	words := textutil.Words(question)
	for i, w := range words {
		if scaffoldWord(w) || textutil.InScaffoldPhrase(words, i) {
			for _, t := range analyse(w) {
				scaffold[t] = true
			}
		}
	}
	return q.without(func(t string) bool { return scaffold[t] })
}

// without returns q without the terms drop reports, everything else
// kept; q itself when that would leave no term.
func (q queryTerms) without(drop func(term string) bool) queryTerms {
	out := q
	out.terms, out.weights, out.rare = nil, nil, nil
	for i, t := range q.terms {
		if !drop(t) {
			out.terms = append(out.terms, t)
			out.weights = append(out.weights, q.weights[i])
			out.rare = append(out.rare, q.rare[i])
		}
	}
	if len(out.terms) == 0 {
		return q
	}
	return out
}

// scaffoldWord reports whether w is a scaffold word or one of its
// inflections ("tells", "happened", "described").
func scaffoldWord(w string) bool {
	if textutil.IsScaffold(w) {
		return true
	}
	for _, suffix := range []string{"s", "es", "d", "ed", "ing"} {
		if b, ok := strings.CutSuffix(w, suffix); ok && textutil.IsScaffold(b) {
			return true
		}
	}
	return false
}

// queryTerms are the analysed content terms of a question with their
// weights.
type queryTerms struct {
	terms   []string
	weights []float64 // IDF with collection statistics, 1 without
	// rare[i] is true when terms[i] occurs in at most RareTermDocFraction of
	// the chunks (always true without statistics).
	rare []bool
	// unknown are the question's names that no chunk contains (see
	// unknownNames); always empty without statistics.
	unknown []string
	// absent are the terms no chunk contains (df 0); nil without
	// statistics.
	absent map[string]bool
	// joined maps the joined form of a hyphenated question word
	// ("readonli" of "read-only", textutil.JoinedCompound) to its parts'
	// terms: a chunk writing it joined holds the parts, while the joined
	// form itself is no term of the question, whose parts a chunk writing
	// "command line" holds as well as one writing "command-line".
	joined map[string][]string
}

// analyseQuery reads the question with the keyword index's analysis and
// document frequencies within f's tenant and project when the keyword
// searcher offers them (TermStatter), otherwise with
// textutil.ContentTerms and uniform weights.
func (h *Hybrid) analyseQuery(ctx context.Context, text string, f store.Filter) (queryTerms, error) {
	// "unless I choose another" asks for a default: read as "by default",
	// its words would count as terms every passage lacks, and the one
	// that answers writes "Default:".
	text = textutil.DefaultWorded(text)
	if h.stats == nil {
		terms := dedupe(textutil.ContentTerms(text))
		q := queryTerms{
			terms: terms, weights: make([]float64, len(terms)),
			rare: make([]bool, len(terms)),
		}
		for i := range terms {
			q.weights[i], q.rare[i] = 1, true
		}
		return dropScaffold(q, text, textutil.ContentTerms), nil
	}
	ts, err := h.stats.TermStats(ctx, text, f)
	if err != nil {
		return queryTerms{}, fmt.Errorf("retrieve: term statistics: %w", err)
	}
	if len(ts.DocFreq) != len(ts.Terms) {
		return queryTerms{}, fmt.Errorf("retrieve: term statistics: %d document frequencies for %d terms", len(ts.DocFreq), len(ts.Terms))
	}
	dfs := make(map[string]int, len(ts.Terms))
	for i, t := range ts.Terms {
		dfs[t] = ts.DocFreq[i]
	}
	for cmd, forms := range commandForms(text) {
		// Rare (a question with a backslash command), so one more lookup.
		more, err := h.stats.TermStats(ctx, strings.Join(forms, " "), f)
		if err != nil {
			return queryTerms{}, fmt.Errorf("retrieve: term statistics: %w", err)
		}
		n := 0
		for i, t := range more.Terms {
			if hasSymbol(t) && i < len(more.DocFreq) {
				n += more.DocFreq[i]
			}
		}
		for _, t := range h.words.termsOf(cmd) {
			if command(t) && dfs[t] == 0 && n > 0 {
				if _, ok := dfs[t]; ok {
					dfs[t] = n
				}
			}
		}
	}
	q := queryTerms{unknown: unknownNames(text, questionReading(h.words.termsOf), dfs)}
	for i, df := range ts.DocFreq {
		if df == 0 && hasSymbol(ts.Terms[i]) {
			// The whole form of a code token the documents never use
			// ("godebug=asyncpreemptoff=1", "waitgroup.go"): its parts,
			// also query terms, carry the evidence, and its absence says
			// only that the documents write it another way.
			continue
		}
		q.terms = append(q.terms, ts.Terms[i])
		q.weights = append(q.weights, idf(df, ts.Docs))
		q.rare = append(q.rare, false)
		j := len(q.terms) - 1
		if df == 0 {
			// A word no document uses weighs like the rarest word the
			// documents do use: absence still counts, but a single
			// paraphrase ("slope" for "falls 3 cm per metre") does not
			// outweigh every term the question shares with the text.
			q.weights[j] = idf(1, ts.Docs)
			if q.absent == nil {
				q.absent = map[string]bool{}
			}
			q.absent[ts.Terms[i]] = true
		}
		q.rare[j] = float64(df) <= RareTermDocFraction*float64(ts.Docs)
	}
	if len(q.terms) == 0 {
		return queryTerms{unknown: q.unknown}, nil
	}
	h.weighSetting(q, text)
	q = h.joinCompounds(q, text)
	return dropScaffold(q, text, h.stats.Analyze), nil
}

// joinCompounds moves the joined forms of the question's hyphenated words
// out of q's terms and into q.joined, keyed to their parts' terms. The
// keyword search still looks for the joined form ("read-only" finds
// "readonly"); coverage counts it as the parts.
func (h *Hybrid) joinCompounds(q queryTerms, question string) queryTerms {
	fields := strings.Fields(question)
	for _, w := range fields {
		joined, ok := textutil.JoinedCompound(w)
		if !ok {
			continue
		}
		jt := h.words.termsOf(joined)
		if len(jt) != 1 {
			continue
		}
		var parts []string
		for _, t := range h.words.termsOf(w) {
			if t != jt[0] && slices.Contains(q.terms, t) {
				parts = append(parts, t)
			}
		}
		if len(parts) == 0 {
			continue // "re-do": the joined form is the question's only term
		}
		if q.joined == nil {
			q.joined = map[string][]string{}
		}
		q.joined[jt[0]] = parts
	}
	if q.joined == nil {
		return q // most questions: no hyphenated word
	}
	own := map[string]bool{} // terms another word of the question gives
	for _, w := range fields {
		if _, ok := textutil.JoinedCompound(w); !ok {
			for _, t := range h.words.termsOf(w) {
				own[t] = true
			}
		}
	}
	return q.without(func(t string) bool {
		_, joined := q.joined[t]
		return joined && !own[t]
	})
}

// hasSymbol reports whether a term holds a character other than a letter,
// a digit or '_' (code tokens such as "arc<t>" or "--flag").
func hasSymbol(term string) bool {
	for _, r := range term {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' {
			return true
		}
	}
	return false
}

// idf is the BM25 inverse document frequency, always positive.
func idf(df, n int) float64 {
	df = min(max(df, 0), max(n, 0))
	return math.Log(1 + (float64(n-df)+0.5)/(float64(df)+0.5))
}

func dedupe(terms []string) []string {
	seen := make(map[string]bool, len(terms))
	out := terms[:0]
	for _, t := range terms {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// sourceCosine returns the source's cosine to the query: the vector
// search's score when it found the source, otherwise computed from the
// stored vector, NaN when that is impossible.
func sourceCosine(s *Source, queryVec []float32) float64 {
	if s.VectorRank > 0 {
		return s.Scores.Cosine
	}
	if len(queryVec) == 0 || len(s.Vector) != len(queryVec) {
		return math.NaN()
	}
	return cosine(queryVec, s.Vector)
}

// cosine returns the cosine similarity of two vectors of equal, non-zero
// length, or NaN if either has a zero norm.
func cosine(a, b []float32) float64 {
	na, nb := float64(vek32.Norm(a)), float64(vek32.Norm(b))
	if na == 0 || nb == 0 {
		return math.NaN()
	}
	return float64(vek32.Dot(a, b)) / (na * nb)
}

// scoreRelevance sets Relevance on every source and returns the query
// analysis: the question's terms q, and the rare ones no source contains.
func (h *Hybrid) scoreRelevance(q queryTerms, sources []Source, queryVec []float32, cal Calibration) QueryAnalysis {
	index := make(map[string]int, len(q.terms))
	total := 0.0
	for t, term := range q.terms {
		index[term] = t
		total += q.weights[t]
	}
	found := make([]bool, len(q.terms)) // by any source
	var sc coverageScratch
	for i := range sources {
		text := sources[i].Chunk.Text
		chunk, passage, span := h.coverage(text, index, q.joined, q.weights, total, found, &sc)
		sources[i].Passage = nil
		if span.End > span.Start {
			sources[i].Passage = &Passage{Start: span.Start, End: span.End, Text: text[span.Start:span.End], Coverage: passage}
		}
		w := cal.PassageWeight
		coverage := w*passage + (1-w)*chunk
		sources[i].Relevance = cal.relevance(coverage, sourceCosine(&sources[i], queryVec))
	}
	a := QueryAnalysis{Keywords: append([]string{}, q.terms...), Unknown: q.unknown}
	for t, term := range q.terms {
		if !found[t] && q.rare[t] {
			a.Missing = append(a.Missing, term)
		}
	}
	return a
}

// Relevance is the value of Source.Relevance: an estimate in [0, 1] of how
// well one chunk covers the question, comparable across questions and
// collections, which the gate thresholds (by default: the best
// source must reach 0.3, and at least two sources 0.2). It is
//
//	Relevance = (w·coverage + (1 − w)·s)^Exponent
//	s         = clamp((cosine − CosineFloor) / (CosineCeiling − CosineFloor), 0, 1)
//
// with w = CoverageWeight, where
//
//   - coverage is the lexical coverage of the question by the chunk: the
//     sum of the IDF weights of the question's analysed content terms that
//     occur in the chunk, divided by the sum over all of them. With a keyword
//     searcher that implements store.TermStatter the terms are the keyword
//     index's own analysis and the weights its BM25 IDF,
//     ln(1 + (N − df + 0.5)/(df + 0.5)), counted within the query's tenant
//     and project (so another tenant's documents never move a Relevance
//     or a gate decision); otherwise the terms are the
//     module's own content terms (lower-cased words without stop words,
//     Porter-stemmed) and weigh 1 each. A term that occurs nowhere in the
//     collection stays in the denominator with the weight of a term found in
//     one chunk, so question words the documents lack pull coverage down:
//     lexical absence is strong evidence that the chunk does not hold the
//     answer, whatever its cosine (on SciFact, dropping such terms from the
//     denominator made answerable and unanswerable questions harder to tell
//     apart), without one paraphrased word outweighing all the others.
//     Question scaffold words ("how often", "what does it mean") are left
//     out; with term statistics, the terms that only the asker's
//     scene-setting sentences hold (those before the last sentence that
//     asks), but for the names they write, weigh a fifth. Coverage is the
//     mean of chunk coverage (the whole chunk) and passage coverage (its
//     best window of PassageSentences consecutive sentences, weighted by
//     PassageWeight), so that question terms scattered over a long chunk
//     count for less than terms found together.
//     A question without content terms has coverage 0.
//   - cosine is the chunk's cosine similarity to the question's embedding
//     (Scores.Cosine when vector search found the chunk, computed from the
//     stored vector otherwise). When it is unknown (no vector search, or
//     the chunk has no usable vector) the blend is coverage alone.
//
// c is resolved as NewHybrid resolves Options.Calibration: zero fields take
// the defaults. A c that NewHybrid would reject gives an unspecified value,
// still in [0, 1]. NaN inputs count as 0 (coverage) or unknown (cosine).
//
// The defaults suit the offline hashing embedder; with a real embedding
// model, derive the cosine range from the collection
// (Options.CosineFromCollection) or fit Calibration on labelled questions. Hybrid computes Relevance
// for the selected sources only, after MMR.
func Relevance(coverage, cosine float64, c Calibration) float64 {
	if r, err := c.resolve(); err == nil {
		c = r
	}
	return c.relevance(coverage, cosine)
}

// relevance computes Relevance for a resolved calibration.
func (c Calibration) relevance(coverage, cosine float64) float64 {
	x := clamp01(coverage)
	if !math.IsNaN(cosine) && c.CosineCeiling > c.CosineFloor {
		s := clamp01((cosine - c.CosineFloor) / (c.CosineCeiling - c.CosineFloor))
		x = c.CoverageWeight*x + (1-c.CoverageWeight)*s
	}
	return clamp01(math.Pow(clamp01(x), c.Exponent))
}

func clamp01(x float64) float64 {
	switch {
	case math.IsNaN(x) || x < 0:
		return 0
	case x > 1:
		return 1
	}
	return x
}

// PassageSentences is the window of consecutive sentences over which
// passage coverage is measured (see Relevance).
const PassageSentences = 3

// coverage returns the IDF-weighted share of the question's terms found in
// the whole text (chunk coverage) and in its best window of
// PassageSentences consecutive sentences (passage coverage, with the
// window's byte span; the first best window wins, and a text without
// question terms has none), and marks in found the terms the text contains.
func (h *Hybrid) coverage(text string, index map[string]int, joined map[string][]string, weights []float64, total float64, found []bool, sc *coverageScratch) (chunk, passage float64, span textutil.Span) {
	if total <= 0 || len(index) == 0 {
		return 0, 0, span
	}
	spans := textutil.AppendSentences(sc.spans[:0], text)
	sc.spans = spans
	// per sentence, the set of question terms it holds (small: question terms only)
	sent := sc.sentences(len(spans))
	inChunk := sc.inChunk(len(weights))
	hold := func(i int, term string) {
		if t, ok := index[term]; ok && !slices.Contains(sent[i], t) {
			sent[i] = append(sent[i], t)
			inChunk[t] = true
		}
	}
	h.words.eachIn(text, spans, func(i int, term string) {
		hold(i, term)
		for _, p := range joined[term] {
			hold(i, p) // "readonly" holds the question's "read-only"
		}
	})
	for t, ok := range inChunk {
		if ok {
			chunk += weights[t]
			found[t] = true
		}
	}
	window := sc.window(len(weights)) // term → occurrences in the window
	covered := 0.0
	best := 0.0
	add := func(j int) {
		for _, t := range sent[j] {
			if window[t] == 0 {
				covered += weights[t]
			}
			window[t]++
		}
	}
	drop := func(j int) {
		for _, t := range sent[j] {
			window[t]--
			if window[t] == 0 {
				covered -= weights[t]
			}
		}
	}
	// A window holds PassageSentences sentences of text plus the heading
	// lines among them, and never reaches back across a heading line: a
	// passage is text under one heading (a definition list entry's term, a
	// page title) with that heading, never a heading alone.
	heads := sc.headings(text, spans)
	lo, head, n := 0, 0, 0
	for i, sp := range spans {
		if heads[i] && (i == 0 || !heads[i-1]) {
			head = i // a run of heading lines starts here
		}
		add(i)
		if !heads[i] {
			n++
		}
		for lo < head || n > PassageSentences {
			if !heads[lo] {
				n--
			}
			drop(lo)
			lo++
		}
		if !heads[i] && covered > best {
			best = covered
			span = textutil.Span{Start: spans[lo].Start, End: sp.End}
		}
	}
	return chunk / total, best / total, span
}

// coverageScratch is coverage's working memory, reused from one source to
// the next of a retrieval: allocating it per chunk was a tenth of a
// retrieval's garbage. It is not safe for concurrent use.
type coverageScratch struct {
	spans []textutil.Span
	heads []bool
	sent  [][]int
	terms []bool
	count []int
}

// sentences returns n empty term sets, keeping their capacity.
func (sc *coverageScratch) sentences(n int) [][]int {
	if cap(sc.sent) < n {
		sc.sent = append(sc.sent[:cap(sc.sent)], make([][]int, n-cap(sc.sent))...)
	}
	sent := sc.sent[:n]
	for i := range sent {
		sent[i] = sent[i][:0]
	}
	return sent
}

func (sc *coverageScratch) inChunk(n int) []bool {
	sc.terms = resetSlice(sc.terms, n)
	return sc.terms
}

func (sc *coverageScratch) window(n int) []int {
	sc.count = resetSlice(sc.count, n)
	return sc.count
}

// resetSlice returns s with length n, all zero, reusing its memory.
func resetSlice[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// settingWeight scales the weight of the terms that only the asker's
// scene-setting sentences hold (statementFields). On the 20 labelled sets
// 0.5 changed six answers (one more useful), 0.2 eight (two more useful,
// two fewer false refusals, as many answers without a fact) and 0.1 four
// more, evenly; SciFact's claims ask nothing and are unchanged.
const settingWeight = 0.2

// weighSetting scales by settingWeight the weights of q's terms that only
// the sentences before the question's asking one hold: "My phone clip
// shows up lying on its side. How do I turn the picture …?" asks about
// turning a picture; the documents that answer need not tell its story.
// The names those sentences write (isName) keep their weight.
func (h *Hybrid) weighSetting(q queryTerms, question string) {
	fields := strings.Fields(question)
	setting := statementFields(fields)
	if !slices.Contains(setting, true) {
		return
	}
	asked := map[string]bool{}
	byCase := caseTells(fields)
	start := true
	for i, f := range fields {
		w := trimWord(f)
		// A name the setting writes ("The display shows E5.") is what the
		// documents must speak about, as in unknownNames.
		if !setting[i] || w != "" && isName(w, start, byCase) {
			for _, t := range h.words.termsOf(w) {
				asked[t] = true
			}
		}
		start = f != "" && strings.ContainsAny(f[len(f)-1:], ".?!:")
	}
	for i, t := range q.terms {
		if !asked[t] {
			q.weights[i] *= settingWeight
		}
	}
}
