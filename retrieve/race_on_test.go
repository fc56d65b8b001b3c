//go:build race

package retrieve_test

// raceEnabled lets the slow, single-goroutine SciFact quality tests skip
// under -race, where they find nothing and run ten times slower.
const raceEnabled = true
