// Package tokens counts and cuts text in cl100k_base tokens, the unit of the
// chunk sizes and the context budget.
//
// Counts are exactly tiktoken-go's (EncodeOrdinary of its cl100k_base
// encoding); the tests hold them to it over megabytes of varied text and a
// fuzz target. The implementation is our own because tiktoken-go's is
// costly where this module needs it cheap: building its encoder took a
// fresh process 170-310 ms (base64-decoding 100k ranks, a decoder map, a
// sorted copy of every token), which was most of a CLI ask, and its one
// compiled regexp2 pattern keeps a locked runner cache that serialised
// counting across goroutines. Here the ranks are a table embedded ready to
// use (cl100k.bin, from tiktoken-go-loader's offline file by gentable.go),
// the split pattern is a scanner (pretokenize.go) and the merge is
// tiktoken's own algorithm (bpe.go); nothing is shared but read-only data.
//
// Nothing is downloaded, and tiktoken-go's process-wide BPE loader is left
// as the host set it. The package must not import other packages of the
// module, which all depend on it for token counts.
package tokens
