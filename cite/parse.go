package cite

import (
	"context"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// DefaultMaxMarkerLen bounds a marker's length in bytes, brackets included:
// chunk ids are 32 hex digits and paths are rarely longer.
const DefaultMaxMarkerLen = 256

// Options configures a Parser. The zero value is the default. It is a
// plain value, safe to copy and to share between goroutines.
type Options struct {
	// BareNumbers also accepts "[1]" and "[1, 3]" as the labels S1 and S3.
	// It is off by default because bracketed numbers are often footnotes,
	// list indices or array subscripts.
	BareNumbers bool
	// MaxMarkerLen is the longest bracketed text, in bytes, considered as a
	// marker. Zero means DefaultMaxMarkerLen.
	MaxMarkerLen int
}

// Parser extracts citations. It implements Extractor.
//
// Recognised markers (case-insensitive, spaces tolerated anywhere between
// tokens; square brackets or the fullwidth 【】 some models emit):
//
//	[S1]  [S1, S3]  [S1,S3]  [S1; S3]  [S1][S2]     labels
//	[S1-S3]  [S1–S3]  [S1 - 3]                       ranges, inclusive
//	[Source 1]  [source 2]  [Sources 1, 3]  [Source: S2]
//	[SOURCE: id]  [Sources: id1, id2]  [doc: id]  [chunk: id]
//	[source: manual.md, page 3]                       page qualifier
//	[source: Pump webinar, t=12:34]  [S2, t=1:02:03]  time qualifier
//
// An id is resolved in this order: a label ("S2"), a chunk id, a document
// id, a source path (exact, then case-insensitive, then by base name), a
// document title; document-level matches map to the first source of that
// document, or with a page qualifier ("page 3", "p. 3") to its first source
// on that page. A time qualifier ("t=12:34", "t=1:02:03", "t=754s", or a
// bare "12:34") names a moment of a transcript: it maps to the source of
// that document whose time span (store.Chunk.TimeSpan) holds it, and a
// time outside every retrieved span of it, or on a source that is no
// transcript, makes the citation invalid. A prefixed list is first tried
// whole (paths and titles may contain commas) and otherwise split on
// commas and semicolons.
//
// A range expands to one citation per label, each with Ref "S<n>" and the
// range's Marker. The part of a range outside 1..len(sources), or a
// reversed range, yields one extra invalid citation whose Ref is the range
// as written. Citations that map to no retrieved source have Source -1,
// are counted in Extraction.Invalid and are left out of Cited.
//
// A Parser is immutable and safe for concurrent use.
type Parser struct {
	bareNumbers bool
	maxLen      int
}

// New returns a Parser configured by opts.
func New(opts Options) *Parser {
	p := &Parser{bareNumbers: opts.BareNumbers, maxLen: opts.MaxMarkerLen}
	if p.maxLen <= 0 {
		p.maxLen = DefaultMaxMarkerLen
	}
	return p
}

var defaultParser = New(Options{})

// Extract parses answer with the default Parser (New(Options{})).
func Extract(answer string, sources []retrieve.Source) Extraction {
	return defaultParser.parse(answer, sources)
}

// Label returns the citation label of sources[i]: "S" + (i+1).
func Label(i int) string { return "S" + strconv.Itoa(i+1) }

// Labels returns the labels of the cited sources, in the order of Cited.
func (e Extraction) Labels() []string {
	out := make([]string, len(e.Cited))
	for k, i := range e.Cited {
		out[k] = Label(i)
	}
	return out
}

// Extract implements Extractor.
func (p *Parser) Extract(_ context.Context, answer string, sources []retrieve.Source) Extraction {
	return p.parse(answer, sources)
}

func (p *Parser) parse(answer string, sources []retrieve.Source) Extraction {
	ex := Extraction{Citations: []Citation{}, Cited: []int{}}
	res := newResolver(sources)
	seen := map[int]bool{}
	for i := 0; i < len(answer); {
		open := bracketAt(answer, i)
		if open == nil {
			i++
			continue
		}
		innerStart := i + len(open.open)
		closeAt := p.findClose(answer, innerStart, open)
		if closeAt < 0 {
			i = innerStart
			continue
		}
		end := closeAt + len(open.close)
		refs, ok := p.parseInner(answer[innerStart:closeAt])
		if !ok {
			i = innerStart
			continue
		}
		marker := answer[i:end]
		for _, c := range res.resolve(refs) {
			c.Marker, c.Start, c.End = marker, i, end
			ex.Citations = append(ex.Citations, c)
			if c.Source < 0 {
				ex.Invalid++
				continue
			}
			if !seen[c.Source] {
				seen[c.Source] = true
				ex.Cited = append(ex.Cited, c.Source)
			}
		}
		i = end
	}
	return ex
}

type bracket struct{ open, close string }

var brackets = []bracket{{"[", "]"}, {"【", "】"}}

func bracketAt(s string, i int) *bracket {
	for k := range brackets {
		if strings.HasPrefix(s[i:], brackets[k].open) {
			return &brackets[k]
		}
	}
	return nil
}

// findClose returns the offset of the closing bracket of a marker whose
// content starts at from, or -1 when the bracket is unclosed, spans a line,
// nests, or is too long.
func (p *Parser) findClose(s string, from int, b *bracket) int {
	limit := min(len(s), from+p.maxLen)
	for j := from; j < limit; j++ {
		switch {
		case strings.HasPrefix(s[j:], b.close):
			return j
		case s[j] == '\n' || bracketAt(s, j) != nil:
			return -1
		}
	}
	return -1
}

// refKind is the kind a marker prefix announces.
type refKind int

const (
	kindNone   refKind = iota // bare list: labels only
	kindSource                // "source", "sources", "src": labels, numbers or ids
	kindID                    // "chunk", "doc", "document": ids
)

var prefixes = []struct {
	word string
	kind refKind
}{
	{"documents", kindID}, {"document", kindID}, {"sources", kindSource}, {"source", kindSource},
	{"chunks", kindID}, {"chunk", kindID}, {"docs", kindID}, {"doc", kindID}, {"src", kindSource},
}

// refForm is the shape of a parsed reference.
type refForm int

const (
	formLabel refForm = iota // "S2", or "2" after a source prefix
	formRange                // "S1-S3"
	formID                   // a free-form id, optionally with a page
	formList                 // a prefixed list, tried whole before its items
)

// ref is one parsed reference before resolution.
type ref struct {
	form   refForm
	text   string // as written, trimmed
	label  int    // formLabel: 1-based label
	lo, hi int    // formRange: inclusive labels
	id     string // formID
	page   int    // formID: page qualifier, or 0
	at     time.Duration
	timed  bool   // formID, formLabel: at is a time qualifier
	head   string // formList: text without a trailing time qualifier
	split  []ref  // formList: the items; text holds the whole list
}

var (
	labelRe = regexp.MustCompile(`(?i)^s\s*(\d{1,9})$`)
	numRe   = regexp.MustCompile(`^(\d{1,9})$`)
	rangeRe = regexp.MustCompile(`(?i)^(s\s*)?(\d{1,9})\s*(?:-|–|—|\.\.|to)\s*(?:s\s*)?(\d{1,9})$`)
	pageRe  = regexp.MustCompile(`(?i)^(?:page|pg\.?|pp?\.)\s*(\d{1,6})$`)
	timeRe  = regexp.MustCompile(`(?i)^(?:t\s*=\s*(\d{1,9}(?:[.:]\d{1,3}){0,3})s?|(\d{1,2}:\d{2}(?::\d{2})?(?:\.\d{1,3})?))$`)
)

// timeItem parses a time qualifier: "t=12:34", "t=1:02:03.5", "t=754s",
// or a bare clock "12:34".
func timeItem(item string) (time.Duration, bool) {
	m := timeRe.FindStringSubmatch(strings.TrimSpace(item))
	if m == nil {
		return 0, false
	}
	return store.ParseTimestamp(m[1] + m[2])
}

// parseInner parses the text between brackets: a prefixed list
// ("Source: …", "chunk: …") or a bare list of labels.
func (p *Parser) parseInner(inner string) ([]ref, bool) {
	s := strings.TrimSpace(inner)
	if s == "" {
		return nil, false
	}
	if k, rest, ids, ok := cutPrefix(s); ok {
		return p.parseList(rest, k, ids, 1)
	}
	return p.parseList(s, kindNone, false, 0)
}

// cutPrefix recognises "source 1", "Source: x", "chunk#x", "sources 1, 2".
// ids reports an explicit separator (':', '#', '='): only then may the rest
// hold free-form ids, so that prose like "[source code]" is not a marker.
func cutPrefix(s string) (kind refKind, rest string, ids, ok bool) {
	lower := strings.ToLower(s)
	for _, pf := range prefixes {
		if !strings.HasPrefix(lower, pf.word) {
			continue
		}
		rest = s[len(pf.word):]
		if rest == "" {
			return 0, "", false, false
		}
		r, _ := utf8.DecodeRuneInString(rest)
		switch {
		case r == ':' || r == '#' || r == ' ' || r == '\t' || r == '=':
		case r >= '0' && r <= '9' && pf.kind == kindSource:
		default:
			return 0, "", false, false
		}
		rest = strings.TrimLeft(rest, " \t")
		if rest != "" && (rest[0] == ',' || rest[0] == ';') {
			// "[source , 2]" names nothing before its list: prose, not a
			// marker (and not one generate.Sanitize would neutralise).
			return 0, "", false, false
		}
		if trimmed := strings.TrimLeft(rest, ":#="); len(trimmed) < len(rest) {
			ids, rest = true, trimmed
		}
		rest = strings.TrimSpace(rest)
		if rest == "" {
			return 0, "", false, false
		}
		return pf.kind, rest, ids, true
	}
	return 0, "", false, false
}

// parseList parses a comma- or semicolon-separated list of items. When ids
// is set and some item is not a label, the list is free-form (see freeList).
func (p *Parser) parseList(s string, kind refKind, ids bool, depth int) ([]ref, bool) {
	items := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' })
	var refs []ref
	for _, item := range items {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if at, ok := timeItem(item); ok && len(refs) > 0 && refs[len(refs)-1].form == formLabel && !refs[len(refs)-1].timed {
			last := &refs[len(refs)-1]
			last.at, last.timed = at, true
			last.text += ", " + item
			continue
		}
		r, ok := p.parseItem(item, kind, depth)
		if !ok {
			if !ids {
				return nil, false
			}
			// A free-form list: resolve it whole, or item by item.
			return []ref{p.freeList(s, kind)}, true
		}
		refs = append(refs, r...)
	}
	if len(refs) == 0 {
		return nil, false
	}
	return refs, true
}

// freeList builds the reference for a prefixed list holding ids.
func (p *Parser) freeList(s string, kind refKind) ref {
	r := ref{form: formList, text: s}
	for _, item := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' }) {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if at, ok := timeItem(item); ok && len(r.split) > 0 && !r.split[len(r.split)-1].timed {
			if last := &r.split[len(r.split)-1]; last.form == formID || last.form == formLabel {
				last.at, last.timed = at, true
				last.text += ", " + item
				if k := strings.LastIndexAny(s, ",;"); k >= 0 && strings.TrimSpace(s[k+1:]) == item {
					r.head = strings.TrimSpace(s[:k]) // a title with commas, tried whole
				}
				continue
			}
		}
		if m := pageRe.FindStringSubmatch(item); m != nil && len(r.split) > 0 && r.split[len(r.split)-1].form == formID {
			last := &r.split[len(r.split)-1]
			last.page, _ = strconv.Atoi(m[1])
			last.text += ", " + item
			continue
		}
		if parsed, ok := p.parseItem(item, kind, 1); ok {
			r.split = append(r.split, parsed...)
			continue
		}
		r.split = append(r.split, ref{form: formID, text: item, id: item})
	}
	return r
}

