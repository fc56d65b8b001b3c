package generate

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// The neutralisers below run on NFKC text without invisible characters,
// where every white space is ' ', '\t' or '\n'. Each replaces the dangerous
// characters of what it finds ('<', '>', '[', ':') and adds none, so the
// text stays readable and a second pass finds nothing. Regexps only run
// when a cheap check says they may match: Go's regexp engine is linear but
// slow on long texts, and retrieved text can be hostile.

// Chat-template and role tokens of common model families (ChatML, Llama 2
// and 3, Mistral, Gemma, Phi, DeepSeek, Alpaca, Vicuna, Anthropic's legacy
// transcript) and the XML-ish tags prompts use to delimit context. White
// space is allowed wherever an obfuscation could put it.
var (
	// <|im_start|>, <|eot_id|>, <|system|>, <｜begin▁of▁sentence｜> (NFKC
	// folds the fullwidth bar).
	pipeToken = regexp.MustCompile(`<\s*\|([^|<>\n]{0,64}?)\|\s*>`)
	// An unclosed "<|word".
	pipeOpen = regexp.MustCompile(`<\s*\|(\s*[\pL_▁])`)
	// <<SYS>>, <</SYS>>.
	sysToken = regexp.MustCompile(`(?i)<\s*<\s*(/?)\s*(sys)\s*>\s*>`)
	// [INST], [/INST], [SYSTEM_PROMPT], [TOOL_CALLS], …
	squareToken = regexp.MustCompile(`(?i)\[\s*(/?\s*(?:` + strings.Join(squareNames, "|") + `))\s*\]`)
	// <s>, </s>, <start_of_turn>, </context>, <system>, < / user >, …
	angleTag = regexp.MustCompile(`(?i)<\s*(/?)\s*(` + strings.Join(tagNames, "|") + `)\s*/?\s*>`)
	// The same tags with attributes (<source src="…">, <system role=x>);
	// written tight so that "a < user and b > c" stays.
	angleTagAttr = regexp.MustCompile(`(?i)<(/?(?:` + strings.Join(tagNames, "|") + `)[ \t][^<>\n]{0,80}?)>`)
	// ### Instruction:, ### Response:, ### System:, ## Human:, …
	hashRole = regexp.MustCompile(`(?i)(#{2,}\s*(?:system|instructions?|response|input|human|assistant|user|developer|context)[\s*_]*):`)
	// System:, User:, Assistant:, Human:, Developer: at a line start (after
	// list or quote markers) or after a sentence end.
	roleLabel = regexp.MustCompile(`(?im)((?:^|[.!?][ \t]+)[\s>*_#\-+]*(?:` + strings.Join(roleWords, "|") + `)[\s*_]*):`)
)

// squareNames are the bracketed control tokens of Llama 2 and Mistral.
var squareNames = []string{"inst", "sys", "system", "system_prompt", "tool_calls", "available_tools",
	"tool_results", "tool_content", "tool_call", "prefix", "suffix", "middle", "img", `control_\d+`}

// tagNames are the tag names chat templates and prompts use as turn or
// context delimiters. Longer names come first so that the regexps prefer
// them.
var tagNames = []string{"start_of_turn", "end_of_turn", "end_of_text", "endoftext", "im_start", "im_end",
	"system_prompt", "system", "developer", "assistant", "human", "user", "model",
	"function_response", "function_call", "tool_response", "tool_result", "tool_calls", "tool_call",
	"search_results", "search_result", "instructions", "instruction", "prompt",
	"contexts", "context", "sources", "source", "documents", "document", "retrieved", "untrusted",
	"bos", "eos", "eot", "pad", "unk", "sep", "cls", "mask", "s"}

var tagNameSet = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range tagNames {
		m[n] = true
	}
	return m
}()

// roleWords are the chat roles a line can be labelled with.
var roleWords = []string{"system", "developer", "assistant", "human", "user"}

func neutralizeChatTokens(s string, found *flagSet) string {
	if !strings.ContainsAny(s, "<[#") {
		return s
	}
	orig := s
	lower := strings.ToLower(s)
	if followedBy(s, '<', '|') {
		s = pipeToken.ReplaceAllStringFunc(s, func(m string) string {
			return "(" + strings.TrimSpace(pipeToken.FindStringSubmatch(m)[1]) + ")"
		})
		s = pipeOpen.ReplaceAllString(s, "($1")
	}
	if followedBy(s, '<', '<') && strings.Contains(lower, "sys") {
		s = sysToken.ReplaceAllString(s, "($1$2)")
	}
	if strings.Contains(s, "[") && containsAnyWord(lower, squareNames) {
		s = squareToken.ReplaceAllStringFunc(s, func(m string) string {
			return "(" + strings.Join(strings.Fields(squareToken.FindStringSubmatch(m)[1]), "") + ")"
		})
	}
	if hasTagName(s) {
		s = angleTag.ReplaceAllString(s, "($1$2)")
		s = angleTagAttr.ReplaceAllString(s, "($1)")
	}
	if strings.Contains(s, "##") {
		s = hashRole.ReplaceAllString(s, "$1 -")
	}
	if s != orig {
		found.add(FlagRoleToken)
	}
	return s
}

