package generate

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Flags Sanitize reports, in this order. Only FlagInstructionLike describes
// text that stays as it was; the others name what was neutralised.
const (
	// FlagInvisible: zero-width, bidi, tag, variation-selector or other
	// invisible format or control characters were removed.
	FlagInvisible = "invisible_chars"
	// FlagFence: fence syntax (<<< or >>>) or the request's nonce was
	// neutralised.
	FlagFence = "fence_like"
	// FlagRoleToken: a chat-template or role token (<|im_start|>, [INST],
	// <start_of_turn>, "System:" at a line start, …) was neutralised.
	FlagRoleToken = "role_token"
	// FlagCitation: a bracket that could parse as a citation marker ([S1],
	// [Source 2], [chunk: id], …) was turned into parentheses.
	FlagCitation = "citation_marker"
	// FlagLink: an image or a link that could exfiltrate data (a URL with
	// a query string, a script or data URI) was defanged (links.go).
	FlagLink = "exfiltration_link"
	// FlagInstructionLike: the text reads like an instruction to the model
	// ("ignore previous instructions", "you are now", …). It is kept as
	// data, since it may be a legitimate quote, and the prompt rules tell
	// the model not to follow it.
	FlagInstructionLike = "instruction_like"
)

var flagOrder = []string{FlagInvisible, FlagFence, FlagRoleToken, FlagCitation, FlagLink, FlagInstructionLike}

// nonceReplacement stands in for the nonce; it holds no run of 8 letters or
// digits, so it can never contain a valid nonce.
const nonceReplacement = "(nonce removed)"

// maxRounds bounds the normalise-and-neutralise loop. Every neutralisation
// removes a '<', '>', '[', ':' or a nonce and adds none, or (links.go)
// turns a live link into a form no neutraliser matches, so the loop reaches
// a fixed point in a round or two; the bound only guards against a bug, and
// escapeAll then enforces the invariants bluntly.
const maxRounds = 16

// Sanitize prepares untrusted text (a retrieved source, its metadata, a
// persona, a question) for a prompt fenced with nonce. It
//
//   - replaces invalid UTF-8, turns every line-break character into '\n',
//     every other space into ' ', and drops other control characters;
//   - removes invisible characters: format characters (Unicode Cf: zero
//     width U+200B–U+200F, U+2060–U+2064, U+FEFF, bidi controls
//     U+202A–U+202E and U+2066–U+2069, tag characters U+E0000–U+E007F, soft
//     hyphen…), variation selectors, the combining grapheme joiner and
//     Hangul fillers;
//   - applies NFKC, which folds fullwidth and other compatibility forms
//     ("［Ｓ１］", "＜｜im_start｜＞") into the ASCII they imitate;
//   - neutralises chat-template and role tokens, fence syntax (three or
//     more '<' or '>'), citation-like brackets and the nonce, keeping the
//     text readable: "<|im_start|>" becomes "(im_start)", "[S3]" "(S3)",
//     "<<<" "‹‹‹", "System:" at a line start "System -";
//   - defangs images and exfiltration links (links.go): "![x](https://e/p?d=1)"
//     becomes "(image: x; hxxps://e/p?d=1)", a URL with a query string
//     loses its live scheme ("hxxps://…"), a javascript: or data: link
//     target its colon; plain links without a query string are kept;
//   - flags instruction-like text without changing it.
//
// The result is NFKC-normalised valid UTF-8 that contains no nonce (ASCII
// case-insensitively), no "<<<" or ">>>" (even spaced out), no role token,
// no bracket the citation parser could read, no renderable image and no
// live URL with a query string; Sanitize is idempotent.
// nonce must be 8 to 64 ASCII letters or digits (NewNonce's form) or empty
// for none; other values are ignored. Flags come in a fixed order.
// Sanitize is safe for concurrent use.
func Sanitize(text, nonce string) (clean string, flags []string) {
	if !validNonce(nonce) {
		nonce = ""
	}
	var found flagSet
	s := strings.ToValidUTF8(text, "\uFFFD")
	for round := 0; ; round++ {
		prev := s
		s = norm.NFKC.String(stripInvisible(s, &found))
		s = neutralizeChatTokens(s, &found)
		s = neutralizeFences(s, &found)
		s = neutralizeLinks(s, &found)
		s = neutralizeCitations(s, &found)
		s = neutralizeRoleLabels(s, &found)
		s = neutralizeNonce(s, nonce, &found)
		if s == prev {
			break
		}
		if round == maxRounds {
			s = escapeAll(s, nonce)
			break
		}
	}
	if instructionLike(s) {
		found.add(FlagInstructionLike)
	}
	return s, found.list()
}

