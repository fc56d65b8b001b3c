package validate

import (
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/internal/lazyre"
)

// DeclineMessage is the sentence the prompt asks a model to write when the
// sources do not hold the answer.
const DeclineMessage = "The indexed documentation does not contain this information."

// A decline is recognised by what it is about, not by negative words: a
// product statement ("The filter does not contain asbestos.") is full of
// them. Every pattern below therefore needs one of three anchors: the
// speaker (first-person inability or ignorance), the sources as the subject
// or place of an absence ("the excerpts do not mention", "not covered in
// the provided documents", "none of the sources"), or the answer itself
// ("the question cannot be answered"). The pieces are written once and
// combined so that a new phrasing is a new word in a list, not a new rule.
const (
	// srcDet introduces a noun phrase naming the sources.
	srcDet = `(?:the|these|those|this|your|my|our|any|all|both|its|their|no|such)`
	// srcMetaAdj marks a noun as the retrieved material ("provided text").
	srcMetaAdj = `(?:provided|given|retrieved|supplied|available|indexed|attached|shared|above|cited|referenced|relevant|uploaded|returned|accompanying|quoted|excerpted|included|underlying|source|reference|following|current|search)`
	// srcAdj may stand between a determiner and a source noun.
	srcAdj = `(?:` + srcMetaAdj + `|technical|product|user|official|original|other|same|two|three|four|five|several|various|\d+|[a-z0-9]+-[a-z0-9-]+)`
	// srcStrongNoun names the retrieved material and little else.
	srcStrongNoun = `(?:documentation|docs|sources|context|excerpts?|passages?|snippets?|extracts?|search results|knowledge base|information (?:provided|given|supplied|retrieved|available|i (?:have|was given|received)|you (?:have )?(?:provided|gave|shared)))`
	// srcWeakNoun can also name a thing the product handles ("the documents
	// do not contain personal data"), so it needs a source verb or an
	// information object.
	srcWeakNoun = `(?:documents?|source|information|manuals?|texts?|materials?|chunks?|guides?|handbooks?|data)`

	srcStrong = `(?:(?:^|\b` + srcDet + ` )(?:` + srcAdj + ` ){0,2}` + srcStrongNoun + `|\b(?:` + srcDet + ` )?(?:` + srcMetaAdj + ` )(?:` + srcAdj + ` ){0,1}(?:` + srcStrongNoun + `|` + srcWeakNoun + `))\b`
	srcAny    = `(?:` + srcStrong + `|(?:^|\b` + srcDet + ` )(?:` + srcAdj + ` ){0,2}` + srcWeakNoun + `\b)`

	// srcGap is what may stand between a source subject and its verb
	// without starting a new clause ("the excerpts you provided so far").
	// A noun outside this list ("the manual says the filter …") ends the
	// subject.
	srcGap = `(?:,? (?:provided|given|retrieved|supplied|available|above|below|here|shared|attached|indexed|cited|listed|referenced|you|i|we|'ve|have|has|had|was|were|gave|me|us|to|in|on|of|at|for|from|with|by|the|this|that|these|those|my|your|our|prompt|question|query|conversation|chat|request|so|far|currently|hand|access|which|all|any|them|both|context|sources?|documents?|documentation|excerpts?|passages?|snippets?|and|or|also|as|only|s\d+|[a-z0-9]+-[a-z0-9-]+|[a-z]+ly))*,? `

	// neg is a negated auxiliary, optionally softened.
	neg = `(?:do|does|did)(?: not|n't)(?: (?:seem|appear) to)?(?: \w+ly)?`
	// metaVerb says something about what a text says.
	metaVerb = `(?:mention|say|state|specify|discuss|address|cover|describe|explain|answer|indicate|detail|reference|refer to|talk about|touch on|touch upon|go into|clarify|tell|speak to|deal with|define|document|list|outline|note|elaborate on|name|quote|show|identify|give (?:an? |the |any )?(?:answer|indication)|provide (?:an? |the |any )?answer)`
	// contentVerb has or gives something.
	contentVerb = `(?:contain|include|provide|give|have|offer|hold|present|supply|feature|carry)`
	// sourceVerb is a conjugated verb of saying or holding, or the
	// preposition of a verbless "nothing in the docs about that".
	sourceVerb = `(?:(?:mention|say|state|specif|discuss|address|cover|describ|explain|answer|indicat|detail|referenc|refer|talk|touch|clarif|tell|speak|deal|defin|list|outline|elaborat|quot|identif|contain|includ|provid|giv|offer|hold|has\b|have\b|go(?:es)? into|relat|pertain|match|support)\w*|about\b|on\b|regarding\b|concerning\b)`
	// infoObject is what sources contain when they answer a question.
	infoObject = `(?:(?:any|enough|sufficient|specific|relevant|detailed|further|additional|such|the|an?|much|explicit|clear|direct|concrete|precise|exact|this|that|those|these|useful) )*(?:information|info|details?|mention|answer|specifics|guidance|instructions|references?|description|explanation|figures?|values?|specifications?|this|that|it|anything|something|such|facts?|indication|statement|discussion|coverage|data (?:on|about|regarding|for)|content (?:on|about|regarding|related)|particulars|insight)\b`
	// infoNoun names information in "no information about …".
	infoNoun = `(?:information|info|documentation|details?|mention|data|answer|specifics|guidance|instructions?|references?|description|explanation|indication|record|evidence|discussion|coverage|statement|content|figures?|values?|specification|explicit mention|direct mention)`
	// infoAdj qualifies infoNoun.
	infoAdj = `(?:relevant|specific|such|further|additional|supporting|explicit|direct|clear|detailed|useful|concrete|precise|exact|reliable|available|pertinent|mentioned|documented|stated|indication of|reference to)`
	// thereIs introduces an absence: "there is no", "there's nothing",
	// "there does not appear to be any", "there isn't enough".
	thereIs = `(?:there(?:'s| is| are| was| were| seems to be| appears to be) (?:no|not any|not enough|insufficient|nothing)|there(?: does not| doesn't| do not| don't)(?: seem| appear) to be(?: any| enough| sufficient)?|there(?: is not| isn't| are not| aren't| was not| wasn't)(?: any| enough| sufficient))`
	// place ends a "not in the sources" phrase: the source noun must not
	// be a modifier of something else ("not listed in the manual's table").
	placeEnd = `(?:$|[.,;:!?)]| (?:provided|given|you|i|we|that|available|here|above|so far|at hand|or|and|but|either|supplied|retrieved|shared|-|—|–|about|on|regarding|for this|for that))`
)

