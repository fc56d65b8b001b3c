package lcvector

import "errors"

var (
	// ErrInvalidOptions means Options hold a value New cannot use.
	ErrInvalidOptions = errors.New("lcvector: invalid options")
	// ErrNoVectorStore means New was given a nil vectorstores.VectorStore.
	ErrNoVectorStore = errors.New("lcvector: nil vector store")
	// ErrInvalidK means a search was asked for k < 1 results.
	ErrInvalidK = errors.New("lcvector: k must be at least 1")
	// ErrMisusedEmbedder means a backend asked the embedder the adapter
	// handed it (which only returns precomputed vectors) for something
	// else: documents at search time, a query at write time, or another
	// number of vectors than the batch holds.
	ErrMisusedEmbedder = errors.New("lcvector: the backend misused the precomputed-vector embedder")
)
