// Package atomicfile writes a file so that a reader sees the old content or
// the new, never half of it, even after a crash: written beside the file,
// synced to disk, then renamed into place (and, on Unix, the folder synced).
package atomicfile

import (
	"cmp"
	"errors"
	"os"
	"path/filepath"
)

// Write writes data to path atomically, creating its directory if needed.
// On failure path is unchanged and nothing is left beside it. A link at
// path is replaced, not the file it names (a link planted where a file
// will be written must not send the writing elsewhere). A character
// device or a FIFO, at path or named by a link there (/dev/stdout,
// /dev/null), cannot be replaced, only written to: it is written in place
// (renaming over it, as root, would put a file where /dev/null was). Any
// other file that is not a regular one (a folder, a block device) is an
// error.
func Write(path string, data []byte, perm os.FileMode) error {
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		target, err := os.Stat(path)
		switch {
		case fi.Mode()&os.ModeSymlink != 0 && (err != nil || target.Mode().IsRegular()):
			// A link to a file, or to nothing: replaced below.
		case err == nil && target.Mode()&(os.ModeCharDevice|os.ModeNamedPipe) != 0:
			return writeInPlace(path, data)
		case err == nil:
			return &os.PathError{Op: "write", Path: path, Err: errNotAFile}
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return write(path, data, perm)
}

// errNotAFile is why a folder or a block device is not written over.
var errNotAFile = errors.New("not a regular file")

// writeInPlace writes data into the file that is not a regular one at
// path.
func writeInPlace(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	return cmp.Or(err, f.Close())
}