var declinePatterns = []declinePattern{
	// First-person inability and ignorance: "I could not find …", "I'm
	// unable to answer", "I don't know", "I'm not sure", "I don't have
	// enough information", "I found no mention …".
	{[]string{"not", "n't", "unable", "failed"}, needSpeaker, lazyre.New(`\bi(?: really| unfortunately| simply| still| honestly| currently)? (?:cannot|can't|can not|could not|couldn't|am unable to|'m unable to|was unable to|am not able to|'m not able to|was not able to|wasn't able to|have not been able to|haven't been able to|have been unable to|'ve been unable to|failed to|did not|didn't|do not|don't|was not|wasn't)(?: \w+ly)? (?:find|locate|see|spot|identify|answer|determine|say|tell|confirm|verify|establish|infer|extract|derive|know|comment|speak|access|retrieve|ascertain|discover|pinpoint|help|assist|respond|be (?:certain|sure|of help)|provide (?:an? |the |any )?(?:answer|information|details|specifics|response)|give (?:an? |the |any )?(?:answer|information|details|response)|offer (?:an? |the |any )?(?:answer|information|details))\b`)},
	{[]string{"n't have", "not have"}, needSpeaker, lazyre.New(`\bi(?: really| unfortunately| simply| still| currently)? (?:do not|don't|did not|didn't) have (?:` + infoObject + `|(?:(?:any|enough|sufficient|the|specific|relevant|access to|that|this|such) )*(?:information|data|details|context|knowledge|documentation|access|sources?))`)},
	{[]string{"no"}, needSpeaker, lazyre.New(`\bi (?:have|had|found|find|see|saw|can find|could find|can see|could see|was given|have been given|received|got)(?: \w+ly)? (?:no|nothing)\b`)},
	{[]string{"not", "unsure", "uncertain", "afraid", "unable"}, needSpeaker, lazyre.New(`\bi(?: am|'m) (?:not (?:sure|certain|aware|able|finding|seeing|locating|getting)|unsure|uncertain|afraid (?:i|that|the|this|there|it|not|no)|unable)\b`)},
	{[]string{"lack", "no idea"}, needSpeaker, lazyre.New(`\bi lack\b|\bi have no idea\b`)},
	{[]string{"not", "n't", "unable"}, needSpeaker, lazyre.New(`\bwe (?:cannot|can't|could not|couldn't|were unable to|are unable to|did not|didn't) (?:find|locate|determine|answer|identify|confirm)\b.*` + srcAny)},

	// "This isn't something the documentation covers."
	{[]string{"something", "anything", "a topic", "a subject", "an area", "a question", "a detail"}, needSource, lazyre.New(`(?:\bnot|n't) (?:something|anything|a topic|a subject|an area|a question|a detail) (?:that )?` + srcAny + ` (?:\w+ )?` + sourceVerb)},
	// "That's not something I can answer from these sources."
	{[]string{"something", "anything", "a question"}, needSpeaker, lazyre.New(`\bnot (?:something|anything|a question) (?:that )?i (?:can|could|am able to|'m able to) (?:answer|find|determine|say|tell|confirm|speak to)\b`)},
	// "According to the sources I have, this is not addressed."
	{[]string{"not", "n't"}, needSource, lazyre.New(`\b(?:based on|according to|from|in|within|given|per) ` + srcAny + `\W.*\b(?:this|that|it|the answer|the question|the topic)(?: is|'s| was)(?: not|n't) (?:addressed|covered|mentioned|stated|specified|answered|discussed|documented|explained|described|included|given|provided)\b`)},
	// "The information needed is missing from the excerpts."
	{[]string{"missing", "absent", "lacking", "omitted"}, needSource, lazyre.New(`\b(?:missing|absent|lacking|omitted) (?:from|in) (?:any of )?` + srcAny + placeEnd)},
	// "None of the excerpts answer …", "no source mentions …", "neither
	// document covers …", "nothing in the documentation says …".
	{[]string{"none", "neither", "not one", "nothing"}, needSource, lazyre.New(`\b(?:none|neither|not one|nothing) (?:of |in |within |from |across )` + srcAny + srcGap + sourceVerb)},
	{[]string{"no ", "neither", "not one", "not a single"}, needCue, lazyre.New(`\b(?:no|neither|not one|not a single) (?:` + srcAdj + ` ){0,2}(?:documentation|docs|sources?|documents?|excerpts?|passages?|snippets?|manuals?|chunks?|texts?)` + srcGap + sourceVerb)},
	{[]string{"nowhere"}, needSource, lazyre.New(`\bnowhere (?:in|within|among|across) ` + srcAny)},

	// Absence located in the sources: "there is no information about X in
	// the documents", "not mentioned in the provided sources", "not in the
	// documents provided", "no data found in the manual".
	{[]string{"there", "i see", "i found", "with "}, needSource, lazyre.New(`\b(?:` + thereIs + `|(?:i see|i found|with) (?:no|not any|not enough|insufficient|nothing))\b.*\b(?:in|within|among|across|from|inside|throughout|of) ` + srcAny + placeEnd)},
	{[]string{"there"}, needSource, lazyre.New(`\b(?:based on|according to|from|in|within|given|looking at|after reviewing|having reviewed|reviewing|searching) ` + srcAny + `\b.*\b` + thereIs + ` (?:` + infoAdj + ` )*` + infoNoun + `(?:$| (?:about|on|regarding|of|for|concerning|as to|related to|that))`)},
	{[]string{"no "}, needSource, lazyre.New(`\bno (?:` + infoAdj + ` )*` + infoNoun + `\b(?:[^.;]*\b(?:in|within|among|across|from|inside|throughout|by) ` + srcAny + placeEnd + `| (?:was |is |were |could be |can be )?(?:found|available|provided|given|present|located)(?: here)?$)`)},
	{[]string{"not", "n't"}, needSource, lazyre.New(`(?:\bnot|n't) (?:\w+ ){0,3}(?:in|within|among|across|from|inside|by|throughout|part of|covered by|addressed by) (?:any of )?` + srcAny + placeEnd)},
	{[]string{"not", "n't"}, needCue, lazyre.New(`(?:\bnot|n't) (?:\w+ ){0,2}(?:in|within|among|across|from|inside) (?:any of )?(?:the )?(?:docs|documentation|documents|sources|excerpts|passages|snippets|context)` + placeEnd)},
	{[]string{"scope"}, needSource, lazyre.New(`\b(?:outside|beyond|not within|not covered by|not part of) the scope of ` + srcAny)},
	{[]string{"unknown", "unclear", "not clear", "not known", "uncertain", "specified", "unavailable", "not available", "documented"}, needSource, lazyre.New(`\b(?:unknown|unclear|not clear|not known|uncertain|not specified|unspecified|unavailable|not available|undocumented|not documented) (?:from|in|based on|according to|given|within|per|by) ` + srcAny)},
	{[]string{"nothing"}, needSource, lazyre.New(`\bnothing (?:about|on|regarding|concerning|related to|relevant to|pertaining to|that)\b.*\b(?:in|within|among|from) ` + srcAny)},
	{[]string{"not", "n't", "unable", "impossible", "no way"}, needSource, lazyre.New(`\b(?:based on|according to|from|given|in|within|using|with) ` + srcAny + `\W*(?:(?:i|it|this|that|which|there)(?: is| was|'s)? )?(?:cannot|can't|could not|couldn't|is unable to|unable to|am unable to|impossible to|not possible to|no way to) (?:be )?(?:answer|determine|determined|find|found|tell|say|confirm|confirmed|establish|established|infer|inferred|derive|derived|locate|located|answered|identify|identified|know|known)\b`)},
	{[]string{"not", "n't", "unable", "impossible"}, needCue, lazyre.New(`^(?:cannot|can't|unable to|impossible to|not possible to) (?:answer|determine|find|tell|say|confirm|establish|infer|derive|locate|identify|know)\b`)},

	// The answer itself is missing: "the question cannot be answered from
	// …", "the answer is not in the documents", "this information is not
	// available in the indexed documentation".
	{[]string{"answer", "question", "query", "information", "detail", "specifics"}, needCue, lazyre.New(`\b(?:the answer|an answer|the question|this question|that question|your question|the query|this query|the information|this information|that information|such information|the requested information|the specific information|the details?|the specifics)(?: you(?:'re| are) (?:looking|asking) for| requested| needed| asked for)? (?:is not|isn't|was not|wasn't|are not|aren't|does not appear|doesn't appear|cannot be|can't be|could not be|couldn't be|is nowhere|is absent|does not seem to be|doesn't seem to be)(?: \w+ly)? (?:in|within|among|anywhere|here|there|available|present|contained|included|found|provided|given|mentioned|covered|specified|stated|answered|determined|located|answerable|addressed|documented|derived|inferred|confirmed|known|part of)\b`)},
	{[]string{"not be", "n't be"}, needSource, lazyre.New(`\b(?:this|that|it) (?:cannot|can't|could not|couldn't) be (?:answered|determined|confirmed|established|found|inferred|derived|located|verified|ascertained)(?: \w+ly)?(?:$|[;:—–]| (?:here|at this time|at the moment|without (?:more|further|additional|the necessary|sufficient) (?:information|details|data|context))\b| (?:with|from|based on|using|given|in|by|within) .*` + srcAny + `)`)},
	{[]string{"insufficient", "enough", "sufficient", "inadequate", "too little"}, needCue, lazyre.New(`\b(?:insufficient|not enough|not sufficient|inadequate|too little|no sufficient) (?:information|context|data|details|evidence|documentation|sources?)(?: is| was)?(?: available| provided| given| found| present)?(?:$| (?:to (?:answer|determine|say|tell|confirm|respond|provide|give|establish|know)|in |within |from |on (?:this|that|the (?:question|topic|matter|subject))|about (?:this|that|the (?:question|topic|matter|subject))|here|for (?:this|that|an answer|a (?:reliable |definitive |complete |confident )?answer)))`)},
	{nil, needCue, lazyre.New(`^(?:sorry[,.]? )?(?:unknown|not known|no answer|not found|no (?:relevant )?(?:information|data|results?|matches|answer)(?: (?:found|available))?|(?:the )?answer (?:is )?unknown|(?:this |the |that |such |requested )?information (?:is |was )?(?:not available|unavailable|not found|not provided|missing)|cannot answer|can't answer|unable to answer|no idea|n/a)$`)},
	{[]string{"no ", "not a "}, needCue, lazyre.New(`\b(?:no|not a) (?:source|document|excerpt|passage|snippet|manual) (?:i|we) (?:have|was given|received)\b`)},
}

