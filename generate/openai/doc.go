// Package openai wires langchaingo's OpenAI client to the langchain
// adapter: it turns an API key, a model and an optional base URL into a
// generate.Generator. Any server speaking the OpenAI chat completions API
// (vLLM, LM Studio, llama.cpp's server, Azure-compatible gateways) works
// through BaseURL.
//
// Nothing is read from the environment: langchaingo's client would fall
// back to OPENAI_API_KEY, OPENAI_MODEL and OPENAI_BASE_URL, so New passes
// every one of them explicitly and refuses an empty key. Reading variables
// is the job of the host program (the hybridrag CLI does, and says so).
//
// It owns the OpenAI wiring only; it imports generate/langchain and
// langchaingo's openai client and must not import the root.
package openai
