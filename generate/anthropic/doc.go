// Package anthropic wires langchaingo's Anthropic client (the Messages API)
// to the langchain adapter. The prompt's system message becomes the
// request's system field; the rest is unchanged.
//
// Nothing is read from the environment: New refuses an empty API key
// rather than letting langchaingo fall back to ANTHROPIC_API_KEY, and the
// base URL is always passed explicitly.
//
// It owns the Anthropic wiring only; it imports generate/langchain and
// langchaingo's anthropic client and must not import the root.
package anthropic
