package embedded

import (
	"strings"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/token/porter"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/registry"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// codeAnalyzerName is the text field's analyzer: bleve's "en" analyzer
// (Unicode word segmentation, possessives, lower case, English stop
// words, Porter stems) whose tokenizer also emits code tokens. Questions
// about "max_connections", "Arc<T>", "&mut", "--flag" or "@" otherwise
// lose the symbol: word segmentation drops operators and splits or joins
// identifiers in one way only.
const codeAnalyzerName = "hybridrag_en_code"

// codeQueryAnalyzerName analyses questions: codeAnalyzerName, with code
// tokens read for textutil.QuerySide, so that a question's "CMake" is
// the term cmake and not also "c" and "make".
const codeQueryAnalyzerName = "hybridrag_en_code_query"

func init() {
	// Registration fails only for a duplicate name, which this package
	// owns; the mapping then reports the missing analyzer when used.
	register := func(name string, side textutil.Side) {
		_ = registry.RegisterAnalyzer(name, func(_ map[string]any, cache *registry.Cache) (analysis.Analyzer, error) {
			return newCodeAnalyzer(cache, side)
		})
	}
	register(codeAnalyzerName, textutil.DocumentSide)
	register(codeQueryAnalyzerName, textutil.QuerySide)
}

func newCodeAnalyzer(cache *registry.Cache, side textutil.Side) (analysis.Analyzer, error) {
	base, err := cache.TokenizerNamed(unicode.Name)
	if err != nil {
		return nil, err
	}
	a := &analysis.DefaultAnalyzer{Tokenizer: codeTokenizer{base: base, side: side}}
	for _, name := range []string{en.PossessiveName, lowercase.Name, en.StopName, porter.Name} {
		if name == en.StopName {
			stop, err := cache.TokenMapNamed(en.StopName)
			if err != nil {
				return nil, err
			}
			a.TokenFilters = append(a.TokenFilters, keywordStopFilter{stop})
			continue
		}
		f, err := cache.TokenFilterNamed(name)
		if err != nil {
			return nil, err
		}
		a.TokenFilters = append(a.TokenFilters, f)
	}
	return a, nil
}

// markKeywordStops flags the tokens that are stop words used as keywords
// (textutil.KeywordStopword: "HAVING", "the while statement"). The flag
// keeps them past the stop filter (keywordStopFilter) and unstemmed by Porter,
// which skips flagged tokens; questions and documents read them alike.
func markKeywordStops(tokens analysis.TokenStream) {
	for i, tok := range tokens {
		var next string
		if i+1 < len(tokens) {
			next = string(tokens[i+1].Term)
		}
		if textutil.KeywordStopword(string(tok.Term), next) {
			tok.KeyWord = true
		}
	}
}

// keywordStopFilter drops the stop words of its map, except those flagged
// by markKeywordStops.
type keywordStopFilter struct{ stop analysis.TokenMap }

func (f keywordStopFilter) Filter(input analysis.TokenStream) analysis.TokenStream {
	j := 0
	for _, tok := range input {
		if _, stop := f.stop[string(tok.Term)]; !stop || tok.KeyWord {
			input[j] = tok
			j++
		}
	}
	return input[:j]
}

// codeTokenizer adds, to the tokens of its base tokenizer, the code
// tokens of each white-space-delimited word (textutil.Side.CodeWord): the whole
// word and its parts, each unless the base tokenizer already produced it
// for that word. "max_connections" thus gives max_connections, max and
// connections; "Arc<T>" gives arc, t and arc<t>; "@" gives @. In a
// question, a hyphenated word also gives its joined form
// (textutil.JoinedCompound): "read-only" gives readonly, which the
// manual's "readonly" matches. Documents do not get it: a chunk writing
// "per-directory" would then match a question's "per-directory" three
// times over, outweighing the question's other words (on the manual sets,
// more false refusals). Text without code words or question compounds
// gets exactly the base tokens.
// side says whether it reads documents or questions.
type codeTokenizer struct {
	base analysis.Tokenizer
	side textutil.Side
}

func (t codeTokenizer) Tokenize(input []byte) analysis.TokenStream {
	base := t.base.Tokenize(input)
	markKeywordStops(base)
	var out analysis.TokenStream
	next := 0 // first base token not yet copied to out
	each := t.side.ForEachCodeWord
	if t.side == textutil.QuerySide {
		each = textutil.QuerySide.ForEachTermWord
	}
	each(string(input), func(start, end int, whole string, parts []string) {
		if out == nil {
			out = make(analysis.TokenStream, 0, len(base)+8)
		}
		for next < len(base) && base[next].Start < start {
			out = append(out, base[next])
			next++
		}
		var have []string
		for next < len(base) && base[next].End <= end {
			have = append(have, strings.ToLower(string(base[next].Term)))
			out = append(out, base[next])
			next++
		}
		add := func(term string) {
			for _, h := range have {
				if h == term {
					return
				}
			}
			have = append(have, term)
			out = append(out, &analysis.Token{Term: []byte(term), Start: start, End: end, Type: analysis.AlphaNumeric})
		}
		add(whole)
		for _, p := range parts {
			add(p)
		}
	})
	if out == nil {
		return base
	}
	out = append(out, base[next:]...)
	for i, tok := range out {
		tok.Position = i + 1
	}
	return out
}
