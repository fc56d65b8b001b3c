package chunker

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/internal/tokens"
)

// Strength of the boundary before an atom: where a split prefers to cut.
const (
	breakToken     = iota // inside a sentence, at a token boundary
	breakWrap             // at a line break inside hard-wrapped prose (wrapped)
	breakSentence         // between sentences on one line
	breakLine             // at a line break (list items, table rows, code lines)
	breakParagraph        // at a blank line outside code
)

const (
	// wholeCountBytes bounds the spans counted in one piece: tiktoken's
	// BPE is quadratic in the length of a word, so longer spans are first
	// cut at lines or white space.
	wholeCountBytes = 16 << 10
	// windowBytes is the size of the windows a span too long to count
	// whole is encoded in before it is cut at token boundaries.
	windowBytes = 1 << 10
)

// atom is the smallest unit the packer moves: a heading line, a sentence,
// a line of a long sentence, or a token-bounded piece of a long line.
type atom struct {
	span
	tokens int  // exact cl100k_base count of the atom's text
	brk    int  // strength of the boundary before the atom
	gap    int  // estimated tokens of the white space before the atom
	wrap   bool // the line break before it continues a sentence (wrapped)
}

// atomizer cuts sections into atoms. It is used by one goroutine.
type atomizer struct {
	text   string
	fences []span
	limit  int // largest atom, in tokens (TargetTokens)
	piece  int // size of token-bounded pieces
	atoms  []atom
	prev   int // end of the previous atom of the current section, or -1
}

// section returns the atoms of s: its heading lines, then the sentences of
// its body, each cut further if it is longer than the target.
func (a *atomizer) section(s section) ([]atom, error) {
	a.atoms, a.prev = nil, -1
	for _, h := range s.heads {
		if err := a.add(h.start, h.end, breakLine, true); err != nil {
			return nil, err
		}
	}
	body := s.bodyStart()
	for _, sp := range textutil.Sentences(a.text[body:s.end]) {
		if err := a.add(body+sp.Start, body+sp.End, breakSentence, true); err != nil {
			return nil, err
		}
	}
	return a.atoms, nil
}

// add appends the span [s, e) as one atom if it fits the limit, else cut at
// line breaks (when lines is set) or at token boundaries.
func (a *atomizer) add(s, e, brk int, lines bool) error {
	s, e = textutil.TrimSpan(a.text, s, e)
	if s >= e {
		return nil
	}
	if e-s <= wholeCountBytes {
		n, err := tokens.Count(a.text[s:e])
		if err != nil {
			return err
		}
		if n <= a.limit {
			a.push(atom{span: span{s, e}, tokens: n, brk: brk})
			return nil
		}
	}
	if lines && strings.IndexByte(a.text[s:e], '\n') >= 0 {
		// push raises the boundary before every later line to breakLine,
		// but for a line that goes on with the sentence the one before it
		// began (wrapped): a cut there would end a chunk in mid-sentence.
		for ls := s; ls < e; brk = breakToken {
			le := e
			if i := strings.IndexByte(a.text[ls:e], '\n'); i >= 0 {
				le = ls + i
			}
			n := len(a.atoms)
			if err := a.add(ls, le, brk, false); err != nil {
				return err
			}
			if ls > s && len(a.atoms) > n && wrapped(a.text, ls) {
				a.atoms[n].brk, a.atoms[n].wrap = breakWrap, true
			}
			ls = le + 1
		}
		return nil
	}
	for ws := s; ws < e; brk = breakToken {
		we := e
		if we-ws > windowBytes {
			we = windowCut(a.text, ws, ws+windowBytes)
		}
		if err := a.pieces(ws, we, brk, a.piece); err != nil {
			return err
		}
		ws = we
	}
	return nil
}

// pieces cuts [s, e) into pieces of about size tokens at token boundaries,
// preferring a token that starts a word, never inside a rune.
func (a *atomizer) pieces(s, e, brk, size int) error {
	s, e = textutil.TrimSpan(a.text, s, e)
	if s >= e {
		return nil
	}
	ids, err := tokens.Encode(a.text[s:e])
	if err != nil {
		return err
	}
	offs := make([]int, len(ids)+1) // offs[k]: byte offset (from s) where token k starts
	for k, id := range ids {
		t, err := tokens.Decode([]int{id})
		if err != nil {
			return err
		}
		offs[k+1] = offs[k] + len(t)
	}
	if offs[len(ids)] != e-s {
		// The encoder did not round-trip; fall back to rune-sized steps.
		offs = runeOffsets(a.text[s:e])
	}
	for p, start := 0, s; start < e; brk = breakToken {
		q := p + size
		cut := e
		if q < len(offs)-1 {
			for k := q; k > p+size/2; k-- {
				if textutil.IsSpaceByte(a.text[s+offs[k]]) {
					q = k
					break
				}
			}
			cut = s + offs[q]
			for cut > start && !utf8.RuneStart(a.text[cut]) {
				cut--
			}
			for cut == start || (cut < e && !utf8.RuneStart(a.text[cut])) {
				cut++
			}
		}
		ps, pe := textutil.TrimSpan(a.text, start, cut)
		if ps < pe {
			n, err := tokens.Count(a.text[ps:pe])
			if err != nil {
				return err
			}
			if n > a.limit && size > 1 {
				if err := a.pieces(ps, pe, brk, size/2); err != nil {
					return err
				}
			} else {
				a.push(atom{span: span{ps, pe}, tokens: n, brk: brk})
			}
		}
		// Resume at the token that holds the cut.
		p = sort.SearchInts(offs, cut-s+1) - 1
		start = cut
	}
	return nil
}

