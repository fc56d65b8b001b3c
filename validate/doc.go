// Package validate checks, after generation, that every statement of an
// answer is supported by the retrieved sources it cites, and enforces a
// policy on what is not. The Lexical
// validator splits the answer into sentences, maps each sentence's citation
// markers to sources with package cite, and checks the sentence against the
// union of the cited texts: enough of its content words, every number with
// its unit, every named entity and its negation must be found there. It
// then judges each clause of the sentence on its own: every content word
// (through a synonym table and stemming) in the cited text and stated
// together in one cited sentence, every number in the source clause about
// the same thing and the numbers of one clause in one sentence, no
// polarity word the source contradicts, no quantifier, superlative or
// comparative it does not state, no URL it does not hold; a clause saying
// how it follows the one before ("and then …", "because …") is supported
// in the same passage. Negations are compared with the part of the source
// sentence the claim restates (a semicolon, "but" or an inner full stop
// ends a negation's reach).
// Sentence.Failures says which clause failed and why. A quote that is the
// source's own text as laid out (whole table rows of a cited source, or a
// run of its whole lines in their order: two or more, or one line of a
// fenced code block) is supported as it stands. The
// result is a Report with per-sentence verdicts and the attribution
// coverage metric (supported cited sentences / sentences; target ≥ 0.90).
//
// The check is lexical and deliberately strict: it is cheap, needs no
// model, and errs on the side of flagging, because the library must never
// silently fall back to model knowledge. Apply turns
// a Report into the text shown to the user under a Policy: Drop removes
// unsupported sentences, Regenerate asks for one stricter regeneration, and
// MarkLow keeps them under a LOW CONFIDENCE header. An answer with nothing
// supported becomes the refusal unsupported_answer; an answer that only
// says the documentation lacks the information becomes model_declined.
//
// It owns the Validator interface, the Lexical validator, Report and
// Policy. It imports retrieve and cite (citations are read with the
// Extractor it is given: the Pipeline passes the configured one) and must
// not import generate, gate or the root.
package validate