// declinePattern is one phrasing family. keys and need are cheap
// conditions the sentence must meet before the regexp runs: Go's regexps
// are linear but slow on wide alternations (several µs per sentence each),
// and every answer sentence passes here.
type declinePattern struct {
	keys []string // one must occur in the sentence; nil for none
	need need
	re   *lazyre.Regexp
}

type need int

const (
	needCue     need = iota // a negative or hedging word
	needSpeaker             // and "i" or "we"
	needSource              // and a source noun
)

// subjectTail follows a source noun phrase that is the subject: "the
// provided excerpts | do not mention …", "the context | doesn't contain any
// information …", "the documents | are silent on …", "the sources | lack …",
// "the excerpts | only discuss installation and do not address …". It is
// anchored at the noun's end, which is far cheaper than an unanchored
// search for the whole phrase. strongTail also accepts a bare "do not
// contain", which after "the documents" could be a claim ("the documents
// do not contain personal data").
var (
	subjectTail = lazyre.New(`^(?:` + srcGap + `(?:` + weakTailVerb + `)|` + coordinatedTail + `)`)
	strongTail  = lazyre.New(`^(?:` + srcGap + `(?:` + weakTailVerb + `|` + neg + ` ` + contentVerb + `\b)|` + coordinatedTail + `)`)
)

