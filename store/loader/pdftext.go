package loader

import (
	"math"
	"strings"
	"unicode"

	"github.com/ledongthuc/pdf"
)

// Layout thresholds in units of the font size. A PDF places runs of glyphs
// at coordinates and rarely encodes the spaces between words or the breaks
// between lines, so they are inferred from where each run starts relative
// to where the previous one ended.
const (
	wordGap   = 0.15 // a wider horizontal gap is a word space (kerning is smaller)
	lineShift = 0.5  // a larger vertical move starts a new line (a sub- or superscript is smaller)
	backJump  = 0.5  // moving back further than this on the same line separates too
)

// Bounds on what one page's content may make the extractor do.
const (
	maxGraphicsStack = 1 << 10
	maxFormDepth     = 8       // form XObjects drawn inside form XObjects
	maxFormCalls     = 1 << 10 // form XObjects drawn per page
	maxContentParts  = 1 << 12 // streams in one page's Contents array
)

// matrix is a PDF transformation matrix [a b c d e f].
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// mul returns m × n, the transformation m followed by n.
func (m matrix) mul(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2],
		m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2],
		m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4],
		m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func translation(tx, ty float64) matrix { return matrix{1, 0, 0, 1, tx, ty} }

// graphicsState is the part of the PDF graphics state that places text.
type graphicsState struct {
	ctm       matrix
	font      *pdfFont
	fontSize  float64
	charSpace float64
	wordSpace float64
	hScale    float64
	leading   float64
	rise      float64
}

// textExtractor runs one page's content streams and writes the text they
// show, a line break between text lines and a space between words.
type textExtractor struct {
	fonts   map[string]*pdfFont // document-wide, keyed by font dictionary
	unknown *pdfFont
	res     pdf.Value
	byName  map[string]*pdfFont // fonts of res by resource name

	gs      graphicsState
	stack   []graphicsState
	lost    int // q operators past maxGraphicsStack, so that Q stays paired
	tm, tlm matrix
	forms   int // form XObjects being drawn
	calls   int // form XObjects drawn on the page
	err     error

	out          strings.Builder
	started      bool    // text was written
	lastX, lastY float64 // where the last written run ended (began, if not measured)
	lastMeasured bool    // the last run's end is known
	moved        bool    // the text position was set since the last run
	gap          bool    // a TJ adjustment as wide as a word space ran since the last run
}

// extractPageText returns the normalised text of a page whose inherited
// resources are res. fonts is shared by the pages of one document.
func extractPageText(page, res pdf.Value, fonts map[string]*pdfFont) (string, error) {
	x := &textExtractor{
		fonts:   fonts,
		unknown: unknownFont(),
		res:     res,
		byName:  map[string]*pdfFont{},
		gs:      graphicsState{ctm: identity, hScale: 1},
		tm:      identity,
		tlm:     identity,
	}
	contents := page.Key("Contents")
	switch contents.Kind() {
	case pdf.Stream:
		x.stream(contents)
	case pdf.Array:
		for i := 0; i < min(contents.Len(), maxContentParts) && x.err == nil; i++ {
			x.stream(contents.Index(i))
		}
	}
	if x.err != nil {
		return "", x.err
	}
	return normalizePDFText(x.out.String()), nil
}

func (x *textExtractor) stream(v pdf.Value) {
	if v.Kind() != pdf.Stream || x.err != nil {
		return
	}
	rc, err := openStream(v)
	if err != nil {
		x.err = err
		return
	}
	defer rc.Close()
	scanContent(rc, x.op)
}

