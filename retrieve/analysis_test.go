package retrieve_test

import (
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/stretchr/testify/require"
)

// trickyTexts exercise the word splitting of Relevance's analysis cache:
// punctuation at word edges and inside words, possessives, numbers,
// underscores, hyphens, non-Latin scripts and odd white space.
var trickyTexts = []string{
	"The pump's seal (PTFE) leaks; replace it, then re-prime the pump.",
	"e.g. x-ray, 3.5 bar, -5 °C, $100, 50% and O'Neill's \"quoted\" words...",
	"snake_case _leading trailing_ __init__ a_b-c/d\\e",
	"Überdruckventil prüfen: Drücke > 6 bar sind unzulässig!",
	"水泵压力过高时，请检查过滤器。 ポンプの圧力",
	"tabs\tand\nnewlines\r\nand\u00a0no-break\u2003em spaces",
	"'single' “curly” «guillemets» [brackets] {braces} <angle> #hash @at",
	"Use `Arc<T>` with &mut self, --max-connections=10 or max_connections; camelCase HTTPServer std::sync::Arc os.Open() @ :: -> !=, (see f(x)).",
	"relational sensibility happiness agreed hoping conflated generalizations",
	"The while statement repeats; while the with statement wraps, if loops: a for (loop) and the IS NOT NULL test, WHERE and HAVING.",
	"",
	"   ...   ",
}

func TestWordTermsMatchWholeTextAnalysis(t *testing.T) {
	st, err := embedded.Open(t.TempDir(), embedded.Options{Create: true})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	texts := append([]string{}, trickyTexts...)
	if sf := sciFactSample(t, 300); sf != nil {
		texts = append(texts, sf...)
	}
	for name, analyze := range map[string]func(string) []string{
		"embedded": st.Analyze,
		"textutil": textutil.ContentTerms,
	} {
		for _, text := range texts {
			want := map[string]bool{}
			for _, term := range analyze(text) {
				want[term] = true
			}
			require.Equal(t, want, retrieve.WordTermSet(analyze, text), "%s: %q", name, text)
		}
	}
}

// TestWordTermsOneLockPerText checks that analysing a chunk's sentences
// under one lock (eachIn) reports every sentence's terms in the order that
// locking sentence by sentence did, with a cold cache (words first met in
// an earlier sentence are cached words in the next) and a warm one, and
// caches the same words: coverage sums weights in that order, so results
// stay identical to the last bit.
func TestWordTermsOneLockPerText(t *testing.T) {
	st, err := embedded.Open(t.TempDir(), embedded.Options{Create: true})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	texts := append([]string{
		"Replace the pump seal. Then test the pump seal again! Is the seal dry? Pump, seal, pump.",
		"New words here. New words here. Old words: here, new, words.",
		"Use `Arc<T>` here. Then Arc<T> again. Arc<T>? --flag=1 and --flag=1.\n\n- item one\n- item one",
		"```\ncode. block. pump.\n```\nAfter the fence the pump. pump.",
		"One sentence only without a stop",
	}, trickyTexts...)
	if sf := sciFactSample(t, 50); sf != nil {
		texts = append(texts, sf...)
	}
	for name, analyze := range map[string]func(string) []string{
		"embedded": st.Analyze,
		"textutil": textutil.ContentTerms,
	} {
		for _, text := range texts {
			per, one, cachedPer, cachedOne := retrieve.SentenceTerms(analyze, text)
			require.Equal(t, per, one, "%s: %q", name, text)
			require.Equal(t, cachedPer, cachedOne, "%s: %q", name, text)
		}
	}
}

// TestWordTermsOrderIndependentOfCache checks that each sentence's terms
// come in the same order, every occurrence included, whatever words the
// cache already holds: Relevance sums IDF weights in that order, and a
// question must get the same Relevance, to the last bit, however many
// retrievals ran before it.
func TestWordTermsOrderIndependentOfCache(t *testing.T) {
	st, err := embedded.Open(t.TempDir(), embedded.Options{Create: true})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	texts := append([]string{
		"Vacuum reclaims storage. An exclusive lock blocks vacuum, but plain vacuum takes no exclusive lock on the table.",
		"New words here. New words here. Old words: here, new, words.",
		"Use `Arc<T>` here. Then Arc<T> again. Arc<T>? --flag=1 and --flag=1.",
	}, trickyTexts...)
	for name, analyze := range map[string]func(string) []string{
		"embedded": st.Analyze,
		"textutil": textutil.ContentTerms,
	} {
		for _, text := range texts {
			words := strings.Fields(text)
			var odd, even []string
			for i, w := range words {
				if i%2 == 0 {
					even = append(even, w)
				} else {
					odd = append(odd, w)
				}
			}
			cold := retrieve.SentenceTermsAfter(analyze, text)
			for label, warm := range map[string][]string{
				"whole text":       {text},
				"even words":       even,
				"odd words":        odd,
				"second half":      words[len(words)/2:],
				"another text":     {texts[0]},
				"words one by one": words,
			} {
				require.Equal(t, cold, retrieve.SentenceTermsAfter(analyze, text, warm...), "%s, %s cached: %q", name, label, text)
			}
		}
	}
}
