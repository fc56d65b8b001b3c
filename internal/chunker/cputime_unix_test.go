//go:build unix

package chunker

import "syscall"

// processCPU is the CPU time (user + system, nanoseconds) this process has
// used: on a shared machine it measures a benchmark's work where wall time
// measures the load.
func processCPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
