//go:build !linux

package main

import (
	"fmt"
	"os"
)

// swapMain needs Linux's renameat2: the scripts that use it skip elsewhere.
func swapMain() {
	fmt.Fprintln(os.Stderr, "swap: Linux only")
	os.Exit(2)
}
