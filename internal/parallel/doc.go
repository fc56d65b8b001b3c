// Package parallel runs independent work items on a bounded number of
// goroutines, stopping at the first failure.
//
// It depends on the standard library only, so any package may use it; it must not import
// anything from the module.
package parallel
