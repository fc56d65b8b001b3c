package loader

import (
	"bufio"
	"io"
	"strconv"
)

// Content streams and ToUnicode CMaps are tokenised here rather than with
// pdf.Interpret: that lexer loops forever on an array or hex string left
// open at the end of a stream (a truncated or mislabelled Length is enough),
// and panics on escapes and operands that readers are expected to skip.
// This scanner never panics, always advances, ends at the end of the data,
// and bounds what it keeps in memory whatever the input.

const (
	maxOperands    = 1 << 12 // operands kept before an operator; more is garbage
	maxArrayItems  = 1 << 16 // elements kept in one array
	maxTokenBytes  = 1 << 20 // bytes kept in one string, name or keyword
	maxObjectDepth = 32      // nesting of arrays, dictionaries and procedures
)

type operandKind uint8

const (
	operandOther  operandKind = iota // boolean, null, dictionary, procedure
	operandNumber                    // integer or real
	operandString                    // literal or hexadecimal string, raw bytes
	operandName                      // name without the slash
	operandArray
)

// operand is one value on the content stream's operand stack.
type operand struct {
	kind operandKind
	num  float64
	str  string
	arr  []operand
}

func (o operand) number() (float64, bool) { return o.num, o.kind == operandNumber }

type tokenKind uint8

const (
	tokenEOF tokenKind = iota
	tokenNumber
	tokenString
	tokenName
	tokenKeyword
	tokenArrayOpen
	tokenArrayClose
	tokenDictOpen
	tokenDictClose
	tokenProcOpen
	tokenProcClose
)

type token struct {
	kind tokenKind
	num  float64
	text string
}

// contentLexer splits PDF content into tokens, leniently: an unknown escape
// is the escaped character, an odd hex digit is padded, a stray closing
// delimiter is a keyword that no operator uses.
type contentLexer struct {
	r   *bufio.Reader
	eof bool
	buf []byte
}

func newContentLexer(r io.Reader) *contentLexer {
	return &contentLexer{r: bufio.NewReader(r)}
}

// readByte returns the next byte, or false at the end of the data. A read
// error (a damaged compressed stream, a missing checksum) ends the data too:
// what was decoded before it is kept, as PDF viewers do.
func (l *contentLexer) readByte() (byte, bool) {
	if l.eof {
		return 0, false
	}
	c, err := l.r.ReadByte()
	if err != nil {
		l.eof = true
		return 0, false
	}
	return c, true
}

func (l *contentLexer) unreadByte() {
	if !l.eof {
		_ = l.r.UnreadByte()
	}
}

func isPDFSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isPDFDelim(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

func (l *contentLexer) keep(c byte) {
	if len(l.buf) < maxTokenBytes {
		l.buf = append(l.buf, c)
	}
}

func (l *contentLexer) next() token {
	c, ok := l.readByte()
	for ok && (isPDFSpace(c) || c == '%') {
		if c == '%' {
			for ok && c != '\n' && c != '\r' {
				c, ok = l.readByte()
			}
			continue
		}
		c, ok = l.readByte()
	}
	if !ok {
		return token{kind: tokenEOF}
	}
	switch c {
	case '(':
		return token{kind: tokenString, text: l.literalString()}
	case '<':
		if d, ok := l.readByte(); ok && d == '<' {
			return token{kind: tokenDictOpen}
		}
		l.unreadByte()
		return token{kind: tokenString, text: l.hexString()}
	case '>':
		if d, ok := l.readByte(); ok && d == '>' {
			return token{kind: tokenDictClose}
		}
		l.unreadByte()
		return token{kind: tokenKeyword, text: ">"}
	case '[':
		return token{kind: tokenArrayOpen}
	case ']':
		return token{kind: tokenArrayClose}
	case '{':
		return token{kind: tokenProcOpen}
	case '}':
		return token{kind: tokenProcClose}
	case '/':
		return token{kind: tokenName, text: l.name()}
	case ')':
		return token{kind: tokenKeyword, text: ")"}
	}
	l.buf = append(l.buf[:0], c)
	for {
		c, ok := l.readByte()
		if !ok {
			break
		}
		if isPDFSpace(c) || isPDFDelim(c) {
			l.unreadByte()
			break
		}
		l.keep(c)
	}
	word := string(l.buf)
	if n, ok := parsePDFNumber(word); ok {
		return token{kind: tokenNumber, num: n}
	}
	return token{kind: tokenKeyword, text: word}
}

// parsePDFNumber accepts the PDF number syntax: an optional sign, digits and
// at most one period, at least one digit.
func parsePDFNumber(s string) (float64, bool) {
	digits, dots := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			dots++
		case (c == '+' || c == '-') && i == 0:
		default:
			return 0, false
		}
	}
	if digits == 0 || dots > 1 {
		return 0, false
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	return n, true
}

