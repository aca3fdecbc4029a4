//go:build !linux

package main

import "os"

// simulateMain: the machines simulated are Linux machines.
func simulateMain() { os.Exit(2) }

// simulateEnv is unused here: see simulate_linux_test.go.
const simulateEnv = "NQUEENS_TEST_SIMULATE"

// judgeMain is main.
func judgeMain() { main() }
