package extractive

// A question writes a negation as one word ("invalid JSON", "an
// unsupported option", "a non-existent file") where documentation often
// writes it as two ("is not a valid JSON document", "is not supported").
// negatedForms gives a sentence the one-word forms of its "not X", so
// that the question's word is one of its terms; the question's word has
// no other way to match, and X alone means the opposite.

// negatedForms calls add with the prefixed forms of each word after "not"
// (past an article): "invalid", "unvalid" and "nonvalid" for "not a
// valid". Only the forms a question uses ever match; the others are
// terms no question holds.
func negatedForms(words []string, add func(string)) {
	for i, w := range words {
		if w != "not" {
			continue
		}
		j := i + 1
		for j < len(words) && (words[j] == "a" || words[j] == "an" || words[j] == "the" || words[j] == "be") {
			j++
		}
		if j == len(words) || len(words[j]) < 3 {
			continue
		}
		x := words[j]
		add(inPrefix(x) + x)
		add("un" + x)
		add("non" + x)
	}
}

// inPrefix returns the form English gives the negating "in-" before x:
// "im" before b, m and p (impossible), "il" before l (illegal), "ir"
// before r (irregular).
func inPrefix(x string) string {
	switch x[0] {
	case 'b', 'm', 'p':
		return "im"
	case 'l':
		return "il"
	case 'r':
		return "ir"
	}
	return "in"
}
