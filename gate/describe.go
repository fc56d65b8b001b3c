package gate

// Describe says in words why a question was refused, for people reading
// a command's output or a log; "" for the empty Reason and for reasons it
// does not know (a custom gate's).
func (r Reason) Describe() string {
	switch r {
	case CollectionNotFound:
		return "the store holds no documents for this tenant and project"
	case NoRelevantContent:
		return "no indexed passage is relevant enough to the question"
	case InsufficientSources:
		return "too few sources are relevant enough to answer from (see --min-score and --min-chunks)"
	case UnsupportedAnswer:
		return "no part of the generated answer was supported by the sources"
	case ModelDeclined:
		return "the generator found no answer to the question in the sources"
	}
	return ""
}
