package loader

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/ledongthuc/pdf"
)

const (
	maxWidthEntries = 1 << 16 // entries kept from a CID font's W array
	maxCMapEntries  = 1 << 17 // bfchar and bfrange entries kept from a ToUnicode CMap
)

// pdfFont turns a font's character codes into text and knows how far each
// code moves the text position, so that word gaps can be told from kerning.
type pdfFont struct {
	composite bool       // Type0: multi-byte codes
	toUnicode *toUnicode // the font's ToUnicode CMap; nil if absent or empty
	// base decodes single-byte codes the CMap does not map: the library's
	// table for WinAnsi, MacRoman, Differences or PDFDocEncoding; nil means
	// Latin-1.
	base     pdf.TextEncoding
	baseText [256]string
	baseDone [256]bool

	firstChar    int
	widths       []float64 // simple fonts, from FirstChar
	missingWidth float64
	cidWidths    []cidWidth // composite fonts, sorted by first
	defaultWidth float64    // composite fonts
	scale        float64    // glyph space to text space
	// measured means the widths are known, so the end of shown text is
	// known; otherwise only explicit moves separate words.
	measured bool
}

type cidWidth struct {
	first, last uint32
	width       float64   // for a first..last range with one width
	widths      []float64 // for first [w1 w2 ...]
}

// unknownFont stands for a font the page does not define.
func unknownFont() *pdfFont { return &pdfFont{scale: 1.0 / 1000} }

// newPDFFont reads a font dictionary. It never calls the library's ToUnicode
// parser (see pdfcontent.go): a CMap is read with scanContent, and the
// library's encoder is asked only for tables that do not involve one.
func newPDFFont(v pdf.Value) *pdfFont {
	f := unknownFont()
	subtype := v.Key("Subtype").Name()
	f.composite = subtype == "Type0"
	tu := v.Key("ToUnicode")
	if tu.Kind() == pdf.Stream {
		f.toUnicode = parseToUnicode(tu)
	}
	if f.composite {
		d := v.Key("DescendantFonts").Index(0)
		f.defaultWidth = 1000
		if dw, ok := pdfNumber(d.Key("DW")); ok {
			f.defaultWidth = dw
		}
		f.cidWidths = parseCIDWidths(d.Key("W"))
		f.measured = true
		return f
	}
	switch enc := v.Key("Encoding"); enc.Kind() {
	case pdf.Name:
		if n := enc.Name(); n == "WinAnsiEncoding" || n == "MacRomanEncoding" {
			f.base = (&pdf.Font{V: v}).Encoder()
		}
	case pdf.Dict:
		f.base = (&pdf.Font{V: v}).Encoder()
	case pdf.Null:
		if tu.Kind() != pdf.Stream { // else the library would parse the CMap
			f.base = (&pdf.Font{V: v}).Encoder()
		}
	}
	f.firstChar = int(v.Key("FirstChar").Int64())
	if w := v.Key("Widths"); w.Kind() == pdf.Array && w.Len() > 0 {
		f.widths = make([]float64, min(w.Len(), 256))
		for i := range f.widths {
			f.widths[i] = w.Index(i).Float64()
		}
		f.measured = true
	}
	f.missingWidth = v.Key("FontDescriptor").Key("MissingWidth").Float64()
	if subtype == "Type3" {
		if fm := v.Key("FontMatrix"); fm.Len() == 6 && fm.Index(0).Float64() != 0 {
			f.scale = math.Abs(fm.Index(0).Float64())
		}
	}
	if !f.measured && strings.HasPrefix(v.Key("BaseFont").Name(), "Courier") {
		f.missingWidth, f.measured = 600, true // the standard fixed-pitch font
	}
	return f
}

func pdfNumber(v pdf.Value) (float64, bool) {
	k := v.Kind()
	return v.Float64(), k == pdf.Integer || k == pdf.Real
}