const (
	weakTailVerb = neg + ` ` + metaVerb + `\b|` + neg + ` ` + contentVerb + ` ` + infoObject +
		`|(?:(?:contains?|includes?|provides?|gives?|offers?|has|have|holds?|makes?|presents?|yields?) (?:no|nothing|zero)|(?:says?|mentions?|states?|tells?|specif(?:y|ies)|indicates?) nothing|(?:is|are|seems?|appears?)(?: to be)? (?:silent|mute|quiet)|lacks?|fails? to|(?:is|are)(?: not|n't) (?:helpful|relevant|sufficient|enough)|(?:is|are) (?:insufficient|inadequate|irrelevant|unrelated)|(?:sheds?|throws?|casts?) no light)\b`
	coordinatedTail = ` (?:only |mainly |mostly |just )?\w+(?: [\w-]+){0,5},? (?:and|but) ` + neg + ` ` + metaVerb + `\b` +
		// "the excerpts only cover installation, not maintenance"
		`| (?:only|just|mainly|merely) (?:cover|discuss|mention|describe|address|deal with|talk about|explain|concern|relate to)\w*\b[^.;]{1,80}?,? (?:but )?not\b`
)

var (
	// srcNounRe finds candidate head nouns of a phrase naming the sources.
	srcNounRe = lazyre.New(`\b(?:documentation|docs|sources?|context|excerpts?|passages?|snippets?|extracts?|results|base|information|documents?|manuals?|texts?|materials?|chunks?|guides?|handbooks?|data)\b`)
	// srcDetRe, srcAdjRe and srcMetaAdjRe are srcDet, srcAdj and
	// srcMetaAdj as whole words.
	srcDetRe     = newWordSet(srcDet)
	srcAdjRe     = lazyre.New(`^` + srcAdj + `$`)
	srcMetaAdjRe = newWordSet(srcMetaAdj)
	// infoAfterRe makes "information" the retrieved material.
	infoAfterRe = lazyre.New(`^ (?:provided|given|supplied|retrieved|available|i (?:have|was given|received)|you (?:have )?(?:provided|gave|shared))\b`)
)