func (l *contentLexer) literalString() string {
	l.buf = l.buf[:0]
	depth := 1
	for {
		c, ok := l.readByte()
		if !ok {
			return string(l.buf)
		}
		switch c {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return string(l.buf)
			}
		case '\\':
			c, ok = l.readByte()
			if !ok {
				return string(l.buf)
			}
			switch c {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case '\r':
				if d, ok := l.readByte(); ok && d != '\n' {
					l.unreadByte()
				}
				continue
			case '\n':
				continue
			case '0', '1', '2', '3', '4', '5', '6', '7':
				x := int(c - '0')
				for range 2 {
					d, ok := l.readByte()
					if !ok {
						break
					}
					if d < '0' || d > '7' {
						l.unreadByte()
						break
					}
					x = x*8 + int(d-'0')
				}
				c = byte(x) // high-order overflow is ignored, as the spec says
			}
		}
		l.keep(c)
	}
}

func (l *contentLexer) hexString() string {
	l.buf = l.buf[:0]
	half, odd := byte(0), false
	for {
		c, ok := l.readByte()
		if !ok || c == '>' {
			break
		}
		v, ok := unhexDigit(c)
		if !ok {
			continue // white space, or garbage a reader skips
		}
		if odd {
			l.keep(half<<4 | v)
		} else {
			half = v
		}
		odd = !odd
	}
	if odd {
		l.keep(half << 4)
	}
	return string(l.buf)
}

func unhexDigit(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func (l *contentLexer) name() string {
	l.buf = l.buf[:0]
	for {
		c, ok := l.readByte()
		if !ok {
			break
		}
		if isPDFSpace(c) || isPDFDelim(c) {
			l.unreadByte()
			break
		}
		if c == '#' {
			h, ok1 := l.readByte()
			lo, ok2 := l.readByte()
			hv, okh := unhexDigit(h)
			lv, okl := unhexDigit(lo)
			if ok1 && ok2 && okh && okl {
				l.keep(hv<<4 | lv)
				continue
			}
			l.keep(c)
			if ok1 {
				l.keep(h)
			}
			if ok2 {
				l.keep(lo)
			}
			continue
		}
		l.keep(c)
	}
	return string(l.buf)
}

// skipInlineImage skips an inline image after its BI operator: the
// parameters up to ID, then binary data up to an EI that stands alone
// between white space (the data's length is not recorded before PDF 2.0).
func (l *contentLexer) skipInlineImage() {
	for {
		t := l.next()
		if t.kind == tokenEOF {
			return
		}
		if t.kind == tokenKeyword && t.text == "ID" {
			break
		}
	}
	// One white-space byte follows ID; it counts as the white space before
	// an EI at the very start of the data.
	l.readByte()
	last := [3]byte{0, 0, ' '} // the three bytes before c, oldest first
	for {
		c, ok := l.readByte()
		if !ok {
			return
		}
		if isPDFSpace(last[0]) && last[1] == 'E' && last[2] == 'I' && isPDFSpace(c) {
			return
		}
		last = [3]byte{last[1], last[2], c}
	}
}

// object reads the operand that starts with t; depth counts the arrays,
// dictionaries and procedures it is nested in.
func (l *contentLexer) object(t token, depth int) operand {
	switch t.kind {
	case tokenNumber:
		return operand{kind: operandNumber, num: t.num}
	case tokenString:
		return operand{kind: operandString, str: t.text}
	case tokenName:
		return operand{kind: operandName, str: t.text}
	case tokenArrayOpen:
		var items []operand
		for {
			t := l.next()
			if t.kind == tokenEOF || t.kind == tokenArrayClose {
				return operand{kind: operandArray, arr: items}
			}
			if depth >= maxObjectDepth {
				continue // keep reading to the closing bracket, keep nothing
			}
			o := l.object(t, depth+1)
			if len(items) < maxArrayItems {
				items = append(items, o)
			}
		}
	case tokenDictOpen:
		l.skipTo(tokenDictClose, depth)
	case tokenProcOpen:
		l.skipTo(tokenProcClose, depth)
	}
	return operand{kind: operandOther}
}

// skipTo reads past the closing token of a dictionary or procedure,
// including nested objects.
func (l *contentLexer) skipTo(end tokenKind, depth int) {
	for {
		t := l.next()
		switch t.kind {
		case tokenEOF, end:
			return
		case tokenArrayOpen, tokenDictOpen, tokenProcOpen:
			if depth < maxObjectDepth {
				l.object(t, depth+1)
			}
		}
	}
}

// scanContent calls do for every operator in a content stream with the
// operands before it. The operand slice is reused: do must not keep it.
func scanContent(r io.Reader, do func(op string, args []operand)) {
	l := newContentLexer(r)
	var args []operand
	for {
		t := l.next()
		switch t.kind {
		case tokenEOF:
			return
		case tokenKeyword:
			switch t.text {
			case "true", "false", "null":
				args = appendOperand(args, operand{kind: operandOther})
			case "BI":
				l.skipInlineImage()
				args = args[:0]
			default:
				do(t.text, args)
				args = args[:0]
			}
		case tokenArrayClose, tokenDictClose, tokenProcClose:
			// A stray closing delimiter: nothing to close.
		default:
			args = appendOperand(args, l.object(t, 0))
		}
	}
}

func appendOperand(args []operand, o operand) []operand {
	if len(args) >= maxOperands {
		return args
	}
	return append(args, o)
}
