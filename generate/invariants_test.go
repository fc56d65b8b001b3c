package generate

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// These checks are written independently of sanitize.go: they describe
// what must never reach a prompt, not how Sanitize avoids it.

// citeGrammar approximates, generously, what the cite package parses:
// [S1], [S1, S3], [S1-S3], [S1][S2] (two matches), [Source 1], [source S2],
// [SOURCE: id], [chunk: id], [doc#id], in square or 【】 brackets,
// case-insensitive with optional spaces. Unlike the parser it lets the
// content span lines, nest and run long. cite_test.go also runs the real
// parser.
var citeGrammar = regexp.MustCompile(`(?i)[\[【]\s*(?:s\s*\d+(?:\s*[,;\-–]\s*s?\s*\d+)*|(?:sources?|src|chunks?|docs?|documents?)\s*(?:[:#=]|\d|s\s*\d)[^\]】]*)\s*[\]】]`)

// roleTokens are chat-template and role markers of common model families.
var roleTokens = []*regexp.Regexp{
	// Special tokens never hold '<' or '>': "<|0<|>" and Haskell's "<|>" are not tokens.
	regexp.MustCompile(`<\s*[|｜][^|｜<>\n]{0,64}[|｜]\s*>`),                                                       // ChatML, Llama 3, Phi, DeepSeek
	regexp.MustCompile(`(?i)<\s*<\s*/?\s*sys\s*>\s*>`),                                                          // Llama 2
	regexp.MustCompile(`(?i)\[\s*/?\s*(?:inst|sys|system_prompt|tool_calls|available_tools|tool_results)\s*\]`), // Llama 2, Mistral
	regexp.MustCompile(`(?i)<\s*/?\s*(?:s|bos|eos|im_start|im_end|start_of_turn|end_of_turn|endoftext|context|source|sources|document|documents|system|user|assistant|human|developer|instructions?)\s*/?\s*>`),
	regexp.MustCompile(`(?i)#{2,}\s*(?:system|instructions?|response|input|human|assistant|user)\s*:`), // Alpaca, Vicuna
	regexp.MustCompile(`(?im)^[\s>*_#-]*(?:system|developer|assistant|human|user)\s*:`),                // transcripts
}

// literalTokens must not survive even as substrings.
var literalTokens = []string{
	"<|im_start|>", "<|im_end|>", "<|endoftext|>", "<|system|>", "<|user|>", "<|assistant|>", "<|end|>",
	"<|begin_of_text|>", "<|start_header_id|>", "<|end_header_id|>", "<|eot_id|>", "[INST]", "[/INST]",
	"<<SYS>>", "<</SYS>>", "<start_of_turn>", "<end_of_turn>", "</context>", "<context>", "</source>", "<s>", "</s>",
}

// Exfiltration links a renderer would fetch or follow.
var (
	renderableImage = regexp.MustCompile(`!\[|(?i)<\s*img\b`)
	queryURL        = regexp.MustCompile(`(?i)\b(?:https?|ftp)://[^\s<>"']*\?[^\s<>"']`)
	queryWWW        = regexp.MustCompile(`(?i)(?:^|[\s*_~(])www\.[^\s<>"']*\?[^\s<>"']`)
	queryRelative   = regexp.MustCompile(`(?:\]\(|=\s*["']?)\s*<?//[^\s<>"')]*\?[^\s<>"')]`)
	scriptTarget    = regexp.MustCompile(`(?i)(?:\]\(\s*<?|\]:[ \t]*<?|\b(?:href|src|srcset|action|formaction|poster|background|data)\s*=\s*["']?|<)\s*(?:javascript|vbscript|livescript|data|file):`)
)

// violations lists what is wrong with text that went through Sanitize
// with nonce; nil means clean.
func violations(text, nonce string) []string {
	var v []string
	if !utf8.ValidString(text) {
		v = append(v, "invalid UTF-8")
	}
	if nonce != "" && strings.Contains(strings.ToLower(text), strings.ToLower(nonce)) {
		v = append(v, "nonce")
	}
	squeezed := strings.Join(strings.FieldsFunc(text, unicode.IsSpace), "")
	if strings.Contains(squeezed, "<<<") || strings.Contains(squeezed, ">>>") {
		v = append(v, "fence syntax")
	}
	if m := citeGrammar.FindString(text); m != "" {
		v = append(v, "citation "+m)
	}
	for _, re := range roleTokens {
		if m := re.FindString(text); m != "" {
			v = append(v, "role token "+m)
		}
	}
	lower := strings.ToLower(text)
	for _, tok := range literalTokens {
		if strings.Contains(lower, strings.ToLower(tok)) {
			v = append(v, "literal token "+tok)
		}
	}
	for _, re := range []*regexp.Regexp{renderableImage, queryURL, queryWWW, queryRelative, scriptTarget} {
		if m := re.FindString(text); m != "" {
			v = append(v, "exfiltration link "+m)
		}
	}
	for _, r := range text {
		if unicode.Is(unicode.Cf, r) || r >= 0xE0000 && r <= 0xE007F {
			v = append(v, "invisible character")
			break
		}
	}
	return v
}
