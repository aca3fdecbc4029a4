// Command judge builds a student's N-Queens solution and runs it against the
// problem's cases under CPU-time, memory and output limits, reporting
// LeetCode-style verdicts. See help.go for its command line and doc.go for
// the commands case files may use.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
