package extractive

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Operators. "What does the ->> operator do?", "In which functions can
// the ? operator be used?", "so that '>' redirects output?": the symbol is
// what the question is about, and word analysis drops it, so without it
// every sentence about operators in general covers the question as well
// as "No intermediate shell is used, so shell operators such as > are
// treated as normal arguments." does.

// isOperatorRune reports whether r may be part of an operator.
func isOperatorRune(r rune) bool {
	return strings.ContainsRune(`!#$%&*+-./:<=>?@\^|~`, r)
}

// questionSymbols returns the operators the question writes standing
// alone: a run of operator characters between spaces, quotes, brackets
// or the ends of the question ("->>", "'>'", "`::`", "the ? operator").
// Dots and dashes alone are left out: an ellipsis ("ALTER TABLE ...
// SPLIT") stands for words, "." for a directory, and "-"/"--" are
// options' business (optionTerm).
func questionSymbols(question string) []string {
	var out []string
	q := strings.TrimRight(strings.TrimSpace(question), "?")
	for i := 0; i < len(q); {
		r, n := utf8.DecodeRuneInString(q[i:])
		if !isOperatorRune(r) {
			i += n
			continue
		}
		j := i
		for j < len(q) {
			r, n := utf8.DecodeRuneInString(q[j:])
			if !isOperatorRune(r) {
				break
			}
			j += n
		}
		sym := q[i:j]
		if symbolBoundary(q, i, j) && strings.Trim(sym, ".-") != "" && !slices.Contains(out, sym) {
			out = append(out, sym)
		}
		i = j
	}
	return out
}

// symbolBoundary reports whether text[i:j] stands alone: what precedes
// and follows it is the text's end, white space, a quote or a bracket.
func symbolBoundary(text string, i, j int) bool {
	before, _ := utf8.DecodeLastRuneInString(text[:i])
	after, _ := utf8.DecodeRuneInString(text[j:])
	return (i == 0 || unicode.IsSpace(before) || strings.ContainsRune("'\"`‘“([{", before)) &&
		(j == len(text) || unicode.IsSpace(after) || strings.ContainsRune("'\"`’”)]},;", after))
}

// writesSymbol reports whether text writes sym as an operator: no other
// operator character adjoins it ("->" is not in "->>"), and a one
// character operator, which prose uses as punctuation ("Is it set?",
// "and/or"), follows no letter or digit.
func writesSymbol(text, sym string) bool {
	for off := 0; ; {
		k := strings.Index(text[off:], sym)
		if k < 0 {
			return false
		}
		i, j := off+k, off+k+len(sym)
		before, _ := utf8.DecodeLastRuneInString(text[:i])
		after, _ := utf8.DecodeRuneInString(text[j:])
		alone := (i == 0 || !isOperatorRune(before)) && (j == len(text) || !isOperatorRune(after))
		if alone && (len(sym) > 1 || i == 0 || !unicode.IsLetter(before) && !unicode.IsDigit(before)) {
			return true
		}
		off = i + 1
	}
}

// symbolTerms returns qterms with each operator the question writes
// (questionSymbols) as a term of its own, held by the candidates that
// write it (writesSymbol) in their text or heading.
func symbolTerms(cands []*candidate, qterms []string, question string) []string {
	for _, sym := range questionSymbols(question) {
		if slices.Contains(qterms, sym) {
			continue
		}
		holdTerm(cands, sym, func(s string) bool { return writesSymbol(s, sym) })
		qterms = append(qterms, sym)
	}
	return qterms
}

// Keywords. SQL writes stop words as keywords ("ONLY", "ALL", "IF"); like
// an operator, such a keyword is what the question asks about and word
// analysis drops it.

// keywordTerms returns, as terms of their own, the upper-case keywords the
// question writes that analysis drops as stop words ("ONLY", "ALL", "IF"
// of SQL), each held by the candidates that write it in capitals: "What
// does the ONLY keyword of TRUNCATE do?" is otherwise a question about
// TRUNCATE and keywords.
func keywordTerms(cands []*candidate, question string) []string {
	var out []string
	for _, w := range plainWords(question) {
		if len(w) < 2 || strings.ToUpper(w) != w || !textutil.IsStopword(strings.ToLower(w)) || slices.Contains(out, w) {
			continue
		}
		re := optionPattern(w)
		holdTerm(cands, w, func(s string) bool { return strings.Contains(s, w) && re.MatchString(s) })
		out = append(out, w)
	}
	return out
}

// plainWords returns the words of text made of letters only, stripped of
// the quotes, brackets and punctuation around them, as written.
func plainWords(text string) []string {
	var out []string
	for _, w := range strings.Fields(text) {
		w = strings.Trim(w, "\"'`“”‘’()[]{},;:?!.")
		if w != "" && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) < 0 {
			out = append(out, w)
		}
	}
	return out
}
