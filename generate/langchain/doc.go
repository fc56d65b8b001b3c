// Package langchain adapts any langchaingo llms.Model to generate.Generator,
// so that every model langchaingo speaks to (OpenAI, Ollama, Google AI,
// Anthropic, …) sits behind the same prompt, gate and validation. It sends
// the prompt's messages unchanged, with a low temperature and a token cap,
// bounds every attempt with a timeout, retries transient failures with
// exponential backoff and jitter, forwards streamed text, and reports token
// usage from the provider's response.
//
// Failures never leak partial text: a provider error or timeout is a
// *ProviderError wrapping ErrProvider, carrying the attempt count and, when
// the model's HTTP client was built with HTTPClient or Transport, the HTTP
// status that decided whether to retry. A reply that did not end normally —
// a stream that stopped before the protocol's terminal event, which
// langchaingo's clients often take for a complete reply, or a reply the
// provider cut at the token cap — is an error wrapping
// generate.ErrTruncated, retried like other transient failures when a retry
// can help. Streamed text is forwarded so that the caller only ever sees a
// prefix of the final answer, retries included. Provider wiring (API keys, base
// URLs, default models) lives in the sibling packages generate/openai,
// generate/ollama, generate/googleai and generate/anthropic, so that
// importing this package pulls in no cloud SDK.
//
// It owns the adapter from langchaingo's llms.Model to generate.Generator.
// It imports generate and langchaingo's llms and must not import a
// provider's SDK, the root or validate.
package langchain
