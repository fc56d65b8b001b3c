package validate

import "github.com/hybridrag/hybridrag/retrieve"

// Render turns an answer into the text shown to the user: Apply under mode,
// given the report Validate produced for answer against sources. Render is
// what the pipeline shows, streamed or not; Stream relies on it acting on
// each sentence by itself, so that rendering a prefix of the answer that
// ends at a sentence boundary yields a prefix of the whole rendering.
func Render(answer string, rep *Report, mode Policy, sources []retrieve.Source) (string, Outcome) {
	return Apply(answer, rep, mode)
}
