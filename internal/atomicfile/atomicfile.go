// Package atomicfile writes a file so that a reader sees the old content or
// the new, never half of it, even after a crash: written beside the file,
// synced to disk, then renamed into place (and, on Unix, the folder synced).
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write writes data to path atomically, creating its directory if needed.
// On failure path is unchanged and nothing is left beside it.
func Write(path string, data []byte, perm os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return write(path, data, perm)
}
