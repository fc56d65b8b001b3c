// Package googleai wires langchaingo's Google AI (Gemini) client to the
// langchain adapter. It lives apart from the other providers because
// langchaingo's googleai pulls in gRPC and the Google Cloud SDKs: only
// programs that import this package pay for them.
//
// Requests go over REST through an *http.Client that this package builds
// (wrapped by langchain.HTTPClient, so retries see HTTP statuses); the API
// key travels in the x-goog-api-key header, because Google's transport
// drops the key when a custom client is given. The key is required and
// passed explicitly, so GOOGLE_API_KEY and Application Default Credentials
// are never consulted. Construction makes no request, but the underlying
// SDK also builds a gRPC client for cached content, which may open a
// connection to the endpoint in the background; Close releases it.
//
// langchaingo sends a prompt with a system message as a chat turn, which
// the SDK always streams, and the SDK keeps the usage metadata of the first
// stream chunk: PromptTokens is right, CompletionTokens is a lower bound.
//
// It owns the Google AI wiring only (and with it gRPC and the cloud SDK);
// it imports generate/langchain and must not import the root.
package googleai
