package extractive

import "regexp"

// codeNumber matches a number the question names a code by ("exit code
// 9", "error 404", "status 503", "signal 15", "level 3"): like an error
// code mixing letters and digits (isIdentifier), it names exactly the entry
// the question is about. Weighted as a plain word, it lost to the words
// every entry of the list shares: for "What does exit code 9 mean for a
// Node.js process?" the answer quoted the entries for codes 3 and 4, which
// repeat "Node.js … process", above "- 9 Invalid Argument: …".
var codeNumber = regexp.MustCompile(`(?i)\b(?:codes?|status|errors?|errno|signals?|exit|levels?|modes?|types?|class|rules?|steps?|phases?|stages?|opcodes?)\s+(?:number\s+|no\.?\s+|#)?(\d+)\b`)

// boostCodeNumbers multiplies the weight of the numbers the question names
// codes by (codeNumber) by identifierBoost. Digits only, such a number is
// never an isIdentifier term, so it is never boosted twice.
func boostCodeNumbers(idf map[string]float64, question string) {
	for _, m := range codeNumber.FindAllStringSubmatch(question, -1) {
		if w, ok := idf[m[1]]; ok {
			idf[m[1]] = w * identifierBoost
		}
	}
}
