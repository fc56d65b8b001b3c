// Package extractive is the offline default generator: it answers by
// copying, verbatim, the source sentences that best match the question and
// citing each one, so it cannot add anything the documentation does not
// say. It needs no model, no network and no configuration, which makes it
// the generator of tests, air-gapped installs and the "retrieval only, but
// readable" mode.
//
// Sentences are scored by IDF-weighted overlap of content terms with the
// question, the IDF being computed over the sentences of the prompt's
// sources, plus a small bonus for the source's rank and Relevance; a
// definition question ("What does the CLUSTER command do?") favours the
// sentence that starts by naming its subject, terms the question writes as
// code (MERGE, work_mem, \timing) favour sentences spelling them the same
// way, and code blocks count for less than prose. A question asking for an
// amount, a default value or a definition opens with a sentence of that
// form (it states the figure, the default, or starts with the subject or
// opens the section its heading names) when one covers enough of the
// question. A question asking what an abbreviation stands for (or means,
// written in capitals) opens with the sentence that spells it out, and a
// question asking why prefers sentences that give a reason. The question
// is read as its words however it is typed: in capitals throughout, it is
// read in lower case, and "turn … on" and "switch … off" as "enable" and
// "disable", as they are in the sentences too. When the opening
// sentence answers by form, the others must
// answer too: a sentence that only mentions what it already covers (the
// question's subject, from another source, or without the form asked for)
// is a side remark and is left out, as is code. At most three sentences
// are quoted, the best first, followed by the other chosen sentences of its
// source in reading order, then those of the next source. A sentence its
// source wrapped at a fixed width is quoted on one line, and a Markdown
// table row without the padding of its cells; the words are the source's.
// A question asking for the bound of one kind of measure (a length, a
// span of time) is not answered with the bound of another; one asking
// which port, by a sentence without a port number; one counting things,
// by a version or a decimal. An abbreviation a source spells out ("the
// Dynamic Shared Object (DSO) mechanism") stands for its words in every
// sentence, so a question in either form finds the sentence in the
// other. A sentence whose subject points back ("It …", "This …") is
// quoted under the name heading of its section, which it never spells. A
// question naming a numbered section ("for the libvorbis encoder" and
// "8.12 libvorbis") is answered from inside it when a sentence there
// answers, and one asking since when for a thing it names as code, by a
// sentence about that thing; so are a port question about a URL scheme
// ("an rtsp:// URL") and a default question about another product's
// setting ("Tomcat's default maxThreads"). A question
// asking the default of a setting it names (as code, or in words whose
// letters spell it) is answered by the setting's row in a table's Default
// column, by the setting's line in a commented configuration sample
// ("[ scrape_interval: <duration> | default = 1m ]") with the comment
// over it, or by an entry's name line that prints the default
// ("message_size_limit (default: 10240000)") with the entry's first
// sentence, quoted as written; the last also when the question says what
// that sentence says. An entry's description quoted for a default
// question brings its entry's "Default: …" row, past a note or two. A how-to question answered by a command
// page's summary line gets the usage block above it ("Usage:  docker
// export [OPTIONS] CONTAINER"), which names the command. When no
// sentence covers enough of the question (MinOverlap of its weighted
// terms, or the lower SupportedOverlap when some source's Relevance shows
// that retrieval found strong evidence, with a linear ramp between the two
// over SupportedRamp below SupportedRelevance) it answers
// generate.NotInDocs, which the pipeline maps to the model_declined refusal,
// exactly as it does for a language model that declines.
//
// It owns the offline default generator. It imports generate and
// internal/textutil and must not import a provider SDK, cite, validate or
// the root.
package extractive
