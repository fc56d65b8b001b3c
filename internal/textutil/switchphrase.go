package textutil

import (
	"regexp"
	"strings"
)

// switchedOnOff matches "turn on", "switch off" and "turned X off", with
// at most three words of object between verb and particle.
var switchedOnOff = regexp.MustCompile(`(?i)\b(turn|switch)(s|es|ed|ing)?((?:\s+[\w.-]+){0,3}?)\s+(on|off)\b`)

// clauseEnd matches what may follow a particle that comes after its
// object ("turn persistence off for one site", "turn it on?"); anything
// else reads as a preposition's object: "switch branches on the fly",
// "turn tests on Windows".
var clauseEnd = regexp.MustCompile(`(?i)^(?:\s*(?:$|[.,;:!?)])|\s+(?:for|in|when|if|and|or|but|so|by|at|during|while|before|after|without|again|globally|permanently|temporarily|entirely|completely)\b)`)

// Switched returns text with "turn … on" and "switch … off" written as
// "enable …" and "disable …". Manuals say "enable" and "disable" 8 to 150
// times as often as the phrasal verbs, and the verb ("turn", "switch")
// would count as a term an answer must hold.
func Switched(text string) string {
	s, _ := switched(text)
	return s
}

// switched returns Switched(text) and the verbs it wrote, in order.
func switched(text string) (string, []string) {
	if !mayHoldSwitch(text) {
		return text, nil
	}
	var verbs []string
	var b strings.Builder
	last := 0
	for pos := 0; pos < len(text); {
		m := switchedOnOff.FindStringSubmatchIndex(text[pos:])
		if m == nil {
			break
		}
		for i := range m {
			if m[i] >= 0 {
				m[i] += pos
			}
		}
		object := text[m[6]:m[7]]
		if strings.TrimSpace(object) != "" && (!clauseEnd.MatchString(text[m[1]:]) || phrasalVerb(object)) {
			pos = m[3] // "Which switch turns on …": try again from "turns"
			continue
		}
		verb := "enable"
		if strings.EqualFold(text[m[8]:m[9]], "off") {
			verb = "disable"
		}
		suffix := ""
		if m[4] >= 0 {
			suffix = strings.ToLower(text[m[4]:m[5]])
		}
		switch suffix {
		case "s", "es":
			verb += "s"
		case "ed":
			verb += "d"
		case "ing":
			verb = strings.TrimSuffix(verb, "e") + "ing"
		}
		verbs = append(verbs, verb)
		b.WriteString(text[last:m[0]])
		b.WriteString(verb)
		b.WriteString(object)
		last, pos = m[1], m[1]
	}
	if last == 0 {
		return text, nil
	}
	b.WriteString(text[last:])
	return b.String(), verbs
}

// phrasalVerb reports whether an object holds the verb itself ("Which
// switch turns on …": the noun "switch" before the verb "turns").
func phrasalVerb(object string) bool {
	for _, w := range Words(object) {
		if strings.HasPrefix(w, "turn") || strings.HasPrefix(w, "switch") {
			return true
		}
	}
	return false
}

// SwitchedVerbs returns the verbs Switched writes for text's phrasal
// verbs ("enabled" for "turned on"), in order, or nil.
func SwitchedVerbs(text string) []string {
	_, verbs := switched(text)
	return verbs
}

// mayHoldSwitch reports whether a word of text starts with "turn" or
// "switch" in any case ("return" does not), without allocating: every
// sentence of a prompt is asked.
func mayHoldSwitch(text string) bool {
	for i := 0; i < len(text); i++ {
		if i > 0 && isASCIILetter(text[i-1]) {
			continue
		}
		switch text[i] | 0x20 {
		case 't':
			if i+4 <= len(text) && strings.EqualFold(text[i:i+4], "turn") {
				return true
			}
		case 's':
			if i+6 <= len(text) && strings.EqualFold(text[i:i+6], "switch") {
				return true
			}
		}
	}
	return false
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
