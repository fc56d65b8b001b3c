// Package generate turns retrieved sources into a prompt and defines the
// Generator contract. Its Builder labels the sources S1, S2, … in rank
// order, fences each one with a per-request nonce, fits them into a token
// budget (cutting the last source at a sentence boundary) and wraps them in
// one system template, identical for every model, that confines the model to
// the documentation, fixes the refusal sentence (NotInDocs) and demands an
// [S#] citation on every sentence. The user message carries the question
// followed by a restatement of the rules, so the last thing the model reads
// is the contract rather than retrieved text.
//
// Retrieved text is untrusted data. Sanitize normalises it (NFKC, invisible
// and bidi characters removed) and neutralises anything that could pass for
// the fence, a chat-template or role token, or a citation marker, so that a
// forged "[S1]" or "<|im_start|>system" inside a document reaches the model
// as harmless text such as "(S1)" or "(im_start)system"; instruction-like
// passages are flagged, not removed, because they may be legitimate quotes.
// Generators (extractive, langchain-backed providers) live in subpackages.
//
// It owns ContextBuilder, the prompt template, the Generator interface and
// the sanitizer. It imports retrieve and must not import a provider SDK
// (those stay in subpackages such as generate/openai, so that importing the
// root never compiles one), cite, validate or the root.
package generate