// push appends an atom, deriving its boundary strength and gap estimate
// from the white space before it.
func (a *atomizer) push(at atom) {
	if a.prev >= 0 {
		gap := a.text[a.prev:at.start]
		at.gap = gapTokens(gap)
		if nl := strings.IndexByte(gap, '\n'); nl >= 0 && !at.wrap {
			at.brk = max(at.brk, breakLine)
			if strings.IndexByte(gap[nl+1:], '\n') >= 0 && !a.inFence(a.prev) {
				at.brk = breakParagraph
			}
		}
	}
	a.prev = at.end
	a.atoms = append(a.atoms, at)
}

// inFence reports whether offset i lies inside a fenced code block.
func (a *atomizer) inFence(i int) bool {
	k := sort.Search(len(a.fences), func(k int) bool { return a.fences[k].end > i })
	return k < len(a.fences) && a.fences[k].start <= i
}

// gapTokens estimates the tokens the white space between two atoms adds
// when they are encoded together: cl100k_base joins one space to the next
// word but encodes line breaks and runs of spaces separately.
func gapTokens(gap string) int {
	switch {
	case strings.ContainsAny(gap, "\r\n"):
		return 1
	case len(gap) > 1:
		return 1
	}
	return 0
}

// windowCut returns a cut at or before hi, after lo: the last white space
// in the second half of the window, else the last rune boundary.
func windowCut(text string, lo, hi int) int {
	for i := hi; i > lo+(hi-lo)/2; i-- {
		if textutil.IsSpaceByte(text[i]) {
			return i
		}
	}
	for hi > lo+1 && !utf8.RuneStart(text[hi]) {
		hi--
	}
	return hi
}

func runeOffsets(s string) []int {
	offs := make([]int, 0, len(s)+1)
	for i := range s {
		offs = append(offs, i)
	}
	return append(offs, len(s))
}

func isSpace(s string) bool { return strings.TrimSpace(s) == "" }

// wrapped reports whether the line starting at ls goes on with a sentence
// the line before it began, as hard-wrapped prose does (HAProxy's
// configuration manual, plain-text manuals, RFCs): the line before ends in
// a letter, digit or comma, not in sentence or clause punctuation, and
// both lines start at the same indentation, the new one with no list
// marker. A table row, a code line or a new entry starts otherwise.
func wrapped(text string, ls int) bool {
	if ls < 2 || text[ls-1] != '\n' {
		return false
	}
	ps := strings.LastIndexByte(text[:ls-1], '\n') + 1
	prev := text[ps : ls-1]
	line := text[ls:]
	if nl := strings.IndexByte(line, '\n'); nl >= 0 {
		line = line[:nl]
	}
	pt, lt := strings.TrimSpace(prev), strings.TrimSpace(line)
	if pt == "" || lt == "" || indent(prev) != indent(line) || strings.HasPrefix(lt, "|") || strings.HasSuffix(pt, "|") {
		return false
	}
	last := pt[len(pt)-1]
	if !(last == ',' || last >= 'a' && last <= 'z' || last >= 'A' && last <= 'Z' || last >= '0' && last <= '9') {
		return false
	}
	return !listItem(lt)
}

// indent returns the width of line's leading spaces and tabs.
func indent(line string) int {
	return len(line) - len(strings.TrimLeft(line, " \t"))
}

// listItem reports whether a trimmed line opens a list item ("- x", "* x",
// "+ x", "1. x", "2) x").
func listItem(t string) bool {
	if len(t) > 1 && strings.ContainsRune("-*+•", rune(t[0])) && t[1] == ' ' {
		return true
	}
	k := 0
	for k < len(t) && t[k] >= '0' && t[k] <= '9' {
		k++
	}
	return k > 0 && k+1 < len(t) && (t[k] == '.' || t[k] == ')') && t[k+1] == ' '
}