// parseCIDWidths reads a W array: "c [w1 w2 ...]" and "first last w" entries.
func parseCIDWidths(w pdf.Value) []cidWidth {
	var out []cidWidth
	n := w.Len()
	for i := 0; i < n && len(out) < maxWidthEntries; {
		first, ok := pdfNumber(w.Index(i))
		if !ok || first < 0 || first > math.MaxUint32 {
			i++
			continue
		}
		next := w.Index(i + 1)
		if next.Kind() == pdf.Array {
			ws := make([]float64, min(next.Len(), maxArrayItems))
			for j := range ws {
				ws[j] = next.Index(j).Float64()
			}
			if len(ws) > 0 {
				c := uint32(first)
				out = append(out, cidWidth{first: c, last: c + uint32(len(ws)-1), widths: ws})
			}
			i += 2
			continue
		}
		last, ok1 := pdfNumber(next)
		width, ok2 := pdfNumber(w.Index(i + 2))
		if ok1 && ok2 && last >= first && last <= math.MaxUint32 {
			out = append(out, cidWidth{first: uint32(first), last: uint32(last), width: width})
			i += 3
			continue
		}
		i++
	}
	slices.SortStableFunc(out, func(a, b cidWidth) int { return cmp.Compare(a.first, b.first) })
	return out
}

// width returns the advance of code in glyph space units.
func (f *pdfFont) width(code uint32) float64 {
	if f.composite {
		i := sort.Search(len(f.cidWidths), func(i int) bool { return f.cidWidths[i].first > code }) - 1
		if i >= 0 && code <= f.cidWidths[i].last {
			if w := f.cidWidths[i]; w.widths != nil {
				if off := int(code - w.first); off < len(w.widths) {
					return w.widths[off]
				}
			} else {
				return w.width
			}
		}
		return f.defaultWidth
	}
	if i := int(code) - f.firstChar; i >= 0 && i < len(f.widths) {
		return f.widths[i]
	}
	return f.missingWidth
}

// eachCode splits the bytes of a shown string into character codes.
func (f *pdfFont) eachCode(raw string, fn func(code uint32, n int)) {
	for i := 0; i < len(raw); {
		n := 1
		if f.composite {
			n = 2
			if f.toUnicode != nil {
				if k := f.toUnicode.codeLen(raw[i:]); k > 0 {
					n = k
				}
			}
			n = min(n, len(raw)-i)
		}
		var code uint32
		for j := i; j < i+n; j++ {
			code = code<<8 | uint32(raw[j])
		}
		fn(code, n)
		i += n
	}
}

// decode returns the text of one character code; "" if it has none.
func (f *pdfFont) decode(code uint32) string {
	if f.toUnicode != nil {
		if s, ok := f.toUnicode.lookup(code); ok {
			return s
		}
	}
	if f.composite {
		return "" // a glyph id without a Unicode mapping
	}
	b := byte(code)
	if f.base == nil {
		return string(rune(b))
	}
	if !f.baseDone[b] {
		s := f.base.Decode(string([]byte{b}))
		if !utf8.ValidString(s) || s == "\uFFFD" || s == "\x00" {
			s = string(rune(b)) // undefined in the table: Latin-1 is the best guess
		}
		f.baseText[b], f.baseDone[b] = s, true
	}
	return f.baseText[b]
}

// toUnicode is a parsed ToUnicode CMap: character codes to text.
type toUnicode struct {
	spaces    []codeSpace
	sourceLen int // source code length seen, for CMaps that declare no code space
	chars     map[uint32]string
	ranges    []cmapRange // sorted by first
}

type codeSpace struct {
	n      int
	lo, hi [4]byte
}

type cmapRange struct {
	first, last uint32
	dst         []uint16 // UTF-16 of the first code's text; the last unit counts up
	arr         []string // one text per code, if given as an array
}

