//go:build !linux

package main

import "os"

// simulateMain: the machines simulated are Linux machines.
func simulateMain() { os.Exit(2) }
