//go:build !linux

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "pagecost: Linux only (MADV_POPULATE_WRITE, MADV_FREE)")
	os.Exit(2)
}
