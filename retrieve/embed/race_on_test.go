//go:build race

package embed

// raceEnabled lets slow, single-goroutine quality tests skip under -race,
// where they find nothing and run ten times slower.
const raceEnabled = true
