// Package hybridrag answers questions only from a program's own documents.
//
// A Pipeline indexes documents into a store the host opens (store/embedded
// on disk, store/postgres, or any store.Store), retrieves evidence for
// a question with hybrid BM25 + vector search, fusion and MMR, and then
// either answers from that evidence with citations or refuses with a typed
// reason. The retriever, not the language model, decides whether evidence
// exists: the gate refuses weak evidence before any generator is called,
// sources are fenced and sanitised before they reach a model, every
// citation must map to a retrieved source, and every answer sentence is
// checked against the text it cites.
//
// The offline defaults (a lexical hashing embedder and an extractive
// generator) need no model and no network; hosted or local models plug in
// through Config.Embedder and Config.Generator (see retrieve/embed and the
// generate/openai, generate/ollama, generate/googleai and
// generate/anthropic packages). Package eval measures answers and tunes
// the gate on labelled questions; a QueryLog and an Observer record every
// request for auditing.
//
// Agents (Config.Agents: a persona, a model profile of Config.Profiles, an
// output type, sampling, and tags that pick the documents they answer
// from) answer over the same sources, and Pipeline.Artifact writes
// structured documents (Blueprint, PDR, Workflow, Build Plan, or a schema
// of the host's) whose every section goes through Ask's stages on its own,
// so each is cited or says it is unsupported. Package spec reads agents
// and schemas from YAML or JSON files.
//
// A Pipeline is safe for concurrent use.
//
// The root package owns the Pipeline, its Config, Request, Answer, errors,
// Observer and QueryLog, and wires the components; it has no algorithms of
// its own. It is cheap to import, like database/sql: it must not import a
// storage engine (store/embedded, store/postgres), a file parser
// (store/loader), a provider SDK (langchaingo, generate/openai, …) or the
// evaluation code; a host opens a store and passes it in:
//
//	st, err := embedded.Open(dir, embedded.Options{Create: true})
//	p, err := hybridrag.New(hybridrag.Config{Store: st})
package hybridrag
