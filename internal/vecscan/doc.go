// Package vecscan scores every row of a contiguous slab of vectors against
// a query with vek and keeps the best in a topk.Heap: the brute-force
// vector search of both stores. Callers validate lengths first (vek panics
// on empty or unequal slices): q has length dim and slab a multiple of it.
//
// It imports vek and internal/topk only; it must not import a store, so that both stores
// can share it.
package vecscan
