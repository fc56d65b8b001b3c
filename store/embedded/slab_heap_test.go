//go:build !linux

package embedded

// dropSpare does nothing off Linux: there is no spare mapping.
func dropSpare() {}
