// Package tokens counts and cuts text in cl100k_base tokens, the unit of the
// chunk sizes and the context budget. The encoder is built once, offline,
// from the cl100k_base ranks embedded here (see Loader): nothing is
// downloaded.
//
// tiktoken-go's BPE loader is a process-wide, unlocked global with no
// getter, so a library cannot tell whether its host installed one. This
// package therefore never calls tiktoken.SetBpeLoader: it builds its
// encoder from its own ranks with tiktoken.NewCoreBPE, and a host's loader
// (or tiktoken-go's downloading default) stays what the host made it.
//
// It imports tiktoken-go and nothing else from outside the standard library; it must not
// import other packages of the module, which all depend on it for token counts.
package tokens
