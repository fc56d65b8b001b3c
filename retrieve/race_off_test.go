//go:build !race

package retrieve_test

const raceEnabled = false
