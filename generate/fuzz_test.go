package generate

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/tokens"
	"github.com/hybridrag/hybridrag/retrieve"
	"golang.org/x/text/unicode/norm"
)

// fuzzSeeds are the handwritten corpus and one generated case per payload
// and obfuscation.
func fuzzSeeds(f *testing.F) []string {
	var seeds []string
	for _, c := range handwrittenCorpus(f) {
		seeds = append(seeds, c.Text)
	}
	for i, c := range generatedCorpus() {
		if i%len(positions) == 0 {
			seeds = append(seeds, c.Text)
		}
	}
	return seeds
}

// FuzzSanitize checks Sanitize's contract on any input: the output never
// contains the nonce, a fence, a role token or a citation marker the cite
// grammar accepts; it is valid, NFKC-normalised UTF-8; and a second pass
// changes nothing.
func FuzzSanitize(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s, testNonce)
	}
	f.Add("[S1]", "ABCDEF012345")
	f.Fuzz(func(t *testing.T, text, nonce string) {
		if !validNonce(nonce) {
			nonce = testNonce
		}
		out, _ := Sanitize(text, nonce)
		if v := violations(out, nonce); len(v) > 0 {
			t.Fatalf("Sanitize(%q) = %q: %v", text, out, v)
		}
		if !utf8.ValidString(out) {
			t.Fatalf("Sanitize(%q) = %q: invalid UTF-8", text, out)
		}
		if !norm.NFKC.IsNormalString(out) {
			t.Fatalf("Sanitize(%q) = %q: not NFKC", text, out)
		}
		if again, _ := Sanitize(out, nonce); again != out {
			t.Fatalf("Sanitize is not idempotent on %q: %q then %q", text, out, again)
		}
	})
}

// FuzzBuild checks the builder on any source text: fences are only the
// builder's own, bodies are clean, and the reported token count is exact
// and within the budget.
func FuzzBuild(f *testing.F) {
	for _, s := range fuzzSeeds(f)[:40] {
		f.Add(s, uint16(60))
	}
	f.Add("One. Two three. Four five six.\n- seven\n\nEight!", uint16(30))
	b := newTestBuilder(f, ContextOptions{})
	f.Fuzz(func(t *testing.T, text string, budget uint16) {
		if budget < 1 {
			budget = 1
		}
		bb := *b
		bb.maxTokens = int(budget)
		sources := []retrieve.Source{testSource("a", text), testSource("b", "Backups run nightly. Logs rotate daily.")}
		p, err := bb.Build(t.Context(), BuildRequest{Question: "How?", Sources: sources})
		if err != nil {
			return // ErrBudget or ErrNoSources: checked by unit tests
		}
		parts, err := splitSystem(p.Messages[0].Content, bb.tmpl, p.Nonce, len(p.Sources))
		if err != nil {
			t.Fatal(err)
		}
		for _, body := range parts.bodies {
			if v := violations(body, p.Nonce); len(v) > 0 {
				t.Fatalf("body %q: %v", body, v)
			}
		}
		block := strings.TrimSuffix(strings.TrimPrefix(p.Messages[0].Content, bb.tmpl.before), bb.tmpl.after)
		n, err := tokens.Count(block)
		if err != nil {
			t.Fatal(err)
		}
		if n != p.ContextTokens || n > int(budget) {
			t.Fatalf("block has %d tokens, reported %d, budget %d", n, p.ContextTokens, budget)
		}
	})
}