// parseItem parses one label, range or (for prefixed lists) number or
// nested prefixed item. Free-form ids are not items: see freeList.
func (p *Parser) parseItem(item string, kind refKind, depth int) ([]ref, bool) {
	if m := labelRe.FindStringSubmatch(item); m != nil {
		n, _ := strconv.Atoi(m[1])
		return []ref{{form: formLabel, text: item, label: n}}, true
	}
	if m := rangeRe.FindStringSubmatch(item); m != nil && (m[1] != "" || kind == kindSource || p.bareNumbers) {
		lo, _ := strconv.Atoi(m[2])
		hi, _ := strconv.Atoi(m[3])
		return []ref{{form: formRange, text: item, lo: lo, hi: hi}}, true
	}
	if m := numRe.FindStringSubmatch(item); m != nil && (kind == kindSource || kind == kindNone && p.bareNumbers) {
		n, _ := strconv.Atoi(m[1])
		return []ref{{form: formLabel, text: item, label: n}}, true
	}
	if k, rest, ids, ok := cutPrefix(item); ok && depth <= 1 {
		if refs, ok := p.parseList(rest, k, ids, depth+1); ok {
			return refs, true
		}
	}
	return nil, false
}

// resolver maps references to source indices. It is built per Extract call.
type resolver struct {
	sources []retrieve.Source
}

