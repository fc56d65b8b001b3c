//go:build unix

package embedded

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user + system) the process has used: on a
// machine shared with other work it measures a benchmark's cost where wall
// time measures its share of the CPUs.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