// parseToUnicode reads a ToUnicode CMap stream; nil if it cannot be read or
// maps nothing, in which case the font's encoding is used instead.
func parseToUnicode(v pdf.Value) *toUnicode {
	rc, err := openStream(v)
	if err != nil {
		return nil
	}
	defer rc.Close()
	m := &toUnicode{chars: map[uint32]string{}}
	entries := 0
	scanContent(rc, func(op string, args []operand) {
		switch op {
		case "endcodespacerange":
			for i := 0; i+1 < len(args); i += 2 {
				lo, hi := args[i].str, args[i+1].str
				if n := len(lo); n >= 1 && n <= 4 && len(hi) == n {
					s := codeSpace{n: n}
					copy(s.lo[:], lo)
					copy(s.hi[:], hi)
					m.spaces = append(m.spaces, s)
				}
			}
		case "endbfchar":
			for i := 0; i+1 < len(args) && entries < maxCMapEntries; i += 2 {
				src, dst := args[i], args[i+1]
				if code, ok := m.sourceCode(src); ok && dst.kind == operandString {
					m.chars[code] = utf16Text(dst.str)
					entries++
				}
			}
		case "endbfrange":
			for i := 0; i+2 < len(args) && entries < maxCMapEntries; i += 3 {
				first, ok1 := m.sourceCode(args[i])
				last, ok2 := m.sourceCode(args[i+1])
				if !ok1 || !ok2 || last < first {
					continue
				}
				r := cmapRange{first: first, last: last}
				switch dst := args[i+2]; dst.kind {
				case operandString:
					r.dst = utf16Units(dst.str)
				case operandArray:
					for _, d := range dst.arr {
						r.arr = append(r.arr, utf16Text(d.str))
					}
				}
				if len(r.dst) > 0 || len(r.arr) > 0 {
					m.ranges = append(m.ranges, r)
					entries++
				}
			}
		}
	})
	if len(m.chars) == 0 && len(m.ranges) == 0 {
		return nil
	}
	slices.SortStableFunc(m.ranges, func(a, b cmapRange) int { return cmp.Compare(a.first, b.first) })
	return m
}

// sourceCode reads a 1 to 4 byte source code and remembers its length.
func (m *toUnicode) sourceCode(o operand) (uint32, bool) {
	if o.kind != operandString || len(o.str) < 1 || len(o.str) > 4 {
		return 0, false
	}
	if m.sourceLen == 0 {
		m.sourceLen = len(o.str)
	}
	var code uint32
	for i := 0; i < len(o.str); i++ {
		code = code<<8 | uint32(o.str[i])
	}
	return code, true
}

// codeLen returns the length of the code at the start of b by the CMap's
// code space ranges; 0 if none matches.
func (m *toUnicode) codeLen(b string) int {
	if len(m.spaces) == 0 {
		return m.sourceLen
	}
	for n := 1; n <= 4 && n <= len(b); n++ {
		for _, s := range m.spaces {
			if s.n == n && s.contains(b[:n]) {
				return n
			}
		}
	}
	return 0
}

func (s codeSpace) contains(b string) bool {
	for i := 0; i < s.n; i++ {
		if b[i] < s.lo[i] || b[i] > s.hi[i] {
			return false
		}
	}
	return true
}

func (m *toUnicode) lookup(code uint32) (string, bool) {
	if s, ok := m.chars[code]; ok {
		return s, true
	}
	i := sort.Search(len(m.ranges), func(i int) bool { return m.ranges[i].first > code }) - 1
	if i < 0 || code > m.ranges[i].last {
		return "", false
	}
	r := m.ranges[i]
	off := code - r.first
	if r.arr != nil {
		if uint64(off) < uint64(len(r.arr)) {
			return r.arr[off], true
		}
		return "", false
	}
	u := slices.Clone(r.dst)
	u[len(u)-1] += uint16(off)
	return string(utf16.Decode(u)), true
}

// utf16Units reads big-endian UTF-16; a lone byte is taken as a code point.
func utf16Units(b string) []uint16 {
	if len(b) == 1 {
		return []uint16{uint16(b[0])}
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	return u
}

func utf16Text(b string) string { return string(utf16.Decode(utf16Units(b))) }