func (x *textExtractor) op(op string, args []operand) {
	var n [6]float64
	switch op {
	case "q":
		if len(x.stack) < maxGraphicsStack {
			x.stack = append(x.stack, x.gs)
		} else {
			x.lost++
		}
	case "Q":
		if x.lost > 0 {
			x.lost--
		} else if k := len(x.stack); k > 0 {
			x.gs, x.stack = x.stack[k-1], x.stack[:k-1]
		}
	case "cm":
		if numbers(args, n[:]) {
			x.gs.ctm = matrix(n).mul(x.gs.ctm)
		}
	case "BT":
		x.tm, x.tlm = identity, identity
		x.moved = true
	case "Tc", "Tw", "Tz", "TL", "Ts":
		if numbers(args, n[:1]) {
			x.setTextParam(op, n[0])
		}
	case "Tf":
		if len(args) >= 2 && args[len(args)-2].kind == operandName && numbers(args, n[:1]) {
			x.gs.font = x.font(args[len(args)-2].str)
			x.gs.fontSize = n[0]
		}
	case "Td", "TD":
		if numbers(args, n[:2]) {
			if op == "TD" {
				x.gs.leading = -n[1]
			}
			x.nextLine(n[0], n[1])
		}
	case "Tm":
		if numbers(args, n[:]) {
			x.tm, x.tlm = matrix(n), matrix(n)
			x.moved = true
		}
	case "T*":
		x.nextLine(0, -x.gs.leading)
	case "Tj", "'", "\"":
		if len(args) == 0 || args[len(args)-1].kind != operandString {
			return
		}
		if op == "\"" {
			if len(args) < 3 {
				return
			}
			if numbers(args[:len(args)-1], n[:2]) {
				x.gs.wordSpace, x.gs.charSpace = n[0], n[1]
			}
		}
		if op != "Tj" {
			x.nextLine(0, -x.gs.leading)
		}
		x.show(args[len(args)-1].str)
	case "TJ":
		if len(args) == 0 || args[len(args)-1].kind != operandArray {
			return
		}
		for _, e := range args[len(args)-1].arr {
			switch e.kind {
			case operandString:
				x.show(e.str)
			case operandNumber:
				x.adjust(e.num)
			}
		}
	case "Do":
		if len(args) > 0 && args[len(args)-1].kind == operandName {
			x.form(args[len(args)-1].str)
		}
	}
}

// numbers fills out with the last len(out) operands if they are numbers.
func numbers(args []operand, out []float64) bool {
	if len(args) < len(out) {
		return false
	}
	for i, a := range args[len(args)-len(out):] {
		v, ok := a.number()
		if !ok {
			return false
		}
		out[i] = v
	}
	return true
}

func (x *textExtractor) setTextParam(op string, v float64) {
	switch op {
	case "Tc":
		x.gs.charSpace = v
	case "Tw":
		x.gs.wordSpace = v
	case "Tz":
		x.gs.hScale = v / 100
	case "TL":
		x.gs.leading = v
	case "Ts":
		x.gs.rise = v
	}
}

func (x *textExtractor) nextLine(tx, ty float64) {
	x.tlm = translation(tx, ty).mul(x.tlm)
	x.tm = x.tlm
	x.moved = true
}

// adjust applies a TJ number: a move left by n thousandths of the font size.
func (x *textExtractor) adjust(n float64) {
	x.tm = translation(-n/1000*x.gs.fontSize*x.gs.hScale, 0).mul(x.tm)
	if -n/1000 > wordGap {
		x.gap = true
	}
}

// renderMatrix maps glyph space at the current text position to the page.
func (x *textExtractor) renderMatrix() matrix {
	g := x.gs
	return matrix{g.fontSize * g.hScale, 0, 0, g.fontSize, 0, g.rise}.mul(x.tm).mul(g.ctm)
}

// show writes the text of a shown string and advances the text position by
// its width when the font's widths are known.
func (x *textExtractor) show(raw string) {
	f := x.gs.font
	if f == nil {
		f = x.unknown
	}
	var text strings.Builder
	advance := 0.0
	f.eachCode(raw, func(code uint32, n int) {
		text.WriteString(f.decode(code))
		if f.measured {
			w := f.width(code)*f.scale*x.gs.fontSize + x.gs.charSpace
			if n == 1 && code == ' ' {
				w += x.gs.wordSpace
			}
			advance += w * x.gs.hScale
		}
	})
	start := x.renderMatrix()
	if f.measured {
		x.tm = translation(advance, 0).mul(x.tm)
	}
	if text.Len() == 0 {
		return // glyphs without text do not move the layout anchor
	}
	x.separate(start)
	x.out.WriteString(text.String())
	x.started, x.moved, x.gap = true, false, false
	x.lastX, x.lastY, x.lastMeasured = start[4], start[5], f.measured
	if f.measured {
		end := x.renderMatrix()
		x.lastX, x.lastY = end[4], end[5]
	}
}

