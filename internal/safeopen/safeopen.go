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

// ErrLink and ErrOutside are why ReadBeneath refused a path: a link on the
// way (the file, or a folder it is in), or a path that leaves the folder.
var (
	ErrLink    = msg.Errorf("a link on the way")
	ErrOutside = msg.Errorf("a path outside the folder")
)

// ReadBeneath reads name, a path relative to the folder root, once: opened
// beneath root without following any link on the way (a link swapped in
// while it is read is refused, not followed), checked as a regular file on
// the descriptor it reads from, and refused past limit bytes. What it
// returns is the one copy a caller keys, judges and reports. Its errors
// do not name the file: the caller does, as it shows it.
func ReadBeneath(root, name string, limit int64) ([]byte, error) {
	f, err := openBeneath(root, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, msg.Errorf("not a regular file (%s)", fi.Mode().Type())
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, msg.Errorf("larger than %d bytes", limit)
	}
	return data, nil
}