func neutralizeRoleLabels(s string, found *flagSet) string {
	if !strings.Contains(s, ":") || !containsAnyWord(strings.ToLower(s), roleWords) {
		return s
	}
	out := roleLabel.ReplaceAllString(s, "$1 -")
	if out != s {
		found.add(FlagRoleToken)
	}
	return out
}

// followedBy reports whether some a in s is followed, after optional
// white space, by b.
func followedBy(s string, a, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != a {
			continue
		}
		j := skipSpace(s, i+1)
		if j < len(s) && s[j] == b {
			return true
		}
	}
	return false
}

// containsAnyWord reports whether lower contains one of the words (regexp
// suffixes such as `\d+` are ignored).
func containsAnyWord(lower string, words []string) bool {
	for _, w := range words {
		if i := strings.IndexByte(w, '\\'); i >= 0 {
			w = w[:i]
		}
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// hasTagName reports whether some '<' is followed, after optional white
// space and '/', by one of the tag names.
func hasTagName(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '<' {
			continue
		}
		j := skipSpace(s, i+1)
		if j < len(s) && s[j] == '/' {
			j = skipSpace(s, j+1)
		}
		k := j
		for k < len(s) && (isASCIIAlnum(s[k]) || s[k] == '_') {
			k++
		}
		if k > j && tagNameSet[strings.ToLower(s[j:k])] {
			return true
		}
	}
	return false
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
		i++
	}
	return i
}

// neutralizeFences turns every run of three or more '<' (or '>'),
// possibly spaced out, into '‹' (or '›'): the fence syntax can then only
// come from the builder. Python prompts (">>> x") survive as "››› x".
func neutralizeFences(s string, found *flagSet) string {
	if !strings.ContainsAny(s, "<>") {
		return s
	}
	var replace []int // byte offsets of the angle brackets to replace
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '<' && c != '>' {
			continue
		}
		run := []int{i}
		j := i
		for {
			k := skipSpace(s, j+1)
			if k >= len(s) || s[k] != c {
				break
			}
			run = append(run, k)
			j = k
		}
		if len(run) >= 3 {
			replace = append(replace, run...)
		}
		i = j
	}
	if len(replace) == 0 {
		return s
	}
	found.add(FlagFence)
	var b strings.Builder
	b.Grow(len(s) + 2*len(replace))
	last := 0
	for _, i := range replace {
		b.WriteString(s[last:i])
		if s[i] == '<' {
			b.WriteString("‹")
		} else {
			b.WriteString("›")
		}
		last = i + 1
	}
	b.WriteString(s[last:])
	return b.String()
}

// Citation-like brackets. The cite package reads [S1], [S1, S3], [S1][S2],
// [SOURCE: id], [Source 1] and [chunk: id], case-insensitively with
// optional spaces. Sanitize is stricter: a bracket (square, or one of the
// CJK and mathematical look-alikes NFKC leaves alone) is turned into
// parentheses when its content contains, anywhere, a source-ish word
// followed by a number or by ':', '=' or '#'; so is such an opening bracket
// left unclosed.
const (
	openBrackets  = "[【〔〖⟦〚"
	closeBrackets = "]】〕〗⟧〛"
	citeWord      = `(?:s|src|sources?|chunks?|refs?|cite|citations?|docs?|documents?|ids?|labels?|passages?|excerpts?)`
	citeTail      = `\s*(?:[:#=_.\-]?\s*\d|[:#=])`
)

var (
	citeContent = regexp.MustCompile(`(?i)(?:^|[^\pL\pN_])` + citeWord + citeTail)
	citeHead    = regexp.MustCompile(`(?i)^` + citeWord + citeTail)
)

// citeInitials are the first letters of the words in citeWord.
const citeInitials = "sSrRcCdDiIlLpPeE"

// citeHeadWindow is how much text after an unclosed bracket (and its white
// space) citeHead looks at.
const citeHeadWindow = 64

func neutralizeCitations(s string, found *flagSet) string {
	if !strings.ContainsAny(s, openBrackets) {
		return s
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !strings.ContainsRune(openBrackets, r) {
			i += size
			continue
		}
		start := i + size
		// A pair with no bracket inside whose content names a source.
		if j := strings.IndexAny(s[start:], openBrackets+closeBrackets); j >= 0 {
			end := start + j
			closer, closeSize := utf8.DecodeRuneInString(s[end:])
			if strings.ContainsRune(closeBrackets, closer) && citeContent.MatchString(s[start:end]) {
				b.WriteString(s[last:i])
				b.WriteString("(" + s[start:end] + ")")
				last, i = end+closeSize, end+closeSize
				continue
			}
		}
		// An opening bracket followed by a label, closed late or never.
		head := s[skipSpace(s, start):]
		if head != "" && strings.IndexByte(citeInitials, head[0]) >= 0 && citeHead.MatchString(head[:min(len(head), citeHeadWindow)]) {
			b.WriteString(s[last:i])
			b.WriteString("(")
			last = start
		}
		i = start
	}
	if last == 0 {
		return s
	}
	found.add(FlagCitation)
	b.WriteString(s[last:])
	return b.String()
}