func newResolver(sources []retrieve.Source) *resolver { return &resolver{sources: sources} }

func (r *resolver) resolve(refs []ref) []Citation {
	var out []Citation
	for _, rf := range refs {
		out = append(out, r.resolveRef(rf)...)
	}
	return out
}

func (r *resolver) resolveRef(rf ref) []Citation {
	switch rf.form {
	case formLabel:
		i := r.labelIndex(rf.label)
		if rf.timed {
			i = r.atTime(i, rf.at, false)
		}
		return []Citation{{Ref: rf.text, Source: i}}
	case formID:
		i := r.resolveID(rf.id, rf.page)
		if rf.timed {
			i = r.atTime(i, rf.at, true)
		}
		return []Citation{{Ref: rf.text, Source: i}}
	case formList:
		if i := r.resolveID(rf.text, 0); i >= 0 {
			return []Citation{{Ref: rf.text, Source: i}}
		}
		if last := len(rf.split) - 1; rf.head != "" && last >= 0 && rf.split[last].timed {
			if i := r.atTime(r.resolveID(rf.head, 0), rf.split[last].at, true); i >= 0 {
				return []Citation{{Ref: rf.text, Source: i}}
			}
		}
		var out []Citation
		for _, s := range rf.split {
			out = append(out, r.resolveRef(s)...)
		}
		return out
	}
	var out []Citation
	n := len(r.sources)
	for k := max(rf.lo, 1); k <= min(rf.hi, n); k++ {
		out = append(out, Citation{Ref: Label(k - 1), Source: k - 1})
	}
	if rf.lo < 1 || rf.hi > n || rf.lo > rf.hi {
		out = append(out, Citation{Ref: rf.text, Source: -1})
	}
	return out
}

