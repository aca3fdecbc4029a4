// Package safeopen reads files that something untrusted could have made
// or replaced: a file a run or a tool run on a student's material wrote,
// where the judge reads it on the host. Such a path can be a FIFO (opening
// it blocks), a link to /dev/stdin or /dev/zero (endless), or a link to
// any file of the user's: it is opened without following a final link and
// without blocking, must be a regular file, and is read up to a cap.
package safeopen

import (
	"io"
	"os"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// Open opens path for reading if it is a regular file, not a link.
func Open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|noFollow|noBlock, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, msg.Errorf("%s: not a regular file (%s)", path, fi.Mode().Type())
	}
	return f, nil
}

// ReadFile reads path, opened as Open does, refusing a file of more than
// limit bytes.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, msg.Errorf("%s: larger than %d bytes", path, limit)
	}
	return data, nil
}