// wordSet matches the words of a plain alternation "(?:a|b|c)" by map
// lookup, which is much cheaper than a regexp per word.
type wordSet map[string]bool

func newWordSet(alternation string) wordSet {
	w := wordSet{}
	for _, x := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(alternation, "(?:"), ")"), "|") {
		w[x] = true
	}
	return w
}

func (w wordSet) MatchString(s string) bool { return w[s] }

// strongNouns name the retrieved material and little else.
var strongNouns = map[string]bool{"documentation": true, "docs": true, "sources": true, "context": true,
	"excerpt": true, "excerpts": true, "passage": true, "passages": true, "snippet": true, "snippets": true,
	"extract": true, "extracts": true}

// sourceSubject reports whether some source noun phrase in s is the
// subject of an absence (subjectTails).
func sourceSubject(s string) bool {
	for _, loc := range srcNounRe.Get().FindAllStringIndex(s, -1) {
		noun := s[loc[0]:loc[1]]
		words := strings.Fields(s[:loc[0]])
		strong := strongNouns[noun]
		switch noun {
		case "results", "base": // only "search results", "knowledge base"
			if len(words) == 0 || words[len(words)-1] != map[string]string{"results": "search", "base": "knowledge"}[noun] {
				continue
			}
			words, strong = words[:len(words)-1], true
		case "information":
			strong = infoAfterRe.MatchString(s[loc[1]:])
		}
		// Up to two adjectives, then a determiner or the sentence start;
		// a leading meta adjective ("provided") needs no determiner.
		adjs, meta := 0, false
		for adjs < 2 && len(words) > 0 && srcAdjRe.MatchString(words[len(words)-1]) {
			meta = srcMetaAdjRe.MatchString(words[len(words)-1])
			words = words[:len(words)-1]
			adjs++
		}
		if len(words) > 0 && !srcDetRe.MatchString(words[len(words)-1]) && !meta {
			continue
		}
		strong = strong || meta
		tail := s[loc[1]:]
		if !containsAny(tail[:min(len(tail), tailWindow)], tailCues) {
			continue
		}
		if strong && strongTail.MatchString(tail) || !strong && subjectTail.MatchString(tail) {
			return true
		}
	}
	return false
}