func (r *resolver) labelIndex(n int) int {
	if n >= 1 && n <= len(r.sources) {
		return n - 1
	}
	return -1
}

// resolveID maps a free-form id to a source index, or -1.
func (r *resolver) resolveID(id string, page int) int {
	id = strings.Trim(strings.TrimSpace(id), "\"'`*“”‘’")
	if id == "" {
		return -1
	}
	if m := labelRe.FindStringSubmatch(id); m != nil {
		n, _ := strconv.Atoi(m[1])
		return r.labelIndex(n)
	}
	for i, s := range r.sources {
		if s.Chunk.ID != "" && strings.EqualFold(s.Chunk.ID, id) {
			return i
		}
	}
	matchers := []func(c chunkRef) bool{
		func(c chunkRef) bool { return c.docID != "" && c.docID == id },
		func(c chunkRef) bool { return c.source != "" && c.source == id },
		func(c chunkRef) bool { return c.docID != "" && strings.EqualFold(c.docID, id) },
		func(c chunkRef) bool { return c.source != "" && strings.EqualFold(c.source, id) },
		func(c chunkRef) bool { return c.source != "" && strings.EqualFold(path.Base(c.source), id) },
		func(c chunkRef) bool { return c.title != "" && strings.EqualFold(c.title, id) },
		// "webinar" for "webinar.vtt": models drop a file name's extension.
		func(c chunkRef) bool { return c.title != "" && strings.EqualFold(trimExt(c.title), id) },
		// TimeMarker and the prompt write brackets in a title as parentheses.
		func(c chunkRef) bool { return c.title != "" && strings.EqualFold(markerName(c.title), id) },
		func(c chunkRef) bool { return c.source != "" && strings.EqualFold(trimExt(path.Base(c.source)), id) },
	}
	for _, match := range matchers {
		for i, s := range r.sources {
			if match(refOf(s)) {
				return r.onPage(i, page)
			}
		}
	}
	return -1
}

// onPage narrows a document-level match at index i to the document's first
// source on page, or -1 when no retrieved source of it is on that page.
func (r *resolver) onPage(i, page int) int {
	if page == 0 {
		return i
	}
	doc := refOf(r.sources[i]).document()
	for k, s := range r.sources {
		if refOf(s).document() == doc && s.Chunk.Page == page {
			return k
		}
	}
	return -1
}

// atTime narrows the match at index i to a source whose time span holds
// t: i itself, or with sameDoc any retrieved source of i's document; -1
// when there is none (including when i is no transcript).
func (r *resolver) atTime(i int, t time.Duration, sameDoc bool) int {
	if i < 0 {
		return -1
	}
	if ts, ok := r.sources[i].Chunk.TimeSpan(); ok && ts.Contains(t) {
		return i
	}
	if !sameDoc {
		return -1
	}
	doc := refOf(r.sources[i]).document()
	for k, s := range r.sources {
		if refOf(s).document() != doc {
			continue
		}
		if ts, ok := s.Chunk.TimeSpan(); ok && ts.Contains(t) {
			return k
		}
	}
	return -1
}

type chunkRef struct{ docID, source, title string }

func refOf(s retrieve.Source) chunkRef {
	return chunkRef{docID: s.Chunk.DocumentID, source: s.Chunk.Source, title: s.Chunk.Title}
}

// document names the document a chunk belongs to.
func (c chunkRef) document() string {
	if c.docID != "" {
		return "id:" + c.docID
	}
	return "src:" + c.source
}

// trimExt drops a file name extension of up to five characters.
func trimExt(name string) string {
	ext := path.Ext(name)
	if len(ext) < 2 || len(ext) > 6 || strings.ContainsAny(ext, " ,") {
		return name
	}
	return strings.TrimSuffix(name, ext)
}
