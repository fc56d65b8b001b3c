// Package extractive is the offline default generator: it answers by
// copying, verbatim, the source sentences that best match the question and
// citing each one, so it cannot add anything the documentation does not
// say. It needs no model, no network and no configuration, which makes it
// the generator of tests, air-gapped installs and the "retrieval only, but
// readable" mode.
//
// Sentences are scored by IDF-weighted overlap of content terms with the
// question, the IDF being computed over the sentences of the prompt's
// sources, plus a small bonus for the source's rank and Relevance. When no
// sentence shares a content term with the question it answers
// generate.NotInDocs, which the pipeline maps to the model_declined refusal,
// exactly as it does for a language model that declines.
//
// It owns the offline default generator. It imports generate and
// internal/textutil and must not import a provider SDK, cite, validate or
// the root.
package extractive
