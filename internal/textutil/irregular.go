package textutil

import "strings"

// irregularVerbs maps the past forms of irregular English verbs to their
// base form, which Porter stemming cannot reach: a question asks why a
// file "was written" or what signal is "sent" when a child "ran" too
// long, where the manual writes "writes", "sends" and "runs". Forms that
// are also common words of another meaning in technical text are left
// out ("bit", "bound", "left", "lay", "found", "saw", "wound", "lead"),
// and so are the verbs that say little of their own (do, get, give, go,
// hold, keep, know, make, mean, say, see, show, take, think): matched
// across tenses they lifted side sentences into answers.
var irregularVerbs = map[string]string{}

func init() {
	for base, forms := range map[string]string{
		"arise": "arose arisen", "begin": "began begun", "bring": "brought",
		"build": "built", "buy": "bought", "catch": "caught", "choose": "chose chosen",
		"deal": "dealt", "dig": "dug", "draw": "drew drawn",
		"drive": "drove driven", "eat": "ate eaten", "fall": "fell fallen", "feed": "fed",
		"feel": "felt", "fly": "flew flown", "forbid": "forbade forbidden",
		"forget": "forgot forgotten", "freeze": "froze frozen", "grow": "grew grown", "hang": "hung",
		"hide": "hid hidden", "lend": "lent", "lose": "lost", "overwrite": "overwrote overwritten", "rebuild": "rebuilt", "rerun": "reran",
		"rewrite": "rewrote rewritten", "ride": "rode ridden", "rise": "rose risen",
		"run": "ran", "sell": "sold", "send": "sent",
		"shake": "shook shaken", "sink": "sank sunk", "sleep": "slept",
		"speak": "spoke spoken", "spend": "spent", "spin": "spun", "stand": "stood",
		"steal": "stole stolen", "stick": "stuck", "strike": "struck", "swear": "swore sworn",
		"teach": "taught", "tear": "tore torn", "tell": "told",
		"throw": "threw thrown", "understand": "understood",
		"undo": "undid undone", "wake": "woke woken", "wear": "wore worn", "win": "won",
		"write": "wrote written", "break": "broke broken",
	} {
		for _, f := range strings.Fields(forms) {
			irregularVerbs[f] = base
		}
	}
}
