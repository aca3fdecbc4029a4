package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/worker"
)

func main() {
	// When started to build a jail for a submission, do that and nothing else.
	sandbox.Helper()
	// When started to read a student's material under limits, do that.
	worker.Serve()
	// Nothing the judge was handed (a teacher's `8>>log`) reaches what it starts.
	sandbox.CloseInherited()
	msg.Use(msg.FromEnv(os.Getenv))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
