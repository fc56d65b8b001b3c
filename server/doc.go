// Package server is hybridrag's grounded HTTP API and web page: an
// http.Handler over one *hybridrag.Pipeline, built on net/http alone, that
// a host mounts in its own mux or that `hybridrag serve` runs.
//
//	POST   /rag/query                 {query, project_id, min_sources} → {answer, sources, citations, refusal_reason, query, confidence, query_id}
//	POST   /v1/query                  {query, project_id, upload_id, top_k, mmr_lambda, min_sources, min_score, filters} → Answer JSON + used_chunks
//	POST   /v1/query/stream           same body; Server-Sent Events: delta* then answer (or error)
//	POST   /v1/retrieve               same body without the gate fields → {query, query_analysis, sources, metadata}
//	GET    /v1/queries                ?limit=&before=&project_id= → {queries, next_before}, newest first
//	GET    /v1/queries/{id}           one logged query with its feedback
//	POST   /v1/queries/{id}/feedback  {verdict: "correct"|"incorrect", comment}
//	POST   /v1/documents              multipart: "file" parts (+ "project_id") → {results: [per file]}
//	GET    /v1/documents              ?project_id= → {documents}
//	DELETE /v1/documents/{id}         ?project_id=
//	GET    /v1/documents/{id}/chunks/{chunk_id}  ?context=BYTES → the chunk and the document text around it
//	GET    /healthz, GET /metrics     (Prometheus text of Options.Metrics)
//	GET    /                          the web page (package server/web)
//
// Every API request acts for a Principal (Options.Auth; Keys reads an API
// keys file): queries are filtered to its tenant and project, and history,
// feedback and documents of anyone else answer 404, as if they did not
// exist. Errors are JSON {"code", "message"} with a stable code (the Code
// constants) and never an internal error's text, which goes to the log
// with the request id the message quotes. Requests are rate-limited per
// principal, bodies bounded, and each request has a deadline; Serve adds a
// graceful shutdown; Options.ReadOnly turns uploads and deletes off. Every
// response carries a strict
// Content-Security-Policy, so the page's scripts and styles are files of
// its own origin, never inline.
//
// The query history and feedback need a query log that can be read back
// (hybridrag.QueryHistory, which store/sqlitelog implements); listing
// documents and opening a chunk in context need a store.Scanner store.
// The package imports the root, store and store/loader (uploads are read
// with the loaders of `hybridrag index`); it must not import a storage
// engine or a provider SDK: the host chooses those. Nothing below it
// imports it.
package server