// separate writes a line break or a space before a run that starts where
// trm places it, judged in the run's own text space (so rotated and scaled
// text works too).
func (x *textExtractor) separate(trm matrix) {
	if !x.started {
		return
	}
	dx, dy := trm[4]-x.lastX, trm[5]-x.lastY
	det := trm[0]*trm[3] - trm[1]*trm[2]
	var lx, ly float64
	if det != 0 {
		lx = (dx*trm[3] - dy*trm[2]) / det
		ly = (dy*trm[0] - dx*trm[1]) / det
	}
	switch {
	case math.Abs(ly) > lineShift:
		x.out.WriteByte('\n')
	case x.gap:
		x.out.WriteByte(' ')
	case x.lastMeasured && det != 0 && (lx > wordGap || lx < -backJump):
		x.out.WriteByte(' ')
	case (!x.lastMeasured || det == 0) && x.moved:
		x.out.WriteByte(' ')
	}
}

// font returns the font a Tf operator names, reading each font dictionary
// once per document.
func (x *textExtractor) font(name string) *pdfFont {
	if f, ok := x.byName[name]; ok {
		return f
	}
	f := x.unknown
	if v := x.res.Key("Font").Key(name); v.Kind() == pdf.Dict {
		key := v.String()
		if f = x.fonts[key]; f == nil {
			f = newPDFFont(v)
			x.fonts[key] = f
		}
	}
	x.byName[name] = f
	return f
}

// form draws a form XObject: a content stream of its own, with its own
// resources and graphics state stack, placed by its Matrix.
func (x *textExtractor) form(name string) {
	if x.forms >= maxFormDepth || x.calls >= maxFormCalls {
		return
	}
	xo := x.res.Key("XObject").Key(name)
	if xo.Kind() != pdf.Stream || xo.Key("Subtype").Name() != "Form" {
		return
	}
	x.calls++
	gs, stack, lost, res, byName, tm, tlm := x.gs, x.stack, x.lost, x.res, x.byName, x.tm, x.tlm
	var n [6]float64
	if m := xo.Key("Matrix"); m.Len() == 6 {
		ok := true
		for i := range n {
			n[i], ok = pdfNumber(m.Index(i))
			if !ok {
				break
			}
		}
		if ok {
			x.gs.ctm = matrix(n).mul(x.gs.ctm)
		}
	}
	if r := xo.Key("Resources"); r.Kind() == pdf.Dict {
		x.res, x.byName = r, map[string]*pdfFont{}
	}
	x.stack, x.lost = nil, 0
	x.forms++
	x.stream(xo)
	x.forms--
	x.gs, x.stack, x.lost, x.res, x.byName, x.tm, x.tlm = gs, stack, lost, res, byName, tm, tlm
}

// ligatures are the Latin presentation forms that fonts map ligature glyphs
// to; spelled out, the words match what users type.
var ligatures = map[rune]string{
	'\uFB00': "ff", '\uFB01': "fi", '\uFB02': "fl", '\uFB03': "ffi", '\uFB04': "ffl",
	'\uFB05': "st", '\uFB06': "st",
}

// normalizePDFText makes extracted text valid UTF-8 without control
// characters, with ligatures spelled out, runs of white space within a
// line (tabs and Unicode spaces too) collapsed to one space, none at line
// ends, at most one blank line in a row, and no leading or trailing white
// space.
func normalizePDFText(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space, newlines, prevCR := false, 0, false
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		wasCR := prevCR
		prevCR = r == '\r'
		switch {
		case r == '\n' && wasCR:
			continue
		case r == '\n' || r == '\r' || r == '\f' || r == '\v' || r == '\u0085' || r == '\u2028' || r == '\u2029':
			newlines++
			space = false
			continue
		case unicode.IsSpace(r): // no-break and other Unicode spaces too: producers use them as spaces
			space = newlines == 0
			continue
		case unicode.IsControl(r) || r == '\uFEFF' || r == '\uFFFE' || r == '\uFFFF':
			continue
		}
		if b.Len() > 0 {
			switch {
			case newlines > 0:
				b.WriteString("\n\n"[:min(newlines, 2)])
			case space:
				b.WriteByte(' ')
			}
		}
		space, newlines = false, 0
		if l, ok := ligatures[r]; ok {
			b.WriteString(l)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}
