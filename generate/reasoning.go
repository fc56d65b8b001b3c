package generate

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// reasoningTags are the tags reasoning models wrap their thinking in when a
// server returns it inline: DeepSeek-R1 and its distillations, Qwen3, QwQ
// and Phi-4-reasoning write <think>; others <thinking> or <reasoning>.
var reasoningTags = []string{"think", "thinking", "reasoning"}

// ReasoningPrefix returns the length of the reasoning block a reply opens
// with, 0 if none: white space, an opening tag (<think>, <thinking> or
// <reasoning>, in any case), the text up to the matching closing tag, that
// tag and the white space after it. Such a block is the model thinking
// aloud, not its answer: its sentences cite nothing, or cite sources for
// guesses it then discards, so it must not be validated as claims.
//
// A reply that ends inside the block, or so early that an opening tag may
// still follow, is pending: the whole of text is reasoning so far. Some
// chat templates open the block in the prompt, so the reply carries only
// the closing tag; when closing must be set, text is a whole reply and a
// closing tag with no opening one also ends a block, from the start of
// text. A stream cannot wait for such a tag, so it passes closing=false.
func ReasoningPrefix(text string, closing bool) (n int, pending bool) {
	lead := len(text) - len(strings.TrimLeftFunc(text, unicode.IsSpace))
	rest := text[lead:]
	if rest == "" {
		return 0, !closing
	}
	for _, tag := range reasoningTags {
		open := "<" + tag + ">"
		if len(rest) < len(open) {
			if strings.EqualFold(rest, open[:len(rest)]) && !closing {
				return 0, true // "<thi": an opening tag may be arriving
			}
			continue
		}
		if !strings.EqualFold(rest[:len(open)], open) {
			continue
		}
		body := rest[len(open):]
		end := indexFold(body, "</"+tag+">")
		if end < 0 {
			return len(text), true
		}
		return afterClose(text, lead+len(open)+end+len("</"+tag+">")), false
	}
	if !closing {
		return 0, false
	}
	for _, tag := range reasoningTags {
		if end := indexFold(text, "</"+tag+">"); end >= 0 {
			return afterClose(text, end+len("</"+tag+">")), false
		}
	}
	return 0, false
}

// StripReasoning returns reply without the reasoning block it opens with
// (see ReasoningPrefix, with closing set: reply is whole), and whether
// one was removed. A reply that never closes its block has no answer: the
// result is then empty.
func StripReasoning(reply string) (answer string, removed bool) {
	n, pending := ReasoningPrefix(reply, true)
	if pending {
		return "", true
	}
	return reply[n:], n > 0
}

// afterClose extends i, the end of a closing tag in text, over the white
// space that follows it.
func afterClose(text string, i int) int {
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsSpace(r) {
			break
		}
		i += size
	}
	return i
}

// indexFold is strings.Index for a needle that starts with '<', ignoring
// case. A stream calls it on its whole buffer for every chunk, so it skips
// from '<' to '<'.
func indexFold(s, needle string) int {
	for i := 0; ; i++ {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			return -1
		}
		i += j
		if i+len(needle) > len(s) {
			return -1
		}
		if strings.EqualFold(s[i:i+len(needle)], needle) {
			return i
		}
	}
}
