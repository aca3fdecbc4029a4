//go:build unix

package judging

import (
	"os"
	"syscall"
)

// openSubmission opens a submission without blocking, so that a FIFO or a
// device is refused at once instead of read without end.
func openSubmission(file string) (*os.File, error) {
	return os.OpenFile(file, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
