//go:build !unix

package embedded

import "time"

// processCPU is not measured off Unix: metrics built on it read 0.
func processCPU() time.Duration { return 0 }
