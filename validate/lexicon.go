package validate

import (
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// The lexicon below is what lets a strict per-clause check survive
// paraphrase: synonym groups of common manual and report vocabulary fold
// onto one canonical term, light words a paraphrase adds freely do not
// count against a clause, and polarity and scale words are compared with
// the source instead of being matched as ordinary terms.

// synonymGroups fold onto their first word. Irregular forms are listed
// because the Porter stemmer does not join them ("rose" / "rise").
var synonymGroups = [][]string{
	{"replace", "change", "swap", "renew", "exchange", "substitute", "replacement"},
	{"check", "inspect", "examine", "verify", "inspection", "examination"},
	{"start", "launch", "begin", "commence", "initiate", "began", "begun", "startup"},
	{"stop", "halt", "cease", "terminate", "shutdown"},
	{"remove", "detach", "dismount", "uninstall", "removal", "extract"},
	{"install", "fit", "mount", "installation"},
	{"base", "foundation", "plinth", "pad"},
	{"level", "flat", "horizontal"},
	{"allow", "permit", "let", "permitted", "allowed"},
	{"prohibit", "forbid", "ban", "forbidden"},
	{"show", "display", "indicate"},
	{"buy", "purchase"},
	{"fast", "quick", "rapid", "quickly", "rapidly", "fastly"},
	{"error", "fault"},
	{"device", "unit", "appliance", "equipment", "machine"},
	{"connect", "attach", "link", "plug"},
	{"close", "shut", "closed"},
	{"delete", "erase", "purge"},
	{"run", "operate", "ran", "operation"},
	{"repair", "fix", "mend"},
	{"turn", "rotate", "spin", "spun", "rotation"},
	{"accurate", "precise", "accuracy", "precision"},
	{"annual", "yearly", "annually"},
	{"monthly", "month"},
	{"daily", "day"},
	{"weekly", "week"},
	{"choose", "select", "pick", "chose", "chosen", "selection"},
	{"update", "upgrade"},
	{"restart", "reboot"},
	{"configure", "configuration", "setup"},
	{"send", "transmit", "transmission"},
	{"notify", "inform", "alert", "notification"},
	{"store", "storage", "stored", "keep", "retain", "kept", "preserve"},
	{"wear", "worn", "wore"},
	{"flight", "fly", "flew", "flown"},
	{"process", "treat", "treatment"},
	{"clean", "cleaning", "cleanse"},
	{"damage", "harm"},
	{"employee", "staff", "worker", "personnel"},
	{"big", "large", "huge"},
	{"small", "little", "tiny"},
	{"receive", "obtain", "get"},
	{"log", "record"},
	{"fill", "refill"},
	{"reach", "attain", "achieve"},
	{"work", "job"},
	{"tighten", "fasten", "secure"},
	{"loosen", "undo", "release"},
	{"weight", "weigh", "mass"},
	{"temperature", "temp"},
	{"speed", "velocity"},
	{"wire", "cable"},
	{"car", "vehicle"},
	{"build", "construct", "built", "construction"},
	{"power", "supply", "feed"},
	{"price", "cost"},
	{"help", "assist", "assistance"},
	{"need", "require", "requirement", "necessary", "needed", "required"},
	{"maximum", "max", "maximal", "maximise", "maximize", "highest", "peak", "utmost"},
	{"minimum", "min", "minimal", "minimise", "minimize", "lowest"},
	// Changes and comparisons are kept apart: "raised" is not "above".
	{"increase", "rise", "rose", "risen", "raise", "grow", "grew", "grown", "climb", "gain"},
	{"decrease", "reduce", "reduction", "fall", "fell", "fallen", "drop", "decline", "shrink", "cut"},
	{"above", "more", "higher", "greater", "larger", "bigger", "exceed", "beyond", "longer"},
	{"below", "less", "fewer", "lower", "smaller", "shorter", "beneath"},
	{"before", "prior", "earlier", "beforehand", "ahead"},
	{"after", "later", "afterwards", "subsequently", "newer"},
	{"all", "every", "each", "entire", "whole", "everything", "everyone", "everybody", "per"},
	{"unlimited", "infinite", "unbounded", "limitless", "endless", "infinitely"},
	{"always", "forever", "permanently", "continuously", "constantly"},
	{"only", "solely", "exclusively"},
	{"completely", "fully", "totally", "entirely", "absolutely"},
	{"optional", "voluntary", "unnecessary", "elective"},
	{"open", "opened", "unlocked"},
	{"enable", "activate", "enabled", "activated"},
	{"disable", "deactivate", "disabled", "deactivated"},
	{"inside", "indoors", "indoor", "internal", "interior"},
	{"outside", "outdoors", "outdoor", "external", "exterior"},
	{"guarantee", "guaranteed", "guarantees"},
}

// actionWords are the synonym groups whose words name what a manual tells
// its reader to do to something (see clauseJudge.colocated): the object
// is what such a sentence states, not the action alone.
var actionWords = []string{
	"replace", "check", "remove", "install", "connect", "close", "delete", "repair", "turn",
	"clean", "tighten", "loosen", "fill", "update", "restart", "configure", "open", "enable",
	"disable",
}

// genericWords are words a faithful paraphrase adds freely: light verbs,
// hedges and words about the documentation itself. A clause is not
// faulted for them, though polarity words among them are still compared.
var genericWords = []string{
	"need", "have", "has", "had", "make", "made", "provide", "provides", "give", "take", "taken", "go",
	"goes", "come", "comes", "carry", "carried", "perform", "performed", "do", "done", "put", "place",
	"placed", "set", "able", "possible", "allow", "apply", "employ", "utilise", "utilize", "ensure",
	"roughly", "approximately", "around", "about", "nearly", "almost", "some", "also", "still", "then",
	"therefore", "thus", "hence", "consequently", "accordingly", "additionally", "furthermore",
	"document", "documentation", "manual", "guide", "source", "excerpt", "state", "stated", "say",
	"says", "said", "note", "noted", "mention", "mentioned", "according", "specify", "specified",
	"describe", "described", "explain", "explained", "indicate", "recommend", "recommended",
	"whereas", "whilst", "although", "though", "thereby", "which", "whose", "wherein", "whereby",
	"mean", "means", "result", "resulting", "cause", "causes", "caused", "lead", "leads", "led",
	"happen", "happens", "occur", "occurs", "one", "ones", "thing", "things", "way", "ways",
	"case", "cases", "there", "here", "can", "could", "able", "instance", "example",
	"e.g", "i.e", "etc", "namely", "respectively", "specifically", "particular", "particularly",
	"new", "now", "currently", "when", "whenever", "once", "first", "least", "most", "amount",
	"since", "unless", "following", "compare", "compared", "measure", "measures", "feature", "rely",
	"relies", "suitable", "reach", "reached", "reaching", "total", "totalling", "amount", "amounting",
	"stand", "stood", "equal", "equals", "due", "find", "found", "observe", "observed", "detect",
	"detected", "see", "seen", "show", "went", "gone", "hold", "held", "contain", "comprise",
	"sure", "important", "please", "advised", "advisable", "instructed",
}

// polarPairs lists words whose swap for their partner turns a statement
// into its opposite. A pair relates the groups of its two words, so
// "rose" against "fell" counts as increase against decrease.
var polarPairs = [][2]string{
	{"maximum", "minimum"}, {"increase", "decrease"}, {"higher", "lower"}, {"more", "less"}, {"rise", "fall"},
	{"more", "fewer"}, {"above", "below"}, {"greater", "smaller"}, {"larger", "smaller"},
	{"exceed", "below"}, {"before", "after"}, {"earlier", "later"},
	{"always", "never"}, {"all", "none"}, {"every", "none"}, {"everything", "nothing"},
	{"required", "optional"}, {"mandatory", "optional"}, {"compulsory", "optional"},
	{"open", "close"}, {"enable", "disable"}, {"inside", "outside"},
	{"internal", "external"}, {"indoor", "outdoor"}, {"include", "exclude"}, {"included", "excluded"},
	{"allow", "prohibit"}, {"permit", "forbid"}, {"accept", "reject"}, {"add", "remove"},
	{"install", "remove"}, {"insert", "remove"}, {"connect", "disconnect"}, {"attach", "detach"},
	{"lock", "unlock"}, {"load", "unload"}, {"mount", "dismount"}, {"plug", "unplug"},
	{"start", "stop"}, {"start", "finish"}, {"begin", "end"}, {"push", "pull"},
	{"tighten", "loosen"}, {"charge", "discharge"}, {"heat", "cool"}, {"heating", "cooling"},
	{"hot", "cold"}, {"warm", "cool"}, {"wet", "dry"}, {"full", "empty"}, {"fill", "drain"},
	{"left", "right"}, {"top", "bottom"}, {"front", "rear"}, {"upper", "lower"}, {"first", "last"},
	{"early", "late"}, {"new", "old"}, {"success", "failure"}, {"pass", "fail"},
	{"valid", "invalid"}, {"true", "false"}, {"correct", "incorrect"}, {"safe", "unsafe"},
	{"safe", "dangerous"}, {"possible", "impossible"}, {"available", "unavailable"},
	{"visible", "hidden"}, {"permanent", "temporary"},
	{"manually", "automatically"}, {"online", "offline"}, {"public", "private"},
	{"encrypted", "unencrypted"}, {"encrypted", "plaintext"}, {"compressed", "uncompressed"},
	{"synchronous", "asynchronous"}, {"import", "export"}, {"upload", "download"},
	{"input", "output"}, {"inbound", "outbound"}, {"ingress", "egress"}, {"positive", "negative"},
	{"clockwise", "anticlockwise"}, {"clockwise", "counterclockwise"}, {"north", "south"},
	{"east", "west"}, {"horizontal", "vertical"}, {"series", "parallel"}, {"gain", "loss"},
	{"profit", "loss"}, {"long", "short"}, {"longer", "shorter"}, {"fast", "slow"},
	{"faster", "slower"}, {"heavy", "light"}, {"heavier", "lighter"}, {"thick", "thin"},
	{"wide", "narrow"}, {"strong", "weak"}, {"high", "low"}, {"large", "small"}, {"many", "few"},
	{"best", "worst"}, {"better", "worse"}, {"cheap", "expensive"}, {"easy", "difficult"},
	{"increase", "reduce"}, {"rise", "fall"}, {"expand", "contract"}, {"accelerate", "decelerate"},
	{"upstream", "downstream"}, {"supported", "unsupported"}, {"enabled", "disabled"},
	{"read-only", "writable"}, {"minimum", "maximum"}, {"unlimited", "limited"},
}

// scaleWords are quantifiers, superlatives and comparatives: a clause may
// use one only where its best-matching source sentence states it (or a
// word of its group). "any" opening a clause ("Any spill larger than…")
// restates a generic plural and is exempt.
var scaleWords = []string{
	"all", "every", "unlimited", "any", "always", "only", "completely", "maximum", "minimum",
	"increase", "decrease", "above", "below", "guarantee", "best", "worst", "most", "least", "fastest", "slowest",
	"largest", "smallest", "longest", "shortest", "strongest", "weakest", "cheapest", "safest",
	"easiest", "newest", "latest", "oldest", "quickest", "quietest", "better", "worse", "cheaper",
	"stronger", "weaker", "heavier", "lighter", "quieter", "louder", "safer", "easier", "twice",
	"double", "triple", "half",
}

// siblings are polarity groups that state the same direction: a source
// saying costs "rose" states that they are "higher".
var siblings = map[string]string{}

var (
	synonymOf = map[string]string{} // root → canonical root
	// listedForms holds the synonym groups' words and their inflections
	// as written (see agentNoun).
	listedForms = map[string]bool{}
	// actions holds the canonical roots of actionWords.
	actions  = map[string]bool{}
	generic  = map[string]bool{} // canonical roots
	antonyms = map[string][]string{}
	scale    = map[string]bool{}
)

func init() {
	for _, g := range synonymGroups {
		head := rootOf(strings.ToLower(g[0]))
		for _, w := range g {
			// The stemmer does not always give inflections one stem
			// ("exceed" → "exce", "exceeded" → "exceed"): register them.
			for _, form := range inflections(w) {
				listedForms[form] = true
				r := rootOf(form)
				if _, ok := synonymOf[r]; !ok {
					synonymOf[r] = head
				}
			}
		}
	}
	for _, w := range genericWords {
		generic[canon(w)] = true
	}
	for _, w := range actionWords {
		actions[canon(w)] = true
	}
	for _, p := range polarPairs {
		a, b := canon(p[0]), canon(p[1])
		if a == b {
			continue
		}
		if !containsStr(antonyms[a], b) {
			antonyms[a] = append(antonyms[a], b)
		}
		if !containsStr(antonyms[b], a) {
			antonyms[b] = append(antonyms[b], a)
		}
	}
	for _, w := range scaleWords {
		scale[canon(w)] = true
	}
	for _, p := range [][2]string{{"increase", "above"}, {"decrease", "below"}} {
		a, b := canon(p[0]), canon(p[1])
		siblings[a], siblings[b] = b, a
	}
}

// inflections returns w with its regular verb and plural endings.
func inflections(w string) []string {
	out := []string{w, w + "s", w + "ed", w + "ing"}
	if strings.HasSuffix(w, "e") {
		out = append(out, w+"d", strings.TrimSuffix(w, "e")+"ing")
	}
	return out
}

func containsStr(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// rootOf is the Porter stem with a few derivational endings the stemmer
// keeps taken off, so nominalisations meet their verbs ("storage" /
// "stored", "failure" / "fail").
func rootOf(lw string) string {
	// The stemmer strips "-able" but not "-er" before it ("recoverable"
	// → "recover", "recover" → "recov"): strip it first.
	for _, suf := range []string{"able", "ible"} {
		if len(lw) > len(suf)+3 && strings.HasSuffix(lw, suf) {
			lw = strings.TrimSuffix(lw, suf)
			break
		}
	}
	r := textutil.Stem(lw)
	for _, suf := range []string{"ag", "ur", "li"} {
		if len(r) > len(suf)+3 && strings.HasSuffix(r, suf) {
			r = strings.TrimSuffix(r, suf)
			break
		}
	}
	if len(r) > 3 && strings.HasSuffix(r, "e") {
		r = strings.TrimSuffix(r, "e")
	}
	return r
}

// canon is the canonical term of a lower-cased word: its root, folded onto
// its synonym group.
func canon(lw string) string {
	if strings.Contains(lw, "-") {
		// Hyphenated: part by part, so the parts can be found alone.
		parts := strings.Split(lw, "-")
		for i, p := range parts {
			if p != "" {
				parts[i] = canon(p)
			}
		}
		return strings.Join(parts, "-")
	}
	r := rootOf(lw)
	if c, ok := synonymOf[r]; ok && !agentNoun(lw, r) {
		return c
	}
	return r
}

// agentNoun reports whether lw is a noun in "-er" that the stemmer took
// back to a verb of a synonym group without the lexicon listing it: a
// heat "exchanger" is no "exchange" (so no "replace"), a "receiver" no
// "get", a "recorder" no "log". It keeps its root, so it still meets its
// own plural, but no other word of the verb's group.
func agentNoun(lw, r string) bool {
	if listedForms[lw] {
		return false
	}
	lw = strings.TrimSuffix(lw, "s")
	return strings.HasSuffix(lw, "er") && !strings.HasSuffix(r, "er")
}