func containsAny(s string, keys []string) bool {
	if keys == nil {
		return true
	}
	for _, k := range keys {
		if strings.Contains(s, k) {
			return true
		}
	}
	return false
}

// tailCues are what a subject tail holds within tailWindow bytes.
var tailCues = []string{"not", "n't", "no", "nothing", "silent", "mute", "quiet", "lack", "fail",
	"insufficient", "inadequate", "irrelevant", "unrelated", "zero", "enough", "sufficient", "helpful", "relevant"}

const tailWindow = 120

// cueWords are the negative and hedging words every decline holds.
var cueWords = map[string]bool{"not": true, "no": true, "none": true, "nothing": true, "nowhere": true,
	"neither": true, "cannot": true, "unable": true, "unknown": true, "unclear": true, "uncertain": true,
	"unsure": true, "insufficient": true, "enough": true, "inadequate": true, "sufficient": true,
	"silent": true, "mute": true, "quiet": true, "lack": true, "lacks": true, "fail": true, "fails": true,
	"failed": true, "missing": true, "unavailable": true, "undocumented": true, "unspecified": true,
	"impossible": true, "scope": true, "idea": true, "afraid": true, "n/a": true, "nope": true, "zero": true,
	"little": true, "irrelevant": true, "unrelated": true}

// cues reports which conditions of declinePattern s meets.
func cues(s string) (cue, speaker bool) {
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\'' && r != '/'
	}) {
		switch {
		case cueWords[w], strings.HasSuffix(w, "n't"):
			cue = true
		case w == "i" || w == "we" || strings.HasPrefix(w, "i'"):
			speaker = true
		}
	}
	return cue, speaker
}

