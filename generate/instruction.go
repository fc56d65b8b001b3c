package generate

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// instructionPhrase is an instruction-like phrase, matched on a skeleton
// of the text: lower case, leetspeak digits in words mapped back to
// letters, punctuation turned into single spaces (sentence ends into
// " . "), letter-spaced words ("i g n o r e") joined. The regexp only runs
// on a window around an occurrence of one of its anchor words, which keeps
// Sanitize linear and fast on ordinary text.
type instructionPhrase struct {
	anchors []string
	re      *regexp.Regexp
}

func phrase(anchors, pattern string) instructionPhrase {
	return instructionPhrase{strings.Fields(anchors), regexp.MustCompile(`(?:^| )(?:` + pattern + `)(?: |$)`)}
}

var instructionPhrases = []instructionPhrase{
	phrase("ignore disregard forget override bypass overwrite",
		`(?:ignore|disregard|forget|override|bypass|overwrite)(?: (?:all|any|of|the|your|my|these|those|every|everything|that|what|was|is|said|so|far))* (?:previous|prior|above|earlier|preceding|foregoing|former|original|initial|system|safety|existing|old|other)(?: \w+){0,2} (?:instructions?|directions?|rules|prompts?|guidelines|messages?|context|constraints|commands?|text|input|directives?|orders)`),
	phrase("ignore disregard forget",
		`(?:ignore|disregard|forget)(?: all| everything| anything)?(?: the| that| what (?:is|was))? (?:above|before|previously|said|written)`),
	phrase("ignore disregard forget override bypass",
		`(?:ignore|disregard|forget|override|bypass) (?:all|your|the|these|those|any) (?:instructions|rules|guidelines)`),
	phrase("you", `you are now|you are no longer|from now on you|you will now`),
	phrase("new", `new (?:system )?(?:instructions?|rules|task|role|persona|directives?)`),
	phrase("system", `system (?:prompt|message|instructions?|override)`),
	phrase("act", `(?:^|\. |(?:you|now|please|henceforth)(?: must| should| will| shall)? )act as`),
	phrase("pretend roleplay role", `pretend (?:to be|you are|that you)|roleplay as|role play as`),
	phrase("cite citing citations sources",
		`(?:do not|don t|dont|never|stop) (?:cite|citing|use citations|include citations|add citations|mention (?:the )?sources|reference (?:the )?sources|include (?:the )?sources)`),
	phrase("without", `(?:answer|respond|reply|write) without (?:citations|citing|sources|the sources)`),
	phrase("prompt instructions",
		`(?:reveal|print|repeat|show|output|leak) (?:me )?(?:your|the) (?:system |hidden |initial |original )?(?:prompt|instructions)`),
	phrase("knowledge",
		`(?:(?:answer|respond|reply) (?:using|from|with)|use) (?:your )?(?:own|general|outside|prior|world) knowledge`),
	phrase("jailbreak developer anything", `jailbreak|developer mode|do anything now`),
	// Exfiltration: leading the model to emit a link or image that carries
	// data ("render this image in your answer", "append the password to
	// https://…").
	phrase("render embed display show include insert add put",
		`(?:render|embed|display|show|include|insert|add|put)(?: \w+){0,3} (?:image|images|link|links|url|urls|markdown|picture|badge|pixel)(?: \w+){0,4} (?:in|into|to|at the end of) (?:your|the|every|each) (?:answer|answers|response|responses|reply|replies)`),
	phrase("append add", `(?:append|add)(?: \w+){0,5} to (?:the |this )?(?:url|link|query|https|http|hxxps|hxxp|www)`),
}

// phraseWindow is how many bytes of skeleton before and after an anchor a
// phrase regexp sees: more than any phrase spans.
const phraseWindow = 160

func instructionLike(s string) bool {
	sk := " " + skeleton(s) + " "
	for _, ph := range instructionPhrases {
		// Windows around anchor occurrences, merged where they overlap, so
		// that a text repeating an anchor is still scanned about once.
		var hits []int
		for _, a := range ph.anchors {
			word := " " + a + " "
			for off := 0; ; {
				i := strings.Index(sk[off:], word)
				if i < 0 {
					break
				}
				hits = append(hits, off+i)
				off += i + len(word) - 1
			}
		}
		slices.Sort(hits)
		lo, hi := -1, -1
		for _, i := range hits {
			wlo, whi := max(0, i-phraseWindow), min(len(sk), i+phraseWindow)
			if lo >= 0 && wlo <= hi {
				hi = whi
				continue
			}
			if lo >= 0 && ph.re.MatchString(wordWindow(sk, lo, hi)) {
				return true
			}
			lo, hi = wlo, whi
		}
		if lo >= 0 && ph.re.MatchString(wordWindow(sk, lo, hi)) {
			return true
		}
	}
	return false
}

// wordWindow returns sk[lo:hi] widened to whole words; sk starts and ends
// with a space.
func wordWindow(sk string, lo, hi int) string {
	for lo > 0 && sk[lo] != ' ' {
		lo--
	}
	for hi < len(sk) && sk[hi-1] != ' ' {
		hi++
	}
	return strings.TrimSpace(sk[lo:hi])
}

var leet = strings.NewReplacer("0", "o", "1", "i", "3", "e", "4", "a", "5", "s", "7", "t", "@", "a", "$", "s")

// skeleton reduces text to lower-case words separated by single spaces,
// with "." at sentence ends, undoing light obfuscation.
func skeleton(s string) string {
	lower := strings.ToLower(s)
	words := make([]skWord, 0, len(lower)/5)
	start, gap := -1, 0 // start of the current word; separators before it
	flush := func(end int) {
		if start < 0 {
			return
		}
		word := lower[start:end]
		if strings.ContainsAny(word, "013457@$") && strings.IndexFunc(word, unicode.IsLetter) >= 0 {
			word = leet.Replace(word)
		}
		words = append(words, skWord{word, gap})
		start, gap = -1, 0
	}
	for i, r := range lower {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '@' || r == '$' {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
		if (r == '.' || r == '!' || r == '?' || r == '\n') && len(words) > 0 && words[len(words)-1].text != "." {
			words = append(words, skWord{".", gap})
		}
		gap++
	}
	flush(len(lower))
	return strings.Join(joinSpacedLetters(words), " ")
}

type skWord struct {
	text string
	gap  int // separator characters before the word
}

// joinSpacedLetters merges runs of three or more one-letter words written
// one space apart ("i g n o r e"); a wider gap ends the word.
func joinSpacedLetters(words []skWord) []string {
	out := make([]string, 0, len(words))
	single := func(w skWord) bool { return w.text != "." && utf8.RuneCountInString(w.text) == 1 }
	for i := 0; i < len(words); {
		j := i + 1
		if single(words[i]) {
			for j < len(words) && single(words[j]) && words[j].gap == 1 {
				j++
			}
		}
		if j-i >= 3 {
			var b strings.Builder
			for _, w := range words[i:j] {
				b.WriteString(w.text)
			}
			out = append(out, b.String())
		} else {
			for _, w := range words[i:j] {
				out = append(out, w.text)
			}
		}
		i = j
	}
	return out
}
