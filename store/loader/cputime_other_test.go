//go:build !unix

package loader

// processCPU is not measured here: benchmarks report 0 cpu-ns/MB.
func processCPU() int64 { return 0 }
