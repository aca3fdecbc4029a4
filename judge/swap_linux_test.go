//go:build linux

package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"time"

	"golang.org/x/sys/unix"
)

// swapMain is the command swap FILE OTHER: it exchanges the two names
// (renameat2 RENAME_EXCHANGE) in a tight loop, as a student who can write
// her folder while the teacher grades would, until it is killed or a
// minute has passed (a bound, should the script not stop it), and, stopped
// by an interrupt (kill -INT), leaves them as they were.
func swapMain() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: swap FILE OTHER")
		os.Exit(2)
	}
	a, b := os.Args[1], os.Args[2]
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	swapped := false
	for end := time.Now().Add(time.Minute); time.Now().Before(end) && ctx.Err() == nil; {
		if err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE); err != nil {
			fmt.Fprintln(os.Stderr, "swap:", err)
			os.Exit(1)
		}
		swapped = !swapped
	}
	if swapped {
		unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	}
}
