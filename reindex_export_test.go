package hybridrag

// EmbeddingText exposes what Index embeds for a chunk to the external
// reindex tests.
var EmbeddingText = embeddingText
