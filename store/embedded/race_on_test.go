//go:build race

package embedded

// raceEnabled skips the long evaluation tests under the race detector.
const raceEnabled = true
