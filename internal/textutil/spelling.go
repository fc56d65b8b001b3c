package textutil

import "strings"

// British spellings stem with their American forms: a user writes
// "colour", "optimise" or "licence" where the manual writes "color",
// "optimize" or "license" (or the other way round), and Porter's suffix
// rules keep them apart ("optimis" against "optim").

// ourRoots are the words spelled -our in British English and -or in
// American English.
var ourRoots = []string{
	"armour", "behaviour", "colour", "endeavour", "favour", "flavour", "harbour", "honour",
	"humour", "labour", "neighbour", "odour", "rumour", "savour", "vapour",
}

// iseRoots are the verbs spelled -ise in British English and -ize in
// American English, without their ending ("optimis" of "optimise",
// "optimisation"). Verbs spelled -ise in both (advise, revise, raise) are
// not listed.
var iseRoots = []string{
	"authoris", "capitalis", "categoris", "centralis", "characteris", "customis", "deserialis",
	"finalis", "initialis", "internationalis", "localis", "materialis", "maximis", "memoris",
	"minimis", "normalis", "optimis", "organis", "parallelis", "prioritis", "randomis",
	"realis", "recognis", "sanitis", "serialis", "specialis", "standardis", "summaris",
	"synchronis", "tokenis", "utilis", "virtualis", "visualis",
}

// iseEndings are what may follow an -is root.
var iseEndings = map[string]bool{
	"e": true, "ed": true, "es": true, "ing": true, "ation": true, "ations": true,
	"er": true, "ers": true, "able": true,
}

// britishWords are whole British words and their American forms.
var britishWords = map[string]string{
	"analyse": "analyze", "analysed": "analyzed", "analysing": "analyzing", "analyser": "analyzer",
	"catalogue": "catalog", "catalogues": "catalogs", "catalogued": "cataloged",
	"dialogue": "dialog", "dialogues": "dialogs", "licence": "license", "licences": "licenses",
	"centre": "center", "centres": "centers", "centred": "centered", "defence": "defense",
	"offence": "offense", "grey": "gray", "programme": "program", "programmes": "programs",
	"ageing": "aging", "judgement": "judgment", "artefact": "artifact", "artefacts": "artifacts",
}

// americanSpelling returns the American spelling of a lower-cased
// British word, or the word itself.
func americanSpelling(w string) string {
	if us, ok := britishWords[w]; ok {
		return us
	}
	for _, root := range ourRoots {
		if strings.HasPrefix(w, root) {
			return root[:len(root)-2] + "r" + w[len(root):]
		}
	}
	for _, root := range iseRoots {
		if strings.HasPrefix(w, root) && iseEndings[w[len(root):]] {
			return root[:len(root)-1] + "z" + w[len(root):]
		}
	}
	return w
}
