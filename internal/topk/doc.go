// Package topk keeps the k best scored items of a stream: the bounded heap
// behind the stores' vector and keyword searches.
//
// It depends on the standard library only and must not import anything from the module.
package topk
