//go:build !unix

package hybridrag_test

import "time"

func processCPU() (time.Duration, bool) { return 0, false }