var (
	// contrastRe splits a sentence where a second statement may start.
	contrastRe = lazyre.New(`\b(?:but|however|although|though|whereas|yet|nevertheless|nonetheless|except that|other than that|apart from that|instead|that said)\b`)
	// narrationRe is a part that only says where the model looked ("I
	// searched the context but found nothing …").
	narrationRe = lazyre.New(`^\W*(?:i|we) (?:searched|looked|checked|reviewed|went through|scanned|examined|read|consulted)\b[^,;]{0,80}$`)
	// foundNothingRe is a subjectless "found nothing" after such a part.
	foundNothingRe = lazyre.New(`^\W*(?:(?:i )?(?:found|find|could find|see|saw|did not find|didn't find|could not find|couldn't find) (?:no|nothing|anything)|(?:there is|there's) nothing)\b`)
	// apologyRe is a part that only apologises.
	apologyRe = lazyre.New(`^\W*(?:(?:i'm|i am|we're|we are) (?:very |so |really )?(?:sorry|afraid)|sorry|apologies|my apologies|i apologi[sz]e|unfortunately|regrettably|alas)\W*$`)
	// suggestionRe is advice on where else to look, which may follow a
	// decline ("…, but the service team may know").
	suggestionRe    = lazyre.New(`\b(?:may|might|could|should|would|please|consult|contact|check|ask|refer to|try|see|recommend|suggest|want|reach out|look (?:at|in|up)|visit|i can|i'd|i would|let me|happy to|feel free)\b`)
	declineReplacer = strings.NewReplacer("’", "'", "‘", "'", "ʼ", "'", "**", "", "__", "", "`", "", "*", "", "\u00a0", " ")
	// markerRe is a citation marker, which does not change whether a
	// sentence declines ("The excerpts do not say [S1].").
	markerRe = lazyre.New(`\[[^\[\]\n]{0,64}\]|【[^【】\n]{0,64}】`)
	// leadRe is a label or list marker before the sentence proper.
	leadRe = lazyre.New(`^(?:(?:[-*+•>]|\d{1,3}[.)]|#+)\s*)*(?:(?:answer|note|response|result|reply|unfortunately|regrettably|apologies|sorry)\s*[:\-–—,]\s*)?`)
)

// IsDecline reports whether sentence says that the answer is not in the
// sources: DeclineMessage and its variants in any common phrasing or
// register, with or without citation markers or Markdown emphasis —
// first-person inability or ignorance ("I could not find …", "I don't
// know.", "I'm not sure"), absence in the sources ("The excerpts do not
// mention …", "None of the documents cover …", "not in the documents
// provided", "There is no information about X in the context"), an
// unanswerable question ("This cannot be determined from the sources",
// "Insufficient information.") and such a sentence followed by a suggestion
// ("…; you may want to consult the manufacturer").
//
// A sentence that only contains negative words is not a decline: "The
// filter does not contain asbestos.", "The log contains no information
// about users.", "The manual does not recommend running it dry." and "You
// cannot find the reset button behind the panel." are claims. A decline
// needs the speaker, the sources or the answer as what is missing.
// testdata/declines.jsonl holds the phrasings and look-alikes it is held to.
func IsDecline(sentence string) bool {
	s := normalizeDecline(sentence)
	if cue, _ := cues(s); !cue {
		return false
	}
	// A decline is not validated, so a claim must not ride on one ("The
	// manual does not say, but the pump runs at 50 bar."): every part
	// after a contrast must itself decline or only suggest where to look.
	// An apology may come first ("I'm sorry, but I can't …"), and so may
	// where the model looked ("I searched the context but found nothing").
	found, narrated := false, false
	for _, p := range contrastRe.Get().Split(s, -1) {
		switch {
		case declines(p):
			found = true
		case narrated && foundNothingRe.MatchString(p):
			found = true
		case narrationRe.MatchString(p):
			narrated = true
		case strings.Trim(p, " ,;:.!-—–") == "", apologyRe.MatchString(p), found && suggestionRe.MatchString(p):
		default:
			return false
		}
	}
	return found
}

func declines(s string) bool {
	cue, speaker := cues(s)
	if !cue {
		return false
	}
	source := srcNounRe.MatchString(s)
	if source && sourceSubject(s) {
		return true
	}
	for _, p := range declinePatterns {
		if p.need == needSpeaker && !speaker || p.need == needSource && !source || !containsAny(s, p.keys) {
			continue
		}
		if p.re.MatchString(s) {
			return true
		}
	}
	return false
}

// normalizeDecline lowercases sentence, straightens apostrophes and removes
// what does not change its meaning: citation markers, emphasis, a leading
// list marker or label, and the final punctuation.
func normalizeDecline(sentence string) string {
	s := declineReplacer.Replace(strings.ToLower(sentence))
	if strings.ContainsAny(s, "[【") {
		s = markerRe.Get().ReplaceAllString(s, " ")
	}
	s = strings.Join(strings.Fields(s), " ")
	s = strings.Trim(s, ` "'“”()`)
	s = leadRe.Get().ReplaceAllString(s, "")
	s = strings.TrimRight(s, ` .!?…"'”)`)
	return s
}
