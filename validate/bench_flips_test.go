package validate

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// BenchmarkNegationFlips measures, over real source texts, how often the
// validator supports a claim whose negation was flipped (a hostile
// model's cheapest edit) and how often it rejects a verbatim quote of a
// source sentence or of a part of one between semicolons (what a faithful
// model writes). Only whole sentences of one line are taken. HYBRIDRAG_VALIDATE_CHUNKS names a folder of .txt files,
// one retrieved chunk each (BENCHMARKS.md says how they were taken); each
// file is the one cited source of its claims. Skipped without it.
//
// Metrics: flips (claims made), flips-supported, quotes, quotes-rejected,
// parts, parts-rejected.
func BenchmarkNegationFlips(b *testing.B) {
	dir := os.Getenv("HYBRIDRAG_VALIDATE_CHUNKS")
	if dir == "" {
		b.Skip("HYBRIDRAG_VALIDATE_CHUNKS not set")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		b.Skipf("no .txt files in %s", dir)
	}
	var texts []string
	for _, f := range files {
		t, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		texts = append(texts, string(t))
	}
	v := New(Options{})
	supported := func(claim, text string) bool {
		rep, err := v.Validate(context.Background(), claim+" [S1].", sources(text))
		if err != nil {
			b.Fatal(err)
		}
		return len(rep.Sentences) == 1 && rep.Sentences[0].Supported
	}
	var flips, flipped, quotes, quoteRej, parts, partRej int
	for range b.N {
		flips, flipped, quotes, quoteRej, parts, partRej = 0, 0, 0, 0, 0, 0
		for _, text := range texts {
			for _, loc := range flipSentence.FindAllStringIndex(text, -1) {
				if !wholeSentence(text, loc[0], loc[1]) {
					continue
				}
				s := strings.TrimSuffix(text[loc[0]:loc[1]], ".")
				quotes++
				if !supported(s, text) {
					quoteRej++
				}
				for _, p := range strings.Split(s, "; ") {
					if p != s && len(p) >= 15 {
						parts++
						if !supported(p, text) {
							partRej++
						}
					}
				}
				if f, ok := flipNegation(s); ok {
					flips++
					if supported(f, text) {
						flipped++
					}
				}
			}
		}
	}
	b.ReportMetric(float64(flips), "flips")
	b.ReportMetric(float64(flipped), "flips-supported")
	b.ReportMetric(float64(quotes), "quotes")
	b.ReportMetric(float64(quoteRej), "quotes-rejected")
	b.ReportMetric(float64(parts), "parts")
	b.ReportMetric(float64(partRej), "parts-rejected")
}

// flipSentence matches a sentence of prose: a capital, then 20 to 300
// characters on one line up to a full stop.
var flipSentence = regexp.MustCompile(`[A-Z][^.\n]{20,300}\.`)

// wholeSentence reports whether text[start:end], a flipSentence match,
// is a whole sentence: it opens a line or follows a full stop and a
// space, and its full stop ends a word ("Node.js" does not).
func wholeSentence(text string, start, end int) bool {
	if start > 0 && text[start-1] != '\n' && (start < 2 || text[start-2] != '.' || text[start-1] != ' ') {
		return false
	}
	return end == len(text) || text[end] == ' ' || text[end] == '\n'
}

var (
	flipCue = regexp.MustCompile(`(?i)\b(not|never|no|cannot|n't)\b`)
	flipDel = regexp.MustCompile(`(?i)\b(not|never) `)
	flipAux = regexp.MustCompile(`\b(is|are|was|were|must|should|can|will|does|do|has|have|may)\b `)
	flipCap = regexp.MustCompile(`^[A-Z][a-z]+$`)
)

// flipNegation turns s's polarity: it drops "not" and "never" (and makes
// "cannot" "can") when s has a negation, else adds "not" after its first
// auxiliary verb, else puts "Do not" before an imperative.
func flipNegation(s string) (string, bool) {
	if flipCue.MatchString(s) {
		out := strings.Replace(flipDel.ReplaceAllString(s, ""), "cannot", "can", 1)
		return out, out != s
	}
	if loc := flipAux.FindStringIndex(s); loc != nil {
		return s[:loc[1]] + "not " + s[loc[1]:], true
	}
	if w := strings.Fields(s); len(w) > 2 && flipCap.MatchString(w[0]) {
		return "Do not " + strings.ToLower(s[:1]) + s[1:], true
	}
	return "", false
}
