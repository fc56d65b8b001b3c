package loader

import (
	"errors"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestScanContent(t *testing.T) {
	type call struct {
		op   string
		args []operand
	}
	num := func(n float64) operand { return operand{kind: operandNumber, num: n} }
	str := func(s string) operand { return operand{kind: operandString, str: s} }
	name := func(s string) operand { return operand{kind: operandName, str: s} }
	other := operand{kind: operandOther}
	cases := []struct {
		name string
		in   string
		want []call
	}{
		{"numbers", "1 -2 2.5 -.5 +3 4. op", []call{{"op", []operand{num(1), num(-2), num(2.5), num(-0.5), num(3), num(4)}}}},
		{"not numbers are operators", "1.2.3 -- op", []call{{"1.2.3", nil}, {"--", nil}, {"op", nil}}},
		{"strings", `(a(b)c\)\n\101\0053\q) <48 65 6C6C6F> <414> op`,
			[]call{{"op", []operand{str("a(b)c)\nA\x053q"), str("Hello"), str("A@")}}}},
		{"line continuation and CR LF escape", "(a\\\nb\\\r\nc) op", []call{{"op", []operand{str("abc")}}}},
		{"names", "/F1 /A#20B /#zz op", []call{{"op", []operand{name("F1"), name("A B"), name("#zz")}}}},
		{"arrays nest", "[1 [(x)] /n] op", []call{{"op", []operand{{kind: operandArray, arr: []operand{
			num(1), {kind: operandArray, arr: []operand{str("x")}}, name("n")}}}}}},
		{"dictionaries and procedures are skipped whole", "<< /A [ (>>) ] /B << /C 1 >> >> {1 {2} add} true null op",
			[]call{{"op", []operand{other, other, other, other}}}},
		{"comments", "1 % a comment (not a string\n2 op", []call{{"op", []operand{num(1), num(2)}}}},
		{"stray closers", "] >> } ) > 1 op", []call{{")", nil}, {">", nil}, {"op", []operand{num(1)}}}},
		{"inline image", "BI /W 1 ID \x00EI\xffEI x\nEI 1 op", []call{{"op", []operand{num(1)}}}},
		{"unterminated string", "(abc", nil},
		{"unterminated array then EOF", "[1 (2", nil},
		{"unterminated dictionary", "<< /A [", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []call
			scanContent(strings.NewReader(c.in), func(op string, args []operand) {
				got = append(got, call{op, append([]operand(nil), args...)})
			})
			require.Equal(t, c.want, got)
		})
	}
}

func TestScanContentBounds(t *testing.T) {
	deep := strings.Repeat("[", 10*maxObjectDepth) + "1" + strings.Repeat("]", 10*maxObjectDepth) + " op"
	many := strings.Repeat("1 ", 2*maxOperands) + "op"
	for _, in := range []string{deep, many} {
		calls := 0
		scanContent(strings.NewReader(in), func(op string, args []operand) {
			calls++
			require.Equal(t, "op", op)
			require.LessOrEqual(t, len(args), maxOperands)
		})
		require.Equal(t, 1, calls)
	}
}

// TestPanickedInLoader checks the fuzz target's test for panics in this
// package: a panic in a function here counts, one in the PDF library not.
func TestPanickedInLoader(t *testing.T) {
	stackOf := func(fn func()) (stack []byte) {
		defer func() {
			_ = recover()
			stack = debug.Stack()
		}()
		fn()
		return nil
	}
	var m map[string]int
	require.True(t, panickedInLoader(stackOf(func() { m["x"] = 1 })))

	lzw := streamObject("/Subtype /Form /Filter /LZWDecode", "x")
	doc := store.Document{Source: "p.pdf"}
	err := parsePDF(testPDF{pages: []string{"/X1 Do"}, xobjects: "/X1 5 0 R", objects: []string{lzw}}.bytes(), &doc)
	var pe *panicError
	require.True(t, errors.As(err, &pe), "%v", err)
	require.Contains(t, pe.Error(), "LZWDecode")
	require.False(t, panickedInLoader(pe.stack))
}
