// Package ollama wires langchaingo's Ollama client to the langchain
// adapter, for local models such as llama3 served by an Ollama server: the
// offline LLM mode of the seeds, with the same prompt, gate and validation
// as the online one.
//
// The server URL is validated before it reaches langchaingo (whose option
// calls log.Fatal on a URL it cannot parse) and always passed explicitly,
// so OLLAMA_HOST is never read. Models are never pulled: a missing model is
// an error from the server, not a multi-gigabyte download behind the
// caller's back.
//
// It owns the Ollama wiring only; it imports generate/langchain and
// langchaingo's ollama client and must not import the root.
package ollama
