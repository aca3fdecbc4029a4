//go:build unix

package sandbox_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// A program writes its answer on file descriptor 3 and may print what it
// likes on stdout; Run keeps both apart and says which limit, if any,
// stopped it. (A jail's RunProgram runs a program the same way, isolated.)
func ExampleRun() {
	dir, _ := os.MkdirTemp("", "example-")
	defer os.RemoveAll(dir)
	lim := sandbox.Limits{CPU: 2 * time.Second, Memory: 64 << 20, Output: 1 << 10, Answer: 1 << 10}
	res, err := sandbox.Run(context.Background(), dir, []string{"/bin/sh", "-c", "echo thinking; echo 2 >&3"}, lim)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("answer %q, printed %q, stopped by %q, exit %d\n", res.Answer, res.Output, res.Killed, res.ExitCode)
	// Output: answer "2\n", printed "thinking\n", stopped by "", exit 0
}