type flagSet map[string]bool

func (f *flagSet) add(flag string) {
	if *f == nil {
		*f = flagSet{}
	}
	(*f)[flag] = true
}

func (f flagSet) list() []string {
	var out []string
	for _, flag := range flagOrder {
		if f[flag] {
			out = append(out, flag)
		}
	}
	return out
}

// stripInvisible normalises line breaks and spaces and removes invisible
// and control characters.
func stripInvisible(s string, found *flagSet) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		if c := s[i]; c >= 0x20 && c < 0x7F { // printable ASCII: the common case
			b.WriteByte(c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '\r':
			if i < len(s) && s[i] == '\n' {
				i++
			}
			b.WriteByte('\n')
		case r == '\n' || r == '\v' || r == '\f' || r == '\u0085' || r == '\u2028' || r == '\u2029':
			b.WriteByte('\n')
		case r == '\t':
			b.WriteByte('\t')
		case invisible(r):
			found.add(FlagInvisible)
		case unicode.IsSpace(r) || unicode.Is(unicode.Zs, r):
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func invisible(r rune) bool {
	switch {
	case unicode.IsControl(r), // C0 and C1 controls; line breaks and tab are handled before
		unicode.Is(unicode.Cf, r),                          // format: zero width, bidi, soft hyphen, word joiner, BOM, tags
		r >= 0xE0000 && r <= 0xE007F,                       // tag block, assigned or not
		r >= 0xFE00 && r <= 0xFE0F,                         // variation selectors
		r >= 0xE0100 && r <= 0xE01EF,                       // variation selectors supplement
		r == 0x034F,                                        // combining grapheme joiner
		r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0: // Hangul fillers
		return true
	}
	return false
}

// neutralizeNonce replaces every ASCII case-insensitive occurrence of the
// nonce.
func neutralizeNonce(s, nonce string, found *flagSet) string {
	if nonce == "" {
		return s
	}
	var b strings.Builder
	rest := s
	for {
		i := indexFoldASCII(rest, nonce)
		if i < 0 {
			break
		}
		found.add(FlagFence)
		b.WriteString(rest[:i])
		b.WriteString(nonceReplacement)
		rest = rest[i+len(nonce):]
	}
	if b.Len() == 0 {
		return s
	}
	b.WriteString(rest)
	return b.String()
}

// indexFoldASCII is strings.Index with ASCII case folding; sub is ASCII.
func indexFoldASCII(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		j := 0
		for j < len(sub) && lowerASCII(s[i+j]) == lowerASCII(sub[j]) {
			j++
		}
		if j == len(sub) {
			return i
		}
	}
	return -1
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// escapeAll is the last resort when the loop does not settle: every
// character that could build a fence, token or marker is replaced.
func escapeAll(s, nonce string) string {
	s = strings.NewReplacer("<", "‹", ">", "›", "[", "(", "]", ")", "【", "(", "】", ")",
		"〔", "(", "〕", ")", "〖", "(", "〗", ")", "⟦", "(", "⟧", ")", "〚", "(", "〛", ")", ":", " -").Replace(s)
	var found flagSet
	return neutralizeNonce(s, nonce, &found)
}
